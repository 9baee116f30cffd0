package stackwalk

import (
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/unwind"
)

// Module is one loaded image: an executable, a shared library, or code a
// JIT emitted. Addresses inside its tables are link-time addresses; its
// code runs at link-time address + Bias.
type Module struct {
	// Name identifies the module in errors (a path, say).
	Name string
	// Arch is the module's architecture; every module of a walk must
	// have the same.
	Arch regs.Arch
	// Bias is the load bias: runtime address - link-time address.
	Bias uint64
	// Start and End delimit the module's code at run time: the walker
	// looks a frame's pc up in the module whose [Start, End) contains it.
	Start, End uint64
	// Unwind is the module's unwind table (its .eh_frame, .debug_frame
	// and compact unwind, at link-time addresses). Required.
	Unwind *unwind.Table
	// Stackmaps is the module's stack map index; nil for a module without
	// stack maps (C libraries, the runtime itself).
	Stackmaps *stackmap.Index
	// Closer, if not nil, is closed by Close: whatever the module's
	// builder wants released with it (a JIT's code buffer, say). Modules
	// that objfile builds need none: what they hold stays valid on its own.
	Closer io.Closer
}

// Contains reports whether the runtime address pc is in the module's code.
func (m *Module) Contains(pc uint64) bool { return pc >= m.Start && pc < m.End }

// Close closes m.Closer, if any: what the builder released with it may no
// longer be used. It does nothing for a Module without a Closer. Close is
// safe to call more than once.
func (m *Module) Close() error {
	c := m.Closer
	m.Closer = nil
	if c == nil {
		return nil
	}
	return c.Close()
}

// check validates a module for a walk of architecture a.
func (m *Module) check(a regs.Arch) error {
	switch {
	case m == nil:
		return fmt.Errorf("stackwalk: nil module")
	case m.Arch != a:
		return fmt.Errorf("stackwalk: module %s is %v, the walk is %v", m.Name, m.Arch, a)
	case m.Unwind == nil:
		return fmt.Errorf("stackwalk: module %s has no unwind table", m.Name)
	case m.Start >= m.End:
		return fmt.Errorf("stackwalk: module %s has an empty code range [%#x, %#x)", m.Name, m.Start, m.End)
	}
	return nil
}
