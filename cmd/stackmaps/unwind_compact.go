package main

import (
	"fmt"
	"math"

	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/objfile"
)

// compactRow returns the row of the compact unwind entry covering pc (a
// Mach-O record no FDE covers): __unwind_info in images, __compact_unwind
// in objects. An entry with encoding 0 says the function has none: false.
// DWARF-mode entries give the row of the __eh_frame FDE they name; x86_64
// STACK_IND entries read the stack size from the function's code (left
// unknown when it cannot be read). An encoding the architecture does not
// define, or a DWARF-mode FDE that does not decode, sets s.err.
func (s *unwindSource) compactRow(rv recordView, pc uint64) (unwindRow, bool) {
	var (
		enc     compactunwind.Encoding
		section string
		start   uint64
	)
	switch cu := s.compact; {
	case cu.Info != nil:
		if pc < cu.TextAddr || pc-cu.TextAddr > math.MaxUint32 {
			return unwindRow{}, false
		}
		e, ok := cu.Info.Lookup(uint32(pc - cu.TextAddr))
		if !ok {
			return unwindRow{}, false
		}
		enc, section, start = e.Encoding, "__unwind_info", cu.TextAddr+uint64(e.FunctionOffset)
	case cu.Object != nil:
		e, ok := cu.Object.Lookup(pc)
		if !ok {
			return unwindRow{}, false
		}
		enc, section, start = e.Encoding, "__compact_unwind", e.Function
	default:
		return unwindRow{}, false
	}
	if enc == 0 {
		return unwindRow{}, false
	}
	fail := func(err error) (unwindRow, bool) {
		if s.err == nil {
			s.err = fmt.Errorf("--unwind: record at %#x: %s: %w", rv.Address, section, err)
		}
		return unwindRow{}, false
	}
	rule, err := compactunwind.Interpret(s.arch, enc)
	if err != nil {
		return fail(err)
	}
	ur := unwindRow{pc: pc, section: section, hasEncoding: true, encoding: enc, rule: rule}
	switch rule.Kind {
	case compactunwind.KindDWARF:
		if s.eh == nil {
			return fail(fmt.Errorf("encoding %#08x names the __eh_frame FDE at %#x, but the file has no __eh_frame", uint32(enc), rule.DWARFOffset))
		}
		fde, err := s.eh.ParseFDE(uint64(rule.DWARFOffset))
		if err != nil {
			return fail(fmt.Errorf("encoding %#08x: __eh_frame: %w", uint32(enc), err))
		}
		row, err := s.eh.FDERow(&fde, pc, &s.u)
		if err != nil {
			return fail(fmt.Errorf("encoding %#08x: __eh_frame: %w", uint32(enc), err))
		}
		ur.row, ur.section, ur.fdeOffset = row, "__eh_frame", fde.Offset
	case compactunwind.KindStackIndirect:
		if code := s.code.at(start, uint64(rule.StackSizeCodeOffset)+4); code != nil {
			if r, err := rule.ResolveStackIndirect(code); err == nil {
				ur.rule = r
			}
		}
	}
	return ur, true
}

// codeReader reads function code from a Mach-O file (or a universal
// file's slice) when an x86_64 STACK_IND entry needs its stack size,
// through the file opened once (objfile.File.Code).
type codeReader struct {
	img *objfile.File
}

// at returns n bytes of code at addr, nil if no code section of the file
// holds them all (or the file cannot be read).
func (c *codeReader) at(addr, n uint64) []byte {
	if c == nil || c.img == nil || n > 1<<20 {
		return nil
	}
	b, err := c.img.Code(addr, int(n))
	if err != nil || uint64(len(b)) != n {
		return nil
	}
	return b
}

// machoCodeSection are the section flags that mark code:
// S_ATTR_PURE_INSTRUCTIONS and S_ATTR_SOME_INSTRUCTIONS.
const machoCodeSection = 0x80000000 | 0x00000400
