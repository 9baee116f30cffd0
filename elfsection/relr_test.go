package elfsection_test

import (
	"debug/elf"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/testenv"
)

// TestPackedRelativeRelocations links a PIE whose relative relocations are
// packed into .relr.dyn (ld -z pack-relative-relocs). RELR relocations
// have implicit addends, so the file already holds every link-time
// function address; each function must still get its symbol's address.
func TestPackedRelativeRelocations(t *testing.T) {
	testenv.Need(t, "gcc")
	dir := filepath.Join(corpus.Root(), "linked/x86_64-elf")
	exe := filepath.Join(t.TempDir(), "pie-relr")
	args := []string{"-pie", "-Wl,-z,pack-relative-relocs", "-o", exe}
	for _, o := range []string{"main.o", "link_a.o", "link_b.o", "link_gc.o"} {
		args = append(args, filepath.Join(dir, o))
	}
	out, err := exec.Command("gcc", args...).CombinedOutput()
	require.NoError(t, err, "%s", out)

	f, err := elf.Open(exe)
	require.NoError(t, err)
	defer f.Close()
	if f.Section(".relr.dyn") == nil {
		testenv.Missing(t, "this linker did not write .relr.dyn")
	}
	syms, err := f.Symbols()
	require.NoError(t, err)
	addr := map[string]uint64{}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC {
			addr[s.Name] = s.Value
		}
	}

	sd, err := openSection(exe)
	require.NoError(t, err)
	defer sd.Close()
	sec, err := sd.Parse()
	require.NoError(t, err)
	assert.Equal(t, 3, sec.NumTables())
	n := 0
	for i := range sec.Tables() {
		for _, fn := range sec.Table(i).Functions() {
			fi := fn
			require.NotEmpty(t, fi.Symbol(), "table %d function %d", i, fn.Index())
			assert.Equal(t, addr[fi.Symbol()], fi.Address(), "%s", fi.Symbol())
			assert.NotZero(t, fi.Address())
			n++
		}
	}
	assert.Equal(t, 11, n)
}
