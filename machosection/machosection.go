// Package machosection finds the LLVM stack map section (segment
// __LLVM_STACKMAPS, section __llvm_stackmaps) in Mach-O files, thin or
// universal (fat), using debug/macho, together with the relocations that
// name its functions in objects and the file's function symbols. Symbol
// names are kept raw, with the leading underscore Mach-O C symbols have;
// DisplayName strips it.
package machosection

import (
	"debug/macho"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/internal/mapfile"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Segment and section names of the stack map section in Mach-O files.
const (
	SegmentName = "__LLVM_STACKMAPS"
	SectionName = "__llvm_stackmaps"
)

// ErrUniversal is returned (wrapped) by Open and Read for a universal
// (fat) file: use OpenFat or ReadFat, or objfile.Open, which take both.
var ErrUniversal = errors.New("universal (fat) Mach-O file: use OpenFat or ReadFat")

// Open finds the stack map section in the named thin Mach-O file. The
// section's bytes are memory-mapped where the platform allows: call Close
// on the result to release them.
//
// A mapping reflects the file: if another process truncates or rewrites the
// file while it is mapped, reading Data can fault (SIGBUS), which Go cannot
// recover from. For files that may change underneath you, use Read, which
// copies the section.
func Open(name string) (*stackmap.SectionData, error) {
	sds, err := openFile(name, false)
	if err != nil {
		return nil, err
	}
	return sds[0], nil
}

// OpenFat finds the stack map section of every slice of the named
// universal Mach-O file that has one, in slice order (Slice names each
// slice's architecture); it is an error only if no slice has one. A thin
// file gives its one section. Close each result to release its mapping.
func OpenFat(name string) ([]*stackmap.SectionData, error) { return openFile(name, true) }

func openFile(name string, fat bool) ([]*stackmap.SectionData, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sds, err := read(f, fat, func(off, n int64) ([]byte, func() error, error) { return mapfile.Section(f, off, n) })
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return sds, nil
}

// Read finds the stack map section in the thin Mach-O file read through
// r. The section's bytes are read into memory.
func Read(r io.ReaderAt) (*stackmap.SectionData, error) {
	sds, err := read(r, false, nil)
	if err != nil {
		return nil, err
	}
	return sds[0], nil
}

// ReadFat is OpenFat for a file read through r. The sections' bytes are
// read into memory.
func ReadFat(r io.ReaderAt) ([]*stackmap.SectionData, error) { return read(r, true, nil) }

// loader gets n bytes at file offset off, and what releases them; nil
// means the section's Data method.
type loader func(off, n int64) ([]byte, func() error, error)

func read(r io.ReaderAt, fat bool, load loader) ([]*stackmap.SectionData, error) {
	var magic [4]byte
	if _, err := r.ReadAt(magic[:], 0); err != nil {
		return nil, fileError("Mach-O header", 0, fmt.Errorf("%w: %d-byte magic unreadable: %v", stackmap.ErrNotObject, len(magic), err))
	}
	if binary.BigEndian.Uint32(magic[:]) == macho.MagicFat {
		if !fat {
			return nil, fileError("universal header", 0, ErrUniversal)
		}
		return readFat(r, load)
	}
	f, err := macho.NewFile(r)
	if err != nil {
		return nil, fileError("Mach-O header", 0, fmt.Errorf("%w: %v", stackmap.ErrNotObject, err))
	}
	sd, err := fromFile(f, 0, load)
	if err != nil {
		return nil, err
	}
	return []*stackmap.SectionData{sd}, nil
}

// readFat finds the section in every slice of a universal file.
func readFat(r io.ReaderAt, load loader) ([]*stackmap.SectionData, error) {
	fat, err := macho.NewFatFile(r)
	if err != nil {
		return nil, fileError("universal header", 0, fmt.Errorf("%w: %v", stackmap.ErrNotObject, err))
	}
	var out []*stackmap.SectionData
	for i, a := range fat.Arches {
		sd, err := fromFile(a.File, int64(a.Offset), load)
		if errors.Is(err, stackmap.ErrNoSection) {
			continue
		}
		if err != nil {
			for _, sd := range out {
				sd.Close()
			}
			return nil, fmt.Errorf("slice %d (%v): %w", i, a.Cpu, err)
		}
		sd.Slice = regs.ArchFromMachO(a.Cpu).String()
		out = append(out, sd)
	}
	if len(out) == 0 {
		return nil, fileError("universal header", 0, fmt.Errorf("%w in any of %d slices", stackmap.ErrNoSection, len(fat.Arches)))
	}
	return out, nil
}

// FromFile finds the stack map section in a Mach-O file already opened
// with debug/macho. The section's bytes are read into memory.
func FromFile(f *macho.File) (*stackmap.SectionData, error) { return fromFile(f, 0, nil) }

func fromFile(f *macho.File, base int64, load loader) (*stackmap.SectionData, error) {
	var s *macho.Section
	for _, sec := range f.Sections {
		if sec.Seg == SegmentName && sec.Name == SectionName {
			s = sec
			break
		}
	}
	if s == nil {
		return nil, fileError("load commands", base+headerSize(f), fmt.Errorf("%w named %s,%s (was it dead-stripped? keep it with -no_dead_strip or by referencing __LLVM_StackMaps)", stackmap.ErrNoSection, SegmentName, SectionName))
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
	what := "section " + SegmentName + "," + SectionName
	if err != nil {
		return nil, fileError(what, base+int64(s.Offset), err)
	}
	info := stackmap.SectionData{
		Format:    stackmap.FormatMachO,
		Arch:      regs.ArchFromMachO(f.Cpu),
		ByteOrder: f.ByteOrder,
		Name:      SegmentName + "," + SectionName,
		Addr:      s.Addr,
		Offset:    base + int64(s.Offset),
		Data:      data,
	}
	var rel stackmap.Relocations
	if f.Type == macho.TypeObj {
		rel.Fixups, err = fixups(f, s, data)
	} else {
		rel.Fixups, err = chainedFixups(f, s, data)
	}
	if err != nil {
		if release != nil {
			release()
		}
		return nil, err
	}
	rel.Symbols = functionSymbols(f)
	return stackmap.NewSectionData(info, rel, release), nil
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
func DisplayName(raw string) string {
	if len(raw) > 1 && raw[0] == '_' {
		return raw[1:]
	}
	return raw
}
