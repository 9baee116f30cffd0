package stackwalk

import "github.com/stackmaps/stackmaps/stackmap"

// A valuePlan is how the fast path evaluates one location of a found
// record, worked out once when the record is found (and kept with the
// recipe): stackmap's rule (Record.Resolve) applied to everything a
// location says by itself — its kind, its register (PowerPC's 1200+N
// already read as rN), its offset or constant, its size — so that what is
// left per value is reading the frame's register and, for an Indirect
// location, one load.
type valuePlan struct {
	// arg is the constant's value (planConst), the offset added to the
	// register (planDirect, planIndirect: sign-extended), or the mask of
	// the register's low Size bytes (planRegister).
	arg uint64
	loc stackmap.Location // the location, as decoded: Slot.Loc
	op  planOp
	reg uint8 // the frame register the location reads (below MaxRegs)
}

// planOp is how a valuePlan evaluates its location.
type planOp uint8

const (
	// planSlow: Frame.slot evaluates the location, or says why it cannot:
	// one past those decoded when the record was found, a register at or
	// above MaxRegs, a table in another byte order. The zero planOp.
	planSlow planOp = iota
	// planConst: Constant and ConstantIndex, Bits = arg.
	planConst
	// planRegister: Bits = the register's low Size bytes (& arg).
	planRegister
	// planDirect: Bits = register + arg (an address).
	planDirect
	// planIndirect: Bits = the 8 bytes at register + arg (Size 8 or more:
	// its first 8 bytes).
	planIndirect
	// planIndirectNarrow: an Indirect location of fewer than 8 bytes,
	// read through Walker.loadOther.
	planIndirectNarrow
)

// planOf works out location l of record rec (a table in the target's
// byte order, when own: planSlow otherwise).
func planOf(rec stackmap.Record, l stackmap.Location, own bool) valuePlan {
	p := valuePlan{loc: l}
	if !own {
		return p
	}
	if !l.InRegister() {
		v, load := rec.Resolve(l, 0)
		if load {
			return valuePlan{loc: l}
		}
		p.op, p.arg = planConst, v.Bits
		return p
	}
	reg, _ := stackmap.PPCHalf(l.Reg)
	if reg >= MaxRegs {
		return valuePlan{loc: l}
	}
	p.reg = uint8(reg)
	// The rule's answer for a base of 0 gives the offset a Direct or
	// Indirect location adds to its register (addresses are linear in
	// the base); for an all-ones base, the mask of a Register location's
	// low Size bytes.
	v, load := l.ResolveRegister(0)
	switch l.Kind {
	case stackmap.Register:
		v, _ = l.ResolveRegister(^uint64(0))
		p.op, p.arg = planRegister, v.Bits
	case stackmap.Direct:
		p.op, p.arg = planDirect, v.Bits
	case stackmap.Indirect:
		if !load {
			return valuePlan{loc: l}
		}
		p.op, p.arg = planIndirect, v.Addr
		if v.Size < 8 {
			p.op = planIndirectNarrow
		}
	default:
		return valuePlan{op: planSlow, loc: l}
	}
	return p
}
