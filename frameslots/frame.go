package frameslots

import (
	"cmp"
	"slices"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// SlotKind says what a slot holds.
type SlotKind uint8

const (
	// ReturnAddress: the return address (Reg its column when HasReg; a
	// return address the call pushed with no rule of the CIE has none).
	ReturnAddress SlotKind = iota
	// SavedRegister: the save slot of callee-saved register Reg.
	SavedRegister
	// Location: the stack slot the record's locations Locs point at
	// (LocKind: Direct, whose value is the slot's address, or Indirect,
	// whose value is in it).
	Location
	// StackObject: a stack object of the layout remark that no location
	// points at.
	StackObject
)

// Slot is one place of the frame.
type Slot struct {
	Off     int64 // CFA-relative address of the slot's first byte
	Size    int   // bytes; 0 for a Direct location's slot (its object's size is not recorded)
	Kind    SlotKind
	Reg     uint16        // ReturnAddress (when HasReg), SavedRegister: the DWARF register
	HasReg  bool          //
	LocKind stackmap.Kind // Location: Direct or Indirect
	Locs    []int         // Location: the record's locations that point here, in order
	Roles   []Role        // Location: what those locations are to a statepoint (beside each, in order; empty when none is a statepoint's)
	Objects []Object      // the layout remark's stack objects at this place (AddObjects)
}

// Value is a location of the record that needs no slot of the frame (one
// in a register, a constant) or that the row cannot place (a base
// register other than the stack or frame pointer the CFA rule names).
type Value struct {
	Loc  int
	L    stackmap.Location
	Role Role
}

// Frame is the frame of one record. The zero value is ready for Build,
// which reuses its slices: one Frame serves every record of a table
// without allocating once they have grown.
type Frame struct {
	HasRow    bool   // a CFI row holds at the record
	HasCFA    bool   // the row's CFA is a register plus an offset
	CFAReg    uint16 // CFA = CFAReg + CFAOffset
	CFAOffset int64
	HasSP     bool  // the stack pointer is placed
	SPOff     int64 // its CFA-relative address
	SPFromRow bool  // HasSP: the CFA rule names the stack pointer (else it comes from the stack size)
	HasFP     bool  // the frame pointer's CFA-relative value is known (the CFA rule names it)
	FPOff     int64

	Slots     []Slot  // highest address first
	Registers []Value // locations in registers
	Constants []Value
	Unplaced  []Value // Direct and Indirect locations whose base the row does not place

	bySlot map[slotKey]int // Slots' index by place and kind: merging stays linear
	roles  []Role          // the record's statepoint roles, by location
}

type slotKey struct {
	off  int64
	kind stackmap.Kind
}

// ReturnAddressSize is the size of the return address a call pushes on an
// architecture without a link register (x86_64: 8), which lies between the
// CFA and the callee's frame; 0 elsewhere.
func ReturnAddressSize(a regs.Arch) int64 {
	roles := regs.RolesOf(a)
	return returnAddressSize(a, &roles)
}

func returnAddressSize(a regs.Arch, r *regs.Roles) int64 {
	if !r.HasReturnAddress && a.PointerSize() > 0 {
		return int64(a.PointerSize())
	}
	return 0
}

// Build places record rec of function fn (nil when unknown) of
// architecture arch in its frame, with the CFI row that holds at the
// record (nil when there is none: nothing is placed).
func (f *Frame) Build(arch regs.Arch, fn *stackmap.Function, rec stackmap.Record, row *cfi.Row) {
	bySlot := f.bySlot
	if bySlot == nil {
		bySlot = map[slotKey]int{}
	}
	clear(bySlot)
	*f = Frame{Slots: f.Slots[:0], Registers: f.Registers[:0], Constants: f.Constants[:0], Unplaced: f.Unplaced[:0],
		bySlot: bySlot, roles: f.roles[:0]}
	roles := regs.RolesOf(arch)
	ra := returnAddressSize(arch, &roles)
	if row != nil {
		f.place(arch, row, &roles, ra)
	}
	if !f.HasSP && f.HasCFA && fn != nil && !fn.DynamicStack() {
		// The frame as LLVM sizes it ends SPBelowCFA (s390x's register
		// save area) and the pushed return address below the CFA.
		f.SPOff, f.HasSP = -(int64(fn.StackSize()) + int64(roles.SPBelowCFA) + ra), true
	}
	f.roles = statepointRoles(rec, f.roles)
	for i, l := range rec.Locations() {
		v := Value{Loc: i, L: l}
		if i < len(f.roles) {
			v.Role = f.roles[i]
		}
		switch l.Kind {
		case stackmap.Register:
			f.Registers = append(f.Registers, v)
			continue
		case stackmap.Constant, stackmap.ConstantIndex:
			f.Constants = append(f.Constants, v)
			continue
		}
		switch {
		case l.Reg == roles.StackPointer && f.HasSP:
			f.addLocation(f.SPOff+int64(l.Offset), v)
		case l.Reg == roles.FramePointer && f.HasFP:
			f.addLocation(f.FPOff+int64(l.Offset), v)
		default:
			f.Unplaced = append(f.Unplaced, v)
		}
	}
	sortSlots(f.Slots)
}

// place reads the row: the CFA rule and the save slots.
func (f *Frame) place(arch regs.Arch, row *cfi.Row, roles *regs.Roles, ra int64) {
	f.HasRow = true
	if row.CFA.Kind == cfi.CFARegOffset {
		f.HasCFA, f.CFAReg, f.CFAOffset = true, row.CFA.Reg, row.CFA.Offset
		switch row.CFA.Reg {
		case roles.StackPointer:
			f.SPOff, f.HasSP, f.SPFromRow = -row.CFA.Offset, true, true
		case roles.FramePointer:
			f.FPOff, f.HasFP = -row.CFA.Offset, true
		}
	}
	ptr := max(arch.PointerSize(), 8)
	for reg := range row.Regs {
		if rule := &row.Regs[reg]; rule.Kind == cfi.RuleOffset {
			s := Slot{Off: rule.Offset, Size: ptr, Kind: SavedRegister, Reg: uint16(reg), HasReg: true}
			if uint16(reg) == row.RAReg {
				s.Kind = ReturnAddress
			}
			f.Slots = append(f.Slots, s)
		}
	}
	// A pushed return address is at CFA-8 whether or not the CIE states
	// a rule for it.
	if ra > 0 && !slices.ContainsFunc(f.Slots, func(s Slot) bool { return s.Off == -ra }) {
		f.Slots = append(f.Slots, Slot{Off: -ra, Size: int(ra), Kind: ReturnAddress})
	}
}

// addLocation adds location v at CFA-relative off, merging it with the
// slot of the same place and kind.
func (f *Frame) addLocation(off int64, v Value) {
	size := int(v.L.Size)
	if v.L.Kind == stackmap.Direct {
		size = 0
	}
	key := slotKey{off, v.L.Kind}
	k, ok := f.bySlot[key]
	if !ok {
		k = len(f.Slots)
		f.bySlot[key] = k
		f.Slots = append(f.Slots, Slot{Off: off, Kind: Location, LocKind: v.L.Kind})
	}
	s := &f.Slots[k]
	s.Locs = append(s.Locs, v.Loc)
	if v.Role.Kind != NoRole {
		s.Roles = append(s.Roles, v.Role)
	}
	s.Size = max(s.Size, size)
}

// sortSlots orders slots by address, highest first.
func sortSlots(s []Slot) {
	slices.SortStableFunc(s, func(a, b Slot) int { return cmp.Compare(b.Off, a.Off) })
}
