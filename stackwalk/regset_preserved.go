package stackwalk

import (
	"sync"

	"github.com/stackmaps/stackmaps/regs"
)

// preserved holds, per architecture, the registers a call preserves (the
// callee-saved set and the stack pointer), built on first use by
// preservedMasks (a sync.Once and a plain array: nothing is allocated when
// the package is initialized).
var (
	preservedOnce sync.Once
	preserved     [256][MaxRegs / 64]uint64
)

func preservedMasks() *[256][MaxRegs / 64]uint64 {
	preservedOnce.Do(func() {
		for _, a := range regs.Arches() {
			if x, err := newABI(a); err == nil {
				preserved[a] = x.saved
			}
		}
	})
	return &preserved
}

// KeepCalleeSaved forgets every register of s that architecture a's
// calling convention does not preserve across a call, keeping the
// callee-saved registers and the stack pointer (regs.RolesOf(a): the
// registers Walker restores in outer frames). It is for a thread stopped at
// a return address after its callee ran: a thread parked where a call
// returned, or a frame whose callee a runtime does not walk. Its
// caller-saved registers then hold what the callee left, not what the
// frame's stack map record describes, and Walker.Start would read them as
// the frame's values without any error; after KeepCalleeSaved a record
// location in such a register evaluates to an error matching
// stackmap.ErrNoRegister instead. It returns false, leaving s unchanged,
// for an architecture the package does not support. It allocates nothing.
func (s *RegisterSet) KeepCalleeSaved(a regs.Arch) bool {
	m := &preservedMasks()[a]
	if *m == ([MaxRegs / 64]uint64{}) {
		return false
	}
	for i := range s.set {
		s.set[i] &= m[i]
	}
	return true
}
