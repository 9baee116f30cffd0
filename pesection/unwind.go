package pesection

import (
	"cmp"
	"debug/pe"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/winunwind"
)

// Relocation types of the unwind data and of the code it reads.
const (
	relAMD64Addr32NB = 0x0003 // IMAGE_REL_AMD64_ADDR32NB: the 32-bit RVA of the target, what .pdata and .xdata hold
	relARM64Addr32NB = 0x0002 // IMAGE_REL_ARM64_ADDR32NB
	relAMD64Rel32    = 0x0004 // IMAGE_REL_AMD64_REL32 .. REL32_5 (0x0009): pc-relative, from the end of the field + 0..5
	relAMD64Rel32_5  = 0x0009
)

// X64Unwind is a file's x64 unwind data (.pdata and the UNWIND_INFO
// records it names), ready for package winunwind.
type X64Unwind struct {
	// Table is the RUNTIME_FUNCTION table over the file's sections.
	Table *winunwind.Table
	// Base is what an RVA is added to for an address: the image base of
	// an image, 0 in an object.
	Base uint64
	// SectionRVA gives, in an object, the RVA at which each code section
	// (by COFF section number, from 1, as stackmap.CodeSection.Index) is
	// laid out; the first code section is at RVA 0, so that an object
	// with one code section answers offsets in it as RVAs. Nil in an
	// image.
	SectionRVA map[int]uint32

	// pdata holds each .pdata section's entries as the file has them
	// (relocated in an object), for PDataRecords; layoutRVA, in an
	// object, where each section (by number) is laid out.
	pdata     []pdataSection
	layoutRVA map[int]uint32
}

// pdataSection is one .pdata section: its number (from 1), its entries
// relocated against the table's layout, and the raw bytes.
type pdataSection struct {
	number         int
	relocated, raw []byte
}

// X64Unwind reads the x64 unwind data of an AMD64 image (the exception
// directory and the sections) or object (every .pdata section, with its
// .xdata, relocated against a layout of the object's sections as a linker
// would place them). It returns nil and no error when the file has no
// .pdata, and an error for another machine.
func (f *File) X64Unwind() (*X64Unwind, error) {
	if f.f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 {
		return nil, fmt.Errorf("x64 unwind data: machine %#x is not AMD64", f.f.Machine)
	}
	l, err := f.winLayout(winunwind.RuntimeFunctionSize, relAMD64Addr32NB)
	if err != nil || l == nil {
		return nil, err
	}
	t, err := winunwind.NewX64(l.pdata, l.pdataRVA, l.sections)
	if err != nil {
		return nil, err
	}
	return &X64Unwind{Table: t, Base: l.base, SectionRVA: l.codeRVA, pdata: l.listed, layoutRVA: l.secRVA}, nil
}

// ARM64Unwind is a file's ARM64 unwind data (.pdata and the .xdata
// records it names), ready for package winunwind; Base and SectionRVA as
// in X64Unwind.
type ARM64Unwind struct {
	Table      *winunwind.ARM64Table
	Base       uint64
	SectionRVA map[int]uint32

	pdata     []pdataSection
	layoutRVA map[int]uint32
}

// ARM64Unwind reads the unwind data of an ARM64 image or object as
// X64Unwind does an AMD64 one's.
func (f *File) ARM64Unwind() (*ARM64Unwind, error) {
	if f.f.Machine != pe.IMAGE_FILE_MACHINE_ARM64 {
		return nil, fmt.Errorf("ARM64 unwind data: machine %#x is not ARM64", f.f.Machine)
	}
	l, err := f.winLayout(winunwind.ARM64RuntimeFunctionSize, relARM64Addr32NB)
	if err != nil || l == nil {
		return nil, err
	}
	t, err := winunwind.NewARM64(l.pdata, l.pdataRVA, l.sections)
	if err != nil {
		return nil, err
	}
	return &ARM64Unwind{Table: t, Base: l.base, SectionRVA: l.codeRVA, pdata: l.listed, layoutRVA: l.secRVA}, nil
}

// layout is what the unwind tables are built from: the .pdata entries
// (of every .pdata section of an object, relocated and sorted) at
// pdataRVA, the sections by RVA, and for an object where its code
// sections are.
type layout struct {
	pdata    []byte
	pdataRVA uint32
	sections []winunwind.Section
	base     uint64
	codeRVA  map[int]uint32
	secRVA   map[int]uint32
	listed   []pdataSection
}

// winLayout reads an image's exception directory and sections, or lays
// an object out; entrySize is the size of a .pdata entry and addr32nb
// the machine's ADDR32NB relocation type. Nil when there is no .pdata.
func (f *File) winLayout(entrySize int, addr32nb uint16) (*layout, error) {
	if f.Format == stackmap.FormatPE {
		return f.imageLayout()
	}
	return f.objectLayout(entrySize, addr32nb)
}

// sectionData reads section s (at most its virtual size in an image),
// nil for one without bytes in the file.
func (f *File) sectionData(s *pe.Section) ([]byte, error) {
	n := uint64(s.Size)
	if f.Format == stackmap.FormatPE && s.VirtualSize != 0 && uint64(s.VirtualSize) < n {
		n = uint64(s.VirtualSize)
	}
	if s.Characteristics&scnUninitData != 0 || n == 0 {
		return nil, nil
	}
	if f.bf != nil {
		if err := f.bf.Need("section "+s.Name, uint64(s.Offset), n); err != nil {
			return nil, err
		}
	}
	d, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("section %s: %w", s.Name, err)
	}
	return d[:min(uint64(len(d)), n)], nil
}

func (f *File) imageLayout() (*layout, error) {
	oh, ok := f.f.OptionalHeader.(*pe.OptionalHeader64)
	if !ok || len(oh.DataDirectory) <= pe.IMAGE_DIRECTORY_ENTRY_EXCEPTION {
		return nil, nil
	}
	dir := oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_EXCEPTION]
	if dir.Size == 0 {
		return nil, nil
	}
	var secs []winunwind.Section
	var pdata []byte
	for _, s := range f.f.Sections {
		d, err := f.sectionData(s)
		if err != nil {
			return nil, err
		}
		if d == nil {
			continue
		}
		secs = append(secs, winunwind.Section{RVA: s.VirtualAddress, Data: d})
		if dir.VirtualAddress >= s.VirtualAddress && uint64(dir.VirtualAddress)+uint64(dir.Size) <= uint64(s.VirtualAddress)+uint64(len(d)) {
			off := dir.VirtualAddress - s.VirtualAddress
			pdata = d[off : off+dir.Size]
		}
	}
	if pdata == nil {
		return nil, fmt.Errorf("exception directory (rva %#x, %d bytes) is not within one section's bytes", dir.VirtualAddress, dir.Size)
	}
	return &layout{pdata: pdata, pdataRVA: dir.VirtualAddress, sections: secs, base: oh.ImageBase,
		listed: []pdataSection{{0, pdata, pdata}}}, nil
}

// isPData reports whether a section of an object holds RUNTIME_FUNCTION
// entries (".pdata", or ".pdata$name" beside a function's COMDAT section).
func isPData(name string) bool { return name == ".pdata" || strings.HasPrefix(name, ".pdata$") }

func isXData(name string) bool { return name == ".xdata" || strings.HasPrefix(name, ".xdata$") }

// objectUnwind lays the object's sections out one after another (code
// sections first, each aligned to 16), relocates copies of its .pdata
// and .xdata sections against that layout (ADDR32NB: symbol RVA plus the
// field's addend), and sorts the entries of all .pdata sections by
// function.
func (f *File) objectLayout(entrySize int, addr32nb uint16) (*layout, error) {
	secs := f.f.Sections
	rva := make([]uint32, len(secs))
	data := make([][]byte, len(secs))
	next := uint64(0)
	place := func(code bool) error {
		for i, s := range secs {
			if (s.Characteristics&(scnCntCode|scnMemExecute) != 0) != code {
				continue
			}
			d, err := f.sectionData(s)
			if err != nil {
				return err
			}
			if isPData(s.Name) || isXData(s.Name) || (code && len(s.Relocs) > 0) {
				d = slices.Clone(d) // relocated below
			}
			next = (next + 15) &^ 15
			if next+uint64(len(d)) >= 1<<32 {
				return fmt.Errorf("x64 unwind data: the sections do not fit in 4 GiB")
			}
			rva[i], data[i] = uint32(next), d
			next += uint64(max(len(d), 1))
		}
		return nil
	}
	if err := place(true); err != nil {
		return nil, err
	}
	if err := place(false); err != nil {
		return nil, err
	}
	// Code: the jumps an epilog may end in must reach their targets (a
	// tail call's displacement is 0 in the object); a target outside the
	// object is placed past every section.
	outside := uint32((next + 15) &^ 15)
	for i, s := range secs {
		if s.Characteristics&(scnCntCode|scnMemExecute) != 0 && len(s.Relocs) > 0 && f.f.Machine == pe.IMAGE_FILE_MACHINE_AMD64 {
			f.relocateCode(s, data[i], rva[i], rva, outside)
		}
	}
	var pdata []byte
	var listed []pdataSection
	for i, s := range secs {
		if !isPData(s.Name) && !isXData(s.Name) {
			continue
		}
		raw := slices.Clone(data[i])
		if err := f.relocate(s, data[i], rva, addr32nb); err != nil {
			return nil, err
		}
		if isPData(s.Name) {
			listed = append(listed, pdataSection{i + 1, data[i], raw})
			pdata = append(pdata, data[i]...)
		}
	}
	if listed == nil {
		return nil, nil
	}
	if len(pdata)%entrySize != 0 {
		return nil, fmt.Errorf(".pdata: %d bytes is not a whole number of %d-byte RUNTIME_FUNCTION entries", len(pdata), entrySize)
	}
	// Sort the entries by function (one .pdata per COMDAT function).
	n := len(pdata) / entrySize
	ents := make([][]byte, n)
	for i := range ents {
		ents[i] = pdata[i*entrySize : (i+1)*entrySize]
	}
	slices.SortStableFunc(ents, func(a, b []byte) int {
		return cmp.Compare(binary.LittleEndian.Uint32(a), binary.LittleEndian.Uint32(b))
	})
	sorted := make([]byte, 0, len(pdata))
	for _, e := range ents {
		sorted = append(sorted, e...)
	}
	pdata = sorted
	next = (next + 15) &^ 15
	if next+uint64(len(pdata)) >= 1<<32 {
		return nil, fmt.Errorf("x64 unwind data: the sections do not fit in 4 GiB")
	}
	ws := []winunwind.Section{{RVA: uint32(next), Data: pdata}}
	codeRVA, secRVA := map[int]uint32{}, map[int]uint32{}
	for i, s := range secs {
		if len(data[i]) > 0 {
			secRVA[i+1] = rva[i]
		}
		if len(data[i]) > 0 && !isPData(s.Name) {
			ws = append(ws, winunwind.Section{RVA: rva[i], Data: data[i]})
		}
		if s.Characteristics&(scnCntCode|scnMemExecute) != 0 {
			codeRVA[i+1] = rva[i]
		}
	}
	return &layout{pdata: pdata, pdataRVA: uint32(next), sections: ws, codeRVA: codeRVA, secRVA: secRVA, listed: listed}, nil
}

// relocateCode applies code section s's pc-relative relocations to its
// copy d (s at RVA at, the sections at the RVAs rva gives), as a linker
// would: a
// target the object does not define is taken to be at RVA outside.
// Relocations it cannot apply are left alone: they only matter to the
// jumps that end epilogs.
func (f *File) relocateCode(s *pe.Section, d []byte, at uint32, rva []uint32, outside uint32) {
	for _, r := range s.Relocs {
		if r.Type < relAMD64Rel32 || r.Type > relAMD64Rel32_5 || uint64(r.VirtualAddress)+4 > uint64(len(d)) ||
			int(r.SymbolTableIndex) >= len(f.f.COFFSymbols) {
			continue
		}
		sym := &f.f.COFFSymbols[r.SymbolTableIndex]
		field := d[r.VirtualAddress:]
		from := at + r.VirtualAddress + 4 + uint32(r.Type-relAMD64Rel32)
		target := outside
		if sym.SectionNumber > 0 && int(sym.SectionNumber) <= len(f.f.Sections) {
			target = rva[sym.SectionNumber-1] + sym.Value + binary.LittleEndian.Uint32(field)
		}
		binary.LittleEndian.PutUint32(field, target-from)
	}
}

// relocate applies section s's ADDR32NB relocations (of type addr32nb)
// to its copy d, with the sections at the RVAs rva gives.
func (f *File) relocate(s *pe.Section, d []byte, rva []uint32, addr32nb uint16) error {
	for i, r := range s.Relocs {
		fail := func(detail string, args ...any) error {
			return &stackmap.RelocationError{Section: s.Name + " relocations", Index: i, Offset: uint64(r.VirtualAddress), Type: uint32(r.Type), Detail: fmt.Sprintf(detail, args...)}
		}
		switch r.Type {
		case relAMD64Absolute: // IMAGE_REL_ARM64_ABSOLUTE too
			continue
		case addr32nb:
		default:
			return fail("relocation type %#x does not apply to unwind data", r.Type)
		}
		if uint64(r.VirtualAddress)+4 > uint64(len(d)) {
			return fail("4-byte field is outside the section (%d bytes)", len(d))
		}
		if int(r.SymbolTableIndex) >= len(f.f.COFFSymbols) {
			return fail("symbol index %d outside the symbol table (%d records)", r.SymbolTableIndex, len(f.f.COFFSymbols))
		}
		sym := &f.f.COFFSymbols[r.SymbolTableIndex]
		if sym.SectionNumber <= 0 || int(sym.SectionNumber) > len(f.f.Sections) {
			if isXData(s.Name) {
				continue // a language handler in another file: unwinding never reads it
			}
			return fail("symbol %d is not defined in a section of the object", r.SymbolTableIndex)
		}
		field := d[r.VirtualAddress:]
		v := rva[sym.SectionNumber-1] + sym.Value + binary.LittleEndian.Uint32(field)
		binary.LittleEndian.PutUint32(field, v)
	}
	return nil
}
