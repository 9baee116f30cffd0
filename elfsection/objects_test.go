package elfsection_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
)

// Every checked-in ELF object names each function record after the
// function the IR defines, in the IR's order: through the relocation's
// symbol, or, for local functions LLVM relocates against the section
// symbol (".text + 0x20", ".opd + 0x18"), through the function symbol at
// that offset.
func TestObjectFunctionNames(t *testing.T) {
	targets := map[string]bool{}
	for _, o := range reloctest.Objects(t, "elf") {
		t.Run(o.Name(), func(t *testing.T) {
			want, err := reloctest.StackMapFunctions(o.IR)
			require.NoError(t, err)
			sd, err := openSection(o.Path)
			require.NoError(t, err)
			defer sd.Close()
			fis := reloctest.Functions(t, sd)
			assert.Equal(t, want, names(fis))
			for _, fi := range fis {
				assert.Zero(t, fi.Addend(), "%s", fi.Symbol())
				assert.NotZero(t, fi.Size(), "%s", fi.Symbol())
			}
			targets[o.Target] = true
		})
	}
	for _, target := range []string{"x86_64-elf", "aarch64-elf", "ppc64-elf", "ppc64le-elf", "s390x-elf", "riscv64-elf"} {
		assert.True(t, targets[target], "no %s object checked", target)
	}
}

// Each function's address in an object (the symbol's section-relative
// value plus the addend; on ppc64 ELFv1 the descriptor's offset in .opd) is
// the value llvm-nm gives its symbol.
func TestObjectFunctionAddressesMatchNM(t *testing.T) {
	reloctest.AddressesMatchNM(t, "elf", openSection)
}

// The components of the linked binaries have local functions, which LLVM
// relocates against the section symbol (".text + 0", ".opd + 0x18"): they
// are named after the function symbol at that offset.
func TestComponentFunctionNames(t *testing.T) {
	bins, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, b := range bins {
		for _, c := range b.Components {
			if seen[c] || filepath.Base(c) == "main.o" {
				continue
			}
			seen[c] = true
			rel, _ := filepath.Rel(corpus.Root(), c)
			t.Run(rel, func(t *testing.T) {
				ir := filepath.Join(corpus.Root(), "linked", "src", strings.TrimSuffix(filepath.Base(c), ".o")+".ll")
				want, err := reloctest.StackMapFunctions(ir)
				require.NoError(t, err)
				sd, err := openSection(c)
				require.NoError(t, err)
				defer sd.Close()
				fis := reloctest.Functions(t, sd)
				assert.Equal(t, want, names(fis))
				for _, fi := range fis {
					assert.Zero(t, fi.Addend(), "%s", fi.Symbol())
				}
				if strings.Contains(c, "/ppc64-elf/") {
					// ELFv1: every function has a descriptor whose entry
					// .rela.opd relocates against .text.
					for _, fi := range fis {
						_, ok := sd.Entry(fi.Address())
						assert.True(t, ok, "%s has no .opd entry", fi.Symbol())
					}
				}
			})
		}
	}
	assert.GreaterOrEqual(t, len(seen), 8)
}
