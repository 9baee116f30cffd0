package machosection

import (
	"debug/macho"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// File is a thin Mach-O file, or one slice of a universal file, opened
// once for everything this library reads from it: the stack map section
// (StackMaps), the call frame information (Frames), the compact unwind
// information (CompactUnwind), the function symbols (Symbols), the
// executable code (TextRanges) and the architecture.
//
// Every size and count the headers claim is checked against the file's
// (or slice's) size before anything is read or allocated (except for
// FromFile, where the size is not known).
type File struct {
	// Arch is the target architecture (regs.ArchUnknown for a CPU LLVM
	// has no stack maps for).
	Arch regs.Arch
	// ByteOrder is the file's byte order.
	ByteOrder binary.ByteOrder
	// Relocatable reports a relocatable object (MH_OBJECT).
	Relocatable bool
	// Slice is the architecture's name (Arch.String()) when the File is
	// a slice of a universal file, "" for a thin file.
	Slice string

	x   *file
	src mapfile.Source // the *os.File StackMaps maps: owned after Open; OpenFat: shared with the Fat, which closes it
}

// Open opens the named thin Mach-O file and reads its headers. The file
// stays open until Close. A universal file is an error matching
// ErrUniversal (use OpenFat).
func Open(name string) (*File, error) {
	return mapfile.Open(name, NewFile, func(f *File) *mapfile.Source { return &f.src })
}

// NewFile reads the headers of the thin Mach-O file read through r,
// checking them against its size. Sections are read through r when asked
// for, into memory, except that when r is an *os.File StackMaps
// memory-maps the section as for Open. r must stay readable while the File
// is used; the File does not close it.
func NewFile(r io.ReaderAt) (*File, error) {
	bf := bounds.New(r, stackmap.FormatMachO)
	magic, err := readMagic(bf)
	if err != nil {
		return nil, err
	}
	switch magic {
	case fatMagic:
		return nil, fileError("universal header", 0, ErrUniversal)
	case fatMagic64:
		return nil, bf.Errorf("universal header", 0, "64-bit universal files (FAT_MAGIC_64) are not read")
	}
	mf, err := openThin(bf)
	if err != nil {
		return nil, err
	}
	f := newFile(&file{f: mf, bf: bf})
	f.src = mapfile.SourceOf(r)
	return f, nil
}

// FromFile wraps a thin Mach-O file already opened with debug/macho.
// Sizes are not checked against the file's (debug/macho does not keep
// it). Closing the File does not close mf.
func FromFile(mf *macho.File) *File { return newFile(&file{f: mf}) }

func newFile(x *file) *File {
	return &File{Arch: Arch(x.f.Cpu), ByteOrder: x.f.ByteOrder, Relocatable: x.f.Type == macho.TypeObj, x: x}
}

// MachO returns the debug/macho view of the file, for what this package
// does not read. Its tables are read without the size checks this package
// applies.
func (f *File) MachO() *macho.File { return f.x.f }

// ReaderAt returns what the file (or slice) is read through, byte 0 being
// its first byte (nil for FromFile).
func (f *File) ReaderAt() io.ReaderAt {
	if f.x.bf == nil {
		return nil
	}
	return f.x.bf.Reader()
}

// Close closes the file opened by Open (for NewFile, FromFile and the
// slices of a Fat it does nothing: close the Fat). What was read from the
// file stays valid (see StackMaps). Close is safe to call more than once.
func (f *File) Close() error { return f.src.Close() }

// StackMaps finds the stack map section (__LLVM_STACKMAPS,__llvm_stackmaps)
// and what the file says about it: the relocations (objects) or chained
// fixups (images) that fill its function addresses and the function
// symbols that name them. An object file without the section gives an
// error matching stackmap.ErrNoSection.
//
// For a File from Open or OpenFat the bytes are memory-mapped where the
// platform allows; the mapping belongs to the returned SectionData and
// goes once neither it nor anything decoded from it is reachable, so
// closing the SectionData or the File leaves decoded records valid.
// Otherwise the bytes are read into memory.
func (f *File) StackMaps() (*stackmap.SectionData, error) {
	sd, err := f.x.find(f.src.Loader())
	if err != nil {
		return nil, f.wrap(err)
	}
	sd.Slice = f.Slice
	return sd, nil
}

// wrap prefixes an error with the file's name and slice.
func (f *File) wrap(err error) error {
	if f.Slice != "" {
		err = fmt.Errorf("slice %s: %w", f.Slice, err)
	}
	return f.src.Wrap(err)
}

// Frames reads the __TEXT,__eh_frame section as cfi.New takes it (Data
// nil when the file has none). In an object, the pc_begin fields that
// relocations compute (arm64's SUBTRACTOR/UNSIGNED pairs) are filled in a
// copy, with every section at its address in the object, so that an FDE's
// pc_begin equals the stack map function address of the same function; in
// an image the bytes are as in the file.
func (f *File) Frames() (cfi.Config, error) {
	c, err := frames(f.x.f, f.x.bf)
	if err != nil {
		return cfi.Config{}, f.wrap(err)
	}
	if c.Data != nil && f.Relocatable {
		if c.Data, err = relocateEHFrame(f.x.f, c.Data); err != nil {
			return cfi.Config{}, f.wrap(err)
		}
	}
	return c, nil
}

// CompactUnwind reads the compact unwind information: an image's
// __TEXT,__unwind_info, or an object's __LD,__compact_unwind with its
// relocations applied as the stack map section's are.
func (f *File) CompactUnwind() (CompactUnwind, error) {
	check := func(*macho.Section) error { return nil }
	if bf := f.x.bf; bf != nil {
		check = func(s *macho.Section) error { return bf.Need("section "+s.Seg+","+s.Name, uint64(s.Offset), s.Size) }
	}
	cu, err := compactUnwind(f.x.f, check)
	if err != nil {
		return CompactUnwind{}, f.wrap(err)
	}
	return cu, nil
}

// Symbols returns the symbols defined in the file's code sections, raw
// (with their leading underscore), sorted by address. Mach-O symbols have
// no size; Size is the distance to the next symbol of the same section.
// Assembler-local labels (non-external names starting with "l" or "L")
// are left out.
func (f *File) Symbols() []stackmap.Symbol { return functionSymbols(f.x.f) }

// Fat is a Mach-O file opened with OpenFat or NewFat: the slices of a
// universal file, or a thin file as one slice.
type Fat struct {
	// Universal reports a universal (fat) file.
	Universal bool
	// Slices are the slices in the order of the universal header, each a
	// File (Slice names its architecture), or the thin file.
	Slices []*File

	src mapfile.Source // OpenFat: owns the file; the slices share it
}

// OpenFat opens the named Mach-O file, universal or thin, and reads the
// headers of each slice. The file stays open until Close.
func OpenFat(name string) (*Fat, error) {
	ff, err := mapfile.Open(name, NewFat, func(ff *Fat) *mapfile.Source { return &ff.src })
	if err != nil {
		return nil, err
	}
	for _, s := range ff.Slices {
		s.src = ff.src.Shared()
	}
	return ff, nil
}

// NewFat is OpenFat for a file read through r, which must stay readable
// while the slices are used (and which the Fat does not close). When r is
// an *os.File the slices' StackMaps memory-map their sections.
func NewFat(r io.ReaderAt) (*Fat, error) {
	ff, err := newFat(r)
	if err != nil {
		return nil, err
	}
	ff.src = mapfile.SourceOf(r)
	for _, s := range ff.Slices {
		s.src = ff.src.Shared()
	}
	return ff, nil
}

func newFat(r io.ReaderAt) (*Fat, error) {
	bf := bounds.New(r, stackmap.FormatMachO)
	magic, err := readMagic(bf)
	if err != nil {
		return nil, err
	}
	switch magic {
	case fatMagic64:
		return nil, bf.Errorf("universal header", 0, "64-bit universal files (FAT_MAGIC_64) are not read")
	case fatMagic:
	default:
		mf, err := openThin(bf)
		if err != nil {
			return nil, err
		}
		return &Fat{Slices: []*File{newFile(&file{f: mf, bf: bf})}}, nil
	}
	arches, err := readFatArches(bf)
	if err != nil {
		return nil, err
	}
	ff := &Fat{Universal: true}
	for i, a := range arches {
		sb := bf.Slice(int64(a.off), int64(a.size))
		mf, err := openThin(sb)
		if err != nil {
			return nil, fmt.Errorf("slice %d (%v): %w", i, a.cpu, err)
		}
		s := newFile(&file{f: mf, bf: sb})
		s.Slice = s.Arch.String()
		ff.Slices = append(ff.Slices, s)
	}
	return ff, nil
}

// StackMaps returns the stack map section of every slice that has one, in
// slice order (each SectionData's Slice names its slice in a universal
// file); it is an error matching stackmap.ErrNoSection only if no slice
// has one.
func (ff *Fat) StackMaps() ([]*stackmap.SectionData, error) {
	var out []*stackmap.SectionData
	for _, s := range ff.Slices {
		sd, err := s.StackMaps()
		if ff.Universal && errors.Is(err, stackmap.ErrNoSection) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, sd)
	}
	if len(out) == 0 {
		err := fileError("universal header", 0, fmt.Errorf("%w in any of %d slices", stackmap.ErrNoSection, len(ff.Slices)))
		return nil, ff.src.Wrap(err)
	}
	return out, nil
}

// Close closes the file opened by OpenFat (for NewFat it closes nothing:
// the caller owns r).
// What was read from it stays valid. Close is safe to call more than once.
func (ff *Fat) Close() error {
	for _, s := range ff.Slices {
		s.src = mapfile.Source{}
	}
	return ff.src.Close()
}

// Code returns the reader of the file's (or slice's) code: function code
// and the names of branch targets (see Code), over this File's headers.
func (f *File) Code() *Code { return newCode(f.x.f, f.x.bf) }
