package machosection

import (
	"debug/macho"
	"fmt"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/stackmap"
)

// EHFrameSection is the Mach-O section that holds DWARF call frame
// information (segment __TEXT). Images also carry compact unwind
// information (__unwind_info; objects __compact_unwind): functions it
// describes completely have no FDE in __eh_frame. File.CompactUnwind reads
// it.
const EHFrameSection = compactunwind.SectionEHFrame

// frames reads __TEXT,__eh_frame, checked against bf when it is known.
func frames(f *macho.File, bf *bounds.File) (cfi.Config, error) {
	s := f.Section(EHFrameSection)
	if s == nil || s.Seg != "__TEXT" {
		return cfi.Config{}, nil
	}
	what := "section __TEXT," + EHFrameSection
	if bf != nil {
		if err := bf.Need(what, uint64(s.Offset), s.Size); err != nil {
			return cfi.Config{}, err
		}
	}
	data, err := s.Data()
	if err != nil {
		return cfi.Config{}, fileError(what, int64(s.Offset), fmt.Errorf("%w: %v", stackmap.ErrNotObject, err))
	}
	ptr := 8
	if f.Magic == macho.Magic32 {
		ptr = 4
	}
	return cfi.Config{Kind: cfi.EHFrame, Data: data, Addr: s.Addr, Order: f.ByteOrder, PtrSize: ptr}, nil
}
