package machosection

import (
	"debug/macho"
	"fmt"
	"os"

	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Compact unwind sections: __TEXT,__unwind_info in linked images,
// __LD,__compact_unwind in relocatable objects.
const (
	UnwindInfoSection    = "__unwind_info"
	CompactUnwindSection = "__compact_unwind"
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

// OpenCompactUnwind reads the compact unwind information of the named
// thin Mach-O file.
func OpenCompactUnwind(name string) (CompactUnwind, error) {
	f, err := os.Open(name)
	if err != nil {
		return CompactUnwind{}, err
	}
	defer f.Close()
	bf := bounds.New(f, stackmap.FormatMachO)
	mf, err := openThin(bf)
	if err != nil {
		return CompactUnwind{}, fmt.Errorf("%s: %w", name, err)
	}
	cu, err := compactUnwind(mf, func(s *macho.Section) error { return bf.Need("section "+s.Seg+","+s.Name, uint64(s.Offset), s.Size) })
	if err != nil {
		return CompactUnwind{}, fmt.Errorf("%s: %w", name, err)
	}
	return cu, nil
}

// CompactUnwindFromFile reads the compact unwind information of a Mach-O
// file already opened with debug/macho.
func CompactUnwindFromFile(f *macho.File) (CompactUnwind, error) {
	return compactUnwind(f, func(*macho.Section) error { return nil })
}

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
