package stackwalk

import (
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// FrameTable finds the unwind row of a link-time code address. Both
// *cfi.Section (a binary search through .eh_frame_hdr, or a linear scan)
// and *cfi.Index satisfy it.
type FrameTable interface {
	RowAt(pc uint64, u *cfi.Unwinder) (*cfi.Row, error)
}

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
	// CFI is the module's .eh_frame (or .debug_frame) table. Required.
	CFI FrameTable
	// DebugFrame, if not nil, is tried when CFI has no row for a pc (a
	// .debug_frame next to an .eh_frame that leaves some functions out).
	DebugFrame FrameTable
	// Stackmaps is the module's stack map index; nil for a module without
	// stack maps (C libraries, the runtime itself).
	Stackmaps *stackmap.Index

	closer io.Closer
}

// Contains reports whether the runtime address pc is in the module's code.
func (m *Module) Contains(pc uint64) bool { return pc >= m.Start && pc < m.End }

// Close releases what OpenELF mapped or opened (the stack map section's
// bytes): nothing read from the module may be used afterwards. It does
// nothing for a Module built by hand. Close is safe to call more than once.
func (m *Module) Close() error {
	c := m.closer
	m.closer = nil
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
	case m.CFI == nil:
		return fmt.Errorf("stackwalk: module %s has no CFI table", m.Name)
	case m.Start >= m.End:
		return fmt.Errorf("stackwalk: module %s has an empty code range [%#x, %#x)", m.Name, m.Start, m.End)
	}
	return nil
}
