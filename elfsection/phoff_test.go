package elfsection

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// An address no PT_LOAD segment holds is refused at the program header
// table's offset (a linked ELF64 file's e_phoff, 64), where it was -1,
// through both searches of the segments; FromFile, whose debug/elf view
// does not keep the offset, still says -1.
func TestNoSegmentSaysWhere(t *testing.T) {
	osf, err := os.Open(filepath.Join(corpus.Root(), "placement", "base-pie.stripped"))
	require.NoError(t, err)
	defer osf.Close()
	f, err := NewFile(osf)
	require.NoError(t, err)
	x := f.x
	require.EqualValues(t, 64, x.h.phoff)
	const nowhere = 1 << 60

	_, err = x.fileOffset("DT_SYMTAB", nowhere, 8)
	require.ErrorIs(t, err, stackmap.ErrNotObject)
	var fe *stackmap.FileError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "DT_SYMTAB (program headers)", fe.What)
	assert.EqualValues(t, 64, fe.Offset)

	_, _, _, err = x.segmentOf(nowhere)
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "program headers", fe.What)
	assert.EqualValues(t, 64, fe.Offset)

	_, _, _, err = FromFile(f.ELF()).x.segmentOf(nowhere)
	require.ErrorAs(t, err, &fe)
	assert.EqualValues(t, -1, fe.Offset)
}
