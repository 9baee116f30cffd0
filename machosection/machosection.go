// Package machosection reads what this library needs from Mach-O files,
// thin or universal (fat), using debug/macho: File, opened once (Open,
// NewFile, FromFile; OpenFat and NewFat give one File per slice), gives
// the LLVM stack map section (File.StackMaps: segment __LLVM_STACKMAPS,
// section __llvm_stackmaps) with the relocations that name its functions
// in objects and the file's function symbols; also the file's call frame
// information (File.Frames: __eh_frame), its compact unwind information
// (File.CompactUnwind: __unwind_info, or an object's __compact_unwind
// relocated as the stack map section is), its code ranges
// (File.TextRanges) and, for a disassembler, the functions' code and the
// names of branch targets (File.Code). Symbol names (File.Symbols) are
// kept raw, with the leading underscore Mach-O C symbols have;
// DisplayName strips it.
package machosection

import (
	"debug/macho"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/internal/mapfile"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Segment and section names of the stack map section in Mach-O files.
const (
	SegmentName = "__LLVM_STACKMAPS"
	SectionName = "__llvm_stackmaps"
)

// ErrUniversal is returned (wrapped) by Open and NewFile for a universal
// (fat) file: use OpenFat or NewFat, or objfile.Open, which take both.
var ErrUniversal = errors.New("universal (fat) Mach-O file: use OpenFat or NewFat")

// loader gets n bytes at file offset off, and what releases them; nil
// means the section's Data method.
type loader func(off, n int64) ([]byte, func() error, error)

// fatMagic is FAT_MAGIC; fatMagic64 (FAT_MAGIC_64) is not read.
const (
	fatMagic   = 0xcafebabe
	fatMagic64 = 0xcafebabf
)

// readMagic reads the first 4 bytes, big-endian.
func readMagic(bf *bounds.File) (uint32, error) {
	var magic [4]byte
	if err := bf.Need("Mach-O header", 0, 4); err != nil {
		return 0, err
	}
	if _, err := bf.Reader().ReadAt(magic[:], 0); err != nil {
		return 0, bf.Wrap("Mach-O header", 0, err)
	}
	return binary.BigEndian.Uint32(magic[:]), nil
}

// openThin checks a thin file's headers against its size and opens it
// with debug/macho.
func openThin(bf *bounds.File) (*macho.File, error) {
	if err := checkThin(bf); err != nil {
		return nil, err
	}
	f, err := macho.NewFile(bf.Reader())
	if err != nil {
		return nil, bf.Wrap("Mach-O header", 0, err)
	}
	return f, nil
}

// fatArch is one entry of a universal file's slice table.
type fatArch struct {
	cpu       macho.Cpu
	off, size uint64
}

// readFatArches reads and checks a universal file's slice table.
func readFatArches(bf *bounds.File) ([]fatArch, error) {
	r := bf.Reader()
	var h [8]byte
	if err := bf.Need("universal header", 0, 8); err != nil {
		return nil, err
	}
	if _, err := r.ReadAt(h[:], 0); err != nil {
		return nil, bf.Wrap("universal header", 0, err)
	}
	n := uint64(binary.BigEndian.Uint32(h[4:]))
	if n == 0 {
		return nil, bf.Errorf("universal header", 4, "no slices (nfat_arch 0)")
	}
	if err := bf.NeedTable("universal header's slice table", 8, n, 20); err != nil {
		return nil, err
	}
	table := make([]byte, 20*n)
	if _, err := r.ReadAt(table, 8); err != nil {
		return nil, bf.Wrap("universal header's slice table", 8, err)
	}
	arches := make([]fatArch, n)
	for i := range arches {
		e := table[20*i:]
		a := fatArch{cpu: macho.Cpu(binary.BigEndian.Uint32(e)), off: uint64(binary.BigEndian.Uint32(e[8:])), size: uint64(binary.BigEndian.Uint32(e[12:]))}
		if err := bf.Need(fmt.Sprintf("slice %d (%v)", i, a.cpu), a.off, a.size); err != nil {
			return nil, err
		}
		arches[i] = a
	}
	return arches, nil
}

// file is an opened thin Mach-O file (or a universal file's slice) with
// what checking it needs.
type file struct {
	f  *macho.File
	bf *bounds.File // nil for FromFile: the size is not known
}

// base returns the file offset of the thin file's first byte.
func (x *file) base() int64 {
	if x.bf == nil {
		return 0
	}
	return x.bf.Base()
}

// err returns a *stackmap.FileError for what at offset off of the thin
// file.
func (x *file) err(what string, off int64, err error) error {
	if off >= 0 {
		off += x.base()
	}
	return fileError(what, off, err)
}

// wrap turns a debug/macho error into a *stackmap.FileError.
func (x *file) wrap(what string, off int64, err error) error {
	if x.bf == nil {
		return x.err(what, off, err)
	}
	return x.bf.Wrap(what, off, err)
}

func (x *file) find(load loader) (*stackmap.SectionData, error) {
	s := x.section(SegmentName, SectionName)
	if s == nil && x.f.Type == macho.TypeObj {
		// An object holds what its compiler wrote: nothing was stripped.
		return nil, x.err("load commands", headerSize(x.f), fmt.Errorf("%w named %s,%s (the object has no stack map records: no llvm.experimental.stackmap, patchpoint or gc.statepoint call was compiled into it)", stackmap.ErrNoSection, SegmentName, SectionName))
	}
	if s == nil {
		return nil, x.err("load commands", headerSize(x.f), fmt.Errorf("%w named %s,%s (was it dead-stripped? keep it with -no_dead_strip or by referencing __LLVM_StackMaps)", stackmap.ErrNoSection, SegmentName, SectionName))
	}
	return x.load(s, load)
}

// section returns the section seg,name, or nil.
func (x *file) section(seg, name string) *macho.Section {
	for _, sec := range x.f.Sections {
		if sec.Seg == seg && sec.Name == name {
			return sec
		}
	}
	return nil
}

// load reads section s (the stack maps, or the fault maps) and makes its
// SectionData, with the relocations or chained fixups that fill its
// function addresses and the file's function symbols.
func (x *file) load(s *macho.Section, load loader) (*stackmap.SectionData, error) {
	f, base := x.f, x.base()
	what := "section " + s.Seg + "," + s.Name
	if x.bf != nil {
		if err := x.bf.Need(what, uint64(s.Offset), s.Size); err != nil {
			return nil, err
		}
	}
	var (
		data    []byte
		release func() error
		err     error
	)
	if load != nil {
		data, release, err = load(base+int64(s.Offset), int64(s.Size))
	} else {
		data, err = s.Data()
	}
	if err != nil {
		return nil, x.wrap(what, int64(s.Offset), err)
	}
	info := stackmap.SectionData{
		Format:    stackmap.FormatMachO,
		Arch:      Arch(f.Cpu),
		ByteOrder: f.ByteOrder,
		Name:      s.Seg + "," + s.Name,
		Addr:      s.Addr,
		Offset:    base + int64(s.Offset),
		Data:      data,
	}
	var rel stackmap.Relocations
	if f.Type == macho.TypeObj {
		rel.Fixups, err = fixups(f, s, data)
	} else {
		rel.Fixups, err = x.chainedFixups(s, data)
	}
	if err != nil {
		if release != nil {
			release()
		}
		return nil, err
	}
	rel.Symbols = functionSymbols(f)
	sd := stackmap.NewSectionData(info, rel, nil)
	mapfile.Own(sd, release) // unmapped when nothing decoded from sd is in use, not by Close
	return sd, nil
}

// headerSize returns the size of the Mach-O header, after which the load
// commands start.
func headerSize(f *macho.File) int64 {
	if f.Magic == macho.Magic64 {
		return 32
	}
	return 28
}

// fileError says what was being read at which file offset.
func fileError(what string, off int64, err error) error {
	return &stackmap.FileError{Format: stackmap.FormatMachO, What: what, Offset: off, Err: err}
}

// DisplayName returns a raw Mach-O symbol name as C and most tools print
// it: without the leading underscore the compiler adds ("_foo" is foo).
// Names without one (assembler-local ones such as "ltmp0") are returned
// unchanged.
// (stackmap.Format.DisplayName for Mach-O, where the rule is written.)
func DisplayName(raw string) string { return stackmap.FormatMachO.DisplayName(raw) }
