package pesection_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/pesection"
)

// TestLinkedDLLMatchesNM checks the DLL testdata/linked-pe/gen.sh links
// with lld-link: the section is found under its 8-byte image name, both
// tables decode, and every function has its symbol's address.
func TestLinkedDLLMatchesNM(t *testing.T) {
	path := filepath.Join(corpus.Root(), "linked-pe", "sm.dll")
	nm, err := reloctest.ReadNM(path + ".nm.txt")
	require.NoError(t, err)
	sd, err := openSection(path)
	require.NoError(t, err)
	defer sd.Close()
	assert.Equal(t, pesection.ImageSectionName, sd.Name)
	assert.Equal(t, uint64(0x180004000), sd.Addr, "image base + section RVA")
	sec, err := sd.Parse()
	require.NoError(t, err)
	require.Equal(t, 2, sec.NumTables())
	n := 0
	for i := range sec.Tables() {
		for _, f := range sec.Table(i).Functions() {
			fi := f
			require.NotEmpty(t, fi.Symbol(), "table %d function %d", i, f.Index())
			syms := nm[fi.Symbol()]
			require.Len(t, syms, 1, "%s in nm", fi.Symbol())
			assert.Equal(t, syms[0].Value, fi.Address(), "%s", fi.Symbol())
			assert.Equal(t, f.Address(), fi.Address(), "%s: the image holds absolute addresses", fi.Symbol())
			n++
		}
	}
	assert.Equal(t, 16, n)
}
