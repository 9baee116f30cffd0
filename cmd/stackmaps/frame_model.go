package main

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// The picture of one frame at a record (stackmaps frame): where, between
// the frame's CFA and its stack pointer, the return address, each saved
// register and each stack slot a location points at lie. Positions are
// offsets from the CFA, found from the CFI row that holds at the record:
// the CFA rule gives the stack or frame pointer's distance from the CFA,
// and every Direct or Indirect location based on that register is placed
// from it.

// frameSlot is one slot of the picture.
type frameSlot struct {
	Off    int64    // CFA-relative address of the slot's first byte
	Size   int      // bytes
	What   string   // "return address", "saved rbx", "Indirect", "Direct"
	Locs   []int    // the record's locations that point here
	Roles  []string // what the locations are to a statepoint: "deopt 0", "base of pair 1", ...
	Layout []string // the stack object llc's layout remark puts here (--layout)
}

// frameValue is a location that needs no slot of the frame: one in a
// register, a constant, or one whose base register the row cannot place.
type frameValue struct {
	Loc  int
	L    stackmap.Location
	Role string
}

// framePicture is the frame of one record.
type framePicture struct {
	tv *tableView
	rv recordView

	HasRow    bool
	CFAReg    uint16 // the CFA rule's register, when HasCFA
	CFAOffset int64  // CFA = CFAReg + CFAOffset
	HasCFA    bool
	SPOff     int64 // the stack pointer's CFA-relative address, when HasSP
	HasSP     bool
	SPFromRow bool // HasSP: the CFA rule names the stack pointer (else derived from the stack size)
	FPOff     int64
	HasFP     bool // the frame pointer's CFA-relative value is known

	Slots     []frameSlot  // sorted by address, highest first
	Registers []frameValue // locations in registers
	Constants []frameValue
	Unplaced  []frameValue // Direct/Indirect locations whose base the row does not place

	bySlot map[slotKey]int // Slots' index of each place and kind: merging stays linear
}

// slotKey is a slot's place and kind.
type slotKey struct {
	off  int64
	what string
}

// returnAddressOnStack is the size of the return address a call pushes
// (an architecture without a link register: x86_64), which lies between
// the CFA and the callee's frame.
func returnAddressOnStack(a regs.Arch, r *regs.Roles) int64 {
	if !r.HasReturnAddress && a.PointerSize() > 0 {
		return int64(a.PointerSize())
	}
	return 0
}

// cfaAboveFrame is the distance from the CFA down to the top of the
// callee's frame as LLVM sizes it (the function record's stack size): the
// caller's stack pointer below the CFA (regs.Roles.SPBelowCFA: s390x's
// register save area) and the return address a call pushes (x86_64).
func cfaAboveFrame(a regs.Arch, r *regs.Roles) int64 {
	return int64(r.SPBelowCFA) + returnAddressOnStack(a, r)
}

// statepointRoles names what each location of a statepoint record is.
func statepointRoles(r stackmap.Record) map[int]string {
	sp, ok := r.AsStatepoint()
	if !ok {
		return nil
	}
	roles := map[int]string{0: "calling convention", 1: "flags", 2: "deopt count"}
	for i := range sp.NumDeopt() {
		roles[sp.DeoptIndex(i)] = "deopt " + strconv.Itoa(i)
	}
	for i := range sp.NumGCPairs() {
		b, d := sp.GCPairIndex(i)
		if b == d {
			roles[b] = "base+derived of pair " + strconv.Itoa(i)
			continue
		}
		roles[b] = "base of pair " + strconv.Itoa(i)
		roles[d] = "derived of pair " + strconv.Itoa(i)
	}
	first := statepointFirstSlot(sp)
	for i := range sp.NumGCSlots() {
		roles[first+i] = "gc slot " + strconv.Itoa(i)
	}
	return roles
}

// buildFramePicture places a record's locations in its frame, with the
// CFI row that holds there (nil when the file has no CFI for it), reusing
// p's slices (a picture per record costs no allocation once they have
// grown).
func buildFramePicture(p *framePicture, tv *tableView, rv recordView, row *cfi.Row) *framePicture {
	bySlot := p.bySlot
	if bySlot == nil {
		bySlot = map[slotKey]int{}
	}
	clear(bySlot)
	*p = framePicture{tv: tv, rv: rv, Slots: p.Slots[:0], Registers: p.Registers[:0],
		Constants: p.Constants[:0], Unplaced: p.Unplaced[:0], bySlot: bySlot}
	arch := tv.SD.Arch
	roles := regs.RolesOf(arch)
	var fn *stackmap.Function
	if rv.Func >= 0 && rv.Func < len(tv.Funcs) {
		fn = &tv.Funcs[rv.Func]
	}
	if row != nil {
		p.HasRow = true
		if row.CFA.Kind == cfi.CFARegOffset {
			p.HasCFA, p.CFAReg, p.CFAOffset = true, row.CFA.Reg, row.CFA.Offset
			switch row.CFA.Reg {
			case roles.StackPointer:
				p.SPOff, p.HasSP, p.SPFromRow = -row.CFA.Offset, true, true
			case roles.FramePointer:
				p.FPOff, p.HasFP = -row.CFA.Offset, true
			}
		}
		for reg := range row.Regs {
			if rule := &row.Regs[reg]; rule.Kind == cfi.RuleOffset {
				what := "saved " + regName(arch, uint16(reg))
				if uint16(reg) == row.RAReg {
					what = "return address (" + regName(arch, uint16(reg)) + ")"
				}
				p.Slots = append(p.Slots, frameSlot{Off: rule.Offset, Size: 8, What: what})
			}
		}
		// x86_64's return address is pushed by the call: CFA-8, whether
		// or not the CIE states a rule for it.
		if ra := returnAddressOnStack(arch, &roles); ra > 0 && !slices.ContainsFunc(p.Slots, func(s frameSlot) bool { return s.Off == -ra }) {
			p.Slots = append(p.Slots, frameSlot{Off: -ra, Size: int(ra), What: "return address"})
		}
	}
	if !p.HasSP && p.HasCFA && fn != nil && !fn.DynamicStack() {
		p.SPOff, p.HasSP = -(int64(fn.StackSize()) + cfaAboveFrame(arch, &roles)), true
	}
	stateRoles := statepointRoles(rv.R)
	for i, l := range rv.R.Locations() {
		v := frameValue{Loc: i, L: l, Role: stateRoles[i]}
		switch l.Kind {
		case stackmap.Register:
			p.Registers = append(p.Registers, v)
			continue
		case stackmap.Constant, stackmap.ConstantIndex:
			p.Constants = append(p.Constants, v)
			continue
		}
		var base int64
		switch {
		case l.Reg == roles.StackPointer && p.HasSP:
			base = p.SPOff
		case l.Reg == roles.FramePointer && p.HasFP:
			base = p.FPOff
		default:
			p.Unplaced = append(p.Unplaced, v)
			continue
		}
		p.addLocationSlot(base+int64(l.Offset), i, l, v.Role)
	}
	sortSlots(p.Slots)
	return p
}

// sortSlots orders slots by address, highest first.
func sortSlots(s []frameSlot) {
	slices.SortStableFunc(s, func(a, b frameSlot) int { return cmp.Compare(b.Off, a.Off) })
}

// addLocationSlot adds location i at CFA-relative off, merging it with a
// slot of the same place and kind.
func (p *framePicture) addLocationSlot(off int64, i int, l stackmap.Location, role string) {
	what := l.Kind.String()
	size := int(l.Size)
	if l.Kind == stackmap.Direct {
		size = 0 // the address of a stack object: its size is not recorded
	}
	if k, ok := p.bySlot[slotKey{off, what}]; ok {
		s := &p.Slots[k]
		s.Locs = append(s.Locs, i)
		if role != "" {
			s.Roles = append(s.Roles, role)
		}
		s.Size = max(s.Size, size)
		return
	}
	p.bySlot[slotKey{off, what}] = len(p.Slots)
	s := frameSlot{Off: off, Size: size, What: what, Locs: []int{i}}
	if role != "" {
		s.Roles = []string{role}
	}
	p.Slots = append(p.Slots, s)
}

// regName names a DWARF register of arch as the tool does.
func regName(arch regs.Arch, n uint16) string {
	if s, ok := regs.PreferredName(arch, n); ok {
		return s
	}
	return "R#" + strconv.Itoa(int(n))
}
