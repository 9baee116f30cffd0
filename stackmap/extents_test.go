package stackmap_test

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// exeIndexes returns the linked x86_64 executable's stack map section as
// a runtime holding bare bytes has it (exe.stackmaps.bin, the section's
// bytes as loaded), indexed without extents and with the extents of the
// functions that the executable's symbol table gives (what a runtime
// knows of its own code), and as read through the ELF file.
func exeIndexes(t *testing.T) (sec *stackmap.Section, bare, withExtents, file *stackmap.Index) {
	data, err := os.ReadFile("../testdata/linked/x86_64-elf/exe.stackmaps.bin")
	require.NoError(t, err)
	sec, err = stackmap.Parse(data, binary.LittleEndian)
	require.NoError(t, err)

	f, err := objfile.Open("../testdata/linked/x86_64-elf/exe")
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	require.Len(t, f.Sections, 1)
	fsec, err := f.Sections[0].Parse()
	require.NoError(t, err)
	var extents []stackmap.Extent
	for _, tab := range fsec.Tables() {
		for _, fn := range tab.Functions() {
			require.NotZero(t, fn.Size(), fn.Name())
			extents = append(extents, stackmap.Extent{Start: fn.Entry(), End: fn.Entry() + fn.Size()})
		}
	}
	return sec, stackmap.NewIndex(sec), stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: extents}), stackmap.NewIndex(fsec)
}

// TestBareSectionExtents: exe's stack maps describe sm_inline, la_*,
// lb_* and lg_safepoint/lg_default; lb_empty (0x401280, 6 bytes) has a
// stackmap record at 0x401284, and lg_callee (0x4012a0, between lb_use and
// lg_safepoint) has none. Bare bytes do not say where lb_empty ends, so a
// pc inside lg_callee (0x4012a5) or past all code (0x7fffffffffff) must
// not find lb_empty's or any record.
func TestBareSectionExtents(t *testing.T) {
	sec, bare, ext, file := exeIndexes(t)
	const bias = 0x10000
	for _, pc := range []uint64{0x4012a5, 0x7fffffffffff} {
		for name, ix := range map[string]*stackmap.Index{"bare": bare, "extents": ext, "file": file} {
			_, ok := ix.At(pc+bias, bias)
			assert.False(t, ok, "%s At(%#x)", name, pc)
			_, ok = ix.LookupPreceding(pc+bias, bias)
			assert.False(t, ok, "%s LookupPreceding(%#x)", name, pc)
			_, ok = ix.Lookup(pc+bias, bias)
			assert.False(t, ok, "%s Lookup(%#x)", name, pc)
			_, _, ok = ix.Function(pc+bias, bias)
			assert.False(t, ok, "%s Function(%#x)", name, pc)
		}
	}

	// Inside a function past a patchpoint's or stackmap's record: with the
	// function's extent known (extents, or the file's symbol sizes) the
	// record before; bare bytes answer exact lookups only.
	for _, c := range []struct {
		pc, at uint64
		id     uint64
		fn     string
	}{
		{0x401215, 0x401214, 0xa004, "la_patch"},
		{0x401228, 0x401214, 0xa004, "la_patch"},
		{0x401285, 0x401284, 0xb003, "lb_empty"},
	} {
		for name, ix := range map[string]*stackmap.Index{"extents": ext, "file": file} {
			m, ok := ix.At(c.pc+bias, bias)
			require.True(t, ok, "%s At(%#x)", name, c.pc)
			assert.False(t, m.Exact())
			assert.Equal(t, c.at, m.Address(), "%s At(%#x)", name, c.pc)
			require.Equal(t, 1, m.Len())
			r, _ := m.Record(0)
			assert.Equal(t, c.id, r.ID(), "%s At(%#x)", name, c.pc)
			f, ext, ok := ix.Function(c.pc+bias, bias)
			require.True(t, ok, name)
			assert.Equal(t, r.Function(), f.Index(), name)
			assert.True(t, ext.Start <= c.pc && c.pc < ext.End, "%s Function(%#x): %#x", name, c.pc, ext)
			assert.Equal(t, f.Entry(), ext.Start, name)
		}
		_, ok := bare.At(c.pc+bias, bias)
		assert.False(t, ok, "bare At(%#x)", c.pc)
		m, ok := bare.At(c.at+bias, bias)
		require.True(t, ok, "bare At(%#x), exact", c.at)
		assert.True(t, m.Exact())
	}
	// Past lb_empty's 6 bytes, in lb_use: nothing.
	_, ok := ext.At(0x401286+bias, bias)
	assert.False(t, ok)

	// After lg_safepoint's statepoint (0x4012c3), inside the function: the
	// record is the return address of another call, so At has no answer,
	// though LookupPreceding finds it.
	for name, ix := range map[string]*stackmap.Index{"extents": ext, "file": file} {
		m, ok := ix.LookupPreceding(0x4012c4+bias, bias)
		require.True(t, ok, name)
		assert.Equal(t, uint64(0x4012c3), m.Address())
		_, ok = ix.At(0x4012c4+bias, bias)
		assert.False(t, ok, name)
		m, ok = ix.At(0x4012c3+bias, bias)
		require.True(t, ok, name)
		r, _ := m.Record(0)
		_, sp := r.AsStatepoint()
		assert.True(t, sp && m.Exact(), name)
	}

	// One extent over the whole module cannot see lg_callee: lb_empty then
	// reaches to the next function of the section (lg_safepoint at
	// 0x4012b0), the documented limit of a coarse extent.
	module := stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: []stackmap.Extent{{Start: 0x401000, End: 0x4012d8}}})
	m, ok := module.At(0x4012a5, 0)
	require.True(t, ok)
	assert.Equal(t, uint64(0x401284), m.Address())
	_, ok = module.At(0x7fffffffffff, 0)
	assert.False(t, ok)
}
