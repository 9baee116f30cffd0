package elfsection

import (
	"debug/elf"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// findByScan finds the stack maps of a linked file stripped of its section
// headers (llvm-strip --strip-sections) where no symbol marks them (LLVM's
// __LLVM_StackMaps is a local symbol, gone with .symtab): in the file
// bytes of the PT_LOAD segments that are not executable, at 8-byte
// aligned addresses, it looks for version 3 tables (version 3, reserved
// bytes 0, at least one function and one record), measures each run of
// consecutive tables from their own counts (tablesSize) and confirms it by
// a full parse, in which every function's record count must add up to the
// records' and every record belong to a function. One run found is the
// stack maps; several are refused (they cannot be told apart), and so is
// a run that measures but does not decode (the tables after a damaged one
// would decode alone: a part taken for the whole); none is a nil result. The scan reads each segment once and is linear in its
// size.
func (x *file) findByScan(load loader) (*stackmap.SectionData, []string, error) {
	f := x.f
	type run struct {
		p    *elf.Prog
		off  uint64
		size uint64
	}
	var runs []run
	var scanned []string
	for _, p := range f.Progs {
		if p.Type != elf.PT_LOAD || p.Flags&elf.PF_X != 0 || p.Filesz < 16 {
			continue
		}
		if x.bf != nil {
			if err := x.bf.Need("PT_LOAD segment at "+hex(p.Vaddr), p.Off, p.Filesz); err != nil {
				return nil, nil, err
			}
		}
		b, err := x.readRange(p, 0, min(p.Filesz, maxProbe))
		if err != nil {
			return nil, nil, err
		}
		scanned = append(scanned, "PT_LOAD "+hex(p.Vaddr))
		first := (8 - p.Vaddr%8) % 8
		for off := first; off+16 <= uint64(len(b)); off += 8 {
			if !tableStart(b[off:], f.ByteOrder) {
				continue
			}
			n := tablesSize(b[off:], f.ByteOrder, uint64(len(b))-off)
			if n == 0 {
				continue
			}
			if _, err := stackmap.Parse(b[off:off+n], f.ByteOrder); err != nil {
				// Tables that measure but do not parse: damaged stack maps
				// (or bytes that look like them). The tables after the
				// damaged one would parse alone, a part taken for the
				// whole: refused.
				return nil, scanned, x.err("segment at "+hex(p.Vaddr), int64(p.Off+off), fmt.Errorf("%w: without section headers or a symbol to mark them, stack map tables are looked for in the segments that are not executable; the %d bytes at %#x measure as tables but do not decode: %w", stackmap.ErrNotObject, n, p.Vaddr+off, err))
			}
			runs = append(runs, run{p, off, n})
			off += n - 8 // past the run (the loop adds 8)
		}
	}
	switch len(runs) {
	case 0:
		return nil, scanned, nil
	case 1:
	default:
		var at []string
		for _, r := range runs {
			at = append(at, hex(r.p.Vaddr+r.off))
		}
		return nil, scanned, x.err("segment at "+hex(runs[0].p.Vaddr), int64(runs[0].p.Off+runs[0].off), fmt.Errorf("%w: without section headers or a symbol to mark them, %d runs of stack map tables are found in the read-only segments (at %v): which is the section cannot be told", stackmap.ErrNotObject, len(runs), at))
	}
	r := runs[0]
	var (
		data    []byte
		release func() error
		err     error
	)
	name := "llvm_stackmaps (found in PT_LOAD " + hex(r.p.Vaddr) + ")"
	if load != nil && x.bf != nil {
		data, release, err = load(int64(r.p.Off+r.off), int64(r.size))
		if err != nil {
			err = x.wrap(name, int64(r.p.Off+r.off), err)
		}
	} else {
		data, err = x.readRange(r.p, r.off, r.size)
	}
	if err != nil {
		return nil, scanned, err
	}
	sd, err := x.sectionData(name, -1, r.p.Vaddr+r.off, int64(r.p.Off+r.off), data, release)
	return sd, scanned, err
}

// tableStart reports whether b starts as LLVM writes a version 3 table:
// version 3, the reserved byte and half-word 0, and at least one function
// and one record (a table without them is never emitted).
func tableStart(b []byte, bo interface{ Uint32([]byte) uint32 }) bool {
	return b[0] == 3 && b[1] == 0 && b[2] == 0 && b[3] == 0 && bo.Uint32(b[4:]) > 0 && bo.Uint32(b[12:]) > 0
}
