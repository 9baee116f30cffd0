package elfsection

import (
	"debug/elf"
	"encoding/binary"
	"io"

	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// File is an ELF file opened once for everything this library reads from
// it: the stack map section (StackMaps), the call frame information
// (Frames), the function symbols (Symbols), the executable code
// (TextRanges) and the architecture. Like debug/elf's File, it reads the
// headers when it is made and each table when asked.
//
// Every size and count the headers claim is checked against the file's
// size before anything is read or allocated (except for FromFile, where
// the size is not known).
type File struct {
	// Arch is the target architecture (regs.ArchUnknown for a machine
	// LLVM has no stack maps for).
	Arch regs.Arch
	// ByteOrder is the file's byte order.
	ByteOrder binary.ByteOrder
	// Relocatable reports a relocatable object (ET_REL): its addresses
	// are section offsets.
	Relocatable bool
	// Entry is the entry point's link-time address (e_entry; 0 when the
	// file has none).
	Entry uint64

	x   *file
	src mapfile.Source // the *os.File StackMaps maps, owned after Open
}

// Open opens the named ELF file and reads its headers. The file stays open
// until Close; StackMaps memory-maps the stack map section where the
// platform allows (see StackMaps).
func Open(name string) (*File, error) { return OpenOptions(name, Options{}) }

// OpenOptions is Open with options.
func OpenOptions(name string, opts Options) (*File, error) {
	return mapfile.Open(name, func(r io.ReaderAt) (*File, error) { return NewFileOptions(r, opts) }, fileSource)
}

func fileSource(f *File) *mapfile.Source { return &f.src }

// NewFile reads the headers of the ELF file read through r, checking them
// against its size. Tables and sections are read through r when asked for,
// into memory, except that when r is an *os.File StackMaps memory-maps the
// section as for Open. r must stay readable while the File is used; the
// File does not close it.
func NewFile(r io.ReaderAt) (*File, error) { return NewFileOptions(r, Options{}) }

// NewFileOptions is NewFile with options.
func NewFileOptions(r io.ReaderAt, opts Options) (*File, error) {
	bf := bounds.New(r, stackmap.FormatELF)
	h, err := readHeader(bf)
	if err != nil {
		return nil, err
	}
	ef, err := elf.NewFile(r)
	if err != nil {
		return nil, bf.Wrap("ELF header", 0, err)
	}
	f := newFile(&file{f: ef, h: h, bf: bf, max: opts.maxInflated()})
	f.src = mapfile.SourceOf(r)
	return f, nil
}

// FromFile wraps an ELF file already opened with debug/elf. Errors about
// the section or program headers give no file offset (-1): debug/elf does
// not keep their offsets; nor does it keep the file's size, so sizes are
// not checked against it. Closing the File does not close ef.
func FromFile(ef *elf.File) *File {
	return newFile(&file{f: ef, h: header{shoff: -1, phoff: -1}, max: Options{}.maxInflated()})
}

func newFile(x *file) *File {
	return &File{
		Arch:        Arch(x.f.Machine, x.f.Class, x.f.Data),
		ByteOrder:   x.f.ByteOrder,
		Relocatable: x.f.Type == elf.ET_REL,
		Entry:       x.f.Entry,
		x:           x,
	}
}

// ELF returns the debug/elf view of the file, for what this package does
// not read. Its tables are read without the size checks this package
// applies.
func (f *File) ELF() *elf.File { return f.x.f }

// ReaderAt returns what the file is read through (nil for FromFile).
func (f *File) ReaderAt() io.ReaderAt {
	if f.x.bf == nil {
		return nil
	}
	return f.x.bf.Reader()
}

// Close closes the file opened by Open (for NewFile and FromFile it closes
// nothing: the caller owns r). What was read from the file stays valid: a memory-mapped
// stack map section is unmapped only once nothing decoded from it is
// reachable (see StackMaps). Close is safe to call more than once.
func (f *File) Close() error { return f.src.Close() }

// StackMaps finds the stack map section and what the file says about it:
// the relocations that fill its function addresses, the function symbols
// that name them and, on PowerPC64 ELFv1, the function descriptors in
// .opd. The section is looked for where users put it (see Placements).
//
// For a File from Open (or NewFile of an *os.File) the section's bytes are
// memory-mapped where the
// platform allows; the mapping belongs to the returned SectionData and
// goes once neither it nor anything decoded from it (Section, Table,
// Record, Index) is reachable, so calling Close on the SectionData or the
// File leaves decoded records valid. A mapping reflects the file: if
// another process truncates or rewrites it while it is mapped, reading
// can fault (SIGBUS). Otherwise the bytes are read into memory. An object
// file without the section gives an error matching stackmap.ErrNoSection.
func (f *File) StackMaps() (*stackmap.SectionData, error) {
	sd, err := f.x.find(f.src.Loader())
	return sd, f.src.Wrap(err)
}

// Frames reads the call frame information sections (.eh_frame with
// .eh_frame_hdr, .debug_frame), as cfi.New takes them. A section the file
// lacks has nil Data.
//
// In a relocatable object (ET_REL) the relocations of .eh_frame and
// .debug_frame are applied, in a copy, the way StackMaps relocates the
// stack map section: as if every section were at address 0, so that a
// symbol's value is its section offset and an FDE's pc_begin comes out as
// S + A (symbol value plus addend), the same value a stack map function
// record of that object holds (stackmap.Function.Address). This is also
// what llvm-dwarfdump prints for objects. PC-relative fields get S + A - P,
// P being the field's section offset, and Config.Addr is 0. Relocated is
// then set, and EHFrameCode and DebugFrameCode give each FDE its code
// section (see EntrySections).
//
// Relocation types applied: the absolute 32- and 64-bit ones of every
// architecture (.debug_frame); the PC-relative ones of pc_begin fields
// (x86_64 R_X86_64_PC32/PC64, AArch64 R_AARCH64_PREL32/PREL64, PowerPC64
// R_PPC64_REL32/REL64, s390x R_390_PC32/PC64, RISC-V R_RISCV_32_PCREL);
// and RISC-V's label differences (R_RISCV_ADD8/16/32/64, SUB8/16/32/64,
// SET6, SUB6, SET8/16/32) in entry lengths, address ranges and
// DW_CFA_advance_loc operands. Any other type is an error, a
// *stackmap.RelocationError naming the relocation's section offset and
// type; so is a field outside the section.
//
// In a linked file nothing is applied (the values are in place): the bytes
// are as in the file.
func (f *File) Frames() (FrameSections, error) {
	fs, err := f.x.frames()
	if err != nil {
		return FrameSections{}, f.src.Wrap(err)
	}
	return fs, nil
}

// Symbols returns the file's function symbols from .symtab, or from
// .dynsym when the file is stripped: STT_FUNC and STT_GNU_IFUNC symbols
// defined in the file and, on PowerPC64 ELFv1, the symbols of .opd (whose
// values are descriptor addresses). In relocatable objects values are
// section offsets. A file with no symbol table has none (no error).
//
// A file without section headers gives the function symbols of its
// dynamic symbol table (found through PT_DYNAMIC).
func (f *File) Symbols() ([]stackmap.Symbol, error) {
	if len(f.x.f.Sections) == 0 {
		return f.x.dynamicFunctions()
	}
	syms, _, err := f.x.functionSymbols(elf.SectionIndex(opdSection(f.x.f)))
	return syms, err
}

// CodeSymbols returns the file's function symbols by code address: those
// of Symbols, except that on PowerPC64 ELFv1 a symbol defined in .opd has
// the entry point its function descriptor holds (relocated, in objects:
// an offset in the code section the descriptor names) and Size 0 (its
// symbol's size is the descriptor's, not the code's). A symbol map built
// from them names the function whose code holds an address on every
// architecture.
func (f *File) CodeSymbols() ([]stackmap.Symbol, error) { return f.x.codeSymbols() }

// Code returns the reader of the file's code: function code and the names
// of branch targets (see Code), over this File's headers (no second open).
func (f *File) Code() *Code { return newCode(f.x) }
