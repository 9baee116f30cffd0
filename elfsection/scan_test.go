package elfsection_test

import (
	"bytes"
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
	assert.Contains(t, err.Error(), "elf: program headers at file offset 0x40: no stack map section: the file has no section headers (stripped, as by llvm-strip --strip-sections), no __start_llvm_stackmaps/__stop_llvm_stackmaps or __LLVM_StackMaps symbol in a symbol table PT_DYNAMIC points at, and no version 3 stack map table in the segments that are not executable (PT_LOAD 0x0, PT_LOAD 0x2000, ")
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

// TestNoHeadersSaysWhere: a linked file with neither section headers nor
// program headers (a header alone, as fuzzing made one) is refused with
// the place of the ELF header's e_phnum, which says there are no program
// headers to search, for both classes and byte orders (it was an error
// without an offset).
func TestNoHeadersSaysWhere(t *testing.T) {
	for _, c := range []struct {
		class, data byte
		size, phnum int64
	}{{1, 1, 52, 44}, {1, 2, 52, 44}, {2, 1, 64, 56}, {2, 2, 64, 56}} {
		b := make([]byte, c.size)
		copy(b, "\x7fELF")
		b[4], b[5], b[6] = c.class, c.data, 1
		// e_type ET_EXEC, e_machine EM_X86_64, e_version 1; every
		// offset and count 0.
		put := func(off int, v uint32, n int) {
			for i := range n {
				shift := 8 * i
				if c.data == 2 {
					shift = 8 * (n - 1 - i)
				}
				b[off+i] = byte(v >> shift)
			}
		}
		put(16, 2, 2)
		put(18, 62, 2)
		put(20, 1, 4)
		put(int(c.phnum)-6, uint32(c.size), 2) // e_ehsize
		_, err := readSection(bytes.NewReader(b))
		require.ErrorIs(t, err, stackmap.ErrNoSection, "class %d data %d", c.class, c.data)
		var fe *stackmap.FileError
		require.ErrorAs(t, err, &fe)
		assert.Equal(t, "program headers", fe.What)
		assert.Equal(t, c.phnum, fe.Offset, "class %d data %d: %v", c.class, c.data, err)
	}
}
