package machosection

import (
	"debug/macho"
	"encoding/binary"
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/stackmap"
)

// EHFrameSection is the Mach-O section that holds DWARF call frame
// information (segment __TEXT). Images also carry compact unwind
// information (__unwind_info; objects __compact_unwind): functions it
// describes completely have no FDE in __eh_frame. OpenCompactUnwind reads
// it.
const EHFrameSection = "__eh_frame"

// OpenFrames reads the __TEXT,__eh_frame section of the named thin Mach-O
// file as cfi.New takes it, checking every size against the file as Open
// does. A file without one gives a Config with nil Data.
func OpenFrames(name string) (cfi.Config, error) {
	f, err := os.Open(name)
	if err != nil {
		return cfi.Config{}, err
	}
	defer f.Close()
	c, err := ReadFrames(f)
	if err != nil {
		return cfi.Config{}, fmt.Errorf("%s: %w", name, err)
	}
	return c, nil
}

// ReadFrames is OpenFrames for a file read through r.
func ReadFrames(r io.ReaderAt) (cfi.Config, error) {
	bf := bounds.New(r, stackmap.FormatMachO)
	if err := bf.Need("Mach-O header", 0, 4); err != nil {
		return cfi.Config{}, err
	}
	var magic [4]byte
	if _, err := r.ReadAt(magic[:], 0); err != nil {
		return cfi.Config{}, bf.Wrap("Mach-O header", 0, err)
	}
	if binary.BigEndian.Uint32(magic[:]) == fatMagic {
		return cfi.Config{}, fileError("universal header", 0, ErrUniversal)
	}
	f, err := openThin(bf)
	if err != nil {
		return cfi.Config{}, err
	}
	return frames(f, bf)
}

// FramesFromFile reads the __TEXT,__eh_frame section of a Mach-O file
// already opened with debug/macho.
func FramesFromFile(f *macho.File) (cfi.Config, error) { return frames(f, nil) }

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
