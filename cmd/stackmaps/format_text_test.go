package main

import (
	"encoding/binary"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/text")

// Paths are relative so that the file names printed in the golden files do
// not depend on where the repository is checked out.
const td = "../../testdata/"

var textGoldens = []struct {
	golden string
	args   []string
}{
	{"kinds-llvm19-x86_64-elf.txt", []string{td + "objects/llvm19/x86_64-elf/kinds.o"}},
	{"patchpoints-llvm19-x86_64-elf.txt", []string{td + "objects/llvm19/x86_64-elf/patchpoints.o"}},
	{"statepoints-llvm19-arm64-macho-disasm.txt", []string{"--disasm", td + "objects/llvm19/arm64-macho/statepoints.o"}},
	{"exe-x86_64-elf-disasm.txt", []string{"--disasm", td + "linked/x86_64-elf/exe"}},
	{"libstackmaps-ppc64-elf.txt", []string{td + "linked/ppc64-elf/libstackmaps.so"}},
}

// TestTextGolden compares the default text format with golden files; run
// "go test ./cmd/stackmaps -run TestTextGolden -update" to rewrite them.
func TestTextGolden(t *testing.T) {
	for _, g := range textGoldens {
		t.Run(g.golden, func(t *testing.T) {
			out, stderr, status := runTool(append([]string{"dump"}, g.args...)...)
			require.Equal(t, exitOK, status, stderr)
			path := filepath.Join("testdata", "text", g.golden)
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run with -update to create it")
			assert.Equal(t, string(want), out)
		})
	}
}

func TestTextKindsContent(t *testing.T) {
	out, stderr, status := runTool("dump", td+"objects/llvm19/x86_64-elf/kinds.o")
	require.Equal(t, exitOK, status, stderr)
	for _, want := range []string{
		"elf x86_64, section .llvm_stackmaps, 1056 bytes, 1 table\n",
		"Table 0 at section offset 0x0 (1056 bytes): version 3, 6 functions, 3 constants, 6 records\n",
		"    #1 = 18446744063709551616 (0xfffffffdabf41c00)\n",
		"  Function #0 kinds_register at 0x0, stack size 8, 1 record\n",
		"    Record ID 100 (0x64) at 0x7 (+0x7), 3 locations\n",
		"      #0 Register rax, 8 bytes\n",
		"      #1 Register esi, 4 bytes\n",
		"      #0 Direct [rbp - 8]\n",
		"      #1 Indirect [rbp - 184], 8 bytes\n",
		"      #4 Constant -5\n",
		"      #1 ConstantIndex #1 = 18446744063709551616 (signed -10000000000)\n",
	} {
		assert.Contains(t, out, want)
	}
}

func TestTextDynamicStackAndLiveOuts(t *testing.T) {
	out, _, status := runTool("dump", td+"objects/llvm19/x86_64-elf/dynamic_alloca.o")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, ", stack size dynamic, ")
	out, _, status = runTool("dump", td+"objects/llvm19/x86_64-elf/patchpoints.o")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "      live-outs: rax (8 bytes), rdx (8 bytes), rbx (8 bytes)")
}

func TestTextMachONamesWithoutUnderscore(t *testing.T) {
	out, _, status := runTool("dump", td+"objects/llvm19/x86_64-macho/kinds.o")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "  Function #0 kinds_register at ")
	assert.NotContains(t, out, "_kinds_register")
	// --function accepts the display and the raw name.
	for _, name := range []string{"kinds_indirect", "_kinds_indirect"} {
		out, _, status = runTool("dump", "--function", name, td+"objects/llvm19/x86_64-macho/kinds.o")
		require.Equal(t, exitOK, status)
		assert.Contains(t, out, "  Function #2 kinds_indirect at ")
		assert.Equal(t, 1, strings.Count(out, "  Function "), out)
	}
}

// TestTextVersion1Orphans: a version 1 table with several functions does
// not say which function owns a record; they are listed after the
// functions, at their function offset.
func TestTextVersion1Orphans(t *testing.T) {
	tb := stackmaptest.Table{
		Version:   1,
		Functions: []stackmaptest.Function{{Address: 0x1000, StackSize: 8}, {Address: 0x2000, StackSize: 16}},
		Records: []stackmaptest.Record{
			{ID: 5, InstructionOffset: 3, Locations: []stackmaptest.Location{{Kind: 3, Size: 8, Reg: 6, Offset: -16}}},
		},
	}
	path := filepath.Join(t.TempDir(), "v1.bin")
	require.NoError(t, os.WriteFile(path, stackmaptest.Encode(binary.BigEndian, tb), 0o644))
	out, stderr, status := runTool("dump", "--raw", "--big-endian", path)
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, path+`: raw unknown, section raw, 80 bytes, 1 table

Table 0 at section offset 0x0 (80 bytes): version 1, 2 functions, 0 constants, 1 record
  Function #0 at 0x1000, stack size 8
  Function #1 at 0x2000, stack size 16
  Records (version 1: the table does not say which function each belongs to):
    Record ID 5 (0x5) at function offset 0x3, 1 location
      #0 Indirect [R#6 - 16], 8 bytes
`, out)

	doc := dumpJSON(t, "--raw", "--big-endian", path)
	r := doc.Tables[0].Records[0]
	assert.Nil(t, r.Function)
	assert.Nil(t, r.Address)
	assert.Nil(t, r.Locations[0].Reg, "raw sections have no architecture")
	assert.Nil(t, doc.Tables[0].Functions[0].RecordCount)
}

func TestDumpFilters(t *testing.T) {
	obj := td + "objects/llvm19/x86_64-elf/kinds.o"
	for _, id := range []string{"103", "0x67", "0X67"} {
		out, stderr, status := runTool("dump", "--id", id, obj)
		require.Equal(t, exitOK, status, stderr)
		assert.Equal(t, 1, strings.Count(out, "Record ID"), out)
		assert.Contains(t, out, "    Record ID 103 (0x67) at ")
		assert.Contains(t, out, "  Function #3 kinds_constant at ")
	}
	doc := dumpJSON(t, "--function", "kinds_indirect", obj)
	require.Len(t, doc.Tables[0].Functions, 1)
	assert.Equal(t, 2, doc.Tables[0].Functions[0].Index)
	require.Len(t, doc.Tables[0].Records, 1)
	assert.Equal(t, uint64(102), doc.Tables[0].Records[0].ID)
	assert.Equal(t, 2, *doc.Tables[0].Records[0].Function)

	out, stderr, status := runTool("dump", "--id", "999", obj)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, out, "(nothing matches the filters)")
	assert.Contains(t, stderr, "no function or record matches --id 0x3e7")
	out, stderr, status = runTool("dump", "--format=json", "--function", "nope", obj)
	assert.Equal(t, exitFail, status)
	assert.Empty(t, decodeJSON(t, out).Tables)
	assert.Contains(t, stderr, "no function or record matches --function nope")
	_, _, status = runTool("dump", "--function", "kinds_indirect", obj, td+"objects/llvm19/x86_64-elf/constants.o")
	assert.Equal(t, exitOK, status, "a match in one of the files is enough")

	for _, bad := range []string{"-1", "0xZZ", "18446744073709551616", ""} {
		_, stderr, status := runTool("dump", "--id="+bad, obj)
		if bad == "" {
			continue // an empty --id means no filter
		}
		assert.Equal(t, exitUsage, status, bad)
		assert.Contains(t, stderr, "--id")
	}
	_, _, status = runTool("dump", "--id", "18446744073709551615", obj)
	assert.Equal(t, exitFail, status, "2^64-1 parses; no record has it")
}

func TestDisasmCallBeforeReturnAddress(t *testing.T) {
	out, stderr, status := runTool("dump", "--disasm", "--id", "0xa003", td+"linked/x86_64-elf/exe")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "    Record ID 40963 (0xa003) at 0x401201 (+0x11), 1 location\n"+
		"      call   0x4011fc: callq 0x401230 <sm_inline>\n"+
		"      insn   0x401201: pop %rbp\n")

	out, _, status = runTool("dump", "--disasm", "--function", "st_simple", td+"objects/llvm19/aarch64-elf/statepoints.o")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "      call   0x4: bl .+0x0 <st_callee>\n      insn   0x8: ldr x0, [sp,#8]\n")
}
