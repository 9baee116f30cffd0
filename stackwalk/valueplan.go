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
	off  int32         // Location.Offset
	reg  uint16        // Location.Reg (PowerPC's 1200+N read as rN by stackmap.PPCHalf)
	kind stackmap.Kind // Location.Kind; 0: Frame.slot evaluates the location (see planOf)
	size uint8         // Location.Size
}

// location returns the location p plans (not for kind 0).
func (p *valuePlan) location() stackmap.Location {
	return stackmap.Location{Kind: p.kind, Size: uint16(p.size), Reg: p.reg, Offset: p.off}
}

// planOf works out location l of a table in the target's byte order
// (own). Its plan's kind is 0, which leaves the location to Frame.slot (it
// evaluates it, or says why it cannot), for a table in another byte
// order, a location of more than 255 bytes, a ConstantIndex, a register
// at or above MaxRegs; as for a location past those decoded when the
// record was found.
func planOf(l stackmap.Location, own bool) valuePlan {
	if !own || l.Size > 0xff {
		return valuePlan{}
	}
	switch l.Kind {
	case stackmap.Constant:
	case stackmap.Register, stackmap.Direct, stackmap.Indirect:
		if reg, _ := stackmap.PPCHalf(l.Reg); reg >= MaxRegs {
			return valuePlan{}
		}
	default:
		return valuePlan{}
	}
	return valuePlan{off: l.Offset, reg: l.Reg, kind: l.Kind, size: uint8(l.Size)}
}
