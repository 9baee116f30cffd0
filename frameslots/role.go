package frameslots

import (
	"strconv"

	"github.com/stackmaps/stackmaps/stackmap"
)

// RoleKind is what a location is to a statepoint.
type RoleKind uint8

const (
	NoRole         RoleKind = iota // not a statepoint's location
	CallingConv                    // the calling convention constant
	Flags                          // the flags constant
	DeoptCount                     // the number of deopt values
	Deopt                          // deopt value N
	Base                           // the base pointer of GC pair N
	Derived                        // the derived pointer of GC pair N
	BaseAndDerived                 // both pointers of GC pair N (one location)
	GCSlot                         // GC stack slot N
)

// Role is what a location is to a statepoint: a kind and its number.
type Role struct {
	Kind RoleKind
	N    int
}

var roleNames = [...]string{"", "calling convention", "flags", "deopt count", "deopt ", "base of pair ",
	"derived of pair ", "base+derived of pair ", "gc slot "}

// String describes the role: "deopt 0", "base of pair 1", "" for NoRole.
func (r Role) String() string {
	if int(r.Kind) >= len(roleNames) {
		return ""
	}
	switch r.Kind {
	case NoRole, CallingConv, Flags, DeoptCount:
		return roleNames[r.Kind]
	}
	return roleNames[r.Kind] + strconv.Itoa(r.N)
}

// statepointRoles gives the role of each location of rec when it is a
// statepoint (none otherwise), in dst's storage.
func statepointRoles(rec stackmap.Record, dst []Role) []Role {
	sp, ok := rec.AsStatepoint()
	if !ok {
		return dst[:0]
	}
	roles := append(dst[:0], make([]Role, rec.NumLocations())...)
	roles[0], roles[1], roles[2] = Role{Kind: CallingConv}, Role{Kind: Flags}, Role{Kind: DeoptCount}
	for i := range sp.NumDeopt() {
		roles[sp.DeoptIndex(i)] = Role{Kind: Deopt, N: i}
	}
	for i := range sp.NumGCPairs() {
		b, d := sp.GCPairIndex(i)
		if b == d {
			roles[b] = Role{Kind: BaseAndDerived, N: i}
			continue
		}
		roles[b], roles[d] = Role{Kind: Base, N: i}, Role{Kind: Derived, N: i}
	}
	for i := range sp.NumGCSlots() {
		roles[sp.GCSlotIndex(i)] = Role{Kind: GCSlot, N: i}
	}
	return roles
}
