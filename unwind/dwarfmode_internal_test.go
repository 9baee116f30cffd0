package unwind

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// TestDWARFModeEntry: a DWARF-mode entry's row is the row of the
// __eh_frame FDE it names: cx_immd6 (x86_64.dylib at 0x620, encoding
// 0x04000018) at its record (0x635), as llvm-dwarfdump-22 prints it. RowAt
// finds that FDE first; compactRow is the path taken when the FDE search
// does not (an entry naming an FDE that covers no function start).
func TestDWARFModeEntry(t *testing.T) {
	path := "../testdata/compactunwind/x86_64.dylib"
	f, err := machosection.Open(path)
	require.NoError(t, err)
	defer f.Close()
	cu, err := f.CompactUnwind()
	require.NoError(t, err)
	eh, err := f.Frames()
	require.NoError(t, err)
	tab, err := New(Sources{Arch: regs.X86_64, EHFrame: eh, UnwindInfo: cu.Info, TextAddr: cu.TextAddr})
	require.NoError(t, err)
	var ctx Context
	ctx.row = Row{PC: 0x635}
	r, err := tab.compactRow(0x635, &ctx)
	require.NoError(t, err)
	assert.Equal(t, KindUnwindInfo, r.Table)
	assert.True(t, r.Compact)
	assert.True(t, r.HasFDE)
	assert.Equal(t, uint64(0x18), r.FDEOffset)
	assert.Equal(t, KindEHFrame, r.RulesFrom()) // the rules are the FDE's
	assert.Equal(t, "__eh_frame", r.RulesFrom().SectionName(stackmap.FormatMachO))
	assert.Equal(t, uint64(0x620), r.FunctionStart)
	assert.Equal(t, compactunwind.Encoding(0x04000018), r.Encoding)
	require.NotNil(t, r.Rules)
	assert.Equal(t, uint16(6), r.Rules.CFA.Reg)
	assert.Equal(t, int64(16), r.Rules.CFA.Offset)
	assert.Equal(t, int64(-56), r.Rules.Regs[3].Offset) // rbx

	// The same through RowAt: the FDE answers first, with the same rules.
	r2, err := tab.RowAt(0x635, &ctx)
	require.NoError(t, err)
	assert.Equal(t, KindEHFrame, r2.Table)
	assert.Equal(t, uint64(0x18), r2.FDEOffset)
	assert.Equal(t, int64(-56), r2.Rules.Regs[3].Offset)
}
