package stackmap

import (
	"cmp"
	"encoding/binary"
	"errors"
	"iter"
	"slices"
	"sort"

	"github.com/stackmaps/stackmaps/regs"
)

// Format names the kind of file a section was found in.
type Format string

// The formats a section can come from.
const (
	FormatELF   Format = "elf"   // ELF object, executable or shared library
	FormatMachO Format = "macho" // Mach-O object or image, thin or a universal slice
	FormatCOFF  Format = "coff"  // COFF object (Windows .obj)
	FormatPE    Format = "pe"    // PE image (executable or DLL)
	FormatRaw   Format = "raw"   // bare section bytes, no file around them
)

// DisplayName returns a raw symbol name of a file of format f as C and
// most tools print it: in Mach-O, without the leading underscore the
// compiler adds to C names ("_foo" is foo; names without one, such as the
// assembler's "ltmp0", unchanged); in every other format, raw itself. It
// is the one place that rule is written (Function.Name, the tool's
// filters and machosection.DisplayName use it).
func (f Format) DisplayName(raw string) string {
	if f == FormatMachO && len(raw) > 1 && raw[0] == '_' {
		return raw[1:]
	}
	return raw
}

// SectionData is a stack map section found in a file: what the locators
// (packages elfsection, machosection and pesection, and objfile above them)
// return, whichever the file format, so that callers need not care where
// the bytes came from.
//
// Besides the bytes it keeps what the file says about them: the values
// relocations give to its fields, the file's function symbols and, on
// 64-bit PowerPC ELFv1, function code entries. The Section that Parse
// returns applies them, so that functions and records read from it carry
// their symbols and relocated addresses. That part is fixed when the
// SectionData is made (NewSectionData) and cannot be changed afterwards.
//
// Data is never modified.
type SectionData struct {
	Format    Format           // the file's format
	Arch      regs.Arch        // target architecture (regs.ArchUnknown for raw bytes)
	ByteOrder binary.ByteOrder // the target's byte order, which the section is in
	Name      string           // section name, e.g. ".llvm_stackmaps" or "__LLVM_STACKMAPS,__llvm_stackmaps"
	Addr      uint64           // the section's address (0 in relocatable objects)
	Offset    int64            // file offset of the section's first byte
	Data      []byte           // the section's bytes
	Slice     string           // Mach-O universal files: the slice's architecture; otherwise ""

	fixups  []Fixup           // sorted by Offset
	codes   []CodeSection     // the distinct code sections the fixups name, by Index
	symbols []Symbol          // sorted as sortSymbols does
	entries map[uint64]uint64 // function address -> code entry, where they differ
	// entryCode: function address -> code section of its entry, where
	// the entry is relocated apart from the address (64-bit PowerPC ELFv1
	// objects: the address is a descriptor's in .opd)
	entryCode map[uint64]CodeSection
	// relocated is a copy of Data with the 4-byte fixups (records'
	// instruction offsets: RISC-V linker relaxation) applied, which Parse
	// decodes so that Record.InstructionOffset is a plain read; nil when no
	// record field is relocated. Data keeps the stored values.
	relocated []byte
	release   func() error // unmaps Data when the locator memory-mapped it
}

// Fixup is the value a relocation gives to one field of the section.
type Fixup struct {
	Offset int    // section offset of the field
	Size   int    // 4 or 8 bytes
	Value  uint64 // the field's value once relocated
	Symbol string // raw name of the symbol the relocation refers to ("" for RELATIVE)
	Addend int64  // the relocation's addend
	// Code is the code section the relocation's symbol is defined in, in
	// a relocatable object (zero when unknown, or in linked files, where
	// Value is an address). With function sections each function is at
	// offset 0 of a section of its own: Value is an offset in Code.
	Code CodeSection
}

// CodeSection identifies a section of a relocatable object that holds
// code. In an object built with function sections (llc
// -function-sections, clang -ffunction-sections, rustc's default) every
// function has a section of its own and starts at offset 0 of it, so a
// function's or record's address alone is ambiguous: the pair (code
// section, address) is what identifies code, as LLVM's tools print it
// (llvm-objdump disassembles per section, llvm-dwarfdump prints pc_begin
// as a section offset).
//
// Index is what identifies the section (names repeat: clang
// -fno-unique-section-names names every function's section ".text");
// Name is for people.
type CodeSection struct {
	Index int    // the section's number in the file (ELF section header index, from 1); 0 when unknown
	Name  string // the section's name, e.g. ".text.f"
}

// Known reports whether c names a section.
func (c CodeSection) Known() bool { return c.Index > 0 }

// CodeRange is a stretch of a file's executable code, as every locator
// and objfile give it (elfsection.TextRange, machosection.TextRange,
// pesection.TextRange and objfile.CodeRange are this type): where it is
// in memory and where its bytes are in the file.
type CodeRange struct {
	// Name is the section's name (Mach-O: "segment,section"), or
	// "PT_LOAD" for a segment of a linked ELF file.
	Name string
	// Addr is the link-time address of the first byte; in an ELF or COFF
	// relocatable object every section is at 0 (a Mach-O object's
	// sections have their addresses in the object's one address space).
	Addr uint64
	// Size is the size in memory.
	Size uint64
	// Offset is the offset of the first byte in what the file is read
	// through (a universal Mach-O file's slice, for its slices).
	Offset int64
	// FileSize is how many of the bytes are in the file, from Offset;
	// the rest, to Size, are zeros (an ELF segment's bss). Equal to Size
	// but in ELF segments.
	FileSize uint64
}

// Symbol is a function symbol of the file.
type Symbol struct {
	Name   string // raw name, as in the symbol table (Mach-O names keep their leading underscore)
	Value  uint64 // address (or, in relocatable objects, section-relative value)
	Size   uint64 // size in bytes, 0 when unknown
	Global bool   // global or weak binding (external in Mach-O and COFF)
	// Section is the number of the section the symbol is defined in (ELF
	// section header index, COFF section number: as CodeSection.Index),
	// 0 when the locator does not say (Mach-O, ELF dynamic symbols). In a
	// relocatable object with several code sections, values repeat from
	// one section to the next: Section tells them apart.
	Section int
}

// Relocations is what a locator learned about a section's bytes from the
// rest of the file. Only locators (code that finds sections in a file
// format) need it; see NewSectionData.
type Relocations struct {
	// Fixups are the values relocations give to fields of the section, from
	// static relocations (relocatable objects) and dynamic ones (PIE,
	// shared libraries, chained fixups).
	Fixups []Fixup
	// Symbols are the file's function symbols; they name functions in
	// linked files, where no relocation does.
	Symbols []Symbol
	// Entries maps a function address to its code entry where the two
	// differ: on 64-bit PowerPC ELFv1, a function's address is that of its
	// descriptor in .opd. Nil elsewhere.
	Entries map[uint64]uint64
	// EntryCode maps a function address of Entries to the code section
	// its entry is an offset in, in relocatable objects (see
	// CodeSection); nil elsewhere.
	EntryCode map[uint64]CodeSection
}

// NewSectionData returns the SectionData for a section found in a file,
// with what the file says about its bytes and, for memory-mapped bytes, the
// function Close calls to release them (nil when there is nothing to
// release). It takes ownership of rel's slices and map, sorting them; the
// result's relocations cannot be changed afterwards. Locators call it;
// a runtime holding bare section bytes calls Parse instead.
func NewSectionData(info SectionData, rel Relocations, release func() error) *SectionData {
	sd := info
	slices.SortStableFunc(rel.Fixups, func(a, b Fixup) int { return cmp.Compare(a.Offset, b.Offset) })
	sortSymbols(rel.Symbols)
	sd.fixups, sd.symbols, sd.entries, sd.release = rel.Fixups, rel.Symbols, rel.Entries, release
	sd.entryCode = rel.EntryCode
	sd.codes = codeSections(rel.Fixups, rel.EntryCode)
	sd.relocated = relocateRecords(sd.Data, sd.ByteOrder, rel.Fixups)
	return &sd
}

// Parse decodes the section's bytes (see the package-level Parse). The
// Section it returns applies the section's relocations and symbols to the
// functions and records it hands out.
func (s *SectionData) Parse() (*Section, error) {
	if s.ByteOrder == nil {
		return nil, errors.New("stackmap: SectionData has no byte order")
	}
	data := s.Data
	if s.relocated != nil {
		data = s.relocated
	}
	sec, err := parse(data, orderOf(s.ByteOrder), s)
	if err != nil {
		return nil, nameDialect(data, orderOf(s.ByteOrder), err)
	}
	return sec, nil
}

// relocateRecords returns a copy of data with every 4-byte fixup applied,
// or nil when there is none. Only records' instruction offsets are 4-byte
// fields; function addresses are 8 bytes and stay as stored (Function
// applies their fixups). Fixups that do not fit in data are left out.
func relocateRecords(data []byte, bo binary.ByteOrder, fixups []Fixup) []byte {
	var out []byte
	for _, fx := range fixups {
		if fx.Size != 4 || bo == nil || fx.Offset < 0 || fx.Offset > len(data)-4 {
			continue
		}
		if out == nil {
			out = append([]byte(nil), data...)
		}
		bo.PutUint32(out[fx.Offset:], uint32(fx.Value))
	}
	return out
}

// storedU32 reads the 4-byte field at section offset off as stored in
// Data, before relocation.
func (s *SectionData) storedU32(off int, ord order) uint32 {
	if off < 0 || off > len(s.Data)-4 {
		return 0 // Data is gone (Close)
	}
	return ord.U32(s.Data, off)
}

// NumFixups returns the number of fields relocations give a value to.
func (s *SectionData) NumFixups() int { return len(s.fixups) }

// Fixups iterates over the section's fixups in section order.
func (s *SectionData) Fixups() iter.Seq2[int, Fixup] { return slices.All(s.fixups) }

// Fixup returns the fixup of the field at section offset off.
func (s *SectionData) Fixup(off int) (Fixup, bool) {
	i := sort.Search(len(s.fixups), func(i int) bool { return s.fixups[i].Offset >= off })
	if i < len(s.fixups) && s.fixups[i].Offset == off {
		return s.fixups[i], true
	}
	return Fixup{}, false
}

// NumCodeSections returns the number of distinct code sections the
// section's relocations point into (see CodeSection): 0 in linked files
// and for bare bytes, 1 in an object whose code is in one section, more
// in an object built with function sections, where only a function's
// CodeSection and address together say where its code is.
func (s *SectionData) NumCodeSections() int { return len(s.codes) }

// CodeSections iterates over the distinct code sections the section's
// relocations point into, by Index.
func (s *SectionData) CodeSections() iter.Seq2[int, CodeSection] { return slices.All(s.codes) }

// codeSections returns the distinct known code sections of fixups and
// entries (one or two per function, few next to records) sorted by
// Index, or nil.
func codeSections(fixups []Fixup, entries map[uint64]CodeSection) []CodeSection {
	var out []CodeSection
	for _, fx := range fixups {
		if fx.Code.Known() {
			out = append(out, fx.Code)
		}
	}
	for _, c := range entries {
		if c.Known() {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b CodeSection) int { return cmp.Compare(a.Index, b.Index) })
	return slices.CompactFunc(out, func(a, b CodeSection) bool { return a.Index == b.Index })
}

// Symbols iterates over the file's function symbols, by address (at one
// address, global symbols first, then by name).
func (s *SectionData) Symbols() iter.Seq2[int, Symbol] { return slices.All(s.symbols) }

// Entry returns the code entry of the function whose address is addr,
// where the two differ (64-bit PowerPC ELFv1 descriptors).
func (s *SectionData) Entry(addr uint64) (uint64, bool) {
	e, ok := s.entries[addr]
	return e, ok
}

// Close sets Data to nil and calls the release function given to
// NewSectionData, if any: after that, what was decoded from a SectionData
// made with one must not be used. The locators (elfsection, machosection,
// pesection, objfile) give none: a section they memory-map is unmapped
// when nothing decoded from it is reachable any more, so that Sections,
// Tables, Records and Indexes stay valid after Close, as data read from a
// debug/elf file does. Close is safe to call more than once.
func (s *SectionData) Close() error {
	release := s.release
	s.release, s.Data = nil, nil
	if release == nil {
		return nil
	}
	return release()
}

// symbolAt returns the preferred symbol whose value is addr: when several
// share it, the first in sortSymbols order (global before local). With name
// set, only a symbol of that name matches.
func (s *SectionData) symbolAt(addr uint64, name string) (Symbol, bool) {
	i := sort.Search(len(s.symbols), func(i int) bool { return s.symbols[i].Value >= addr })
	for ; i < len(s.symbols) && s.symbols[i].Value == addr; i++ {
		if name == "" || s.symbols[i].Name == name {
			return s.symbols[i], true
		}
	}
	return Symbol{}, false
}

// sortSymbols sorts symbols by Value; at one value, global symbols first,
// then by name. A function is named after the first symbol at its address.
func sortSymbols(syms []Symbol) {
	slices.SortStableFunc(syms, func(a, b Symbol) int {
		if a.Value != b.Value {
			return cmp.Compare(a.Value, b.Value)
		}
		if a.Global != b.Global {
			if a.Global {
				return -1
			}
			return 1
		}
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
}

// ResolvedFunction is what the file says about one function whose address
// a table holds (SectionData.ResolveFunction): what stackmap.Function's
// Address, Entry, Symbol, Name, Addend, Size and CodeSection answer.
type ResolvedFunction struct {
	Address uint64      // the address field, relocated
	Entry   uint64      // the code address: Address, or where a PowerPC ELFv1 descriptor points
	Symbol  string      // the function's symbol as the file spells it, "" when unknown
	Name    string      // Symbol less the underscore Mach-O adds to C names
	Addend  int64       // the addend to Symbol of the address field's relocation
	Size    uint64      // the symbol's size, 0 when unknown
	Code    CodeSection // relocatable objects: the code section Address is an offset in
}

// address returns the relocated value of the function address field at
// section offset off, which holds stored.
func (s *SectionData) address(off int, stored uint64) uint64 {
	if fx, ok := s.Fixup(off); ok {
		return fx.Value
	}
	return stored
}

// ResolveFunction works out the function whose address field (8 bytes) is
// at section offset off and holds stored: address, entry, symbol, addend,
// size and code section from the section's fixups, entries and symbols.
// It is the one rule for naming a function from a section's address field:
// stackmap.Function answers through it, and so does faultmap, whose
// function entries are addressed the same way.
//
// The symbol is the one the relocation of the address field names, when
// there is one (relocatable objects, absolute dynamic relocations);
// otherwise the preferred symbol at the code entry, or failing that at the
// address (a PowerPC ELFv1 descriptor symbol).
func (s *SectionData) ResolveFunction(off int, stored uint64) ResolvedFunction {
	r := ResolvedFunction{Address: stored}
	fx, fixed := s.Fixup(off)
	if fixed {
		r.Address, r.Symbol, r.Addend = fx.Value, fx.Symbol, fx.Addend
	}
	r.Code = s.codeSection(fx, fixed)
	r.Entry = r.Address
	if e, ok := s.entries[r.Address]; ok {
		r.Entry = e
	}
	if len(s.symbols) > 0 {
		s.applySymbol(&r)
	}
	r.Name = s.Format.DisplayName(r.Symbol)
	return r
}

// codeSection is the code section of a function whose address field has
// fixup fx (fixed false: none): the relocation's, or on 64-bit PowerPC
// ELFv1 that of the code its descriptor points to.
func (s *SectionData) codeSection(fx Fixup, fixed bool) CodeSection {
	if fx.Code.Known() || !fixed {
		return fx.Code
	}
	return s.entryCode[fx.Value]
}

// applySymbol names r after its symbol in the file's symbol table.
func (s *SectionData) applySymbol(r *ResolvedFunction) {
	// In relocatable objects values are section-relative, so symbols of
	// different sections can share one: when the relocation names the
	// symbol, look it up by name too.
	sym, ok := s.symbolAt(r.Entry, r.Symbol)
	if !ok {
		sym, ok = s.symbolAt(r.Address, r.Symbol)
	}
	if ok {
		if r.Symbol == "" {
			r.Addend = 0 // a RELATIVE relocation's addend is the address itself
		}
		r.Symbol, r.Size = sym.Name, sym.Size
	}
}

// entry returns the code entry of the function whose address field is at
// section offset off and holds stored: relocated, then mapped through
// entries. It looks no symbol up.
func (s *SectionData) entry(off int, stored uint64) uint64 {
	addr := s.address(off, stored)
	if e, ok := s.entries[addr]; ok {
		return e
	}
	return addr
}
