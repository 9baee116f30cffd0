package stackwalk

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// unwindLoads is unwindRecipe for a recipe whose moves all load a saved
// register from the stack (loadsOnly), with Config.Memory a
// stackmap.Memory: the step most frames take. One range check covers
// every save slot; the return address and the stack pointer are checked
// first, so the moves are loaded straight into the frame's registers; the
// registers known after the step are the recipe's, not set one bit at a
// time. A save slot outside the memory hands the frame to unwindRecipe,
// which reads it through Walker.load or says why it cannot.
func (w *Walker) unwindLoads(e *recipe) (uint64, bool) {
	fr, s := &w.fr, w.cs
	cfa := fr.CFA
	data := w.flat.Data
	at := cfa - w.flat.Addr // the CFA's index in data
	if lo := at + uint64(int64(e.loadLo)); lo >= uint64(len(data)) || uint64(len(data))-lo < uint64(e.loadSpan) {
		return w.unwindRecipe(e)
	}
	moves := e.moves[:min(int(e.nmoves), maxMoves)]
	big := w.big
	ra := loadSlot(data, at+uint64(int64(moves[e.raMove].off)), big)
	if ra == 0 {
		w.end = EndReturnAddress
		return 0, false
	}
	// The caller's stack pointer is the CFA, and it must be above the
	// callee's (only the innermost frame, or one a signal interrupted, may
	// have no frame of its own).
	sp := uint(w.abi.sp) & (MaxRegs - 1)
	nsp := cfa - w.abi.spBelowCFA
	if s.known[sp/64]&(1<<(sp%64)) != 0 {
		if osp := s.val[sp]; nsp < osp || (nsp == osp && fr.Index > 0 && fr.call) {
			w.fail(fr.Index, fr.PC, 0, fmt.Sprintf("caller's stack pointer %#x, callee's %#x", nsp, osp), ErrNoProgress)
			return 0, false
		}
	}
	for _, mv := range moves {
		r := uint(mv.reg) & (MaxRegs - 1)
		off := uint64(int64(mv.off))
		s.val[r] = loadSlot(data, at+off, big)
		s.home[r] = Home{Kind: HomeMemory, Addr: cfa + off}
	}
	s.val[sp], s.home[sp] = nsp, Home{Kind: HomeComputed}
	for k := range s.known {
		s.known[k] = s.known[k]&e.carry[k] | e.sets[k]
	}
	if e.raSigned {
		ra &^= w.cfg.PACMask
	}
	return ra, true
}

// loadSlot reads the 8-byte save slot at index i of data, in the
// target's byte order (big).
func loadSlot(data []byte, i uint64, big bool) uint64 {
	v := binary.LittleEndian.Uint64(data[i:])
	if big {
		v = bits.ReverseBytes64(v)
	}
	return v
}
