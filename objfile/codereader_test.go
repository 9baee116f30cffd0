package objfile_test

import (
	"encoding/binary"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
)

// TestCodeReader: every section of every checked-in object file has a
// code reader, each slice of a universal file its own, and every function
// of the stack maps has code (cmd/stackmaps's --disasm goldens check the
// bytes against llvm-objdump). A raw section has no reader.
func TestCodeReader(t *testing.T) {
	for _, fl := range everyFile(t) {
		f, err := objfile.Open(fl.path)
		require.NoError(t, err, fl.path)
		for _, sd := range f.Sections {
			r := f.CodeReader(sd)
			require.NotNil(t, r, fl.path)
			sec, err := sd.Parse()
			require.NoError(t, err, fl.path)
			for _, tab := range sec.Tables() {
				for _, fn := range tab.Functions() {
					code, _, err := r.FunctionCode(&fn, tab.NumFunctions())
					require.NoError(t, err, "%s %#x", fl.path, fn.Address())
					require.NotEmpty(t, code, "%s %#x", fl.path, fn.Address())
				}
			}
		}
		if fl.slices == 2 {
			assert.NotEqual(t, f.CodeReader(f.Sections[0]), f.CodeReader(f.Sections[1]))
		}
		f.Close()
	}
	bin := filepath.Join(corpus.Root(), "objects/llvm14/s390x-elf/large_record.stackmaps.bin")
	raw, err := objfile.OpenRaw(bin, binary.BigEndian)
	require.NoError(t, err)
	defer raw.Close()
	assert.Nil(t, raw.CodeReader(raw.Sections[0]))
}
