package main

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
)

// TestDisasmNamesNeverPanic mutates Mach-O, COFF/PE and ELF files at random
// (most often in their headers, load commands and symbol tables, where
// the naming tables come from) and runs dump --disasm on them: whatever
// the bytes, no panic.
func TestDisasmNamesNeverPanic(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	dir := t.TempDir()
	ran := 0
	for _, rel := range []string{"linked-macho/x86_64-macos11.dylib", "linked-macho/arm64-macos13", "objects/llvm22/arm64-macho/statepoints.o",
		"objects/llvm22/x86_64-macho/statepoints.o", "objects/llvm22/x86_64-coff/statepoints.o", "linked-pe/sm.dll", "fat/kinds-universal.o",
		"objects/llvm22/x86_64-elf/kinds.o", "linked/x86_64-elf/libstackmaps.so"} {
		orig, err := os.ReadFile(filepath.Join(corpus.Root(), rel))
		require.NoError(t, err)
		for i := 0; i < 150; i++ {
			data := append([]byte(nil), orig...)
			for n := 1 + rng.Intn(4); n > 0; n-- {
				at := rng.Intn(len(data))
				if rng.Intn(2) == 0 {
					at = rng.Intn(min(len(data), 2048))
				}
				data[at] = byte(rng.Intn(256))
			}
			p := filepath.Join(dir, "f")
			require.NoError(t, os.WriteFile(p, data, 0o644))
			require.NotPanics(t, func() { runTool("dump", "--disasm", p) }, "%s mutation %d", rel, i)
			ran++
		}
	}
	t.Logf("%d mutated files", ran)
}
