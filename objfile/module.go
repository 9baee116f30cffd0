package objfile

import (
	"debug/elf"
	"debug/macho"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// This file builds unwind tables (package unwind) and walker modules
// (package stackwalk) from ELF and Mach-O files, so that neither of those
// packages reads a file format.

// OpenUnwind reads the unwind tables of the ELF or Mach-O file at path
// into memory and builds their unwind.Table: ELF .eh_frame (with
// .eh_frame_hdr) and .debug_frame; Mach-O __eh_frame, __unwind_info and
// __compact_unwind, with the function code that x86_64 STACK_IND entries
// read their stack size from. In a relocatable object the tables are
// relocated as stack map function addresses are (ELF: every section at 0;
// Mach-O: every section at its address in the object), so that a
// record's address finds its function's row. slice names the slice of a
// universal Mach-O file (as stackmap.SectionData.Slice does); it is ""
// for any other file. COFF and PE files have no unwind support: an error.
func OpenUnwind(path, slice string) (*unwind.Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	id, err := identify(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	switch {
	case id.format == stackmap.FormatELF:
		ef, err := elf.NewFile(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		fs, err := elfsection.ReadFramesRelocated(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return elfUnwind(ef, fs)
	case id.format == stackmap.FormatMachO:
		mf, closer, err := openMachO(f, id.universal, slice)
		if err != nil {
			return nil, err
		}
		if closer != nil {
			defer closer.Close()
		}
		return MachOUnwind(mf)
	}
	return nil, fmt.Errorf("%s: %v files have no unwind table support (only ELF and Mach-O)", path, id.format)
}

// elfUnwind builds the table of an ELF file's frame sections.
func elfUnwind(ef *elf.File, fs elfsection.FrameSections) (*unwind.Table, error) {
	return unwind.New(unwind.Sources{
		Arch:       regs.ArchFromELF(ef.Machine, ef.Class, ef.Data),
		EHFrame:    fs.EHFrame,
		DebugFrame: fs.DebugFrame,
		// Relocated objects: each FDE's code section, for objects built
		// with function sections (nil otherwise).
		EHFrameSections:    sectionOf(fs.EHFrameCode),
		DebugFrameSections: sectionOf(fs.DebugFrameCode),
	})
}

// sectionOf adapts an object's FDE code sections to unwind.SectionOf (nil
// when the file gave none).
func sectionOf(es elfsection.EntrySections) unwind.SectionOf {
	if es.NumSections() < 2 {
		return nil
	}
	return func(off uint64) (int, bool) {
		c, ok := es.Section(off)
		return c.Index, ok && c.Known()
	}
}

// openMachO opens a thin Mach-O file, or the named slice of a universal
// one (closer then closes the universal file).
func openMachO(r io.ReaderAt, universal bool, slice string) (*macho.File, io.Closer, error) {
	if !universal {
		mf, err := macho.NewFile(r)
		return mf, nil, err
	}
	ff, err := macho.NewFatFile(r)
	if err != nil {
		return nil, nil, err
	}
	for _, a := range ff.Arches {
		if regs.ArchFromMachO(a.Cpu).String() == slice {
			return a.File, ff, nil
		}
	}
	ff.Close()
	return nil, nil, fmt.Errorf("no slice %q", slice)
}

// MachOUnwind builds the unwind table of a thin Mach-O file (or one slice
// of a universal file) opened with debug/macho; see OpenUnwind. The bytes
// it needs are read now: f may be closed afterwards.
func MachOUnwind(f *macho.File) (*unwind.Table, error) {
	eh, err := machosection.FramesFromFile(f)
	if err != nil {
		return nil, err
	}
	if eh.Data != nil && f.Type == macho.TypeObj {
		if eh.Data, err = relocateEHFrame(f, eh.Data); err != nil {
			return nil, err
		}
	}
	cu, err := machosection.CompactUnwindFromFile(f)
	if err != nil {
		return nil, err
	}
	src := unwind.Sources{
		Arch:          regs.ArchFromMachO(f.Cpu),
		EHFrame:       eh,
		UnwindInfo:    cu.Info,
		TextAddr:      cu.TextAddr,
		CompactUnwind: cu.Object,
	}
	if src.Arch == regs.X86_64 && (cu.Info != nil || cu.Object != nil) {
		src.Code = readCode(f)
	}
	return unwind.New(src)
}

// relocateEHFrame applies the relocations of a Mach-O object's
// __eh_frame to a copy of its bytes, with every section at its address in
// the object: the pc_begin fields, which the assembler writes as the
// difference "function - field" through a SUBTRACTOR + UNSIGNED pair
// (arm64 objects; x86_64 assemblers resolve it themselves). Other
// relocations (personality pointers through the GOT) are left alone.
func relocateEHFrame(f *macho.File, data []byte) ([]byte, error) {
	s := f.Section(machosection.EHFrameSection)
	if s == nil || len(s.Relocs) == 0 {
		return data, nil
	}
	var subtractor, unsigned uint8
	switch f.Cpu {
	case macho.CpuArm64:
		subtractor, unsigned = 1, 0 // ARM64_RELOC_SUBTRACTOR, ARM64_RELOC_UNSIGNED
	case macho.CpuAmd64:
		subtractor, unsigned = 5, 0 // X86_64_RELOC_SUBTRACTOR, X86_64_RELOC_UNSIGNED
	default:
		return data, nil
	}
	out := append([]byte(nil), data...)
	order := f.ByteOrder
	for i := 0; i+1 < len(s.Relocs); i++ {
		sub, uns := s.Relocs[i], s.Relocs[i+1]
		if sub.Type != subtractor || uns.Type != unsigned || sub.Addr != uns.Addr || sub.Scattered || uns.Scattered {
			continue
		}
		i++
		a, ok1 := relocTarget(f, sub)
		b, ok2 := relocTarget(f, uns)
		size := 1 << sub.Len
		if !ok1 || !ok2 || (size != 4 && size != 8) || uint64(sub.Addr)+uint64(size) > uint64(len(out)) {
			return nil, fmt.Errorf("section __TEXT,%s: relocation at offset %#x: bad SUBTRACTOR/UNSIGNED pair", machosection.EHFrameSection, sub.Addr)
		}
		field := out[sub.Addr : int(sub.Addr)+size]
		if size == 4 {
			order.PutUint32(field, order.Uint32(field)+uint32(b-a))
		} else {
			order.PutUint64(field, order.Uint64(field)+b-a)
		}
	}
	return out, nil
}

// relocTarget returns the address a relocation's symbol or section has in
// the object.
func relocTarget(f *macho.File, r macho.Reloc) (uint64, bool) {
	if r.Extern {
		if f.Symtab == nil || int(r.Value) >= len(f.Symtab.Syms) {
			return 0, false
		}
		return f.Symtab.Syms[r.Value].Value, true
	}
	if r.Value == 0 || int(r.Value) > len(f.Sections) {
		return 0, false
	}
	return f.Sections[r.Value-1].Addr, true
}

// codeSections holds a Mach-O file's code sections: an unwind.CodeReader.
type codeSections []codeSection

type codeSection struct {
	addr uint64
	data []byte
}

// machoCode are the section flags that mark code:
// S_ATTR_PURE_INSTRUCTIONS and S_ATTR_SOME_INSTRUCTIONS.
const machoCode = 0x80000000 | 0x00000400

// readCode reads f's code sections; those that cannot be read are left
// out (their STACK_IND entries keep an unknown stack size).
func readCode(f *macho.File) codeSections {
	var cs codeSections
	for _, s := range f.Sections {
		if s.Flags&machoCode == 0 || s.Size == 0 {
			continue
		}
		b, err := s.Data() // debug/macho checks the size against the file
		if err != nil {
			continue
		}
		cs = append(cs, codeSection{s.Addr, b})
	}
	return cs
}

// ReadAt reads code at an address.
func (cs codeSections) ReadAt(p []byte, addr int64) (int, error) {
	for _, s := range cs {
		if addr < 0 || uint64(addr) < s.addr || uint64(addr)-s.addr >= uint64(len(s.data)) {
			continue
		}
		n := copy(p, s.data[uint64(addr)-s.addr:])
		if n < len(p) {
			return n, io.EOF
		}
		return n, nil
	}
	return 0, fmt.Errorf("no code at %#x", addr)
}

// Module describes the ELF executable or shared library, or the thin
// Mach-O image, at path for a walk, loaded with the given bias (runtime
// address - link-time address; 0 for a non-PIE executable): its code
// range, its unwind table (OpenUnwind) and its stack map index (nil when
// it has none). The stack map section stays memory-mapped: Close the
// module when done.
func Module(path string, bias uint64) (*stackwalk.Module, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	id, err := identify(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var m *stackwalk.Module
	switch {
	case id.format == stackmap.FormatELF && !id.universal:
		// The locator checks every header against the file before
		// debug/elf reads it, and reads the CFI sections.
		fs, err := elfsection.ReadFrames(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		ef, err := elf.NewFile(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if m, err = elfModule(ef, fs, path, bias); err != nil {
			return nil, err
		}
	case id.format == stackmap.FormatMachO && !id.universal:
		mf, err := macho.NewFile(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if m, err = machoModule(mf, path, bias); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("%s: a walk module is built from a thin ELF or Mach-O file, not %v", path, id.format)
	}
	of, err := Open(path)
	switch {
	case errors.Is(err, ErrNoSection):
		return m, nil
	case err != nil:
		return nil, err
	}
	ix, err := stackmapIndex(of.Sections[0], path)
	if err != nil {
		of.Close()
		return nil, err
	}
	m.Stackmaps, m.Closer = ix, of
	return m, nil
}

// ModuleFromELF is Module for an ELF file already open; the stack map
// section is read into memory (nothing to Close). name names the module
// in errors.
func ModuleFromELF(ef *elf.File, name string, bias uint64) (*stackwalk.Module, error) {
	frames, err := elfsection.FramesFromFile(ef)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	m, err := elfModule(ef, frames, name, bias)
	if err != nil {
		return nil, err
	}
	sd, err := elfsection.FromFile(ef)
	return withStackmaps(m, sd, err, name)
}

// ModuleFromMachO is Module for a Mach-O file (or a slice of a universal
// file) already open; the sections are read into memory (nothing to
// Close).
func ModuleFromMachO(f *macho.File, name string, bias uint64) (*stackwalk.Module, error) {
	m, err := machoModule(f, name, bias)
	if err != nil {
		return nil, err
	}
	sd, err := machosection.FromFile(f)
	return withStackmaps(m, sd, err, name)
}

func withStackmaps(m *stackwalk.Module, sd *stackmap.SectionData, err error, name string) (*stackwalk.Module, error) {
	switch {
	case errors.Is(err, stackmap.ErrNoSection):
		return m, nil
	case err != nil:
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if m.Stackmaps, err = stackmapIndex(sd, name); err != nil {
		return nil, err
	}
	return m, nil
}

// stackmapIndex parses a stack map section and indexes it.
func stackmapIndex(sd *stackmap.SectionData, name string) (*stackmap.Index, error) {
	sec, err := sd.Parse()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return stackmap.NewIndex(sec), nil
}

// elfModule fills a Module's architecture, code range (the executable
// PT_LOAD segments) and unwind table.
func elfModule(ef *elf.File, frames elfsection.FrameSections, name string, bias uint64) (*stackwalk.Module, error) {
	lo, hi := ^uint64(0), uint64(0)
	for _, p := range ef.Progs {
		if p.Type == elf.PT_LOAD && p.Flags&elf.PF_X != 0 && p.Memsz > 0 {
			lo, hi = min(lo, p.Vaddr), max(hi, p.Vaddr+p.Memsz)
		}
	}
	if lo >= hi {
		return nil, fmt.Errorf("%s: no executable PT_LOAD segment", name)
	}
	if frames.EHFrame.Data == nil && frames.DebugFrame.Data == nil {
		return nil, fmt.Errorf("%s: no .eh_frame or .debug_frame section", name)
	}
	t, err := elfUnwind(ef, frames)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return newModule(name, t, lo, hi, bias)
}

// machoModule fills a Module from a Mach-O file: its code range is that
// of its code sections.
func machoModule(f *macho.File, name string, bias uint64) (*stackwalk.Module, error) {
	lo, hi := ^uint64(0), uint64(0)
	for _, s := range f.Sections {
		if s.Flags&machoCode != 0 && s.Size > 0 {
			lo, hi = min(lo, s.Addr), max(hi, s.Addr+s.Size)
		}
	}
	if lo >= hi {
		return nil, fmt.Errorf("%s: no code section", name)
	}
	t, err := MachOUnwind(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return newModule(name, t, lo, hi, bias)
}

func newModule(name string, t *unwind.Table, lo, hi, bias uint64) (*stackwalk.Module, error) {
	return &stackwalk.Module{Name: name, Arch: t.Arch(), Bias: bias, Start: lo + bias, End: hi + bias, Unwind: t}, nil
}
