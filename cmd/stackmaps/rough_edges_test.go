package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
)

// TestUniversalLLVMMatchesReadobj: dump --format=llvm of a universal file
// is llvm-readobj-22 --stackmap's output byte for byte, its File:,
// Format:, Arch: and AddressSize: lines before each slice's tables
// (testdata/fat/kinds-universal.readobj.txt, run in that directory).
func TestUniversalLLVMMatchesReadobj(t *testing.T) {
	t.Chdir(filepath.Join(corpus.Root(), "fat"))
	want, err := os.ReadFile("kinds-universal.readobj.txt")
	require.NoError(t, err)
	out, stderr, status := runTool("dump", "--format=llvm", "kinds-universal.o")
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, string(want), out)
	assert.Equal(t, 2, strings.Count(out, "\nFile: kinds-universal.o\n"))
}

// TestUniversalLookupLineNamesSlice: in a universal file, lookup's line
// format names the slice of the record and of the function.
func TestUniversalLookupLineNamesSlice(t *testing.T) {
	fat := filepath.Join(corpus.Root(), "fat", "kinds-universal.o")
	out, stderr, status := runTool("lookup", "--format=line", fat, "0x7", "0x1c")
	assert.Equal(t, exitFail, status, stderr)
	assert.Equal(t, "0x7 [x86_64]0x7 exact [x86_64]_kinds_register+0x7 0x64\n0x1c - none [x86_64]_kinds_direct+0xc -\n", out)
}

// TestFrameMessages: frame names the file and the address that has no
// record, or the filter that matched nothing; for a raw section, which has
// no CFI, its note does not name dump's --unwind flag.
func TestFrameMessages(t *testing.T) {
	exe := filepath.Join(corpus.Root(), "linked/x86_64-elf/exe")
	out, stderr, status := runTool("frame", exe, "0x10", "0x401237")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, out, "Frame at sm_inline+0x7 (0x401237)", "the other address is drawn")
	assert.Equal(t, "stackmaps frame: "+exe+": no record at or before 0x10 in its function\n", stderr)
	_, stderr, _ = runTool("frame", "--bias", "0x1000", exe, "main+3")
	assert.Equal(t, "stackmaps frame: "+exe+": no record at or before main+3 (0x402129) in its function, bias 0x1000\n", stderr)
	_, stderr, status = runTool("frame", "--function", "nosuch", exe)
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "stackmaps frame: "+exe+": no record matches --function nosuch\n", stderr)

	// COFF has call frame information now (.pdata): no note. A raw
	// section has none, and frame's note does not name dump's --unwind.
	coff := filepath.Join(corpus.Root(), "objects/llvm22/x86_64-coff/kinds.o")
	_, stderr, status = runTool("frame", coff)
	assert.Equal(t, exitOK, status)
	assert.Empty(t, stderr)
	raw := filepath.Join(corpus.Root(), "samples/v1-x86_64.bin")
	_, stderr, status = runTool("frame", "--raw", raw)
	assert.Equal(t, exitOK, status)
	assert.Contains(t, stderr, "stackmaps frame: "+raw+": no call frame information: raw files have no unwind table support (only ELF, Mach-O, COFF and PE)\n")
	assert.NotContains(t, stderr, "--unwind")
}

// TestMachOObjectWithoutStackMaps: a Mach-O object with no stack map
// section is told so, not asked whether the linker dead-stripped it (it
// was never linked); a file without stack maps is still ErrNoSection.
func TestMachOObjectWithoutStackMaps(t *testing.T) {
	obj := filepath.Join(corpus.Root(), "faultmap/llvm22-x86_64-macho.o")
	_, stderr, status := runTool("dump", obj)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "no stack map section named __LLVM_STACKMAPS,__llvm_stackmaps (the object has no stack map records")
	assert.NotContains(t, stderr, "dead-strip")
	_, _, status = runTool("dump", "--skip-missing", obj)
	assert.Equal(t, exitOK, status)
}

// TestRawByteOrderNote: the note that says which byte order a raw
// section was read in names the command, as every message does.
func TestRawByteOrderNote(t *testing.T) {
	raw := filepath.Join(corpus.Root(), "objects/llvm22/s390x-elf/kinds.stackmaps.bin")
	for _, cmd := range []string{"dump", "stats", "check", "lookup"} {
		args := []string{cmd, "--raw", raw}
		if cmd == "lookup" {
			args = append(args, "0x10")
		}
		_, stderr, _ := runTool(args...)
		assert.Contains(t, stderr, "stackmaps "+cmd+": "+raw+": raw section read as big-endian (the only byte order it decodes in)\n", cmd)
	}
}

// TestDisasmNamesPatchpointTarget: a patchpoint whose target is a symbol
// is loaded by a movabsq that an R_X86_64_64 relocation fills in
// (testdata/pptarget, llvm-objdump-22 -dr beside it); --disasm names the
// symbol in the instruction, a constant target stays a number, in text
// and JSON.
func TestDisasmNamesPatchpointTarget(t *testing.T) {
	dir := filepath.Join(corpus.Root(), "pptarget")
	view, err := os.ReadFile(filepath.Join(dir, "pptarget.objdump.txt"))
	require.NoError(t, err)
	require.Contains(t, string(view), "       4: 49 bb 00 00 00 00 00 00 00 00\tmovabsq\t$0x0, %r11\n\t\t0000000000000006:  R_X86_64_64\trt_target\n")
	require.Contains(t, string(view), "movabsq\t$0xfeedcafe, %r11")
	obj := filepath.Join(dir, "pptarget.o")
	out, stderr, status := runTool("dump", "--disasm", obj)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "    Record ID 7 (0x7) at 0x4 (+0x4), 0 locations, 6 live-outs\n      insn   0x4: movabsq $rt_target,%r11\n")
	assert.Contains(t, out, "      insn   0x24: movabsq $0xfeedcafe,%r11\n")
	out, _, _ = runTool("dump", "--disasm", "--format=json", obj)
	assert.Contains(t, out, `"insn":{"address":4,"address_hex":"0x4","text":"movabsq $rt_target,%r11"`)
}
