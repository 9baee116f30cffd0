package stackmap

import (
	"errors"
	"fmt"
)

// ErrNotStatepoint is matched (errors.Is) by the error Record.Statepoint
// returns for a record that is not a well-formed statepoint.
var ErrNotStatepoint = errors.New("not a well-formed statepoint record")

// Limits of a statepoint's leading constants: the flags are LLVM's
// StatepointFlags (GCTransition = 1, DeoptLiveIn = 2), and calling
// convention IDs fit in 10 bits.
const (
	StatepointFlagsMask = 3
	MaxCallingConv      = 1023
)

// DefaultStatepointID is the ID most front ends leave on gc.statepoint
// calls. Look statepoint records up by address, not by ID.
const DefaultStatepointID = 0xABCDEF00

// Statepoint is a view of a gc.statepoint record. Its locations are, in
// order: three Constants (calling convention, flags, number of deopt
// arguments N), N deopt locations, the GC pointers as (base, derived)
// pairs, and then, with no count of their own, the GC stack slots
// (allocas passed as GC values, as Direct locations).
//
// Because the slots have no count, they are recognized as the longest run
// of Direct locations at the end of the record that leaves an even number
// of locations for the pairs. A pair whose derived pointer is itself a
// Direct location at the end of the record is therefore read as slots; LLVM
// does not emit such pairs for values the collector can relocate.
type Statepoint struct {
	r        Record
	numDeopt int
	numPairs int
	numSlots int
}

// statepointPreamble is the number of leading Constant locations.
const statepointPreamble = 3

// Statepoint returns the statepoint view of r, or an error matching
// ErrNotStatepoint that says what is wrong with the preamble.
func (r Record) Statepoint() (Statepoint, error) { return r.statepoint(true) }

// AsStatepoint returns the statepoint view of r and true, or false when r
// is not a well-formed statepoint. It allocates nothing, where Statepoint
// builds an error saying why: the form for hot paths such as stack walks.
func (r Record) AsStatepoint() (Statepoint, bool) {
	sp, err := r.statepoint(false)
	return sp, err == nil
}

// statepoint reads the statepoint view of r. Without explain, a record that
// is not a statepoint gives the bare ErrNotStatepoint, so that callers that
// only ask "is it one?" allocate nothing.
func (r Record) statepoint(explain bool) (Statepoint, error) {
	bad := func(format string, args ...any) (Statepoint, error) {
		if !explain {
			return Statepoint{}, ErrNotStatepoint
		}
		return Statepoint{}, fmt.Errorf("stackmap: record %d (ID %#x): %w: %s", r.Index(), r.ID(), ErrNotStatepoint, fmt.Sprintf(format, args...))
	}
	numLoc := r.NumLocations()
	if numLoc < statepointPreamble {
		return bad("%d locations, a statepoint has at least 3", numLoc)
	}
	for i := 0; i < statepointPreamble; i++ {
		l, _ := r.Location(i)
		if l.Kind != Constant {
			return bad("location %d is %v, the preamble is three Constants", i, l.Kind)
		}
	}
	n, _ := r.Location(2)
	if n.Offset < 0 || int(n.Offset) > numLoc-statepointPreamble {
		return bad("%d deopt arguments, only %d locations follow the preamble", n.Offset, numLoc-statepointPreamble)
	}
	sp := Statepoint{r: r, numDeopt: int(n.Offset)}
	gcStart := statepointPreamble + sp.numDeopt
	rest := numLoc - gcStart
	slots := 0
	for slots < rest {
		l, _ := r.Location(numLoc - 1 - slots)
		if l.Kind != Direct {
			break
		}
		slots++
	}
	if (rest-slots)%2 != 0 {
		if slots == 0 {
			return bad("%d GC pointer locations, pairs need an even number", rest)
		}
		slots--
	}
	sp.numSlots = slots
	sp.numPairs = (rest - slots) / 2
	return sp, nil
}

// Record returns the underlying record.
func (s Statepoint) Record() Record { return s.r }

// CallingConv returns the calling convention of the statepoint's call.
func (s Statepoint) CallingConv() int64 { l, _ := s.r.Location(0); return l.SmallConstant() }

// Flags returns the statepoint's flags.
func (s Statepoint) Flags() int64 { l, _ := s.r.Location(1); return l.SmallConstant() }

// NumDeopt returns the number of deopt arguments.
func (s Statepoint) NumDeopt() int { return s.numDeopt }

// DeoptIndex returns the location index of deopt argument i.
func (s Statepoint) DeoptIndex(i int) int { return statepointPreamble + i }

// Deopt returns deopt argument i's location.
func (s Statepoint) Deopt(i int) (Location, bool) {
	if i < 0 || i >= s.numDeopt {
		return Location{}, false
	}
	return s.r.Location(s.DeoptIndex(i))
}

// NumGCPairs returns the number of (base, derived) GC pointer pairs.
func (s Statepoint) NumGCPairs() int { return s.numPairs }

// GCPairIndex returns the location indexes of pair i's base and derived
// pointers.
func (s Statepoint) GCPairIndex(i int) (base, derived int) {
	b := statepointPreamble + s.numDeopt + 2*i
	return b, b + 1
}

// GCPair returns pair i's base and derived pointer locations.
func (s Statepoint) GCPair(i int) (base, derived Location, ok bool) {
	if i < 0 || i >= s.numPairs {
		return Location{}, Location{}, false
	}
	bi, di := s.GCPairIndex(i)
	base, _ = s.r.Location(bi)
	derived, _ = s.r.Location(di)
	return base, derived, true
}

// NumGCSlots returns the number of GC stack slots (allocas) after the pairs.
func (s Statepoint) NumGCSlots() int { return s.numSlots }

// GCSlot returns GC stack slot i (a Direct location).
func (s Statepoint) GCSlot(i int) (Location, bool) {
	if i < 0 || i >= s.numSlots {
		return Location{}, false
	}
	return s.r.Location(s.r.NumLocations() - s.numSlots + i)
}

// RootInRegister reports whether a GC pointer location is a Register
// location: the collector cannot update such a root in place, so a moving
// collector must treat the object as pinned or rewrite the register.
func RootInRegister(l Location) bool { return l.Kind == Register }
