package stackwalk

import (
	"encoding/binary"
	"fmt"

	"github.com/stackmaps/stackmaps/cfi"
)

// unwind computes the caller's registers from the current frame's row and
// makes them current. It returns the caller's pc, or false when the walk
// ends here.
func (w *Walker) unwind() (uint64, bool) {
	if e := w.recipe; e != nil {
		if e.loadsOnly && w.hasFlat {
			return w.unwindLoads(e)
		}
		return w.unwindRecipe(e)
	}
	fr := &w.fr
	old, ns := w.cs, w.other()
	ns.reset()
	if !w.unwindRow(w.row, old, ns) {
		return 0, false
	}
	raReg, raSigned := w.row.RAReg, w.row.RASigned
	ra := ns.reg(uint64(raReg))
	if !ra.Known() || ra.Value == 0 {
		w.end = EndReturnAddress
		return 0, false
	}
	pc := ra.Value
	if raSigned {
		pc &^= w.cfg.PACMask
	}
	// The stack grows down: the caller's stack pointer must be above the
	// callee's. Only the innermost frame, or one a signal interrupted (a
	// leaf), may have no frame of its own. A
	// signal frame restores the interrupted frame's registers, whose stack
	// may be another one (sigaltstack): MaxFrames bounds a loop of them.
	sp := uint64(w.abi.sp)
	if nsp, osp := ns.reg(sp), old.reg(sp); !fr.signal && nsp.Known() && osp.Known() &&
		(nsp.Value < osp.Value || (nsp.Value == osp.Value && fr.Index > 0 && fr.call)) {
		w.fail(fr.Index, fr.PC, 0, fmt.Sprintf("caller's stack pointer %#x, callee's %#x", nsp.Value, osp.Value), ErrNoProgress)
		return 0, false
	}
	w.cs = ns
	return pc, true
}

// failSaved ends the walk on a save slot of register r that cannot be read.
func (w *Walker) failSaved(addr uint64, r int, err error) {
	w.fail(w.fr.Index, w.fr.PC, addr, fmt.Sprintf("reading saved register %d", r), fmt.Errorf("%w: %w", ErrMemory, err))
}

// unwindRow builds the caller's registers ns from the callee's old by the
// rules of row: the slow path, for rows a recipe cannot express. It
// returns false when the walk failed.
func (w *Walker) unwindRow(row *cfi.Row, old, ns *state) bool {
	fr := &w.fr
	for r := range MaxRegs {
		rule := &row.Regs[r]
		switch rule.Kind {
		case cfi.RuleUnspecified:
			if r != int(row.RAReg) && !w.abi.calleeSaved(r) {
				continue
			}
			fallthrough
		case cfi.RuleSameValue:
			if old.has(uint64(r)) {
				ns.set(r, old.val[r], old.home[r])
			}
		case cfi.RuleUndefined:
		case cfi.RuleOffset:
			addr := fr.CFA + uint64(rule.Offset)
			v, err := w.load(addr, w.abi.ptrSize)
			if err != nil {
				w.failSaved(addr, r, err)
				return false
			}
			ns.set(r, v, Home{Kind: HomeMemory, Addr: addr})
		case cfi.RuleValOffset:
			ns.set(r, fr.CFA+uint64(rule.Offset), Home{Kind: HomeComputed})
		case cfi.RuleRegister:
			if src := old.reg(uint64(rule.Reg)); src.Known() {
				ns.set(r, src.Value, src.Home)
			}
		case cfi.RuleExpression, cfi.RuleValExpression:
			v, err := cfi.EvalExpr(rule.Expr, w.abi.order, w.abi.ptrSize, fr.CFA, true, &w.ectx)
			if err != nil {
				w.fail(fr.Index, fr.PC, 0, fmt.Sprintf("rule of register %d", r), fmt.Errorf("%w: %w", ErrCFI, err))
				return false
			}
			if rule.Kind == cfi.RuleValExpression {
				ns.set(r, v, Home{Kind: HomeComputed})
				continue
			}
			val, err := w.load(v, w.abi.ptrSize)
			if err != nil {
				w.failSaved(v, r, err)
				return false
			}
			ns.set(r, val, Home{Kind: HomeMemory, Addr: v})
		}
	}
	// The caller's stack pointer is the CFA (less s390x's register save
	// area), unless the CFI says where it was saved.
	sp := int(w.abi.sp)
	if k := row.Regs[sp].Kind; k == cfi.RuleUnspecified || k == cfi.RuleSameValue {
		ns.set(sp, fr.CFA-w.abi.spBelowCFA, Home{Kind: HomeComputed})
	}
	return true
}

// loadFlat8 reads an 8-byte slot (size 8 or more: its first 8 bytes)
// from Config.Memory when it is a stackmap.Memory holding it; false
// otherwise (load then reads, or says why not).
func (w *Walker) loadFlat8(addr uint64, size int) (uint64, bool) {
	m := &w.flat
	off := addr - m.Addr
	if !w.hasFlat || size < 8 || addr < m.Addr || off >= uint64(len(m.Data)) || uint64(len(m.Data))-off < 8 {
		return 0, false
	}
	b := m.Data[off : off+8]
	if w.big {
		return binary.BigEndian.Uint64(b), true
	}
	return binary.LittleEndian.Uint64(b), true
}

// load reads an unsigned integer of size bytes (1 to 8) in the target's
// byte order.
func (w *Walker) load(addr uint64, size int) (uint64, error) {
	if w.hasFlat && size == 8 {
		// Config.Memory is a stackmap.Memory: read it here, without two
		// interface calls. Out of range, its ReadUint gives the error.
		m := &w.flat
		if off := addr - m.Addr; addr >= m.Addr && off < uint64(len(m.Data)) && uint64(len(m.Data))-off >= 8 {
			b := m.Data[off : off+8]
			if w.big {
				return binary.BigEndian.Uint64(b), nil
			}
			return binary.LittleEndian.Uint64(b), nil
		}
	}
	if w.ur != nil {
		return w.ur.ReadUint(addr, size, w.abi.order)
	}
	b := w.buf[:size]
	if err := w.cfg.Memory.ReadMemory(addr, b); err != nil {
		return 0, err
	}
	var v uint64
	if w.abi.order == binary.BigEndian {
		for _, c := range b {
			v = v<<8 | uint64(c)
		}
		return v, nil
	}
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v, nil
}

// exprCtx is the machine state DWARF expressions of the current frame read.
type exprCtx struct{ w *Walker }

// Reg returns a register of the current frame.
func (c *exprCtx) Reg(r uint16) (uint64, bool) {
	v := c.w.cs.reg(uint64(r))
	return v.Value, v.Known()
}

// Load reads memory.
func (c *exprCtx) Load(addr uint64, size int) (uint64, bool) {
	if size < 1 || size > 8 {
		return 0, false
	}
	v, err := c.w.load(addr, size)
	return v, err == nil
}
