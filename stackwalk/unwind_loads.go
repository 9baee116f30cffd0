package stackwalk

import (
	"encoding/binary"
	"fmt"
)

// unwindLoads is unwindRecipe for a recipe whose moves all load a saved
// register from the stack (loadsOnly), with Config.Memory a
// stackmap.Memory: the step most frames take, without unwindRecipe's
// per-move choice of kind, its record of which moves gave a value, or its
// checks of a stack pointer or return address the recipe may not give.
// A save slot outside the memory hands the frame to unwindRecipe, which
// reads it through Walker.load or says why it cannot.
func (w *Walker) unwindLoads(e *recipe) (uint64, bool) {
	fr, s := &w.fr, w.cs
	cfa := fr.CFA
	data, base := w.flat.Data, w.flat.Addr
	moves := e.moves[:min(int(e.nmoves), maxMoves)]
	vals := &w.moveVals
	for i, mv := range moves {
		off := cfa + uint64(int64(mv.off)) - base
		if off >= uint64(len(data)) || uint64(len(data))-off < 8 {
			return w.unwindRecipe(e)
		}
		if w.big {
			vals[i] = binary.BigEndian.Uint64(data[off : off+8])
		} else {
			vals[i] = binary.LittleEndian.Uint64(data[off : off+8])
		}
	}
	ra := vals[e.raMove]
	if ra == 0 {
		w.end = EndReturnAddress
		return 0, false
	}
	// The caller's stack pointer is the CFA, and it must be above the
	// callee's (only the innermost frame may have no frame of its own).
	sp := uint64(w.abi.sp) & (MaxRegs - 1)
	nsp := cfa - w.abi.spBelowCFA
	if s.known[sp/64]&(1<<(sp%64)) != 0 {
		if osp := s.val[sp]; nsp < osp || (nsp == osp && fr.Index > 0) {
			w.fail(fr.Index, fr.PC, 0, fmt.Sprintf("caller's stack pointer %#x, callee's %#x", nsp, osp), ErrNoProgress)
			return 0, false
		}
	}
	for k := range s.known {
		s.known[k] &= e.carry[k]
	}
	for i, mv := range moves {
		r := int(mv.reg) & (MaxRegs - 1)
		s.val[r], s.home[r] = vals[i], Home{Kind: HomeMemory, Addr: cfa + uint64(int64(mv.off))}
		s.known[r/64] |= 1 << (uint(r) % 64)
	}
	s.val[sp], s.home[sp] = nsp, Home{Kind: HomeComputed}
	s.known[sp/64] |= 1 << (sp % 64)
	if e.raSigned {
		ra &^= w.cfg.PACMask
	}
	return ra, true
}
