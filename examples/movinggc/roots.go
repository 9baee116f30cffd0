package main

import (
	"fmt"
	"strings"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// HomeKind classifies where a root lives, as the collector updates it.
type HomeKind uint8

const (
	// HomeStackSlot: a stack slot of the root's own frame (an Indirect
	// location).
	HomeStackSlot HomeKind = iota
	// HomeSaveSlot: a callee-saved register of the root's frame that a
	// deeper frame saved in its prologue: the save slot.
	HomeSaveSlot
	// HomeCaptured: a callee-saved register of the innermost frame: the
	// capture routine's saved copy, which it reloads on return.
	HomeCaptured
	// HomeNone: no home the collector can update (a caller-saved
	// register, a constant, an unknown register).
	HomeNone
	numHomeKinds
)

var homeKindNames = [...]string{"stack slot", "save slot", "captured register", "none"}

// String names the kind.
func (k HomeKind) String() string {
	if int(k) < len(homeKindNames) {
		return homeKindNames[k]
	}
	return "invalid"
}

// ptr is one pointer of a root: its value, where the record says it is
// and where the collector must write its new value.
type ptr struct {
	val  uint64
	loc  stackmap.Location
	kind HomeKind
	addr uint64 // the address written: a stack or save slot, or the capture's slot
	reg  uint16 // HomeCaptured: the DWARF register
}

// root is a (base, derived) pair of a frame.
type root struct {
	frame  int
	pc     uint64
	id     uint64 // the statepoint ID
	pair   int
	base   ptr
	der    ptr
	newVal [2]uint64 // relocated base and derived
}

// classify finds where a slot's value must be written: its kind and
// address (saveArea is the capture routine's save area).
func classify(s stackwalk.Slot, a *archInfo, saveArea uint64) ptr {
	p := ptr{val: s.Bits, loc: s.Loc, kind: HomeNone}
	switch s.Home.Kind {
	case stackwalk.HomeMemory:
		p.addr, p.kind = s.Home.Addr, HomeStackSlot
		if s.Loc.Kind == stackmap.Register {
			p.kind = HomeSaveSlot
		}
	case stackwalk.HomeRegister:
		p.reg = s.Home.Reg
		if slot, ok := a.slot(s.Home.Reg); ok && a.isRestored(s.Home.Reg) {
			p.addr, p.kind = saveArea+uint64(slot)*wordSize, HomeCaptured
		}
	}
	return p
}

// describe says where a pointer is, for messages.
func (p *ptr) describe(a *archInfo) string {
	var loc string
	switch p.loc.Kind {
	case stackmap.Register:
		loc = fmt.Sprintf("register %s", regName(a, p.loc.Reg))
	case stackmap.Indirect:
		loc = fmt.Sprintf("[%s%+d]", regName(a, p.loc.Reg), p.loc.Offset)
	default:
		loc = p.loc.Kind.String()
	}
	switch p.kind {
	case HomeNone:
		if p.loc.Kind == stackmap.Register {
			return fmt.Sprintf("%s = %#x, no updatable home (the capture routine does not restore it: caller-saved)", loc, p.val)
		}
		return fmt.Sprintf("%s = %#x, no updatable home", loc, p.val)
	case HomeCaptured:
		return fmt.Sprintf("%s = %#x, home: capture save area %#x", loc, p.val, p.addr)
	}
	return fmt.Sprintf("%s = %#x, home: %s %#x", loc, p.val, p.kind, p.addr)
}

// regName names a DWARF register of the architecture.
func regName(a *archInfo, r uint16) string {
	if n, err := regs.Name(a.arch, r); err == nil {
		return n
	}
	return fmt.Sprintf("R#%d", r)
}

// RootError lists the roots a collection cannot relocate; the collection
// then moves nothing.
type RootError struct {
	Problems []string
}

// Error lists every problem, one a line.
func (e *RootError) Error() string {
	return fmt.Sprintf("movinggc: %d roots cannot be relocated, nothing moved:\n  %s", len(e.Problems), strings.Join(e.Problems, "\n  "))
}
