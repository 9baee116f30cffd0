package walktest

import (
	"debug/elf"
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// spReg and raReg are the DWARF numbers of the stack pointer and of the
// register holding the return address at the capture routine's entry (none
// on x86_64, where it is on the stack).
var (
	spReg = map[string]uint16{"x86_64": 7, "aarch64": 31, "ppc64le": 1, "ppc64": 1, "s390x": 15, "riscv64": 2}
	raReg = map[string]uint16{"aarch64": 30, "ppc64le": 65, "ppc64": 65, "s390x": 14, "riscv64": 1}
)

// The builds build-all.sh makes: statepoints where llc compiles them,
// patchpoints where their call sequence is sound (see README.md).
var wantCases = []string{
	"aarch64-nopie-patchpoint", "aarch64-nopie-statepoint", "aarch64-pie-patchpoint", "aarch64-pie-statepoint",
	"ppc64-nopie-patchpoint", "ppc64-pie-patchpoint", "ppc64le-nopie-patchpoint", "ppc64le-pie-patchpoint",
	"riscv64-nopie-statepoint", "riscv64-pie-statepoint", "s390x-nopie-patchpoint", "s390x-pie-patchpoint",
	"x86_64-nopie-patchpoint", "x86_64-nopie-statepoint", "x86_64-pie-patchpoint", "x86_64-pie-statepoint",
}

func TestCheckedInCaptures(t *testing.T) {
	cases, err := Cases()
	require.NoError(t, err)
	var names []string
	for _, c := range cases {
		names = append(names, c.Name)
	}
	require.Equal(t, wantCases, names)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			f, err := ParseFile(c.Capture)
			require.NoError(t, err)
			checkCapture(t, c, f)
			checkBinary(t, c, f)
		})
	}
}

// checkCapture asserts what every capture of a case must hold.
func checkCapture(t *testing.T, c Case, f *File) {
	t.Helper()
	require.True(t, f.Done, "the program did not finish")
	assert.Equal(t, c.Arch, f.Arch)
	assert.Equal(t, c.PIE, f.PIE)
	assert.Equal(t, c.Mode, f.Mode)
	assert.Equal(t, "llc-22", f.LLC)
	big := f.Arch == "ppc64" || f.Arch == "s390x"
	assert.Equal(t, big, f.Order == binary.BigEndian, "byte order")
	if f.Mode == "patchpoint" {
		assert.Equal(t, uint64(0x5a000000), f.Tramp)
		assert.Equal(t, uint64(0x40), f.TrampSlot)
	}

	// Registers: the stack pointer and the return address as the header says.
	sp, ok := f.Regs[spReg[f.Arch]]
	require.True(t, ok, "no stack pointer register")
	assert.Equal(t, f.SP, sp, "sp line vs its register")
	if r, ok := raReg[f.Arch]; ok {
		assert.Equal(t, f.RetAddr, f.Regs[r], "retaddr vs the link register")
	}

	// Frames, innermost first.
	require.Len(t, f.Frames, len(frameOrder))
	vals := programValues()
	var obj uint64
	for i, fr := range f.Frames {
		w := frameOrder[i]
		require.Equal(t, w.name, fr.Func, "frame %d", i)
		require.Equal(t, i, fr.Index)
		if !fr.IsLLC() {
			assert.Empty(t, fr.Expect)
			assert.NotZero(t, fr.CFA, "main's cfa")
			continue
		}
		assert.Equal(t, w.id, fr.ID, "%s id", fr.Func)
		assert.Equal(t, f.Mode, fr.Call)
		assert.Equal(t, w.fp, fr.FP)
		wv := vals[fr.Func]
		require.Len(t, fr.Expect, len(wv), "%s values", fr.Func)
		ngc := gcCount[fr.Func]
		cfa, ok := f.ExpectedCFA(i)
		require.True(t, ok)
		for j, e := range fr.Expect {
			kind, idx := "live", j
			if f.Mode == "statepoint" {
				kind = "deopt"
				if j >= len(wv)-ngc {
					kind, idx = "gc", j-(len(wv)-ngc)
				}
			}
			assert.Equal(t, kind, e.Kind, "%s value %d", fr.Func, j)
			assert.Equal(t, idx, e.Index, "%s value %d", fr.Func, j)
			assert.Equal(t, wv[j].typ, e.Type, "%s value %d", fr.Func, j)
			switch {
			case wv[j].typ == "ptr" && wv[j].v == ptrStack:
				// An alloca of this frame: between its SP and its CFA.
				assert.True(t, e.Value >= fr.CallSP && e.Value < cfa,
					"%s value %d: alloca 0x%x outside its frame 0x%x-0x%x", fr.Func, j, e.Value, fr.CallSP, cfa)
				assert.True(t, f.Stack.Contains(e.Value, 8), "%s value %d: alloca outside the window", fr.Func, j)
				if fr.Func == "walk_c" {
					assert.Zero(t, e.Value%64, "walk_c's over-aligned alloca")
				}
			case wv[j].typ == "ptr":
				if obj == 0 {
					obj = e.Value
				}
				assert.Equal(t, obj+wv[j].v-ptrObj, e.Value, "%s value %d: gc object + offset", fr.Func, j)
			default:
				assert.True(t, e.Matches(wv[j].v), "%s value %d: 0x%x, want 0x%x", fr.Func, j, e.Value, wv[j].v)
			}
		}
	}

	// Stack pointers grow outward, the innermost one is the capture's SP,
	// and the window covers every frame up to main's CFA and beyond it.
	assert.Equal(t, f.SP, f.Frames[0].CallSP, "innermost frame's SP at its call vs the capture's SP")
	assert.Equal(t, f.SP, f.Stack.Start, "the window starts at the SP")
	for i := range f.Frames {
		if i > 0 {
			assert.Greater(t, f.Frames[i].CallSP, f.Frames[i-1].CallSP, "frame %d SP", i)
		}
		cfa, ok := f.ExpectedCFA(i)
		require.True(t, ok)
		assert.Greater(t, cfa, f.Frames[i].CallSP, "frame %d CFA", i)
		assert.True(t, f.Stack.Contains(f.Frames[i].CallSP, 8), "frame %d SP in the window", i)
		assert.True(t, f.Stack.Contains(cfa, 16), "frame %d CFA 0x%x in the window 0x%x-0x%x", i, cfa, f.Stack.Start, f.Stack.End())
	}
	align := uint64(16)
	if f.Arch == "s390x" {
		align = 8 // the s390x ABI keeps the stack 8-byte aligned
	}
	assert.Zero(t, f.SP%align, "SP alignment")
}

// checkBinary asserts that the capture's addresses belong to its executable:
// one load bias for every symbol, the return address inside walk_d.
func checkBinary(t *testing.T, c Case, f *File) {
	t.Helper()
	ef, err := elf.Open(c.Binary)
	require.NoError(t, err)
	defer ef.Close()
	syms, err := ef.Symbols()
	require.NoError(t, err)
	byName := map[string]elf.Symbol{}
	for _, s := range syms {
		byName[s.Name] = s
	}
	bias := f.Symbols["walk_a_exp"] - byName["walk_a_exp"].Value
	if !f.PIE {
		assert.Zero(t, bias, "non-PIE bias")
	}
	for name, addr := range f.Symbols {
		s, ok := byName[name]
		require.True(t, ok, "symbol %s not in %s", name, c.Binary)
		assert.Equal(t, s.Value, addr-bias, "symbol %s", name)
	}
	require.Contains(t, f.Code, "walk_d")
	entry := f.Code["walk_d"] - bias
	size := byName["walk_d"].Size
	if f.ABI == "elfv1" {
		size = 4096 // the symbol is the .opd descriptor: bound the code loosely
	} else {
		assert.Equal(t, f.Symbols["walk_d"], f.Code["walk_d"])
	}
	pc := f.RetAddr - bias
	assert.True(t, pc > entry && pc < entry+size, "return address 0x%x outside walk_d 0x%x+0x%x", pc, entry, size)
	sec := ef.Section(".llvm_stackmaps")
	require.NotNil(t, sec, "no .llvm_stackmaps in %s", c.Binary)
}
