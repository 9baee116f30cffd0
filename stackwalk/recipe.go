package stackwalk

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/stackmaps/stackmaps/cfi"
)

// A recipe is what a frame at one pc of one module needs to be entered and
// unwound, compiled once from its unwind row and record lookup: the CFA
// rule, the register moves that build the caller's registers, the return
// address column, and the record found. The walker keeps recipes in a
// per-pc cache (recipeCache), so that a frame seen before costs neither an
// FDE search, nor CFA instructions, nor a loop over every DWARF register,
// nor a record lookup.
//
// Rows a recipe cannot express (a CFA or register rule that is a DWARF
// expression, or more register rules than maxMoves) are not cached: their
// frames take the slow path, the row itself, at every visit.
type recipe struct {
	// The first 64 bytes: what a frame-only walk reads besides the
	// moves.
	m  *Module // the module found for pc: pointer identity, kept alive by the cache
	pc uint64  // the frame's pc
	// removals is the module set's count of Removes when m was found for
	// pc: while a snapshot has the same count, pc is still in m (Add
	// refuses overlaps), and the set need not be asked again.
	removals uint64
	cfaOff   int32 // CFA = register cfaReg + cfaOff
	// loadLo and loadSpan, for a loadsOnly recipe: its save slots lie in
	// [CFA+loadLo, CFA+loadLo+loadSpan).
	loadLo    int32
	loadSpan  uint32
	cfaReg    uint16 //
	raReg     uint16 // the return address column
	call      bool   // pc is a return address (the row is looked up at pc-1)
	signal    bool   // the row's CIE has "S": a signal trampoline (Frame.IsSignalFrame)
	raSigned  bool   // AArch64: the return address is signed (Config.PACMask)
	spFromCFA bool   // the caller's stack pointer is the CFA (no rule of its own)
	// loadsOnly: every move loads a saved register from CFA+off, one of
	// them the return address, and the caller's stack pointer is the CFA
	// (a frame that saves its return address and callee-saved registers
	// on the stack, as most do): unwindLoads steps it.
	loadsOnly bool
	nmoves    uint8
	raMove    int8 // the move of the return address column, or -1
	spMove    int8 // the move of the stack pointer, or -1
	// carry marks the registers whose value the caller shares with the
	// callee (same value, or no rule for a callee-saved register or the
	// return address column): copied when the callee's frame knows them.
	carry [MaxRegs / 64]uint64
	// The second line: sets marks the registers a loadsOnly recipe gives
	// the caller (its moves' and the stack pointer), and then the moves,
	// the first six of them in that line.
	sets  [MaxRegs / 64]uint64
	moves [maxMoves]move // the other rules, in register order
	// found is the record lookup's answer, in the cache's chunk of them
	// beside the recipes' (recipeCache.founds): a frame-only walk never
	// reads it, and a recipe without it is 320 bytes where it was 832, so
	// that a walk over tens of thousands of distinct return addresses
	// reads less memory.
	found *found
	slot  uint32 // the recipe's number in the cache's pool, plus one
	// pad makes a recipe a whole number of 64-byte cache lines, so that
	// each of the cache's entries starts a line (the cache itself is
	// large enough to be allocated page-aligned): a frame step reads two
	// lines of it (TestRecipeLayout).
	_ [36]byte
}

// maxMoves bounds the register rules (other than same value) a cached row
// may have: an x86_64 row has at most 8, an AArch64 one at most 22
// (x19-x30, d8-d15, and the CFA's register).
const maxMoves = 24

// moveKind is how a move computes the caller's register.
type moveKind uint8

const (
	moveOffset    moveKind = iota // loaded from CFA+off
	moveValOffset                 // CFA+off
	moveRegister                  // the callee's register src
)

// move is one register rule of a recipe, in 8 bytes (a frame's first
// eight share 64 bytes).
type move struct {
	off  int32 // CFA+off (moveOffset, moveValOffset)
	reg  uint8 // the register the rule gives (below MaxRegs)
	src  uint8 // moveRegister: the callee's register (noReg when it has none below MaxRegs)
	kind moveKind
}

// A move's registers fit in a byte.
const _ = uint8(MaxRegs - 1)

// noReg is a move's src for a register no frame knows (at or above
// MaxRegs).
const noReg = 0xff

// compile fills e from a row (e.found holds the frame's record already),
// and reports whether the row can be expressed as a recipe. set holds the
// registers that may have a rule (cfi.Unwinder.RuleRegs: every register
// for a row it did not compute, a row another table gave). abi gives the
// registers a callee preserves; signal says the row is a signal trampoline's
// (its caller may be on another stack: not stepped by unwindLoads).
func (e *recipe) compile(row *cfi.Row, set [MaxRegs / 64]uint64, x *abi, signal bool) bool {
	if row.CFA.Kind != cfi.CFARegOffset || row.CFA.Offset != int64(int32(row.CFA.Offset)) {
		return false
	}
	e.cfaReg, e.cfaOff = row.CFA.Reg, int32(row.CFA.Offset)
	e.raReg, e.raSigned = row.RAReg, row.RASigned
	// A register without a rule is carried when a callee preserves it or
	// it is the return address column; the rules below change that. Only
	// the registers of set are visited, in register order: a row cfi
	// computed says which registers its instructions gave a rule (x86_64:
	// 3 to 8 of the 128). The scan of all 128 rules register by register
	// took a third of a frame step without the cache, group by group 436
	// of the 5,900 instructions of an uncached step, and the visit of the
	// groups with a rule 225 more; for another row set is made here, by a
	// loop without branches.
	e.carry = x.saved
	if row.RAReg < MaxRegs {
		e.carry[row.RAReg/64] |= 1 << (row.RAReg % 64)
	}
	if set[0]&set[1] == ^uint64(0) {
		set = [MaxRegs / 64]uint64{}
		for r := range MaxRegs {
			set[r/64] |= uint64(b2u(row.Regs[r].Kind != cfi.RuleUnspecified)) << (r % 64)
		}
	}
	// What the moves make of the recipe, gathered as they are made: the
	// moves of the return address and the stack pointer, whether every
	// move is a load and the span of their slots, the registers they set.
	n := 0
	e.raMove, e.spMove = -1, -1
	loads := true
	lo, hi := int64(math.MaxInt32), int64(math.MinInt32)
	var sets [MaxRegs / 64]uint64
	for wi, word := range set {
		for ; word != 0; word &= word - 1 {
			r := wi*64 + bits.TrailingZeros64(word)
			rule := &row.Regs[r]
			if rule.Kind == cfi.RuleUnspecified {
				continue
			}
			bit := uint64(1) << (uint(r) % 64)
			e.carry[r/64] &^= bit
			switch rule.Kind {
			case cfi.RuleSameValue:
				e.carry[r/64] |= bit
			case cfi.RuleUndefined:
			case cfi.RuleOffset, cfi.RuleValOffset, cfi.RuleRegister:
				if n == maxMoves {
					return false
				}
				if rule.Offset != int64(int32(rule.Offset)) {
					return false
				}
				mv := &e.moves[n]
				n++
				mv.reg, mv.src, mv.off = uint8(r), noReg, int32(rule.Offset)
				if rule.Reg < MaxRegs {
					mv.src = uint8(rule.Reg)
				}
				switch rule.Kind {
				case cfi.RuleOffset:
					mv.kind = moveOffset
				case cfi.RuleValOffset:
					mv.kind, loads = moveValOffset, false
				default:
					mv.kind, loads = moveRegister, false
				}
				switch uint16(r) {
				case row.RAReg:
					e.raMove = int8(n - 1)
				case x.sp:
					e.spMove = int8(n - 1)
				}
				lo, hi = min(lo, rule.Offset), max(hi, rule.Offset)
				sets[wi] |= bit
			default: // expressions
				return false
			}
		}
	}
	e.nmoves = uint8(n)
	k := row.Regs[x.sp].Kind
	e.spFromCFA = k == cfi.RuleUnspecified || k == cfi.RuleSameValue
	// A signal frame's caller may be on another stack (unwind): not
	// stepped by unwindLoads, whose stack pointer check is the usual one.
	// Save slots spread over more than 4 GB (only hostile CFI writes
	// them) take unwindRecipe, whose checks are per slot.
	e.loadsOnly = e.spFromCFA && e.raMove >= 0 && x.ptrSize == 8 && x.sp < MaxRegs && !signal && loads && hi-lo+8 <= math.MaxUint32
	e.sets = [MaxRegs / 64]uint64{}
	if e.loadsOnly {
		e.loadLo, e.loadSpan = int32(lo), uint32(hi-lo+8)
		e.sets = sets
		e.sets[x.sp/64] |= 1 << (x.sp % 64)
	}
	return true
}

// unwindRecipe is unwind for a frame with a recipe. It computes the
// caller's registers in place, in the current state: the moves' values
// first (they read the callee's registers), then, once the return address
// and the stack pointer pass the checks, it forgets the registers the
// recipe does not carry and stores the moves. A walk that ends here leaves
// the frame's registers as they were.
func (w *Walker) unwindRecipe(e *recipe) (uint64, bool) {
	fr, s := &w.fr, w.cs
	vals := &w.moveVals
	var got uint32 // the moves that gave a value
	for i := range e.nmoves {
		mv := &e.moves[i]
		switch mv.kind {
		case moveOffset:
			addr := fr.CFA + uint64(int64(mv.off))
			v, ok := w.loadFlat8(addr, w.abi.ptrSize)
			if !ok {
				var err error
				if v, err = w.load(addr, w.abi.ptrSize); err != nil {
					w.failSaved(addr, int(mv.reg), err)
					return 0, false
				}
			}
			vals[i] = v
		case moveValOffset:
			vals[i] = fr.CFA + uint64(mv.off)
		case moveRegister:
			if !s.has(uint64(mv.src)) {
				continue
			}
			vals[i], w.moveHomes[i] = s.val[mv.src], s.home[mv.src]
		}
		got |= 1 << i
	}
	// The caller's return address and stack pointer.
	var ra uint64
	raKnown := false
	switch {
	case e.raMove >= 0:
		ra, raKnown = vals[e.raMove], got&(1<<e.raMove) != 0
	case e.carries(e.raReg):
		ra, raKnown = s.val[e.raReg], s.has(uint64(e.raReg))
	}
	if !raKnown || ra == 0 {
		w.end = EndReturnAddress
		return 0, false
	}
	sp := w.abi.sp
	var nsp uint64
	nspKnown := false
	switch {
	case e.spFromCFA:
		nsp, nspKnown = fr.CFA-w.abi.spBelowCFA, true
	case e.spMove >= 0:
		nsp, nspKnown = vals[e.spMove], got&(1<<e.spMove) != 0
	}
	// The stack grows down: the caller's stack pointer must be above the
	// callee's. Only the innermost frame, or one a signal interrupted (a
	// leaf), may have no frame of its own; a signal frame's caller may be
	// on another stack (see unwind).
	if osp := s.reg(uint64(sp)); nspKnown && !fr.signal && osp.Known() &&
		(nsp < osp.Value || (nsp == osp.Value && fr.Index > 0 && fr.call)) {
		w.fail(fr.Index, fr.PC, 0, fmt.Sprintf("caller's stack pointer %#x, callee's %#x", nsp, osp.Value), ErrNoProgress)
		return 0, false
	}
	for k := range s.known {
		s.known[k] &= e.carry[k]
	}
	for i := range e.nmoves {
		if got&(1<<i) == 0 {
			continue
		}
		mv := &e.moves[i]
		switch mv.kind {
		case moveOffset:
			s.set(int(mv.reg), vals[i], Home{Kind: HomeMemory, Addr: fr.CFA + uint64(mv.off)})
		case moveValOffset:
			s.set(int(mv.reg), vals[i], Home{Kind: HomeComputed})
		default:
			s.set(int(mv.reg), vals[i], w.moveHomes[i])
		}
	}
	if e.spFromCFA {
		s.set(int(sp), nsp, Home{Kind: HomeComputed})
	}
	if e.raSigned {
		ra &^= w.cfg.PACMask
	}
	return ra, true
}

// carries reports whether the recipe carries register r from callee to
// caller.
func (e *recipe) carries(r uint16) bool {
	return r < MaxRegs && e.carry[r/64]&(1<<(r%64)) != 0
}
