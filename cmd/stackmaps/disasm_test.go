package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/disasm"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/textout"
)

// No architectural x or f name is left in a riscv64 --disasm dump.
func TestRISCVDisasmUsesABINames(t *testing.T) {
	out, stderr, status := runTool("dump", "--disasm", objectPath("llvm22/riscv64-elf/kinds.o"))
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "jalr ra")
	assert.NotRegexp(t, regexp.MustCompile(`\b[xf][0-9]{1,2}\b`), out)
}

// TestDisasmNoInstructionAtRecord: a record whose offset falls inside an
// instruction (a version 1 patchpoint one byte into its function) says
// so.
func TestDisasmNoInstructionAtRecord(t *testing.T) {
	out, stderr, status := runTool("dump", "--disasm", td+"samples/v1-x86_64-macho.o")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "    Record ID 2 (0x2) at 0x1 (+0x1), 5 locations, 1 live-out\n      insn   0x1: (no instruction starts here)\n")
}

// disasmAll writes --disasm's lines for every record of the file.
func disasmAll(t *testing.T, path string) string {
	in, err := loadDumpInput(path, false, nil)
	require.NoError(t, err)
	defer in.Close()
	code, err := openCode(in)
	require.NoError(t, err)
	var b bytes.Buffer
	w := textout.NewBuffer(&b)
	forEachTable(in, func(tv *tableView) {
		for _, r := range tv.Table.Records() {
			writeDisasm(w, tv, recordViewOf(r), code)
		}
	})
	require.NoError(t, w.Flush())
	return b.String()
}

// TestDisasmEveryRecord: --disasm prints every record's instruction, with
// the call before it named as llvm-objdump names it. (That the file's
// symbols and code sections are read once is elfsection's
// TestCodeLoadedOnce.)
func TestDisasmEveryRecord(t *testing.T) {
	path := objectPath("llvm19/x86_64-elf/statepoints.o")
	out := disasmAll(t, path)
	in, err := loadDumpInput(path, false, nil)
	require.NoError(t, err)
	defer in.Close()
	records := 0
	forEachTable(in, func(tv *tableView) { records += tv.Table.NumRecords() })
	require.Greater(t, records, 1)
	require.Equal(t, records, strings.Count(out, "      insn   "), out)
	require.NotContains(t, out, "no code", out)
	// llvm-objdump-22 -d -r: "5: e8 00 00 00 00  callq 0xa", R_X86_64_PLT32 st_callee-0x4.
	require.True(t, strings.HasPrefix(out, "      call   0x5: callq 0xa <st_callee>\n      insn   0xa: mov (%rsp),%rax\n"), out)
}

// TestDisasmUniversalSlices: each slice of a universal Mach-O file is
// disassembled with its own code and names.
func TestDisasmUniversalSlices(t *testing.T) {
	out := disasmAll(t, filepath.Join(corpus.Root(), "fat/kinds-universal.o"))
	require.Equal(t, 4, strings.Count(out, " <_kinds_ext>\n")+strings.Count(out, " <_kinds_clobber>\n"), out)
}

// TestWriteTargetNameAllocFree: writing a target's name allocates nothing.
func TestWriteTargetNameAllocFree(t *testing.T) {
	w := textout.NewBuffer(nil)
	for n, want := range map[disasm.Name]string{{Symbol: "f"}: " <f>", {Symbol: "_mf_f8", Off: 0x11}: " <_mf_f8+0x11>"} {
		w.Reset()
		writeTargetName(w, n)
		require.Equal(t, want, string(w.Bytes()))
		allocs := testing.AllocsPerRun(100, func() {
			w.Reset()
			writeTargetName(w, n)
		})
		require.Zero(t, allocs)
	}
}
