package machosection

import (
	"debug/macho"
	"fmt"

	"github.com/stackmaps/stackmaps/compactunwind"
)

// Compact unwind sections: __TEXT,__unwind_info in linked images,
// __LD,__compact_unwind in relocatable objects.
const (
	UnwindInfoSection    = compactunwind.SectionUnwindInfo
	CompactUnwindSection = compactunwind.SectionCompactUnwind
)

// CompactUnwind is the compact unwind information of a thin Mach-O file:
// Info for a linked image, Object for a relocatable object, neither for a
// file without any.
type CompactUnwind struct {
	// Info is the image's __TEXT,__unwind_info; its function offsets are
	// from TextAddr, the __TEXT segment's address.
	Info     *compactunwind.Info
	TextAddr uint64
	// Object is the object's __LD,__compact_unwind with its relocations
	// applied, as stack map function addresses are
	// (stackmap.Function.Address): section-relative, every section at its
	// address in the object.
	Object *compactunwind.Object
}

// compactUnwind reads __unwind_info and an object's __compact_unwind; check
// checks a section lies in the file before it is read.
func compactUnwind(f *macho.File, check func(*macho.Section) error) (CompactUnwind, error) {
	var cu CompactUnwind
	if s := f.Section(UnwindInfoSection); s != nil && s.Seg == "__TEXT" {
		data, err := sectionBytes(s, check)
		if err != nil {
			return cu, err
		}
		if cu.Info, err = compactunwind.Parse(data); err != nil {
			return cu, fileError("section __TEXT,"+UnwindInfoSection, int64(s.Offset), err)
		}
		if seg := f.Segment("__TEXT"); seg != nil {
			cu.TextAddr = seg.Addr
		}
	}
	if s := f.Section(CompactUnwindSection); s != nil && s.Seg == "__LD" && f.Type == macho.TypeObj {
		if f.Magic != macho.Magic64 {
			return cu, fileError("section __LD,"+CompactUnwindSection, int64(s.Offset), fmt.Errorf("32-bit compact unwind entries are not read"))
		}
		data, err := sectionBytes(s, check)
		if err != nil {
			return cu, err
		}
		fx, err := sectionFixups(f, s, data, "__LD,"+CompactUnwindSection)
		if err != nil {
			return cu, err
		}
		rel := append([]byte(nil), data...)
		for _, x := range fx {
			if x.Size == 8 {
				f.ByteOrder.PutUint64(rel[x.Offset:], x.Value)
			} else {
				f.ByteOrder.PutUint32(rel[x.Offset:], uint32(x.Value))
			}
		}
		if cu.Object, err = compactunwind.ParseObject(rel); err != nil {
			return cu, fileError("section __LD,"+CompactUnwindSection, int64(s.Offset), err)
		}
	}
	return cu, nil
}

// sectionBytes reads a section after check has checked its range.
func sectionBytes(s *macho.Section, check func(*macho.Section) error) ([]byte, error) {
	what := "section " + s.Seg + "," + s.Name
	if err := check(s); err != nil {
		return nil, err
	}
	data, err := s.Data()
	if err != nil {
		return nil, fileError(what, int64(s.Offset), err)
	}
	return data, nil
}
