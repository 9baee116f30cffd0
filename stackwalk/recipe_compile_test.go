package stackwalk

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/regs"
)

// TestCompileLoadsOnly checks which rows compile to the step of
// unwindLoads, and the save-slot range and register mask it is given.
func TestCompileLoadsOnly(t *testing.T) {
	x, err := newABI(regs.X86_64)
	require.NoError(t, err)
	// x86_64 after push %rbp; mov %rsp,%rbp; push %rbx: CFA = rbp+16,
	// the return address (16) at CFA-8, rbp (6) at CFA-16, rbx (3) at
	// CFA-24.
	row := func() *cfi.Row {
		r := &cfi.Row{CFA: cfi.CFARule{Kind: cfi.CFARegOffset, Reg: 6, Offset: 16}, RAReg: 16}
		r.Regs[16] = cfi.Rule{Kind: cfi.RuleOffset, Offset: -8}
		r.Regs[6] = cfi.Rule{Kind: cfi.RuleOffset, Offset: -16}
		r.Regs[3] = cfi.Rule{Kind: cfi.RuleOffset, Offset: -24}
		return r
	}
	var e recipe
	require.True(t, e.compile(row(), allRegs, &x, false))
	assert.True(t, e.loadsOnly)
	assert.Equal(t, int32(-24), e.loadLo)
	assert.Equal(t, uint32(24), e.loadSpan)
	assert.Equal(t, [MaxRegs / 64]uint64{1<<3 | 1<<6 | 1<<7 | 1<<16, 0}, e.sets, "rbx, rbp, rsp and the return address")

	for name, edit := range map[string]func(*cfi.Row){
		"register rule":         func(r *cfi.Row) { r.Regs[3] = cfi.Rule{Kind: cfi.RuleRegister, Reg: 12} },
		"val_offset rule":       func(r *cfi.Row) { r.Regs[3] = cfi.Rule{Kind: cfi.RuleValOffset, Offset: -24} },
		"stack pointer saved":   func(r *cfi.Row) { r.Regs[7] = cfi.Rule{Kind: cfi.RuleOffset, Offset: -32} },
		"return address kept":   func(r *cfi.Row) { r.Regs[16] = cfi.Rule{} },
		"slots over 4 GB apart": func(r *cfi.Row) { r.Regs[3].Offset, r.Regs[6].Offset = math.MinInt32, math.MaxInt32 },
	} {
		r := row()
		edit(r)
		e = recipe{}
		if e.compile(r, allRegs, &x, false) {
			assert.False(t, e.loadsOnly, name)
		}
	}

	// A CFA offset beyond int32 is not cached at all.
	r := row()
	r.CFA.Offset = math.MaxInt32 + 1
	assert.False(t, (&recipe{}).compile(r, allRegs, &x, false))
}

// allRegs is compile's set for a row cfi did not compute: every register.
var allRegs = [MaxRegs / 64]uint64{^uint64(0), ^uint64(0)}
