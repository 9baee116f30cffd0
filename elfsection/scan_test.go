package elfsection_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
)

// TestScanSaysWhatIsMissing: a file stripped of its section headers whose
// stack maps no symbol marks and no scan finds (base-pie.stripped with
// each table's version byte cleared) is told exactly what was looked for,
// not about section headers at offset 0 or --gc-sections; tables the
// scan measures but the parse refuses (a record count off by one) are
// refused, not the tables after them taken for the whole.
func TestScanSaysWhatIsMissing(t *testing.T) {
	data, err := os.ReadFile(placementFile("base-pie.stripped"))
	require.NoError(t, err)
	sd, err := openSection(placementFile("base-pie.stripped"))
	require.NoError(t, err)
	sec, err := sd.Parse()
	require.NoError(t, err)
	dir := t.TempDir()

	cleared := append([]byte(nil), data...)
	for _, tab := range sec.Tables() {
		cleared[sd.Offset+int64(tab.Offset())] = 0
	}
	path := filepath.Join(dir, "cleared")
	require.NoError(t, os.WriteFile(path, cleared, 0o644))
	_, err = openSection(path)
	require.ErrorIs(t, err, stackmap.ErrNoSection)
	assert.Contains(t, err.Error(), "elf: program headers: no stack map section: the file has no section headers (stripped, as by llvm-strip --strip-sections), no __start_llvm_stackmaps/__stop_llvm_stackmaps or __LLVM_StackMaps symbol in a symbol table PT_DYNAMIC points at, and no version 3 stack map table in the segments that are not executable (PT_LOAD 0x0, PT_LOAD 0x2000, ")
	assert.NotContains(t, err.Error(), "gc-sections")
	assert.NotContains(t, err.Error(), "section headers at file offset")

	// The first table's first function claims one record more: the tables
	// still measure (by records), the parse refuses the counts.
	miscounted := append([]byte(nil), data...)
	first := sd.Offset + 16 + 16 // the first function's record count
	miscounted[first]++
	path = filepath.Join(dir, "miscounted")
	require.NoError(t, os.WriteFile(path, miscounted, 0o644))
	_, err = openSection(path)
	require.ErrorIs(t, err, stackmap.ErrNotObject)
	assert.Contains(t, err.Error(), "elf: segment at 0x2000 at file offset ")
	assert.Contains(t, err.Error(), "the 848 bytes at ")
	assert.Contains(t, err.Error(), "measure as tables but do not decode")
}
