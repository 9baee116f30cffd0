package elfsection

import (
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/stackmaps/stackmaps/stackmap"
)

// findBySymbols finds the stack maps of a linked file through the symbols
// that mark them (StartSymbol and StopSymbol, or StackMapsSymbol), looked
// up in .symtab, .dynsym, or, in a file without section headers, the
// dynamic symbol table PT_DYNAMIC points at; the bytes are read through
// the PT_LOAD segment that holds them. It returns nil and no error when no
// such symbol is there.
//
// The length: __stop_ - __start_. With __LLVM_StackMaps alone, the
// tables are measured from their own counts (see tablesSize), up to the
// next symbol above it or the end of its segment's bytes in the file.
//
// With section headers, the section's dynamic relocations apply as usual.
// Without them, the dynamic relocations DT_RELA and DT_REL that PT_DYNAMIC
// points at apply (against the dynamic symbol table); packed DT_RELR ones
// have implicit addends, the values already in the file.
func (x *file) findBySymbols(load loader) (*stackmap.SectionData, error) {
	f := x.f
	if f.Type == elf.ET_REL {
		return nil, nil
	}
	syms, err := x.markSymbols()
	if err != nil || syms == nil {
		return nil, err
	}
	start, hasStart := syms.value[StartSymbol]
	stop, hasStop := syms.value[StopSymbol]
	name := "llvm_stackmaps (" + StartSymbol + ")"
	var limit uint64
	switch {
	case hasStart && hasStop:
		if stop < start {
			return nil, x.err(syms.where, syms.at, fmt.Errorf("%w: %s %#x is below %s %#x", stackmap.ErrNotObject, StopSymbol, stop, StartSymbol, start))
		}
	case hasStart != hasStop:
		return nil, x.err(syms.where, syms.at, fmt.Errorf("%w: %s without %s", stackmap.ErrNotObject, map[bool]string{true: StartSymbol, false: StopSymbol}[hasStart], map[bool]string{true: StopSymbol, false: StartSymbol}[hasStart]))
	default:
		var ok bool
		if start, ok = syms.value[StackMapsSymbol]; !ok {
			return nil, nil
		}
		name = StackMapsSymbol
		limit = syms.next(start)
	}
	p, off, avail, err := x.segmentOf(start)
	if err != nil {
		return nil, err
	}
	n := stop - start
	if limit != 0 || !hasStop {
		if limit != 0 && limit-start < avail {
			avail = limit - start
		}
		head, err := x.readRange(p, off, min(avail, maxProbe))
		if err != nil {
			return nil, err
		}
		n = tablesSize(head, f.ByteOrder, avail)
		if n == 0 {
			return nil, x.err("segment at "+hex(p.Vaddr), int64(p.Off+off), fmt.Errorf("%w: no version 3 stack map table at %s (%#x)", stackmap.ErrNotObject, StackMapsSymbol, start))
		}
	}
	if n > avail {
		return nil, x.err("segment at "+hex(p.Vaddr), int64(p.Off), fmt.Errorf("%w: the stack maps at %#x (%d bytes) run past the segment's %d bytes in the file", stackmap.ErrNotObject, start, n, avail))
	}
	var (
		data    []byte
		release func() error
	)
	if load != nil && x.bf != nil {
		data, release, err = load(int64(p.Off+off), int64(n))
		if err != nil {
			err = x.wrap(name, int64(p.Off+off), err)
		}
	} else {
		data, err = x.readRange(p, off, n)
	}
	if err != nil {
		return nil, err
	}
	return x.sectionData(name, -1, start, int64(p.Off+off), data, release)
}

// maxProbe bounds what is read to measure tables from __LLVM_StackMaps
// before the length is known.
const maxProbe = 1 << 30

func hex(v uint64) string { return fmt.Sprintf("%#x", v) }

// segmentOf returns the PT_LOAD segment whose file bytes hold addr, addr's
// offset in it, and how many of its file bytes follow addr.
func (x *file) segmentOf(addr uint64) (*elf.Prog, uint64, uint64, error) {
	for _, p := range x.f.Progs {
		if p.Type != elf.PT_LOAD || addr < p.Vaddr || addr-p.Vaddr >= p.Filesz {
			continue
		}
		if x.bf != nil {
			if err := x.bf.Need("PT_LOAD segment at "+hex(p.Vaddr), p.Off, p.Filesz); err != nil {
				return nil, 0, 0, err
			}
		}
		off := addr - p.Vaddr
		return p, off, p.Filesz - off, nil
	}
	return nil, 0, 0, x.err("program headers", x.h.phoff, fmt.Errorf("%w: no PT_LOAD segment holds the stack maps' address %#x in the file", stackmap.ErrNotObject, addr))
}

// readRange reads n bytes at offset off of segment p into memory. With
// the file's size known, n was checked against it; otherwise the buffer
// grows only as bytes arrive.
func (x *file) readRange(p *elf.Prog, off, n uint64) ([]byte, error) {
	data, err := io.ReadAll(io.NewSectionReader(p, int64(off), int64(n)))
	if err == nil && uint64(len(data)) < n {
		err = fmt.Errorf("%w: %d bytes, the segment has %d", stackmap.ErrNotObject, n, len(data))
	}
	if err != nil {
		return nil, x.wrap("segment at "+hex(p.Vaddr), int64(p.Off+off), err)
	}
	return data, nil
}

// marks are the values of the symbols that mark the stack maps, and the
// sorted addresses of all defined symbols of the table they came from (to
// bound __LLVM_StackMaps).
type marks struct {
	value map[string]uint64
	addrs []uint64 // sorted, of every defined symbol
	where string   // the table, for errors
	at    int64    // the table's file offset, for errors
}

// next returns the lowest symbol address above a, 0 when none.
func (m *marks) next(a uint64) uint64 {
	for _, v := range m.addrs {
		if v > a {
			return v
		}
	}
	return 0
}

// markSymbols looks the marking symbols up in .symtab, then .dynsym, then
// (no section headers) the dynamic symbol table. It returns nil when no
// table has any of them.
func (x *file) markSymbols() (*marks, error) {
	kept := false
	for _, typ := range []elf.SectionType{elf.SHT_SYMTAB, elf.SHT_DYNSYM} {
		syms, err := x.symbols(typ)
		if errors.Is(err, elf.ErrNoSymbols) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if !kept {
			// The first table read, .symtab if there is one, is what
			// functionSymbols reads.
			x.keep(typ, syms)
			kept = true
		}
		m := &marks{value: map[string]uint64{}, where: typ.String(), at: -1}
		if s := x.f.SectionByType(typ); s != nil {
			m.at = int64(s.Offset)
		}
		for _, s := range syms {
			x.addMark(m, s.Name, s.Value, s.Section != elf.SHN_UNDEF)
		}
		if len(m.value) > 0 {
			slices.Sort(m.addrs)
			return m, nil
		}
	}
	if len(x.f.Sections) > 0 {
		return nil, nil
	}
	return x.dynamicMarks()
}

// addMark records a symbol in m.
func (x *file) addMark(m *marks, name string, value uint64, defined bool) {
	if !defined {
		return
	}
	switch name {
	case StackMapsSymbol:
		// Each object's section starts with one (a local symbol): the
		// lowest starts the merged tables, and the others bound nothing.
		if v, ok := m.value[name]; !ok || value < v {
			m.value[name] = value
		}
		return
	case StartSymbol, StopSymbol:
		m.value[name] = value
	}
	m.addrs = append(m.addrs, value)
}
