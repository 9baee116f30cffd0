package stackwalk

import (
	"fmt"

	"github.com/stackmaps/stackmaps/regs"
)

// HomeKind says where a register's value, or an evaluated location, lives.
type HomeKind uint8

const (
	// HomeUnknown: the value cannot be recovered (a register the calling
	// convention does not preserve, in an outer frame, or one the CFI
	// marks undefined). The zero value.
	HomeUnknown HomeKind = iota
	// HomeRegister: the value is still in register Home.Reg of the
	// innermost frame (the captured register file): no callee between
	// saved it. A collector that moves the object must update the
	// captured register.
	HomeRegister
	// HomeMemory: the value is in memory at Home.Addr (a callee's save
	// slot, or a stack slot of the frame itself).
	HomeMemory
	// HomeComputed: the value has no storage of its own (the stack
	// pointer, derived from the CFA; a constant; an address computed from
	// a register).
	HomeComputed
)

var homeNames = [...]string{"unknown", "register", "memory", "computed"}

// String names the kind.
func (k HomeKind) String() string {
	if int(k) < len(homeNames) {
		return homeNames[k]
	}
	return "invalid"
}

// Home is where a value lives.
type Home struct {
	Kind HomeKind
	Reg  uint16 // HomeRegister: the DWARF number of the innermost frame's register
	Addr uint64 // HomeMemory: the address
}

// InMemory reports whether the value lives in memory, at Addr, where a
// moving collector can overwrite it.
func (h Home) InMemory() bool { return h.Kind == HomeMemory }

// String describes the home: "reg 3", "mem 0x7ffe0010", "computed" or
// "unknown".
func (h Home) String() string {
	switch h.Kind {
	case HomeRegister:
		return fmt.Sprintf("reg %d", h.Reg)
	case HomeMemory:
		return fmt.Sprintf("mem %#x", h.Addr)
	}
	return h.Kind.String()
}

// Describe is String with the register named as regs names it on arch:
// "reg rbx", "mem 0x7ffe0010", "computed" or "unknown".
func (h Home) Describe(arch regs.Arch) string {
	if h.Kind == HomeRegister {
		if n, err := regs.Name(arch, h.Reg); err == nil {
			return "reg " + n
		}
	}
	return h.String()
}

// Reg is a register's value in a frame, with its home.
type Reg struct {
	Value uint64
	Home  Home
}

// Known reports whether the value could be recovered.
func (r Reg) Known() bool { return r.Home.Kind != HomeUnknown }
