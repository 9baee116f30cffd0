package objfile

import (
	"fmt"

	"github.com/stackmaps/stackmaps/pesection"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/unwind"
	"github.com/stackmaps/stackmaps/winunwind"
)

// peUnwind builds the unwind table of a COFF object or PE image from its
// x64 or ARM64 unwind data (.pdata and .xdata; in an object relocated against a
// layout of its sections, each code section answering offsets in it).
func peUnwind(pf *pesection.File) (*unwind.Table, error) {
	var (
		src  unwind.Sources
		rvas map[int]uint32
	)
	switch pf.Arch {
	case regs.X86_64:
		x, err := pf.X64Unwind()
		if err != nil {
			return nil, err
		}
		if x == nil {
			return nil, fmt.Errorf("%v file has no .pdata (no unwind data)", pf.Format)
		}
		src, rvas = unwind.Sources{Arch: regs.X86_64, PData: x.Table, PDataBase: x.Base}, x.SectionRVA
	case regs.AArch64:
		x, err := pf.ARM64Unwind()
		if err != nil {
			return nil, err
		}
		if x == nil {
			return nil, fmt.Errorf("%v file has no .pdata (no unwind data)", pf.Format)
		}
		src, rvas = unwind.Sources{Arch: regs.AArch64, PDataARM64: x.Table, PDataBase: x.Base}, x.SectionRVA
	default:
		return nil, fmt.Errorf("%v files: unwind data is read for x86_64 and aarch64, not %v", pf.Format, pf.Arch)
	}
	if len(rvas) > 1 {
		src.PDataSections = func(section int) (uint32, bool) {
			rva, ok := rvas[section]
			return rva, ok
		}
	}
	return unwind.New(src)
}

// PDataRecords lists the RUNTIME_FUNCTION entries of a COFF object's or
// PE image's .pdata sections in file order, each field named as the file
// names it (pesection.File.PDataRecords), with the table that decodes
// their UNWIND_INFO records (Table.ParseInfo of each record's Function).
func (f *File) PDataRecords() ([]pesection.PDataRecord, *winunwind.Table, error) {
	pf := f.PE()
	if pf == nil {
		return nil, nil, fmt.Errorf("%v files have no .pdata", f.Format)
	}
	x, err := pf.X64Unwind()
	if err != nil {
		return nil, nil, err
	}
	if x == nil {
		return nil, nil, nil
	}
	return pf.PDataRecords(x), x.Table, nil
}

// ARM64PDataRecords lists the .pdata entries of an ARM64 COFF object or PE
// image in file order, each field named as the file names it
// (pesection.File.ARM64PDataRecords), with the table that decodes their
// .xdata records.
func (f *File) ARM64PDataRecords() ([]pesection.ARM64PDataRecord, *winunwind.ARM64Table, error) {
	pf := f.PE()
	if pf == nil {
		return nil, nil, fmt.Errorf("%v files have no .pdata", f.Format)
	}
	x, err := pf.ARM64Unwind()
	if err != nil || x == nil {
		return nil, nil, err
	}
	return pf.ARM64PDataRecords(x), x.Table, nil
}
