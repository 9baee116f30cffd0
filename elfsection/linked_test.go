package elfsection_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/stackmap"
)

// In every checked-in linked binary (shared libraries, PIE and non-PIE
// executables) every function of every table, once the dynamic
// relocations are applied, holds the address nm gives its symbol.
func TestLinkedFunctionAddressesMatchNM(t *testing.T) {
	bins, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	kinds := map[string]bool{}
	for _, b := range bins {
		t.Run(b.Rel, func(t *testing.T) {
			nm, err := reloctest.ReadNM(b.Path + ".nm.txt")
			require.NoError(t, err)
			sd, err := openSection(b.Path)
			require.NoError(t, err)
			defer sd.Close()
			sec, err := sd.Parse()
			require.NoError(t, err)
			// One table per component object with stack maps.
			assert.Equal(t, len(b.Components)-countMain(b.Components), sec.NumTables())
			n := 0
			for _, tb := range sec.Tables() {
				for _, f := range tb.Functions() {
					fi := f
					require.NotEmpty(t, fi.Symbol(), "table %d function %d at 0x%x has no symbol", tb.Index(), f.Index(), fi.Address())
					syms := nm[fi.Symbol()]
					require.NotEmpty(t, syms, "nm does not list %s", fi.Symbol())
					assert.Equal(t, syms[0].Value, fi.Address(), "table %d function %d %s", tb.Index(), f.Index(), fi.Symbol())
					n++
				}
			}
			assert.GreaterOrEqual(t, n, 9)
			if b.Kind != "exe" {
				// The file holds zeros (or addends): the addresses come
				// from dynamic relocations.
				assert.NotZero(t, sd.NumFixups())
			}
			kinds[b.Target+"/"+b.Kind] = true
		})
	}
	for _, k := range []string{"x86_64-elf/shared", "x86_64-elf/pie", "x86_64-elf/exe", "aarch64-elf/shared", "ppc64le-elf/shared", "ppc64-elf/shared"} {
		assert.True(t, kinds[k], "no %s binary checked", k)
	}
}

func countMain(components []string) int {
	n := 0
	for _, c := range components {
		if filepath.Base(c) == "main.o" {
			n++
		}
	}
	return n
}

// On PowerPC64 ELFv1 a function's address is its descriptor in .opd;
// its entry (the descriptor's first doubleword, filled by a RELATIVE
// relocation) is where GNU nm --synthetic puts the dot-symbol.
func TestPPC64ELFv1Entries(t *testing.T) {
	lib := filepath.Join(corpus.Root(), "linked", "ppc64-elf", "libstackmaps.so")
	synth, err := reloctest.ReadNM(filepath.Join(corpus.Root(), "reloc", "ppc64-elf", "libstackmaps.so.synthetic.nm.txt"))
	require.NoError(t, err)
	sd, err := openSection(lib)
	require.NoError(t, err)
	defer sd.Close()
	checkEntries(t, sd, synth)
}

func checkEntries(t *testing.T, sd *stackmap.SectionData, synth map[string][]reloctest.NMSymbol) {
	t.Helper()
	fis := reloctest.Functions(t, sd)
	require.NotEmpty(t, fis)
	for _, fi := range fis {
		dot := synth["."+fi.Symbol()]
		require.Len(t, dot, 1, "no synthetic .%s", fi.Symbol())
		assert.Equal(t, dot[0].Value, fi.Entry(), "%s", fi.Symbol())
		assert.NotEqual(t, fi.Address(), fi.Entry(), "%s", fi.Symbol())
		entry, ok := sd.Entry(fi.Address())
		assert.True(t, ok, "%s", fi.Symbol())
		assert.Equal(t, fi.Entry(), entry)
		assert.False(t, strings.HasPrefix(fi.Symbol(), "."), "%s", fi.Symbol())
	}
}

// The same, against GNU nm run now.
func TestPPC64ELFv1EntriesLive(t *testing.T) {
	tools := testenv.Need(t, "powerpc64-linux-gnu-nm")
	lib := filepath.Join(corpus.Root(), "linked", "ppc64-elf", "libstackmaps.so")
	out, err := exec.Command(tools[0], "--synthetic", lib).Output()
	require.NoError(t, err)
	synth, err := reloctest.ParseNM(string(out))
	require.NoError(t, err)
	sd, err := openSection(lib)
	require.NoError(t, err)
	defer sd.Close()
	checkEntries(t, sd, synth)
}
