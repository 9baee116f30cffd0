package disasm

import (
	"encoding/binary"

	"github.com/stackmaps/stackmaps/regs"
)

// Site is what the code says at a stack map record: the instruction at
// the record's offset and, when the record is at a return address, the
// call that ends there.
type Site struct {
	Call    Inst // the call ending at the record's offset, when HasCall
	HasCall bool
	At      Inst // the instruction at the record's offset, when HasAt
	HasAt   bool // false: no instruction starts at the offset
}

// Walker finds the instructions at records, decoding a function's code
// from its start as variable-length instruction sets need. The zero
// value is ready to use; a Walker is not safe for concurrent use.
//
// A Walker remembers how far it got: the records of a function come in
// increasing offset order, so each Site carries on from the last instead
// of starting again, and a function costs one decode of each instruction
// up to its last record. Instruction boundaries depend only on the bytes
// before them, so carrying on finds exactly the boundaries a fresh walk
// would. Text is formatted only for what Site returns, and the texts of
// x86_64 instructions without a pc-relative operand are kept from
// function to function (a bounded cache): the code around records
// repeats.
type Walker struct {
	code      []byte // the function's code the walk is over (nil: none yet)
	p         int    // the boundary reached
	steps     int    // instructions stepped over so far
	lastStart int    // start of the instruction that ends at p
	last      Inst   // that instruction (without text)
	lastOK    bool   // whether it decoded

	atPos int  // where at was decoded, -1 for nowhere
	atIn  Inst // the instruction decoded with text at atPos
	atOK  bool

	texts *insnTexts // formatted instructions, kept from function to function (nil: none)
}

// Site returns the instructions at offset off of c's code, with their
// targets named by c.Namer.
func (w *Walker) Site(c *Code, off uint32) Site {
	if w.texts == nil {
		w.texts = &insnTexts{}
	}
	prev, at, hasPrev, hasAt := w.at(c.Arch, c.Order, c.Bytes, c.Entry, off)
	var s Site
	if hasPrev && prev.Call {
		s.Call, s.HasCall = prev, true
		c.name(&s.Call, c.Entry+uint64(off)-uint64(prev.Len))
	}
	if hasAt {
		s.At, s.HasAt = at, true
		c.name(&s.At, c.Entry+uint64(off))
	}
	return s
}

// instsAt decodes a function's code (entry at address entry) from its
// start to the instruction at offset off: it returns the instruction that
// ends exactly at off (prev, when one does) and the instruction at off
// (at).
func instsAt(arch regs.Arch, order binary.ByteOrder, code []byte, entry uint64, off uint32) (prev, at Inst, hasPrev, hasAt bool) {
	var w Walker
	return w.at(arch, order, code, entry, off)
}

// decodeText decodes the instruction at p with its text, reusing the last
// one decoded at the same place.
func (w *Walker) decodeText(arch regs.Arch, order binary.ByteOrder, entry uint64, p int) (Inst, bool) {
	if w.atPos != p {
		if w.texts != nil {
			w.atIn, w.atOK = w.texts.decode(arch, order, w.code[p:], entry+uint64(p))
		} else {
			w.atIn, w.atOK = decode(arch, order, w.code[p:], entry+uint64(p), true)
		}
		w.atPos = p
	}
	return w.atIn, w.atOK
}

// at is instsAt, carrying on from the walk's last position when code is
// the same function's and off is not before it. prev has its text only
// when it is a call (the only case Site returns it).
func (w *Walker) at(arch regs.Arch, order binary.ByteOrder, code []byte, entry uint64, off uint32) (prev, at Inst, hasPrev, hasAt bool) {
	same := len(code) > 0 && len(w.code) == len(code) && &w.code[0] == &code[0]
	if !same || w.p > int(off) {
		*w = Walker{code: code, atPos: -1, texts: w.texts}
	}
	for w.p < int(off) && w.p < len(code) {
		var in Inst
		var ok bool
		if w.atPos == w.p {
			in, ok = w.atIn, w.atOK
		} else {
			in, ok = decode(arch, order, code[w.p:], entry+uint64(w.p), false)
		}
		if !ok || in.Len <= 0 { // never loop forever on a decoder's zero length
			in, ok = Inst{Len: minInstLen(arch)}, false
		}
		w.lastStart, w.last, w.lastOK = w.p, in, ok
		w.p += in.Len
		w.steps++
	}
	if w.steps > 0 && w.lastOK && w.p == int(off) {
		prev, hasPrev = Inst{Len: w.last.Len, Call: w.last.Call}, true
		if prev.Call {
			prev, hasPrev = w.decodeText(arch, order, entry, w.lastStart)
		}
	}
	if w.p == int(off) && w.p < len(code) {
		at, hasAt = w.decodeText(arch, order, entry, w.p)
	}
	return prev, at, hasPrev, hasAt
}
