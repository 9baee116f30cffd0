package winunwind_test

import (
	"encoding/binary"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/disasm"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/winunwind"
)

// simState is where rsp and rbp are relative to the CFA while a function
// runs, as its instructions say.
type simState struct {
	sp, fp     int64
	spOK, fpOK bool
	rax        int64
	raxOK      bool
}

// imm parses "$0x38" or "$-0x10".
func imm(s string) (int64, bool) {
	s = strings.TrimPrefix(s, "$")
	v, err := strconv.ParseInt(s, 0, 64)
	return v, err == nil
}

// disp parses "0x40(%rsp)" into 0x40 and "%rsp".
func disp(s string) (int64, string, bool) {
	i := strings.IndexByte(s, '(')
	if i < 0 || !strings.HasSuffix(s, ")") {
		return 0, "", false
	}
	base := s[i+1 : len(s)-1]
	if i == 0 {
		return 0, base, true
	}
	v, err := strconv.ParseInt(s[:i], 0, 64)
	return v, base, err == nil
}

// operands splits "0x28(%rsp),%rax" at the commas outside parentheses.
func operands(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// step applies one instruction (GNU syntax, as disasm.Decode writes it)
// to st.
func (st *simState) step(text string) {
	op, args, _ := strings.Cut(text, " ")
	op = strings.TrimSuffix(op, "q")
	a := operands(strings.TrimSpace(args))
	dst := a[len(a)-1]
	switch {
	case op == "push":
		st.sp -= 8
	case op == "pop":
		st.sp += 8
		if dst == "%rbp" {
			st.fpOK = false
		}
	case (op == "sub" || op == "add") && dst == "%rsp" && len(a) == 2:
		v, ok := imm(a[0])
		switch {
		case ok && op == "sub":
			st.sp -= v
		case ok:
			st.sp += v
		case a[0] == "%rax" && st.raxOK && op == "sub":
			st.sp -= st.rax
		default:
			st.spOK = false
		}
	case (op == "mov" || op == "movl") && dst == "%eax" && len(a) == 2:
		st.rax, st.raxOK = imm(a[0])
	case op == "lea" && dst == "%rbp":
		if d, base, ok := disp(a[0]); ok && base == "%rsp" {
			st.fp, st.fpOK = st.sp+d, st.spOK
		} else {
			st.fpOK = false
		}
	case op == "mov" && dst == "%rbp" && a[0] == "%rsp":
		st.fp, st.fpOK = st.sp, st.spOK
	case op == "lea" && dst == "%rsp":
		if d, base, ok := disp(a[0]); ok && base == "%rbp" {
			st.sp, st.spOK = st.fp+d, st.fpOK
		} else {
			st.spOK = false
		}
	case op == "mov" && dst == "%rsp" && a[0] == "%rbp":
		st.sp, st.spOK = st.fp, st.fpOK
	case dst == "%rsp":
		st.spOK = false // and (realignment), mov from another register
	case dst == "%rbp":
		st.fpOK = false
	case dst == "%eax" || dst == "%rax":
		st.raxOK = false
	}
}

// TestRulesAtEveryInstruction runs every function of the test images
// instruction by instruction, tracking where rsp and rbp are relative to
// the CFA (pushes, pops, sub/add rsp, lea, the __chkstk amount in eax),
// and checks the rule RuleAt gives at each instruction (prolog, body,
// epilog) against it: the CFA on rsp or rbp at the offset the
// instructions put it. After a ret or a tail jump the body's state holds
// again (the code after it is reached by a branch from the body).
func TestRulesAtEveryInstruction(t *testing.T) {
	for _, name := range []string{"win.exe", "win-v2.exe", "capture/walk.exe", "capture/xmm/walk.exe"} {
		im := openImage(t, td+name)
		var r winunwind.Rule
		checked := 0
		for i := range im.table.Len() {
			fn := im.table.At(i)
			code := im.table.Bytes(fn.Begin, int(fn.End-fn.Begin))
			require.NotNil(t, code)
			st := simState{sp: -8, spOK: true}
			var body *simState
			for off := 0; off < len(code); {
				pc := fn.Begin + uint32(off)
				inst, ok := disasm.Decode(regs.X86_64, binary.LittleEndian, code[off:], im.base+uint64(pc))
				require.True(t, ok, "%s %#x", name, pc)
				require.NoError(t, im.table.RuleAt(pc, true, &r), "%s %#x", name, pc)
				if r.Where == winunwind.InBody && body == nil {
					b := st
					body = &b
				}
				switch r.CFA.Reg {
				case winunwind.DwarfRSP:
					if assert.True(t, st.spOK, "%s %#x %s: rsp unknown, rule %+v", name, pc, inst.Text, r.CFA) {
						assert.Equal(t, -st.sp, r.CFA.Offset, "%s %#x %s (%v)", name, pc, inst.Text, r.Where)
					}
				case 6: // rbp
					if assert.True(t, st.fpOK, "%s %#x %s: rbp unknown", name, pc, inst.Text) {
						assert.Equal(t, -st.fp, r.CFA.Offset, "%s %#x %s (%v)", name, pc, inst.Text, r.Where)
					}
				default:
					t.Errorf("%s %#x: CFA on DWARF register %d", name, pc, r.CFA.Reg)
				}
				assert.Equal(t, winunwind.Loc{Reg: r.CFA.Reg, Offset: r.CFA.Offset - 8}, r.ReturnAddress, "%s %#x", name, pc)
				checked++
				st.step(inst.Text)
				op, _, _ := strings.Cut(inst.Text, " ")
				op = strings.TrimSuffix(op, "q")
				if (op == "ret" || (op == "jmp" && (!inst.HasTarget || !fn.Contains(uint32(inst.Target-im.base))))) && body != nil {
					st = *body
				}
				off += inst.Len
			}
		}
		t.Logf("%s: %d instructions checked", name, checked)
	}
}

// stepARM64 applies one AArch64 instruction (as disasm.Decode writes it)
// to st (fp is x29, rax the x15 that __chkstk takes).
func (st *simState) stepARM64(text string) {
	op, args, _ := strings.Cut(text, " ")
	a := strings.Split(strings.TrimSpace(args), ", ")
	shifted := func(s string, rest []string) (int64, bool) {
		v, ok := imm(strings.TrimPrefix(s, "#"))
		if ok && len(rest) == 1 && rest[0] == "lsl #12" {
			v <<= 12
		}
		return v, ok && (len(rest) == 0 || rest[0] == "lsl #12")
	}
	switch {
	case (op == "sub" || op == "add") && len(a) >= 3 && a[0] == "sp" && a[1] == "sp":
		if a[2] == "x15" && len(a) == 4 && a[3] == "lsl #4" && st.raxOK && op == "sub" {
			st.sp -= st.rax << 4
		} else if v, ok := shifted(a[2], a[3:]); ok {
			if op == "sub" {
				v = -v
			}
			st.sp += v
		} else {
			st.spOK = false
		}
	case (op == "sub" || op == "add") && len(a) == 3 && a[0] == "sp" && a[1] == "x29":
		v, ok := imm(strings.TrimPrefix(a[2], "#"))
		if op == "sub" {
			v = -v
		}
		st.sp, st.spOK = st.fp+v, st.fpOK && ok
	case op == "mov" && len(a) == 2 && a[0] == "sp" && a[1] == "x29":
		st.sp, st.spOK = st.fp, st.fpOK
	case op == "add" && len(a) == 3 && a[0] == "x29" && a[1] == "sp":
		v, ok := imm(strings.TrimPrefix(a[2], "#"))
		st.fp, st.fpOK = st.sp+v, st.spOK && ok
	case op == "mov" && len(a) == 2 && a[0] == "x29" && a[1] == "sp":
		st.fp, st.fpOK = st.sp, st.spOK
	case op == "mov" && len(a) == 2 && a[0] == "x15":
		st.rax, st.raxOK = imm(strings.TrimPrefix(a[1], "#"))
	case (op == "stp" || op == "str") && strings.HasPrefix(a[len(a)-1], "[sp,#-") && strings.HasSuffix(a[len(a)-1], "]!"):
		v, _ := imm(strings.TrimSuffix(strings.TrimPrefix(a[len(a)-1], "[sp,#"), "]!"))
		st.sp += v
	case (op == "ldp" || op == "ldr") && len(a) >= 2 && strings.HasPrefix(a[len(a)-1], "[sp],#"):
		v, _ := imm(strings.TrimPrefix(a[len(a)-1], "[sp],#"))
		st.sp += v
		if a[0] == "x29" {
			st.fpOK = false
		}
	case len(a) > 0 && a[0] == "sp":
		st.spOK = false
	case len(a) > 0 && a[0] == "x29" || (op == "ldp" && a[0] == "x29"):
		st.fpOK = false
	case len(a) > 0 && a[0] == "x15":
		st.raxOK = false
	}
}

// TestRulesAtEveryInstructionARM64 is TestRulesAtEveryInstruction for the
// ARM64 images: every instruction of every function, the CFA on sp or x29
// where the instructions put it, and lr where the last store of it put
// it; packed-arm64.exe's entries are packed (the prolog and epilog they
// imply), and capture-arm64/walk.exe (the qemu proof's program: llc's
// frames, clang's C, the capture routine) has one, start.
func TestRulesAtEveryInstructionARM64(t *testing.T) {
	for _, c := range []struct {
		name    string
		packed  int
		atLeast int
	}{{"win-arm64.exe", 0, 150}, {"packed-arm64.exe", 7, 50}, {"capture-arm64/walk.exe", 1, 1000}} {
		t.Run(c.name, func(t *testing.T) {
			checked, packed := rulesAtEveryInstructionARM64(t, td+c.name)
			t.Logf("%s: %d instructions checked", c.name, checked)
			assert.Greater(t, checked, c.atLeast)
			assert.Equal(t, c.packed, packed)
		})
	}
}

func rulesAtEveryInstructionARM64(t *testing.T, path string) (checked, packed int) {
	tab, base := openARM64(t, path)
	var r winunwind.Rule
	for i := range tab.Len() {
		fn := tab.At(i)
		var length uint32
		if fn.Packed() {
			length = fn.PackedData().FunctionLength
			packed++
		} else {
			in, err := tab.ParseARM64Info(fn.UnwindData)
			require.NoError(t, err)
			length = in.FunctionLength
		}
		code := tab.Bytes(fn.Begin, int(length))
		require.NotNil(t, code)
		st := simState{spOK: true}
		var body *simState
		for off := 0; off < len(code); off += 4 {
			pc := fn.Begin + uint32(off)
			inst, ok := disasm.Decode(regs.AArch64, binary.LittleEndian, code[off:], base+uint64(pc))
			require.True(t, ok, "%#x", pc)
			require.NoError(t, tab.RuleAt(pc, &r), "%#x", pc)
			if r.Where == winunwind.InBody && body == nil {
				b := st
				body = &b
			}
			switch r.CFA.Reg {
			case winunwind.DwarfSP:
				if assert.True(t, st.spOK, "%#x %s: sp unknown", pc, inst.Text) {
					assert.Equal(t, -st.sp, r.CFA.Offset, "%#x %s (%v)", pc, inst.Text, r.Where)
				}
			case winunwind.DwarfX29:
				if assert.True(t, st.fpOK, "%#x %s: x29 unknown", pc, inst.Text) {
					assert.Equal(t, -st.fp, r.CFA.Offset, "%#x %s (%v)", pc, inst.Text, r.Where)
				}
			default:
				t.Errorf("%#x: CFA on DWARF register %d", pc, r.CFA.Reg)
			}
			checked++
			st.stepARM64(inst.Text)
			if inst.Text == "ret" && body != nil {
				st = *body
			}
		}
	}
	return checked, packed
}
