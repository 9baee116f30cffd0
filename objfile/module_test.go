package objfile_test

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/unwind"
)

const td = "../testdata/"

// TestModule: objfile.OpenModule describes ELF executables and Mach-O images
// for a walk: architecture, code range (executable PT_LOAD segments, or
// the code sections), unwind tables and stack maps.
func TestModule(t *testing.T) {
	m, err := objfile.OpenModule(td+"walk/captures/x86_64-nopie-statepoint/walk", 0x1000)
	require.NoError(t, err)
	assert.Equal(t, regs.X86_64, m.Arch)
	assert.Equal(t, uint64(0x1000), m.Bias)
	assert.Less(t, m.Start, m.End)
	assert.True(t, m.Unwind.Has(unwind.KindEHFrame))
	assert.NoError(t, m.Unwind.HdrErr())
	require.NotNil(t, m.Stackmaps)
	assert.Nil(t, m.Closer, "the file is closed: the module needs nothing of it")
	runtime.GC()
	runtime.GC()
	assert.Greater(t, m.Stackmaps.Len(), 0)
	require.NoError(t, m.Close())
	require.NoError(t, m.Close())

	m, err = objfile.OpenModule(td+"linked-macho/arm64-macos13.dylib", 0)
	require.NoError(t, err)
	assert.Equal(t, regs.AArch64, m.Arch)
	assert.True(t, m.Unwind.Has(unwind.KindUnwindInfo))
	assert.False(t, m.Unwind.Has(unwind.KindEHFrame))
	require.NotNil(t, m.Stackmaps)
	require.NoError(t, m.Close())

	_, err = objfile.OpenModule(td+"fat/kinds-universal.o", 0)
	assert.ErrorContains(t, err, "one image per slice")
	m, err = objfile.OpenModule(td+"windows/win.exe", 0)
	require.NoError(t, err)
	assert.Equal(t, regs.X86_64, m.Arch)
	assert.True(t, m.Unwind.Has(unwind.KindPData))
	assert.Equal(t, uint64(0x140001000), m.Start)
	require.NotNil(t, m.Stackmaps)
	require.NoError(t, m.Close())
}

// TestOpenUnwind: the tables of each format, relocated in objects; the
// slices of a universal file; COFF x64 .pdata.
func TestOpenUnwind(t *testing.T) {
	var ctx unwind.Context

	// arm64 object: its __eh_frame is relocated, so the FDE at 0x14
	// covers cu_pairs at 0 (llvm-dwarfdump prints the unrelocated 0x560).
	tab, err := objfile.OpenUnwind(td+"compactunwind/arm64-dwarf.o", "")
	require.NoError(t, err)
	assert.True(t, tab.Has(unwind.KindCompactUnwind))
	r, err := tab.RowAt(0x28, &ctx)
	require.NoError(t, err)
	assert.Equal(t, unwind.KindEHFrame, r.Table)
	assert.Equal(t, uint64(0x14), r.FDEOffset)
	assert.Equal(t, uint64(0), r.FunctionStart)

	// ELF object: relocated with every section at 0.
	tab, err = objfile.OpenUnwind(td+"objects/llvm22/x86_64-elf/kinds.o", "")
	require.NoError(t, err)
	assert.Equal(t, regs.X86_64, tab.Arch())
	assert.True(t, tab.Has(unwind.KindEHFrame))

	for _, slice := range []string{"x86_64", "aarch64"} {
		tab, err = objfile.OpenUnwind(td+"fat/kinds-universal.o", slice)
		require.NoError(t, err, slice)
		assert.Equal(t, slice, tab.Arch().String())
	}
	_, err = objfile.OpenUnwind(td+"fat/kinds-universal.o", "ppc64")
	assert.ErrorContains(t, err, `no slice "ppc64"`)
	tab, err = objfile.OpenUnwind(td+"objects/llvm22/x86_64-coff/constants.o", "")
	require.NoError(t, err)
	assert.True(t, tab.Has(unwind.KindPData))
}
