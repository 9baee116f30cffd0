package elfsection

import (
	"debug/elf"
	"encoding/binary"
	"sort"

	"github.com/stackmaps/stackmaps/stackmap"
)

// target is a section relocations are applied to: the stack map section,
// or .opd on PowerPC64 ELFv1. Values are never written into data; they
// are collected as fixups.
type target struct {
	machine elf.Machine
	index   elf.SectionIndex // the section's index in the file
	addr    uint64           // what r_offset counts from: 0 in objects, the section's address in linked files
	data    []byte
	bo      binary.ByteOrder
	strict  bool // fail on relocation types this package does not apply (false: skip them)
	frame   bool // a call frame section: classifyFrame's types apply too
	fix     map[int]*stackmap.Fixup
}

func newTarget(f *elf.File, index int, addr uint64, data []byte, strict bool) *target {
	return &target{machine: f.Machine, index: elf.SectionIndex(index), addr: addr, data: data,
		bo: f.ByteOrder, strict: strict, fix: make(map[int]*stackmap.Fixup)}
}

// contains reports whether address (or section offset) a lies in the
// section.
func (t *target) contains(a uint64) bool { return a >= t.addr && a-t.addr < uint64(len(t.data)) }

// stored returns the field's value as the file holds it.
func (t *target) stored(off, size int) uint64 {
	switch size {
	case 1:
		return uint64(t.data[off])
	case 2:
		return uint64(t.bo.Uint16(t.data[off:]))
	case 4:
		return uint64(t.bo.Uint32(t.data[off:]))
	}
	return t.bo.Uint64(t.data[off:])
}

// put writes v into the field, as stored reads it (relocateFrame: call
// frame sections are relocated in place).
func (t *target) put(off, size int, v uint64) {
	switch size {
	case 1:
		t.data[off] = byte(v)
	case 2:
		t.bo.PutUint16(t.data[off:], uint16(v))
	case 4:
		t.bo.PutUint32(t.data[off:], uint32(v))
	default:
		t.bo.PutUint64(t.data[off:], v)
	}
}

// current returns the field's value: a fixup's if an earlier relocation
// set one, else the stored one.
func (t *target) current(off, size int) uint64 {
	if fx, ok := t.fix[off]; ok {
		return fx.Value
	}
	return t.stored(off, size)
}

// apply applies relocation r of rs to the section.
func (t *target) apply(rs *relocSection, r reloc) error {
	k := classify(t.machine, r.typ)
	if t.frame {
		k = classifyFrame(t.machine, r.typ)
	}
	switch k {
	case kindNone, kindIgnored:
		return nil
	case kindUnknown:
		if !t.strict {
			return nil
		}
		if t.frame {
			return rs.fail(r, "the type is not one this package applies to a call frame section")
		}
		return rs.fail(r, "the type does not apply to a stack map section")
	}
	size := k.size()
	if !t.contains(r.off) || len(t.data) < size || r.off-t.addr > uint64(len(t.data)-size) {
		return rs.fail(r, "%d-byte field at 0x%x is outside the section (0x%x bytes from 0x%x)", size, r.off, len(t.data), t.addr)
	}
	off := int(r.off - t.addr)
	sym, hasSym, err := rs.symbol(r)
	if err != nil {
		return err
	}
	addend := r.addend
	if !r.rela { // REL: the addend is stored in the field
		addend = int64(t.stored(off, size))
		if size == 4 {
			addend = int64(int32(addend))
		}
	}
	fx := stackmap.Fixup{Offset: off, Size: size, Addend: addend}
	sa := uint64(addend) // S + A
	if hasSym {
		sa += sym.Value
	}
	switch k {
	case kindRelative:
		fx.Value = uint64(addend)
	case kindAdd8, kindAdd16, kindAdd32, kindAdd64:
		fx.Value, fx.Addend = t.current(off, size)+sa, 0
	case kindSub8, kindSub16, kindSub32, kindSub64:
		fx.Value, fx.Addend = t.current(off, size)-sa, 0
	case kindSet6:
		fx.Value, fx.Addend = t.current(off, size)&^0x3f|sa&0x3f, 0
	case kindSub6:
		cur := t.current(off, size)
		fx.Value, fx.Addend = cur&^0x3f|(cur-sa)&0x3f, 0
	case kindPC32, kindPC64:
		// P is the field's address: its section offset in an object,
		// whose sections are all taken to be at 0.
		fx.Value, fx.Addend = sa-r.off, 0
	default: // absolute: S + A
		if hasSym {
			fx.Value = sym.Value + uint64(addend)
			fx.Symbol, fx.Addend = rs.name(sym, addend)
		} else {
			fx.Value = uint64(addend)
		}
	}
	if size < 8 {
		fx.Value &= 1<<(8*size) - 1
	}
	if hasSym && rs.f.Type == elf.ET_REL {
		fx.Code = rs.codeSection(sym)
	}
	if old, ok := t.fix[off]; ok && !fx.Code.Known() {
		fx.Code = old.Code // the second of a RISC-V ADD/SUB pair may name no code
	}
	t.fix[off] = &fx
	return nil
}

// name returns the name and addend a relocation against sym with addend
// means: a section symbol plus an offset is the function defined there.
func (rs *relocSection) name(sym elf.Symbol, addend int64) (string, int64) {
	if elf.ST_TYPE(sym.Info) != elf.STT_SECTION {
		return sym.Name, addend
	}
	if fn, ok := rs.function(sym.Section, sym.Value+uint64(addend)); ok {
		return fn.Name, 0
	}
	name := sym.Name
	if name == "" && int(sym.Section) < len(rs.f.Sections) {
		name = rs.f.Sections[sym.Section].Name // section symbols usually have no name of their own
	}
	return name, addend
}

// codeSection returns the code section sym is defined in: the section
// with SHF_EXECINSTR its st_shndx names, or the zero CodeSection (an
// undefined, absolute or common symbol, or one in data, such as a
// 64-bit PowerPC ELFv1 function descriptor in .opd). Only relocatable
// objects use it: in linked files values are addresses.
func (rs *relocSection) codeSection(sym elf.Symbol) stackmap.CodeSection {
	i := int(sym.Section)
	if sym.Section == elf.SHN_UNDEF || sym.Section >= elf.SHN_LORESERVE || i >= len(rs.f.Sections) {
		return stackmap.CodeSection{}
	}
	if s := rs.f.Sections[i]; s.Flags&elf.SHF_EXECINSTR != 0 {
		return stackmap.CodeSection{Index: i, Name: s.Name}
	}
	return stackmap.CodeSection{}
}

// fixups returns the collected fixups sorted by offset.
func (t *target) fixups() []stackmap.Fixup {
	if len(t.fix) == 0 {
		return nil
	}
	out := make([]stackmap.Fixup, 0, len(t.fix))
	for _, fx := range t.fix {
		out = append(out, *fx)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	return out
}

// applyAll applies every relocation of rs that falls in one of the
// targets; with object set (relocatable files) every relocation must.
func applyAll(rs *relocSection, object bool, targets ...*target) error {
	for _, r := range rs.relocs {
		hit := false
		for _, t := range targets {
			if t != nil && t.contains(r.off) {
				if err := t.apply(rs, r); err != nil {
					return err
				}
				hit = true
				break
			}
		}
		if object && !hit && classify(rs.f.Machine, r.typ) != kindNone {
			return rs.fail(r, "offset is outside %s (0x%x bytes)", rs.f.Sections[rs.sec.Info].Name, len(targets[0].data))
		}
	}
	return nil
}
