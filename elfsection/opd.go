package elfsection

import (
	"debug/elf"

	"github.com/stackmaps/stackmaps/stackmap"
)

// descriptorSize is the size of a PowerPC64 ELFv1 function descriptor:
// entry address, TOC pointer, environment pointer.
const descriptorSize = 24

// opdSection returns the index of .opd when f is a PowerPC64 ELFv1 file
// (ELFv2 files have no .opd), or 0.
func opdSection(f *elf.File) int {
	if f.Machine != elf.EM_PPC64 {
		return 0
	}
	for i, s := range f.Sections {
		if s.Name == ".opd" && s.Type == elf.SHT_PROGBITS {
			return i
		}
	}
	return 0
}

// entries maps each descriptor of .opd (one every 24 bytes, and one at
// every symbol value in syms, the values of the symbols defined in .opd)
// to its first doubleword once relocated: the function's code entry.
func (t *target) entries(syms []uint64) map[uint64]uint64 {
	out := make(map[uint64]uint64)
	add := func(off uint64) {
		if off > uint64(len(t.data)) || uint64(len(t.data))-off < 8 {
			return
		}
		out[t.addr+off] = t.current(int(off), 8)
	}
	for off := uint64(0); off+descriptorSize <= uint64(len(t.data)); off += descriptorSize {
		add(off)
	}
	for _, v := range syms {
		// In objects symbol values are offsets in .opd (t.addr is 0); in
		// linked files, addresses.
		if v >= t.addr && (v-t.addr)%8 == 0 {
			add(v - t.addr)
		}
	}
	return out
}

// entryCode maps each descriptor of .opd whose entry field is relocated
// against a code section (relocatable objects) to that section: with
// function sections, entries are offsets in different sections.
func (t *target) entryCode() map[uint64]stackmap.CodeSection {
	var out map[uint64]stackmap.CodeSection
	for off, fx := range t.fix {
		if fx.Size == 8 && fx.Code.Known() {
			if out == nil {
				out = make(map[uint64]stackmap.CodeSection)
			}
			out[t.addr+uint64(off)] = fx.Code
		}
	}
	return out
}
