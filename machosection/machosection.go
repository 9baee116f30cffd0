// Package machosection finds the LLVM stack map section (segment
// __LLVM_STACKMAPS, section __llvm_stackmaps) in Mach-O files, thin or
// universal (fat), using debug/macho.
package machosection

import (
	"debug/macho"
	"errors"
	"fmt"
	"io"
	"os"

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
func Open(name string) ([]*stackmap.SectionData, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sds, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return sds, nil
}

// Read finds the stack map section in the Mach-O file read through r. A
// universal file gives one result per slice that has the section; it is an
// error only if no slice has one.
func Read(r io.ReaderAt) ([]*stackmap.SectionData, error) {
	if fat, err := macho.NewFatFile(r); err == nil {
		var out []*stackmap.SectionData
		for _, a := range fat.Arches {
			sd, err := fromFile(a.File, int64(a.Offset))
			if errors.Is(err, ErrNoSection) {
				continue
			}
			if err != nil {
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
	sd, err := fromFile(f, 0)
	if err != nil {
		return nil, err
	}
	return []*stackmap.SectionData{sd}, nil
}

// FromFile finds the stack map section in a Mach-O file already opened
// with debug/macho.
func FromFile(f *macho.File) (*stackmap.SectionData, error) { return fromFile(f, 0) }

func fromFile(f *macho.File, base int64) (*stackmap.SectionData, error) {
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
	data, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("reading %s,%s: %w", SegmentName, SectionName, err)
	}
	return &stackmap.SectionData{
		Format:    "macho",
		Arch:      regs.ArchFromMachO(f.Cpu),
		ByteOrder: f.ByteOrder,
		Name:      SegmentName + "," + SectionName,
		Addr:      s.Addr,
		Offset:    base + int64(s.Offset),
		Data:      data,
	}, nil
}
