package main

import (
	"encoding/binary"
	"fmt"

	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/ppc64/ppc64asm"
	"golang.org/x/arch/riscv64/riscv64asm"
	"golang.org/x/arch/s390x/s390xasm"
	"golang.org/x/arch/x86/x86asm"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// insn is one decoded instruction.
type insn struct {
	text string // GNU (objdump) syntax
	len  int
	call bool // a call: the instruction after it is a return address

	target    uint64 // pc-relative branch or call target (x86_64, AArch64)
	hasTarget bool
	pcRel     bool // text depends on the address (x86_64: a pc-relative operand)
}

// decodeInsn decodes the instruction at the start of code, whose address is
// pc. It reports false when the bytes are not a valid instruction. The
// text is formatted only when text is set: walking a function to an
// instruction needs lengths alone.
//
// Some golang.org/x/arch decoders (s390xasm) panic on bytes they do not
// expect; such a panic is turned into "not an instruction" so that no input
// makes the tool panic.
func decodeInsn(arch regs.Arch, order binary.ByteOrder, code []byte, pc uint64, text bool) (in insn, ok bool) {
	defer func() {
		if recover() != nil {
			in, ok = insn{}, false
		}
	}()
	return decodeArch(arch, order, code, pc, text)
}

// decodeArch is decodeInsn without the panic guard.
func decodeArch(arch regs.Arch, order binary.ByteOrder, code []byte, pc uint64, text bool) (insn, bool) {
	switch arch {
	case regs.X86_64:
		if !text {
			if n, call, ok := x86Len(code); ok {
				return insn{len: n, call: call}, true
			}
		}
		in, err := x86asm.Decode(code, 64)
		if err != nil {
			return insn{}, false
		}
		i := insn{len: in.Len, call: in.Op == x86asm.CALL}
		if text {
			i.text = x86asm.GNUSyntax(in, pc, nil)
			if r, ok := in.Args[0].(x86asm.Rel); ok {
				i.target, i.hasTarget = pc+uint64(in.Len)+uint64(int64(r)), true
			}
			for _, a := range in.Args {
				if _, ok := a.(x86asm.Rel); ok {
					i.pcRel = true
				}
			}
		}
		return i, true
	case regs.AArch64:
		in, err := arm64asm.Decode(code)
		if err != nil {
			return insn{}, false
		}
		i := insn{len: 4, call: in.Op == arm64asm.BL || in.Op == arm64asm.BLR}
		if text {
			i.text = arm64asm.GNUSyntax(in)
			if r, ok := in.Args[0].(arm64asm.PCRel); ok {
				i.target, i.hasTarget = pc+uint64(int64(r)), true
			}
		}
		return i, true
	case regs.PPC64, regs.PPC64LE, regs.PPC32:
		in, err := ppc64asm.Decode(code, order)
		if err != nil || in.Len == 0 {
			return insn{}, false
		}
		i := insn{len: in.Len}
		switch in.Op.String() {
		case "bl", "bla", "bcl", "bcla", "bclrl", "bcctrl", "bctarl":
			i.call = true
		}
		if text {
			i.text = ppc64asm.GNUSyntax(in, pc)
		}
		return i, true
	case regs.RISCV64:
		in, err := riscv64asm.Decode(code)
		if err != nil || in.Len == 0 {
			return insn{}, false
		}
		call := in.Op == riscv64asm.C_JALR ||
			(in.Op == riscv64asm.JAL || in.Op == riscv64asm.JALR) && len(in.Args) > 0 && in.Args[0] == riscv64asm.X1
		i := insn{len: in.Len, call: call}
		if text {
			i.text = riscvABINames(riscv64asm.GNUSyntax(in))
		}
		return i, true
	case regs.S390X:
		in, err := s390xasm.Decode(code)
		if err != nil || in.Len == 0 {
			return insn{}, false
		}
		i := insn{len: in.Len}
		switch in.Op.String() {
		case "brasl", "bras", "basr", "bas":
			i.call = true
		}
		if text {
			i.text = s390xasm.GNUSyntax(in, pc)
		}
		return i, true
	}
	return insn{}, false
}

// minInsnLen is the step to skip bytes that do not decode.
func minInsnLen(arch regs.Arch) int {
	switch arch {
	case regs.X86_64:
		return 1
	case regs.RISCV64, regs.S390X:
		return 2
	}
	return 4
}

// disasmAt decodes a function's code (entry at address entry) from its
// start to the instruction at offset off, as variable-length instruction
// sets need: it returns the instruction that ends exactly at off (prev,
// when one does) and the instruction at off (at).
func disasmAt(arch regs.Arch, order binary.ByteOrder, code []byte, entry uint64, off uint32) (prev, at insn, hasPrev, hasAt bool) {
	var w codeWalk
	return w.at(arch, order, code, entry, off)
}

// codeWalk decodes a function's instructions from its start, and
// remembers how far it got: the records of a function come in increasing
// offset order, so each walk carries on from the last instead of starting
// again, and --disasm costs one decode of each instruction up to the last
// record. Instruction boundaries depend only on the bytes before them, so
// carrying on finds exactly the boundaries a fresh walk would. Text is
// formatted only for what is printed: the instruction at the offset, and
// the one before it when it is a call; the instruction formatted at the
// last offset is kept, as the next walk starts with it.
type codeWalk struct {
	code      []byte // the function's code the walk is over (nil: none yet)
	p         int    // the boundary reached
	steps     int    // instructions stepped over so far
	lastStart int    // start of the instruction that ends at p
	last      insn   // that instruction (without text)
	lastOK    bool   // whether it decoded

	atPos int  // where at was decoded, -1 for nowhere
	atIn  insn // the instruction decoded with text at atPos
	atOK  bool

	texts *insnTexts // formatted instructions, kept from function to function (nil: none)
}

// decodeText decodes the instruction at p with its text, reusing the last
// one decoded at the same place.
func (w *codeWalk) decodeText(arch regs.Arch, order binary.ByteOrder, entry uint64, p int) (insn, bool) {
	if w.atPos != p {
		if w.texts != nil {
			w.atIn, w.atOK = w.texts.decode(arch, order, w.code[p:], entry+uint64(p))
		} else {
			w.atIn, w.atOK = decodeInsn(arch, order, w.code[p:], entry+uint64(p), true)
		}
		w.atPos = p
	}
	return w.atIn, w.atOK
}

// at is disasmAt, carrying on from the walk's last position when code is
// the same function's and off is not before it. prev has its text only
// when it is a call (the only case writeDisasm prints it).
func (w *codeWalk) at(arch regs.Arch, order binary.ByteOrder, code []byte, entry uint64, off uint32) (prev, at insn, hasPrev, hasAt bool) {
	same := len(code) > 0 && len(w.code) == len(code) && &w.code[0] == &code[0]
	if !same || w.p > int(off) {
		*w = codeWalk{code: code, atPos: -1, texts: w.texts}
	}
	for w.p < int(off) && w.p < len(code) {
		var in insn
		var ok bool
		if w.atPos == w.p {
			in, ok = w.atIn, w.atOK
		} else {
			in, ok = decodeInsn(arch, order, code[w.p:], entry+uint64(w.p), false)
		}
		if !ok || in.len <= 0 { // never loop forever on a decoder's zero length
			in, ok = insn{len: minInsnLen(arch)}, false
		}
		w.lastStart, w.last, w.lastOK = w.p, in, ok
		w.p += in.len
		w.steps++
	}
	if w.steps > 0 && w.lastOK && w.p == int(off) {
		prev, hasPrev = insn{len: w.last.len, call: w.last.call}, true
		if prev.call {
			prev, hasPrev = w.decodeText(arch, order, entry, w.lastStart)
		}
	}
	if w.p == int(off) && w.p < len(code) {
		at, hasAt = w.decodeText(arch, order, entry, w.p)
	}
	return prev, at, hasPrev, hasAt
}

// writeDisasm prints, under a record, the call just before it (when the
// record is at a return address) and the instruction at its address.
func writeDisasm(w *outBuf, tv *tableView, rv recordView, code *codeFile) {
	if !rv.HasAddress() {
		w.WriteString("      (no code: the record's function is unknown)\n")
		return
	}
	fi := &tv.Funcs[rv.Func]
	bytes, err := code.functionCode(tv.SD, tv.Table, fi, len(tv.Funcs))
	if err != nil {
		fmt.Fprintf(w, "      (no code: %v)\n", err)
		return
	}
	prev, at, hasPrev, hasAt := code.walk.at(tv.SD.Arch, tv.SD.ByteOrder, bytes, fi.Entry(), rv.InstOffset)
	if hasPrev && prev.call {
		writeInsnLine(w, "      call   ", rv.Address-uint64(prev.len), prev, code, fi, rv)
	}
	if hasAt {
		writeInsnLine(w, "      insn   ", rv.Address, at, code, fi, rv)
	} else {
		w.WriteString("      insn   ")
		writeHex(w, rv.Address)
		w.WriteString(": (no instruction starts here)\n")
	}
}

// writeInsnLine prints one instruction of writeDisasm's, at address addr,
// with the name of its branch target when it has one.
func writeInsnLine(w *outBuf, label string, addr uint64, in insn, code *codeFile, fi *stackmap.Function, rv recordView) {
	w.WriteString(label)
	writeHex(w, addr)
	w.WriteString(": ")
	w.WriteString(in.text)
	if in.hasTarget {
		code.writeTargetName(w, fi.Entry()+(addr-rv.Address)+uint64(rv.InstOffset), uint64(in.len), in.target)
	}
	w.WriteByte('\n')
}
