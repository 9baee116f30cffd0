package compactunwind

import (
	"fmt"

	"github.com/stackmaps/stackmaps/regs"
)

// Kind says what a Rule holds.
type Kind uint8

// Rule kinds.
const (
	// KindNone: encoding 0, no unwind information (or a mode that gives
	// none, such as x86_64 mode 0).
	KindNone Kind = iota
	// KindCFA: CFA = CFAReg + CFAOffset, and Saved lists where the saved
	// registers are.
	KindCFA
	// KindStackIndirect (x86_64 STACK_IND): as KindCFA, but the stack size
	// that CFAOffset needs is the 32-bit immediate at byte
	// StackSizeCodeOffset of the function's code, plus StackAdjust: see
	// ResolveStackIndirect. CFAOffset is 0 until it is resolved; the saved
	// registers' CFA offsets are known.
	KindStackIndirect
	// KindDWARF: the function is described by the FDE at DWARFOffset in
	// __eh_frame.
	KindDWARF
)

var kindNames = [...]string{KindNone: "none", KindCFA: "cfa", KindStackIndirect: "stack-indirect", KindDWARF: "dwarf"}

// String returns "none", "cfa", "stack-indirect" or "dwarf".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Saved is a register saved in memory at CFA+Offset (Offset < 0).
type Saved struct {
	Reg    uint16 // DWARF register number
	Offset int64
}

// MaxSaved is the most registers an encoding can list, the longest
// Rule.Saved gets: arm64 FRAME with every pair, fp and lr.
const MaxSaved = 20

// Rule is what an encoding says about a function whose prologue has run:
// where its CFA is and where the registers it saved are. It holds no
// pointers: interpreting an encoding allocates nothing.
type Rule struct {
	Kind      Kind
	Encoding  Encoding
	CFAReg    uint16 // DWARF number: arm64 x29 (29) or sp (31), x86_64 rbp (6) or rsp (7)
	CFAOffset int64
	saved     [MaxSaved]Saved
	nsaved    uint8
	// DWARFOffset (KindDWARF) is the offset of the function's FDE in
	// __eh_frame.
	DWARFOffset uint32
	// StackSizeCodeOffset and StackAdjust (KindStackIndirect): the stack
	// size is the uint32 at that offset from the function's start, plus
	// StackAdjust bytes.
	StackSizeCodeOffset uint32
	StackAdjust         uint32
}

// Saved returns the saved registers: first the frame's own (arm64 frame
// mode: x29 at CFA-16, x30 at CFA-8; x86_64 rbp frame: rbp at CFA-16, rip
// at CFA-8; x86_64 frameless: rip at CFA-8), then the callee-saved
// registers from the one nearest the CFA down, as the prologue stored
// them. The slice points into r.
func (r *Rule) Saved() []Saved { return r.saved[:r.nsaved] }

func (r *Rule) save(reg uint16, off int64) {
	if int(r.nsaved) < len(r.saved) {
		r.saved[r.nsaved] = Saved{reg, off}
		r.nsaved++
	}
}

// Interpret turns an encoding of arch (regs.AArch64 or regs.X86_64) into a
// rule. An encoding the architecture does not define (an unknown mode, an
// x86_64 register number 7, an impossible permutation) is an error that
// says which bits are wrong; so is any other architecture.
func Interpret(arch regs.Arch, e Encoding) (Rule, error) {
	if e == 0 {
		return Rule{}, nil
	}
	switch arch {
	case regs.AArch64:
		return arm64Rule(e)
	case regs.X86_64:
		return x86Rule(e)
	}
	return Rule{}, fmt.Errorf("compact unwind encoding %#08x: %v has no compact unwind (only arm64 and x86_64)", uint32(e), arch)
}

func encErr(e Encoding, format string, args ...any) error {
	return fmt.Errorf("compact unwind encoding %#08x: %s", uint32(e), fmt.Sprintf(format, args...))
}
