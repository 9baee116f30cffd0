// Package machosection finds the LLVM stack map section (segment
// __LLVM_STACKMAPS, section __llvm_stackmaps) in Mach-O files, thin or
// universal (fat), using debug/macho, together with the relocations that
// name its functions in objects and the file's function symbols. Symbol
// names are kept raw, with the leading underscore Mach-O C symbols have;
// DisplayName strips it.
package machosection

import (
	"debug/macho"
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

// ErrNoSection is returned (wrapped) when a file has no stack map section.
var ErrNoSection = errors.New("no " + SegmentName + "," + SectionName + " section")

// Open finds the stack map section in the named Mach-O file. A universal
// file gives one result per slice that has the section, in slice order.
// The section's bytes are memory-mapped where the platform allows: call
// Close on each result to release them.
//
// A mapping reflects the file: if another process truncates or rewrites the
// file while it is mapped, reading Data can fault (SIGBUS), which Go cannot
// recover from. For files that may change underneath you, use Read, which
// copies the section.
func Open(name string) ([]*stackmap.SectionData, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sds, err := read(f, func(off, n int64) ([]byte, func() error, error) { return mapfile.Section(f, off, n) })
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return sds, nil
}

// Read finds the stack map section in the Mach-O file read through r. A
// universal file gives one result per slice that has the section; it is an
// error only if no slice has one. The section's bytes are read into memory.
func Read(r io.ReaderAt) ([]*stackmap.SectionData, error) { return read(r, nil) }

// loader gets n bytes at file offset off, and what releases them; nil
// means the section's Data method.
type loader func(off, n int64) ([]byte, func() error, error)

func read(r io.ReaderAt, load loader) ([]*stackmap.SectionData, error) {
	if fat, err := macho.NewFatFile(r); err == nil {
		var out []*stackmap.SectionData
		release := func() {
			for _, sd := range out {
				sd.Close()
			}
		}
		for _, a := range fat.Arches {
			sd, err := fromFile(a.File, int64(a.Offset), load)
			if errors.Is(err, ErrNoSection) {
				continue
			}
			if err != nil {
				release()
				return nil, fmt.Errorf("slice %v: %w", a.Cpu, err)
			}
			sd.Slice = regs.ArchFromMachO(a.Cpu).String()
			out = append(out, sd)
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("universal file: %w in any slice", ErrNoSection)
		}
		return out, nil
	}
	f, err := macho.NewFile(r)
	if err != nil {
		return nil, err
	}
	sd, err := fromFile(f, 0, load)
	if err != nil {
		return nil, err
	}
	return []*stackmap.SectionData{sd}, nil
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
		return nil, fmt.Errorf("%w (was it dead-stripped? keep it with -no_dead_strip or by referencing __LLVM_StackMaps)", ErrNoSection)
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
		return nil, fmt.Errorf("reading %s,%s: %w", SegmentName, SectionName, err)
	}
	sd := &stackmap.SectionData{
		Format:    "macho",
		Arch:      regs.ArchFromMachO(f.Cpu),
		ByteOrder: f.ByteOrder,
		Name:      SegmentName + "," + SectionName,
		Addr:      s.Addr,
		Offset:    base + int64(s.Offset),
		Data:      data,
	}
	if release != nil {
		sd.SetRelease(release)
	}
	if f.Type == macho.TypeObj {
		sd.Fixups, err = fixups(f, s, data)
	} else {
		sd.Fixups, err = chainedFixups(f, s, data)
	}
	if err != nil {
		sd.Close()
		return nil, err
	}
	sd.Symbols = functionSymbols(f)
	return sd, nil
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
