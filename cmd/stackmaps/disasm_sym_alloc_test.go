package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/golden"
)

// namedBranch is a branch of a checked-in file and the name
// llvm-objdump-22 gives its target (testdata/objdump/).
type namedBranch struct {
	file               string
	pc, length, target uint64
	want               string
	sectionOfEntry     uint64 // an address whose function's code section holds pc
	kind               string
}

var namedBranches = []namedBranch{
	{"linked-macho/x86_64-macos11.dylib", 0x5dc, 5, 0x8cc, " <_kinds_ext>", 0x5d0, "macho-stub"},
	{"linked-macho/x86_64-macos11.dylib", 0x89f, 2, 0x8a1, " <_mf_f8+0x11>", 0x890, "macho-symbol"},
	{"objects/llvm22/arm64-macho/statepoints.o", 0xc, 4, 0xc, " <_st_callee>", 0x0, "macho-reloc"},
	{"linked-pe/sm.dll", 0x1800012df, 2, 0x1800012e1, " <mf_f8+0x11>", 0x1800012d0, "pe-symbol"},
	{"objects/llvm22/x86_64-coff/statepoints.o", 0x9, 5, 0xe, " <st_callee>", 0x0, "coff-reloc"},
}

// loadNamed opens b's file and finds the code of the function at
// b.sectionOfEntry, as --disasm does before naming.
func loadNamed(t testing.TB, b namedBranch) *codeFile {
	c, err := openCode(filepath.Join(golden.Root(), b.file))
	require.NoError(t, err)
	for _, mf := range c.macho {
		for _, s := range mf.Sections {
			if b.sectionOfEntry >= s.Addr && b.sectionOfEntry-s.Addr < s.Size {
				c.sec, c.machoFile = s, mf
			}
		}
	}
	if c.pe != nil {
		c.sec = c.pe.Sections[0] // .text in both
	}
	return c
}

// TestDisasmTargetNameAllocFree: once a file's tables are built, naming a
// target and writing it allocates nothing (stub, symbol, relocation;
// Mach-O and COFF/PE).
func TestDisasmTargetNameAllocFree(t *testing.T) {
	for _, b := range namedBranches {
		c := loadNamed(t, b)
		require.Equal(t, b.want, c.targetName(b.pc, b.length, b.target), b.file)
		w := outBuf{b: make([]byte, 0, 64)}
		allocs := testing.AllocsPerRun(100, func() {
			w.b = w.b[:0]
			c.writeTargetName(&w, b.pc, b.length, b.target)
		})
		require.Zero(t, allocs, b.file)
		require.Equal(t, b.want, string(w.b))
		require.NoError(t, c.Close())
	}
}

func BenchmarkDisasmTargetName(b *testing.B) {
	for _, nb := range namedBranches {
		b.Run(nb.kind, func(b *testing.B) {
			c := loadNamed(b, nb)
			defer c.Close()
			w := outBuf{b: make([]byte, 0, 64)}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				w.b = w.b[:0]
				c.writeTargetName(&w, nb.pc, nb.length, nb.target)
			}
		})
	}
}
