package elfsection_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/stackmap"
)

func TestNoSectionSaysWhy(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(corpus.Root(), "objects/llvm14/x86_64-elf/kinds.o"))
	require.NoError(t, err)
	renamed := bytes.ReplaceAll(data, []byte(".llvm_stackmaps"), []byte(".llvm_stackmapz"))
	_, err = readSection(bytes.NewReader(renamed))
	require.Error(t, err)
	assert.True(t, errors.Is(err, stackmap.ErrNoSection))
	// A relocatable object is not told about linking: nothing made stack
	// maps in it.
	assert.NotContains(t, err.Error(), "--gc-sections")
	assert.Contains(t, err.Error(), "no stack map section named .llvm_stackmaps")
}

// TestGCSectionsDropsTheSection links a stack map object with
// --gc-sections, which drops the unreferenced section, and checks that the
// locator says so rather than failing obscurely.
func TestGCSectionsDropsTheSection(t *testing.T) {
	testenv.Need(t, "gcc")
	dir := t.TempDir()
	obj := filepath.Join(corpus.Root(), "linked/x86_64-elf/link_a.o")
	lib := filepath.Join(dir, "libgc.so")
	out, err := exec.Command("gcc", "-shared", "-Wl,--gc-sections", "-o", lib, obj).CombinedOutput()
	require.NoError(t, err, "%s", out)
	_, err = openSection(lib)
	require.Error(t, err)
	assert.True(t, errors.Is(err, stackmap.ErrNoSection))
	assert.Contains(t, err.Error(), "KEEP(*(.llvm_stackmaps))")
}

// TestSymbolsAfterLookingForMarks: in a file without a stack map section
// StackMaps reads the symbol table looking for the marking symbols, and
// the function symbols asked for next come from that read (kept once);
// they are those a fresh read gives (the CFI corpus's executable, nm -S:
// cfi_get at 0x401230, 0xb bytes).
func TestSymbolsAfterLookingForMarks(t *testing.T) {
	f, err := elfsection.Open(filepath.Join(corpus.Root(), "cfi/build/x86_64/exe"))
	require.NoError(t, err)
	defer f.Close()
	_, err = f.StackMaps()
	require.ErrorIs(t, err, stackmap.ErrNoSection)
	first, err := f.CodeSymbols()
	require.NoError(t, err)
	again, err := f.CodeSymbols()
	require.NoError(t, err)
	assert.Equal(t, again, first)
	i := slices.IndexFunc(first, func(s stackmap.Symbol) bool { return s.Name == "cfi_get" })
	require.GreaterOrEqual(t, i, 0)
	assert.Equal(t, uint64(0x401230), first[i].Value)
	assert.Equal(t, uint64(0xb), first[i].Size)
}
