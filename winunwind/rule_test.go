package winunwind_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/winunwind"
)

// ruleText writes a rule as "where cfa=rsp+N ra=rsp+N reg=loc ...", the
// saved registers in the rule's order.
func ruleText(r *winunwind.Rule) string {
	loc := func(l winunwind.Loc) string {
		return fmt.Sprintf("%s%+d", regs.DisplayName(regs.X86_64, l.Reg, 8), l.Offset)
	}
	var b strings.Builder
	cfa := loc(r.CFA)
	if r.CFALoaded {
		cfa = "[" + cfa + "]"
	}
	fmt.Fprintf(&b, "%v cfa=%s ra=%s", r.Where, cfa, loc(r.ReturnAddress))
	for _, s := range r.Saved() {
		fmt.Fprintf(&b, " %s=%s", regs.DisplayName(regs.X86_64, s.Reg, 8), loc(s.At))
	}
	return b.String()
}

// TestRulesAtEveryPart checks the rule at addresses of the prolog (partly
// run), the body and the epilogs of win.exe's and win-v2.exe's functions
// against what their instructions (llvm-objdump-22 -d) do to rsp.
func TestRulesAtEveryPart(t *testing.T) {
	const pushesBody = "body cfa=rsp+128 ra=rsp+120 rbx=rsp+56 rbp=rsp+64 rdi=rsp+72 rsi=rsp+80 r12=rsp+88 r13=rsp+96 r14=rsp+104 r15=rsp+112"
	cases := []struct {
		rva    uint32
		atInst bool
		want   string
	}{
		// w_pushes: push r15 r14 r13 r12 rsi rdi rbp rbx; sub rsp, 0x38.
		{0x1020, true, "prolog cfa=rsp+8 ra=rsp+0"},
		{0x1024, true, "prolog cfa=rsp+24 ra=rsp+16 r14=rsp+0 r15=rsp+8"},
		{0x102c, true, "prolog cfa=rsp+72 ra=rsp+64 rbx=rsp+0 rbp=rsp+8 rdi=rsp+16 rsi=rsp+24 r12=rsp+32 r13=rsp+40 r14=rsp+48 r15=rsp+56"},
		{0x103a, true, pushesBody},
		{0x103a, false, pushesBody},
		// add rsp, 0x38 begins the epilog: emulated, the same as the body.
		{0x1044, true, "epilog cfa=rsp+128 ra=rsp+120 rbx=rsp+56 rbp=rsp+64 rdi=rsp+72 rsi=rsp+80 r12=rsp+88 r13=rsp+96 r14=rsp+104 r15=rsp+112"},
		{0x1049, true, "epilog cfa=rsp+64 ra=rsp+56 rbp=rsp+0 rdi=rsp+8 rsi=rsp+16 r12=rsp+24 r13=rsp+32 r14=rsp+40 r15=rsp+48"},
		{0x1050, true, "epilog cfa=rsp+24 ra=rsp+16 r14=rsp+0 r15=rsp+8"},
		{0x1054, true, "epilog cfa=rsp+8 ra=rsp+0"},
		// Not at an instruction (a return address minus 1): no epilog.
		{0x1049, false, pushesBody},
		// w_fp: push rbp rsi rdi; sub rsp, 0x40; lea rbp, [rsp+0x40].
		{0x1067, true, "prolog cfa=rsp+96 ra=rsp+88 rdi=rsp+64 rsi=rsp+72 rbp=rsp+80"},
		{0x107a, true, "body cfa=rbp+32 ra=rbp+24 rdi=rbp+0 rsi=rbp+8 rbp=rbp+16"},
		{0x1094, true, "epilog cfa=rsp+32 ra=rsp+24 rdi=rsp+0 rsi=rsp+8 rbp=rsp+16"},
		{0x1097, true, "epilog cfa=rsp+8 ra=rsp+0"},
	}
	for _, name := range []string{"win.exe", "win-v2.exe"} {
		im := openImage(t, td+name)
		var r winunwind.Rule
		for _, c := range cases {
			require.NoError(t, im.table.RuleAt(c.rva, c.atInst, &r), "%s %#x", name, c.rva)
			want := c.want
			if name == "win-v2.exe" && c.rva == 0x1044 {
				// Version 2 epilogs start after the add: the add is body.
				want = "body" + strings.TrimPrefix(want, "epilog")
			}
			assert.Equal(t, want, ruleText(&r), "%s %#x atInstruction=%v", name, c.rva, c.atInst)
		}
	}
}
