package elfsection_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
)

// Open maps just the section: Data holds the section's bytes, Close
// releases them and clears Data, and a second Close is harmless. NewFile
// over an *os.File the caller owns maps too, and its Close clears Data
// the same way.
func TestOpenAndClose(t *testing.T) {
	lib := filepath.Join(corpus.Root(), "linked", "x86_64-elf", "libstackmaps.so")
	want, err := os.ReadFile(lib + ".stackmaps.bin")
	require.NoError(t, err)
	sd, err := openSection(lib)
	require.NoError(t, err)
	assert.Equal(t, want, sd.Data)
	assert.Equal(t, len(want), cap(sd.Data), "Data is the section, not the file")
	require.NoError(t, sd.Close())
	assert.Nil(t, sd.Data)
	require.NoError(t, sd.Close())

	f, err := os.Open(lib)
	require.NoError(t, err)
	defer f.Close()
	sd, err = readSection(f)
	require.NoError(t, err)
	assert.Equal(t, want, sd.Data)
	require.NoError(t, sd.Close())
	assert.Nil(t, sd.Data, "after Close, Data is nil whether or not it was mapped")
}

// The local-function objects of testdata/reloc: ELF targets whose
// relocations use the section symbol or, on RISC-V and s390x, the local
// symbol; RISC-V's instruction offsets come from ADD32/SUB32 pairs.
func TestLocalFunctions(t *testing.T) {
	for _, target := range []string{"riscv64-elf", "s390x-elf"} {
		t.Run(target, func(t *testing.T) {
			sd, err := openSection(filepath.Join(corpus.Root(), "reloc", "local", target+".o"))
			require.NoError(t, err)
			defer sd.Close()
			assert.Equal(t, []string{"glob_a", "local_b", "glob_c"}, names(reloctest.Functions(t, sd)))
			if target == "riscv64-elf" {
				// llvm-objdump -d: the records after the calls are at
				// .L0 labels 0x18 past glob_a (0x0), local_b (0x2a) and
				// 0x24 past glob_c (0x54); the object stores 0.
				assert.Equal(t, []uint32{0x10, 0, 0, 0}, storedOffsets(t, sd))
				assert.Equal(t, []uint32{0x10, 0x18, 0x18, 0x24}, computedOffsets(t, sd))
			}
		})
	}
}
