package stackmap

import (
	"errors"
	"fmt"
	"iter"
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
// ErrNotStatepoint (a *StatepointError) that says which part of the rule r
// breaks.
//
// The statepoint rule. Stack map records do not say what made them: a
// gc.statepoint, a stackmap call and a patchpoint all write the same kind
// of record, told apart only by what their locations look like. A record
// is a statepoint when all of these hold:
//
//   - it has at least three locations, the first three Constants: the
//     calling convention (0 to MaxCallingConv), the flags (within
//     StatepointFlagsMask) and the number N of deopt arguments;
//   - N locations follow the preamble, and after them an even number of GC
//     pointer locations (base, derived pairs), less the trailing Direct
//     locations taken as GC stack slots (see the Statepoint type);
//   - its instruction offset is not 0: a statepoint's record is at the
//     return address of its call, which follows the call instruction.
//
// This is the one rule of the module: Index.At, the stack walker, the
// tool's dump, lookup and check, and lint all ask it. Its limits:
//
//   - a stackmap or patchpoint call whose first three live values happen
//     to be small constants that fit the preamble still reads as a
//     statepoint (lint's statepoint rule then checks its GC pointers);
//   - a statepoint whose preamble breaks the rule (flags or calling
//     convention out of range) reads as no statepoint at all, whatever
//     its ID: IDs do not decide (front ends choose them freely, and
//     stackmap calls may use DefaultStatepointID too), so a runtime that
//     knows which IDs it gave its statepoints should ask Statepoint for
//     those and treat the error as a broken record (as "stackmaps check
//     --statepoint-id" does);
//   - a GC pair whose derived pointer is a Direct location at the end of
//     the record is read as GC stack slots (see the Statepoint type).
func (r Record) Statepoint() (Statepoint, error) { return r.statepoint(true) }

// AsStatepoint returns the statepoint view of r and true, or false when r
// is not a statepoint by the rule Record.Statepoint states. It allocates
// nothing, where Statepoint builds an error saying why: the form for hot
// paths such as stack walks.
func (r Record) AsStatepoint() (Statepoint, bool) {
	sp, err := r.statepoint(false)
	return sp, err == nil
}

// StatepointError says why a record is not a statepoint. It matches
// ErrNotStatepoint.
type StatepointError struct {
	Record   int    // index of the record in its table
	ID       uint64 // the record's ID
	Location int    // the location at fault, -1 when the fault is not one location's
	Offset   int    // section offset of the field at fault (the record's own when none is)
	Detail   string // what is wrong, in words
}

// Error names the record and says what is wrong.
func (e *StatepointError) Error() string {
	return fmt.Sprintf("stackmap: record %d (ID %#x): %v: %s", e.Record, e.ID, ErrNotStatepoint, e.Detail)
}

// Unwrap returns ErrNotStatepoint.
func (e *StatepointError) Unwrap() error { return ErrNotStatepoint }

// statepoint reads the statepoint view of r. Without explain, a record that
// is not a statepoint gives the bare ErrNotStatepoint, so that callers that
// only ask "is it one?" allocate nothing.
func (r Record) statepoint(explain bool) (Statepoint, error) {
	bad := func(loc, off int, format string, args ...any) (Statepoint, error) {
		if !explain {
			return Statepoint{}, ErrNotStatepoint
		}
		return Statepoint{}, &StatepointError{Record: r.Index(), ID: r.ID(), Location: loc, Offset: off, Detail: fmt.Sprintf(format, args...)}
	}
	numLoc := r.NumLocations()
	if numLoc < statepointPreamble {
		return bad(-1, r.Offset(), "%d locations, a statepoint has at least 3", numLoc)
	}
	var pre [statepointPreamble]Location
	for i := range pre {
		pre[i], _ = r.Location(i)
		if pre[i].Kind != Constant {
			return bad(i, r.LocationOffset(i), "location %d is %v, the preamble is three Constants", i, pre[i].Kind)
		}
	}
	if cc := pre[0].SmallConstant(); cc < 0 || cc > MaxCallingConv {
		return bad(0, r.LocationOffset(0), "calling convention %d is not 0 to %d", cc, MaxCallingConv)
	}
	if fl := pre[1].SmallConstant(); fl < 0 || fl&^StatepointFlagsMask != 0 {
		return bad(1, r.LocationOffset(1), "flags are %d, want 0 to %d", fl, StatepointFlagsMask)
	}
	n := pre[2]
	if n.Offset < 0 || int(n.Offset) > numLoc-statepointPreamble {
		return bad(-1, r.Offset(), "%d deopt arguments, only %d locations follow the preamble", n.Offset, numLoc-statepointPreamble)
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
			return bad(-1, r.Offset(), "%d GC pointer locations, pairs need an even number", rest)
		}
		slots--
	}
	if r.InstructionOffset() == 0 {
		return bad(-1, r.InstructionOffsetOffset(), "instruction offset 0 cannot be a return address")
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

// GCSlotIndex returns the location index of GC stack slot i: the slots
// end the record, so slot 0 is location NumLocations() - NumGCSlots().
func (s Statepoint) GCSlotIndex(i int) int { return s.r.NumLocations() - s.numSlots + i }

// GCSlot returns GC stack slot i (a Direct location).
func (s Statepoint) GCSlot(i int) (Location, bool) {
	if i < 0 || i >= s.numSlots {
		return Location{}, false
	}
	return s.r.Location(s.GCSlotIndex(i))
}

// RegisterRoots yields the GC pointers (bases and derived pointers, pair
// by pair) that are held in registers (RootInRegister), each by its
// location index: the roots a moving collector cannot update in memory.
// It allocates nothing.
func (s Statepoint) RegisterRoots() iter.Seq2[int, Location] {
	return func(yield func(int, Location) bool) {
		for p := range s.NumGCPairs() {
			b, d := s.GCPairIndex(p)
			for _, i := range [2]int{b, d} {
				if l, ok := s.r.Location(i); ok && RootInRegister(l) && !yield(i, l) {
					return
				}
			}
		}
	}
}

// RootInRegister reports whether a GC pointer location is a Register
// location: the collector cannot update such a root in place, so a moving
// collector must treat the object as pinned or rewrite the register.
func RootInRegister(l Location) bool { return l.Kind == Register }
