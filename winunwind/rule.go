package winunwind

// DWARF register numbers of x86_64 that rules use.
const (
	DwarfRSP  = 7  // rsp
	DwarfRIP  = 16 // rip, the return address column
	DwarfXMM0 = 17 // xmm0; xmm n is 17+n
)

// dwarfOfWin maps Windows integer register numbers (rax rcx rdx rbx rsp
// rbp rsi rdi r8-r15) to DWARF's (rax rdx rcx rbx rsi rdi rbp rsp r8-r15).
var dwarfOfWin = [16]uint16{0, 2, 1, 3, 7, 6, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15}

// DwarfReg returns the DWARF number of Windows integer register r (0-15).
func DwarfReg(r uint8) uint16 { return dwarfOfWin[r&15] }

// Loc is an address: the value of DWARF register Reg, in the frame being
// unwound, plus Offset.
type Loc struct {
	Reg    uint16
	Offset int64
}

// Saved is a register saved in memory at At: an integer register (8
// bytes) or an xmm register (DwarfXMM0+n, 16 bytes).
type Saved struct {
	Reg uint16 // DWARF number
	At  Loc
}

// Where says which part of a function an address is in.
type Where uint8

// The parts of a function.
const (
	InBody   Where = iota // past the prolog, not in an epilog
	InProlog              // in the prolog: only the codes of the instructions that ran apply
	InEpilog              // in an epilog, emulated forward
)

var whereNames = [...]string{"body", "prolog", "epilog"}

// String returns "body", "prolog" or "epilog".
func (w Where) String() string {
	if int(w) < len(whereNames) {
		return whereNames[w]
	}
	return "invalid"
}

// maxSaved bounds Rule's saved registers: 16 integer and 16 xmm.
const maxSaved = 32

// Rule is what the unwind data says at one address: the canonical frame
// address (the caller's rsp), where the return address is and where each
// saved register is, as the frame's registers plus offsets. Registers it
// does not list keep their value in the caller. It holds no pointers.
type Rule struct {
	// Function is the entry covering the address (the first of a chain);
	// Info the UNWIND_INFO at its UnwindInfo RVA.
	Function RuntimeFunction
	Where    Where
	// CFA is the caller's rsp: CFA.Reg + CFA.Offset, or, when
	// CFALoaded (a PUSH_MACHFRAME), the 8 bytes stored there.
	CFA       Loc
	CFALoaded bool
	// ReturnAddress is where the caller's rip (ARM64: lr) is stored.
	// ReturnAddressInLR (ARM64) says it is still in lr, not saved.
	ReturnAddress     Loc
	ReturnAddressInLR bool
	saved             [maxSaved]Saved
	nsaved            uint8
}

// Saved returns the saved registers, in the order the unwind data gives
// them (the last prolog instruction first). The slice points into r.
func (r *Rule) Saved() []Saved { return r.saved[:r.nsaved] }

// save records reg at at, replacing an earlier record of reg: a code read
// later describes an earlier instruction, whose save holds the caller's
// value.
func (r *Rule) save(reg uint16, at Loc) {
	for i := range r.saved[:r.nsaved] {
		if r.saved[i].Reg == reg {
			r.saved[i].At = at
			return
		}
	}
	if int(r.nsaved) < len(r.saved) {
		r.saved[r.nsaved] = Saved{reg, at}
		r.nsaved++
	}
}

// unwinder is the state of one rule computation: rsp of the frame being
// unwound, as a location (it starts as rsp + 0).
type unwinder struct {
	rule    *Rule
	cur     Loc
	machine bool // a PUSH_MACHFRAME ran: cur is no longer rsp
}

func (u *unwinder) finish() {
	if !u.machine {
		u.rule.ReturnAddress = u.cur
		u.rule.CFA = Loc{u.cur.Reg, u.cur.Offset + 8}
	}
}

// RuleAt gives the rule at rva. atInstruction says that rva is the
// address of an instruction about to run (an interrupted frame, or the
// innermost frame of a walk): epilogs are then recognized and emulated,
// as the Windows unwinder does. A frame suspended in a call passes the
// return address minus 1 with atInstruction false: a call is never in an
// epilog, and the bytes at return address minus 1 are no instruction.
//
// No entry covering rva is ErrNotFound; records that do not decode are a
// *FormatError. RuleAt allocates nothing unless it fails with a
// *FormatError.
func (t *Table) RuleAt(rva uint32, atInstruction bool, r *Rule) error {
	fn, _, ok := t.Lookup(rva)
	if !ok {
		return ErrNotFound
	}
	return t.FunctionRule(fn, rva, atInstruction, r)
}

// resolve follows an indirect entry to the entry it names.
func (t *Table) resolve(fn RuntimeFunction) (RuntimeFunction, error) {
	if !fn.Indirect() {
		return fn, nil
	}
	at := fn.UnwindInfo - 1
	b := t.mem.bytes(at, RuntimeFunctionSize)
	if b == nil {
		return fn, formatErr(at, "RUNTIME_FUNCTION", "indirect entry not in any section of the image")
	}
	g := runtimeFunction(b)
	if g.Indirect() {
		return fn, formatErr(at, "RUNTIME_FUNCTION", "indirect entry names another indirect entry")
	}
	return RuntimeFunction{fn.Begin, fn.End, g.UnwindInfo}, nil
}

// FunctionRule gives the rule at rva of function entry fn (which need not
// cover rva: a chained entry's parent). See RuleAt.
func (t *Table) FunctionRule(fn RuntimeFunction, rva uint32, atInstruction bool, r *Rule) error {
	*r = Rule{Function: fn, CFA: Loc{DwarfRSP, 8}, ReturnAddress: Loc{DwarfRSP, 0}}
	fn, err := t.resolve(fn)
	if err != nil {
		return err
	}
	in, err := t.ParseInfo(fn.UnwindInfo)
	if err != nil {
		return err
	}
	u := unwinder{rule: r, cur: Loc{DwarfRSP, 0}}
	prologOff := rva - fn.Begin
	if prologOff < uint32(in.PrologSize) {
		r.Where = InProlog
	}
	// The establisher frame, which SAVE_* offsets count from.
	est := Loc{DwarfRSP, 0}
	if in.FrameRegister != 0 {
		fp := Loc{DwarfReg(in.FrameRegister), -16 * int64(in.FrameOffset)}
		switch {
		case prologOff >= uint32(in.PrologSize) || in.Flags&FlagChainInfo != 0:
			est = fp
		case in.fpCode >= 0 && prologOff >= uint32(in.codes[2*in.fpCode]):
			est = fp
		}
	}
	if atInstruction {
		off, found, err := t.findEpilog(fn, &in, rva)
		if err != nil {
			return err
		}
		if found {
			r.Where = InEpilog
			if in.Version >= 2 {
				err = t.epilogV2(in, off, &u)
			} else {
				err = t.epilogV1(&in, rva, &u)
			}
			if err != nil {
				return err
			}
			u.finish()
			return nil
		}
	}
	if err := t.prolog(fn, in, rva, est, &u); err != nil {
		return err
	}
	u.finish()
	return nil
}

// prolog applies the codes of fn's record (and its chain) whose
// instructions ran by rva.
func (t *Table) prolog(fn RuntimeFunction, in Info, rva uint32, est Loc, u *unwinder) error {
	for chain := 0; ; chain++ {
		off := rva - fn.Begin // wraps for a chained parent below rva: every code applies
		for i := in.epilogs; i < len(in.codes)/2; {
			c, err := in.code(i)
			if err != nil {
				return err
			}
			i += int(c.Slots)
			if off < uint32(c.Offset) {
				continue
			}
			if u.machine && (c.Op == OpPushNonvol || c.Op == OpAllocLarge || c.Op == OpAllocSmall || c.Op == OpSetFPReg || c.Op == OpPushMachFrame) {
				return unsupported(in.RVA, "UNWIND_INFO", "%v applies after PUSH_MACHFRAME (rsp is then loaded from memory)", c.Op)
			}
			switch c.Op {
			case OpPushNonvol:
				u.rule.save(DwarfReg(c.Reg), u.cur)
				u.cur.Offset += 8
			case OpAllocLarge, OpAllocSmall:
				u.cur.Offset += int64(c.Value)
			case OpSetFPReg:
				u.cur = Loc{DwarfReg(in.FrameRegister), -16 * int64(in.FrameOffset)}
			case OpSaveNonvol, OpSaveNonvolFar:
				u.rule.save(DwarfReg(c.Reg), Loc{est.Reg, est.Offset + int64(c.Value)})
			case OpSaveXMM128, OpSaveXMM128Far:
				u.rule.save(DwarfXMM0+uint16(c.Reg), Loc{est.Reg, est.Offset + int64(c.Value)})
			case OpPushMachFrame:
				skip := int64(0)
				if c.OpInfo != 0 {
					skip = 8
				}
				u.rule.ReturnAddress = Loc{u.cur.Reg, u.cur.Offset + skip}
				u.rule.CFA, u.rule.CFALoaded = Loc{u.cur.Reg, u.cur.Offset + skip + 24}, true
				u.machine = true
			}
		}
		if in.Flags&FlagChainInfo == 0 {
			return nil
		}
		if chain >= maxChain {
			return formatErr(in.RVA, "UNWIND_INFO", "more than %d chained entries", maxChain)
		}
		parent, err := t.resolve(in.Chained)
		if err != nil {
			return err
		}
		fn = parent
		if in, err = t.ParseInfo(fn.UnwindInfo); err != nil {
			return err
		}
	}
}
