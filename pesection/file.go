package pesection

import (
	"debug/pe"
	"encoding/binary"
	"io"

	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// File is a COFF object or PE image opened once for what this library
// reads from it: the stack map section (StackMaps), the function symbols
// (Symbols), the executable code (TextRanges) and the architecture.
type File struct {
	// Arch is the target architecture (regs.ArchUnknown for a machine
	// LLVM has no stack maps for).
	Arch regs.Arch
	// ByteOrder is the file's byte order (little-endian).
	ByteOrder binary.ByteOrder
	// Format is stackmap.FormatCOFF for an object, stackmap.FormatPE for
	// an image.
	Format stackmap.Format

	f     *pe.File
	bf    *bounds.File   // nil for FromFile: the size is not known
	table int64          // file offset of the section table, -1 when not known
	src   mapfile.Source // the *os.File StackMaps maps, owned after Open
}

// Open opens the named COFF or PE file and reads its headers, checking
// them against the file's size. The file stays open until Close.
func Open(name string) (*File, error) {
	return mapfile.Open(name, NewFile, func(f *File) *mapfile.Source { return &f.src })
}

// NewFile reads the headers of the COFF or PE file read through r,
// checking them against its size; r must stay readable while the File is
// used, and the File does not close it. When r is an *os.File StackMaps
// memory-maps the section as for Open.
func NewFile(r io.ReaderAt) (*File, error) {
	bf := bounds.New(r, stackmap.FormatPE)
	base, err := checkHeaders(bf)
	if err != nil {
		return nil, err
	}
	pf, err := pe.NewFile(r)
	if err != nil {
		return nil, bf.Wrap("COFF file header", base, err)
	}
	f := newFile(pf)
	f.bf, f.table = bf, base+fileHeaderSize+int64(pf.SizeOfOptionalHeader)
	f.src = mapfile.SourceOf(r)
	return f, nil
}

// FromFile wraps a file already opened with debug/pe. Closing the File
// does not close pf.
func FromFile(pf *pe.File) *File { return newFile(pf) }

func newFile(pf *pe.File) *File {
	format := stackmap.FormatCOFF
	if pf.OptionalHeader != nil {
		format = stackmap.FormatPE
	}
	return &File{Arch: Arch(pf.Machine), ByteOrder: binary.LittleEndian, Format: format, f: pf, table: -1}
}

// PE returns the debug/pe view of the file.
func (f *File) PE() *pe.File { return f.f }

// ReaderAt returns what the file is read through (nil for FromFile).
func (f *File) ReaderAt() io.ReaderAt {
	if f.bf == nil {
		return nil
	}
	return f.bf.Reader()
}

// Close closes the file opened by Open (for NewFile and FromFile it closes
// nothing: the caller owns r). What was read from the file stays valid (see StackMaps).
// Close is safe to call more than once.
func (f *File) Close() error { return f.src.Close() }

// StackMaps finds the stack map section (.llvm_stackmaps, or .llvm_st in
// an image) with the relocations that name its functions in objects and
// the file's function symbols. For a File from Open the bytes are
// memory-mapped where the platform allows, the mapping owned by the
// returned SectionData (it goes once neither it nor anything decoded from
// it is reachable); otherwise they are read into memory.
func (f *File) StackMaps() (*stackmap.SectionData, error) {
	sd, err := fromFile(f.f, f.bf, f.table, f.src.Loader())
	return sd, f.src.Wrap(err)
}

// Symbols returns the file's function symbols. COFF symbols have no size;
// Size is the distance to the next function symbol of the same section.
func (f *File) Symbols() []stackmap.Symbol { return newSymbols(f.f).functions() }

// Code returns the reader of the file's code: function code and the names
// of branch targets (see Code), over this File's headers.
func (f *File) Code() *Code { return newCode(f.f, f.bf) }
