package stackwalk

import "github.com/stackmaps/stackmaps/stackmap"

// A valuePlan is how the fast path evaluates one location of a found
// record, worked out once when the record is found (and kept with the
// recipe): stackmap's rule (Record.Resolve) applied to everything a
// location says by itself — its kind, its register, its offset or
// constant, its size — so that what is left per value is reading the
// frame's register and, for an Indirect location, one load. It is the
// location itself in 8 bytes (location gives it back), so that the
// plans of a statepoint's first six values share the first cache line
// of their found with its counts.
type valuePlan struct {
	off  int32  // Location.Offset
	reg  uint16 // Location.Reg (PowerPC's 1200+N read as rN by stackmap.PPCHalf)
	size uint8  // Location.Size (a location of more than 255 bytes is planSlow)
	op   planOp
}

// planOp is how a valuePlan evaluates its location.
type planOp uint8

const (
	// planSlow: Frame.slot evaluates the location, or says why it cannot:
	// one past those decoded when the record was found, a register at or
	// above MaxRegs, a ConstantIndex, a table in another byte order. The
	// zero planOp.
	planSlow planOp = iota
	// planConst: a Constant, Bits = its offset sign-extended.
	planConst
	// planRegister: Bits = the register's low Size bytes.
	planRegister
	// planDirect: Bits = register + offset (an address).
	planDirect
	// planIndirect: Bits = the 8 bytes at register + offset (Size 8 or
	// more: its first 8 bytes).
	planIndirect
	// planIndirectNarrow: an Indirect location of fewer than 8 bytes,
	// read through Walker.loadOther.
	planIndirectNarrow
)

// planKind is the location kind of each planOp but planSlow.
var planKind = [8]stackmap.Kind{
	planConst:          stackmap.Constant,
	planRegister:       stackmap.Register,
	planDirect:         stackmap.Direct,
	planIndirect:       stackmap.Indirect,
	planIndirectNarrow: stackmap.Indirect,
}

// location returns the location p plans (not for planSlow).
func (p *valuePlan) location() stackmap.Location {
	return stackmap.Location{Kind: planKind[p.op&7], Size: uint16(p.size), Reg: p.reg, Offset: p.off}
}

// planOf works out location l (a table in the target's byte order, when
// own: planSlow otherwise).
func planOf(l stackmap.Location, own bool) valuePlan {
	p := valuePlan{off: l.Offset, reg: l.Reg, size: uint8(l.Size)}
	if !own || l.Size > 0xff {
		return valuePlan{}
	}
	switch l.Kind {
	case stackmap.Constant:
		p.op = planConst
		return p
	case stackmap.Register, stackmap.Direct, stackmap.Indirect:
	default:
		return valuePlan{}
	}
	if reg, _ := stackmap.PPCHalf(l.Reg); reg >= MaxRegs {
		return valuePlan{}
	}
	switch l.Kind {
	case stackmap.Register:
		p.op = planRegister
	case stackmap.Direct:
		p.op = planDirect
	default:
		p.op = planIndirect
		if l.Size < 8 {
			p.op = planIndirectNarrow
		}
	}
	return p
}
