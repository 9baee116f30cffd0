package lint_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/lint"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// TestRegisterSizeRule: a Register location or live-out larger than its
// register is flagged; the widest legitimate values (zmm under an xmm
// number, a VSX register under an f number) are not.
func TestRegisterSizeRule(t *testing.T) {
	for _, c := range []struct {
		arch     regs.Arch
		reg      uint16
		size     uint16
		flagged  bool
		liveOuts []stackmaptest.LiveOut
	}{
		{arch: regs.X86_64, reg: 0, size: 16, flagged: true},   // rax holds 8
		{arch: regs.X86_64, reg: 17, size: 64, flagged: false}, // zmm0
		{arch: regs.X86_64, reg: 17, size: 128, flagged: true},
		{arch: regs.PPC64LE, reg: 35, size: 16, flagged: false}, // vs3
		{arch: regs.PPC64LE, reg: 35, size: 32, flagged: true},
		{arch: regs.AArch64, reg: 19, size: 8, flagged: false, liveOuts: []stackmaptest.LiveOut{{Reg: 19, Size: 16}}},
	} {
		tab := stackmaptest.Table{Version: 3, Functions: []stackmaptest.Function{{Address: 0x1000, StackSize: 16, RecordCount: 1}},
			Records: []stackmaptest.Record{{ID: 1, InstructionOffset: 4, Locations: []stackmaptest.Location{{Kind: 1, Size: c.size, Reg: c.reg}}, LiveOuts: c.liveOuts}}}
		data := stackmaptest.Encode(binary.LittleEndian, tab)
		sd := stackmap.NewSectionData(stackmap.SectionData{Format: stackmap.FormatRaw, Arch: c.arch, ByteOrder: binary.LittleEndian, Data: data}, stackmap.Relocations{}, nil)
		sec, err := sd.Parse()
		require.NoError(t, err)
		n := 0
		for _, f := range lint.Check(sd, sec, lint.Options{Enable: []string{lint.RuleRegisterSize}}) {
			assert.Equal(t, lint.RuleRegisterSize, f.Rule)
			n++
		}
		want := 0
		if c.flagged {
			want++
		}
		if c.liveOuts != nil {
			want++ // x19 holds 8 bytes, not 16
		}
		assert.Equal(t, want, n, "%v register %d size %d", c.arch, c.reg, c.size)
	}
}
