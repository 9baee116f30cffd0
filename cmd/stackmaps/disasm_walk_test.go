package main

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
)

// TestCodeWalkCarriesOn: a walk that carries on from record to record (and
// starts again for an earlier offset or another function) finds what a
// fresh walk from the function's start finds.
func TestCodeWalkCarriesOn(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for _, a := range regs.Arches() {
		for i := 0; i < 50; i++ {
			code := make([]byte, 16+rng.Intn(200))
			rng.Read(code)
			var w codeWalk
			off := uint32(0)
			for n := 0; n < 20; n++ {
				if rng.Intn(5) == 0 {
					off = uint32(rng.Intn(len(code) + 8)) // sometimes backwards
				} else {
					off += uint32(rng.Intn(12))
				}
				p1, a1, hp1, ha1 := w.at(a, a.ByteOrder(), code, 0x4000, off)
				p2, a2, hp2, ha2 := disasmAt(a, a.ByteOrder(), code, 0x4000, off)
				require.Equal(t, []any{p2, a2, hp2, ha2}, []any{p1, a1, hp1, ha1}, "%v offset %d", a, off)
			}
		}
	}
}

// TestDisasmCodeLoadedOnce: --disasm indexes the symbol table and reads
// each code section once per file, however many records it prints (and
// prints every one of them).
func TestDisasmCodeLoadedOnce(t *testing.T) {
	path := objectPath("llvm19/x86_64-elf/statepoints.o")
	in, err := loadDumpInput(path, false, nil)
	require.NoError(t, err)
	defer in.Close()
	code, err := openCode(path)
	require.NoError(t, err)
	defer code.Close()
	var w outBuf
	records := 0
	forEachTable(in, func(tv *tableView) {
		for _, r := range tv.Table.Records() {
			writeDisasm(&w, tv, recordViewOf(r), code)
			records++
		}
	})
	require.NotNil(t, code.elfSyms, "symbols indexed")
	require.Len(t, code.data, 1, "one code section read, once")
	require.Greater(t, records, 1)
	out := string(w.b)
	require.Equal(t, records, strings.Count(out, "      insn   "), out)
	require.NotContains(t, out, "no code", out)
	// llvm-objdump-22 -d -r: "5: e8 00 00 00 00  callq 0xa", R_X86_64_PLT32 st_callee-0x4.
	require.True(t, strings.HasPrefix(out, "      call   0x5: callq 0xa <st_callee>\n      insn   0xa: mov (%rsp),%rax\n"), out)
}
