package winunwind

import "fmt"

// Op is an x64 unwind operation (UWOP_*).
type Op uint8

// The unwind operations. OpEpilog and OpSpare are reserved in version 1.
const (
	OpPushNonvol    Op = 0  // UWOP_PUSH_NONVOL: push of an integer register
	OpAllocLarge    Op = 1  // UWOP_ALLOC_LARGE: sub rsp, n (n in the next 1 or 2 slots)
	OpAllocSmall    Op = 2  // UWOP_ALLOC_SMALL: sub rsp, 8 to 128
	OpSetFPReg      Op = 3  // UWOP_SET_FPREG: lea fp, [rsp+16*FrameOffset]
	OpSaveNonvol    Op = 4  // UWOP_SAVE_NONVOL: mov [frame+8*n], reg
	OpSaveNonvolFar Op = 5  // UWOP_SAVE_NONVOL_FAR: mov [frame+n], reg (32-bit n)
	OpEpilog        Op = 6  // UWOP_EPILOG (version 2): an epilog's size or place
	OpSpare         Op = 7  // UWOP_SPARE_CODE: reserved
	OpSaveXMM128    Op = 8  // UWOP_SAVE_XMM128: movaps [frame+16*n], xmm
	OpSaveXMM128Far Op = 9  // UWOP_SAVE_XMM128_FAR: movaps [frame+n], xmm (32-bit n)
	OpPushMachFrame Op = 10 // UWOP_PUSH_MACHFRAME: a hardware interrupt or exception frame
)

var opNames = [...]string{"PUSH_NONVOL", "ALLOC_LARGE", "ALLOC_SMALL", "SET_FPREG", "SAVE_NONVOL", "SAVE_NONVOL_FAR",
	"EPILOG", "SPARE", "SAVE_XMM128", "SAVE_XMM128_FAR", "PUSH_MACHFRAME"}

// String returns the operation's name as llvm-readobj spells it
// ("PUSH_NONVOL", ...).
func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("UWOP_%d", uint8(o))
}

// UNWIND_INFO flags.
const (
	FlagEHandler  = 1 // UNW_FLAG_EHANDLER: an exception handler follows the codes
	FlagUHandler  = 2 // UNW_FLAG_UHANDLER: a termination handler follows the codes
	FlagChainInfo = 4 // UNW_FLAG_CHAININFO: a RUNTIME_FUNCTION of the parent follows
)

// maxChain bounds how many chained entries a lookup follows (as Windows
// does).
const maxChain = 32

// Info is a decoded UNWIND_INFO: a view over the image's bytes.
type Info struct {
	RVA           uint32 // where it is
	Version       uint8  // 1 or 2
	Flags         uint8  // FlagEHandler, FlagUHandler, FlagChainInfo
	PrologSize    uint8
	CountOfCodes  uint8 // slots, 2 bytes each
	FrameRegister uint8 // Windows register number (0: none)
	FrameOffset   uint8 // scaled by 16
	// Handler is the RVA of the language handler (FlagEHandler or
	// FlagUHandler); its data follows it at HandlerDataRVA.
	Handler, HandlerDataRVA uint32
	// Chained is the parent entry (FlagChainInfo).
	Chained RuntimeFunction
	codes   []byte
	// epilogs is the number of leading epilog slots (version 2).
	epilogs int
	// fpCode is the slot of the SET_FPREG code, -1 without one.
	fpCode int
}

// Code is one unwind code: an operation with its operands, decoded from
// one to three slots.
type Code struct {
	// Offset is the offset in the function of the end of the prolog
	// instruction the code describes (for the first epilog code: the
	// epilog's size).
	Offset uint8
	Op     Op
	OpInfo uint8
	// Reg is the register: a Windows integer register number for
	// PUSH_NONVOL, SAVE_NONVOL(_FAR) and SET_FPREG (the frame register),
	// an xmm number for SAVE_XMM128(_FAR).
	Reg uint8
	// Value is the operand in bytes: the allocation's size
	// (ALLOC_LARGE/SMALL), the save's offset from the frame base
	// (SAVE_*), the frame register's offset from rsp (SET_FPREG), the
	// epilog's size (the first EPILOG code) or its distance from the
	// function's end (the others; 0 for padding).
	Value uint32
	// Slots is how many 2-byte slots the code takes (1 to 3).
	Slots uint8
	// FirstEpilog marks the first EPILOG code, which gives the size (and
	// AtEnd whether an epilog ends the function).
	FirstEpilog, AtEnd bool
}

// Epilog reports whether the code is an EPILOG code.
func (c Code) Epilog() bool { return c.Op == OpEpilog }

// ParseInfo decodes the UNWIND_INFO at rva and checks every code.
func (t *Table) ParseInfo(rva uint32) (Info, error) {
	const what = "UNWIND_INFO"
	h := t.mem.bytes(rva, 4)
	if h == nil {
		return Info{}, formatErr(rva, what, "not in any section of the image")
	}
	in := Info{RVA: rva, Version: h[0] & 7, Flags: h[0] >> 3, PrologSize: h[1], CountOfCodes: h[2],
		FrameRegister: h[3] & 15, FrameOffset: h[3] >> 4, fpCode: -1}
	if in.Version != 1 && in.Version != 2 {
		return Info{}, formatErr(rva, what, "version %d (1 and 2 exist)", in.Version)
	}
	if in.Flags&FlagChainInfo != 0 && in.Flags&(FlagEHandler|FlagUHandler) != 0 {
		return Info{}, formatErr(rva, what, "flags %#x: chained info with a handler", in.Flags)
	}
	if in.FrameRegister == 4 {
		return Info{}, formatErr(rva, what, "frame register rsp")
	}
	slots := (int(in.CountOfCodes) + 1) &^ 1
	tail := 0
	switch {
	case in.Flags&FlagChainInfo != 0:
		tail = RuntimeFunctionSize
	case in.Flags&(FlagEHandler|FlagUHandler) != 0:
		tail = 4
	}
	all := t.mem.bytes(rva, 4+2*slots+tail)
	if all == nil {
		return Info{}, formatErr(rva, what, "%d unwind code slots and %d trailing bytes pass the end of the section", in.CountOfCodes, tail)
	}
	in.codes = all[4 : 4+2*int(in.CountOfCodes)]
	rest := all[4+2*slots:]
	switch {
	case in.Flags&FlagChainInfo != 0:
		in.Chained = runtimeFunction(rest)
	case tail == 4:
		in.Handler = le.Uint32(rest)
		in.HandlerDataRVA = rva + uint32(4+2*slots+4)
	}
	// Check every code once, so that lookups decode without surprises.
	if in.Version == 2 {
		for in.epilogs < len(in.codes)/2 && Op(in.codes[2*in.epilogs+1]&15) == OpEpilog {
			in.epilogs++
		}
		if in.epilogs%2 != 0 {
			return Info{}, formatErr(rva, what, "%d epilog codes (an odd number: the Windows unwinder reads them in pairs)", in.epilogs)
		}
	}
	for i := in.epilogs; i < int(in.CountOfCodes); {
		c, err := in.code(i)
		if err != nil {
			return Info{}, err
		}
		if c.Op == OpSetFPReg && in.fpCode < 0 {
			in.fpCode = i
		}
		i += int(c.Slots)
	}
	if in.FrameRegister != 0 && in.fpCode < 0 && in.Flags&FlagChainInfo == 0 {
		return Info{}, formatErr(rva, what, "frame register %s but no SET_FPREG code", winRegName(in.FrameRegister))
	}
	if in.fpCode >= 0 && in.FrameRegister == 0 {
		return Info{}, formatErr(rva, what, "SET_FPREG code without a frame register")
	}
	return in, nil
}

// NumCodes returns the number of codes (not slots).
func (in *Info) NumCodes() int {
	n := 0
	for i := 0; i < len(in.codes)/2; n++ {
		c, err := in.code(i)
		if err != nil {
			break
		}
		i += int(c.Slots)
	}
	return n
}

// Code returns the code at slot i and the slot of the next one (i <
// CountOfCodes; slots are counted as the record holds them).
func (in *Info) Code(i int) (Code, int, error) {
	c, err := in.code(i)
	return c, i + int(c.Slots), err
}

func (in *Info) code(i int) (Code, error) {
	n := len(in.codes) / 2
	if i < 0 || i >= n {
		return Code{}, formatErr(in.RVA, "UNWIND_INFO", "unwind code slot %d of %d", i, n)
	}
	s := in.codes[2*i:]
	c := Code{Offset: s[0], Op: Op(s[1] & 15), OpInfo: s[1] >> 4, Slots: 1}
	extra := func(k int) (uint32, bool) { // the 16-bit slot i+k
		if i+k >= n {
			return 0, false
		}
		return uint32(le.Uint16(in.codes[2*(i+k):])), true
	}
	var ok = true
	var v, hi uint32
	switch c.Op {
	case OpPushNonvol:
		c.Reg = c.OpInfo
		if c.Reg == 4 {
			return c, formatErr(in.RVA, "UNWIND_INFO", "slot %d: PUSH_NONVOL of rsp", i)
		}
	case OpAllocLarge:
		switch c.OpInfo {
		case 0:
			v, ok = extra(1)
			c.Value, c.Slots = v*8, 2
		case 1:
			v, ok = extra(1)
			if ok {
				hi, ok = extra(2)
			}
			c.Value, c.Slots = v|hi<<16, 3
		default:
			return c, formatErr(in.RVA, "UNWIND_INFO", "slot %d: ALLOC_LARGE with operation info %d (0 or 1)", i, c.OpInfo)
		}
	case OpAllocSmall:
		c.Value = uint32(c.OpInfo)*8 + 8
	case OpSetFPReg:
		c.Reg, c.Value = in.FrameRegister, uint32(in.FrameOffset)*16
	case OpSaveNonvol, OpSaveXMM128:
		v, ok = extra(1)
		scale := uint32(8)
		if c.Op == OpSaveXMM128 {
			scale = 16
		}
		c.Reg, c.Value, c.Slots = c.OpInfo, v*scale, 2
		if c.Op == OpSaveNonvol && c.Reg == 4 {
			return c, formatErr(in.RVA, "UNWIND_INFO", "slot %d: SAVE_NONVOL of rsp", i)
		}
	case OpSaveNonvolFar, OpSaveXMM128Far:
		v, ok = extra(1)
		if ok {
			hi, ok = extra(2)
		}
		c.Reg, c.Value, c.Slots = c.OpInfo, v|hi<<16, 3
		if c.Op == OpSaveNonvolFar && c.Reg == 4 {
			return c, formatErr(in.RVA, "UNWIND_INFO", "slot %d: SAVE_NONVOL_FAR of rsp", i)
		}
	case OpEpilog:
		if in.Version != 2 || i >= in.epilogs {
			return c, formatErr(in.RVA, "UNWIND_INFO", "slot %d: EPILOG code %s", i, map[bool]string{true: "after the prolog codes", false: "in a version 1 record"}[in.Version == 2])
		}
		if i == 0 {
			c.FirstEpilog, c.AtEnd, c.Value = true, c.OpInfo&1 != 0, uint32(c.Offset)
			if c.Value == 0 {
				return c, formatErr(in.RVA, "UNWIND_INFO", "slot 0: EPILOG of size 0")
			}
		} else {
			c.Value = uint32(c.Offset) | uint32(c.OpInfo)<<8
		}
	case OpPushMachFrame:
		if c.OpInfo > 1 {
			return c, formatErr(in.RVA, "UNWIND_INFO", "slot %d: PUSH_MACHFRAME with operation info %d (0 or 1)", i, c.OpInfo)
		}
	default:
		return c, formatErr(in.RVA, "UNWIND_INFO", "slot %d: unwind operation %d is reserved", i, uint8(c.Op))
	}
	if !ok {
		return c, formatErr(in.RVA, "UNWIND_INFO", "slot %d: %v needs %d slots, %d are left", i, c.Op, c.Slots, n-i)
	}
	return c, nil
}

var winRegNames = [16]string{"RAX", "RCX", "RDX", "RBX", "RSP", "RBP", "RSI", "RDI", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}

func winRegName(r uint8) string { return winRegNames[r&15] }

// String formats the code as llvm-readobj --unwind does, e.g.
// "0x04: ALLOC_SMALL size=56" or "0x0C: SET_FPREG reg=RBP, offset=0x40".
func (c Code) String() string {
	head := fmt.Sprintf("0x%02X: %v", c.Offset, c.Op)
	switch c.Op {
	case OpPushNonvol:
		return head + " reg=" + winRegName(c.Reg)
	case OpAllocLarge, OpAllocSmall:
		return fmt.Sprintf("%s size=%d", head, c.Value)
	case OpSetFPReg:
		return fmt.Sprintf("%s reg=%s, offset=0x%X", head, winRegName(c.Reg), c.Value)
	case OpSaveNonvol, OpSaveNonvolFar:
		return fmt.Sprintf("%s reg=%s, offset=0x%X", head, winRegName(c.Reg), c.Value)
	case OpSaveXMM128, OpSaveXMM128Far:
		return fmt.Sprintf("%s reg=XMM%d, offset=0x%X", head, c.Reg, c.Value)
	case OpPushMachFrame:
		return head + " errcode=" + map[bool]string{true: "yes", false: "no"}[c.OpInfo != 0]
	case OpEpilog:
		switch {
		case c.FirstEpilog:
			return fmt.Sprintf("%s atend=%s, length=0x%X", head, map[bool]string{true: "yes", false: "no"}[c.AtEnd], c.Value)
		case c.Value == 0:
			return head + " padding"
		}
		return fmt.Sprintf("%s offset=0x%X", head, c.Value)
	}
	return head
}
