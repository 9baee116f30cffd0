package elfsection

import (
	"debug/elf"
	"encoding/binary"
	"sort"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/stackmap"
)

// relocateFrame applies the relocations of call frame section index of a
// relocatable object to cfg.Data, every section taken to be at address 0
// (see File.Frames). It uses the engine that relocates
// .llvm_stackmaps (target.apply, with the frame relocation types), then
// writes the values into the section's bytes (target.put), which frames
// read into a buffer of their own (debug/elf's Data, or an inflated copy).
//
// It returns the code section of each entry whose relocations point into
// one (see EntrySections).
func (x *file) relocateFrame(index int, cfg *cfi.Config) (EntrySections, error) {
	f := x.f
	t := newTarget(f, index, 0, cfg.Data, true)
	t.frame = true
	for i, rs := range f.Sections {
		if (rs.Type != elf.SHT_RELA && rs.Type != elf.SHT_REL) || int(rs.Info) != index {
			continue
		}
		relocs, err := x.readRelocs(i)
		if err != nil {
			return nil, err
		}
		if err := applyAll(relocs, true, t); err != nil {
			return nil, err // a *stackmap.RelocationError, as relocate gives
		}
	}
	for off, fx := range t.fix {
		t.put(off, fx.Size, fx.Value) // apply checked the field is in the section
	}
	cfg.Addr = 0
	return entrySections(cfg.Data, x.f.ByteOrder, t.fixups()), nil
}

// EntrySections gives the entries (FDEs) of a relocated call frame section
// of an object the code section they describe, sorted by entry offset.
//
// In an object built with function sections, every function is at offset
// 0 of its own section, so every FDE's pc_begin relocates to a small
// offset and several FDEs cover the same pc: the FDE of a function is the
// one whose pc_begin relocation points into the function's section
// (stackmap.Function.CodeSection). An entry's section is that of the
// first relocation in it whose symbol is defined in a code section: an
// FDE's pc_begin comes before its other relocated fields (its LSDA, which
// points into data, and RISC-V's label differences, which point into the
// same code section).
type EntrySections []EntrySection

// EntrySection is one entry of EntrySections.
type EntrySection struct {
	Offset uint64               // section offset of the entry's length field (cfi.FDE.Offset)
	Code   stackmap.CodeSection // the code section the entry's relocations point into
}

// Section returns the code section of the entry at section offset off.
func (es EntrySections) Section(off uint64) (stackmap.CodeSection, bool) {
	i := sort.Search(len(es), func(i int) bool { return es[i].Offset >= off })
	if i < len(es) && es[i].Offset == off {
		return es[i].Code, true
	}
	return stackmap.CodeSection{}, false
}

// NumSections returns the number of distinct code sections the entries
// describe: more than one in objects built with function sections.
func (es EntrySections) NumSections() int {
	seen := make(map[int]bool, len(es))
	for _, e := range es {
		seen[e.Code.Index] = true
	}
	return len(seen)
}

// entrySections walks the entries of a relocated call frame section by
// their length fields (32-bit, or 0xffffffff and a 64-bit length) and
// gives each the code section of its first code relocation; fixups are
// sorted by offset. The walk stops at an entry that does not fit: cfi
// reports it when the entry is decoded.
func entrySections(data []byte, bo binary.ByteOrder, fixups []stackmap.Fixup) EntrySections {
	var out EntrySections
	j := 0
	for off := uint64(0); off+4 <= uint64(len(data)) && j < len(fixups); {
		size := uint64(bo.Uint32(data[off:]))
		end := off + 4 + size
		if size == 0xffffffff {
			if off+12 > uint64(len(data)) {
				break
			}
			size = bo.Uint64(data[off+4:])
			if size > uint64(len(data)) {
				break
			}
			end = off + 12 + size
		}
		if end > uint64(len(data)) {
			break
		}
		for j < len(fixups) && uint64(fixups[j].Offset) < off {
			j++
		}
		for ; j < len(fixups) && uint64(fixups[j].Offset) < end; j++ {
			if fixups[j].Code.Known() {
				out = append(out, EntrySection{Offset: off, Code: fixups[j].Code})
				break
			}
		}
		off = end
	}
	return out
}
