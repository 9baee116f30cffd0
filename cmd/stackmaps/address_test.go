package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
)

func TestParseCodeAddr(t *testing.T) {
	for _, c := range []struct {
		in        string
		ok        bool
		pc        uint64
		sectioned bool
		section   string
	}{
		{"0x4", true, 4, false, ""},
		{"17", true, 17, false, ""},
		{".text.kinds_indirect:0xcc", true, 0xcc, true, ".text.kinds_indirect"},
		{".text[5]:0x1c", true, 0x1c, true, ".text[5]"},
		{"5:28", true, 28, true, "5"},
		{"a:b:0x10", true, 0x10, true, "a:b"}, // the last colon separates
		{".text[x]:0x1", true, 1, true, ".text[x]"},
		{".text[0]:0x1", true, 1, true, ".text[0]"},
		{"0:0x4", false, 0, false, ""}, // section 0 is no section
		{"0x", false, 0, false, ""},
		{"+0x4", false, 0, false, ""},
	} {
		q, ok := parseCodeAddr(c.in)
		assert.Equal(t, c.ok, ok, c.in)
		if !ok || !c.ok {
			continue
		}
		assert.Equal(t, c.pc, q.pc, c.in)
		assert.Equal(t, c.sectioned, q.sectioned, c.in)
		assert.Equal(t, c.section, q.section, c.in)
		assert.Equal(t, c.in, q.text, c.in)
	}
	// What is neither a number nor SECTION:ADDR is SYMBOL[+OFF].
	for in, want := range map[string]struct {
		sym string
		off uint64
	}{
		"zz": {"zz", 0}, "f+0x10": {"f", 0x10}, "f+16": {"f", 16}, "f+x": {"f+x", 0},
		"_ZN1a1bEv+0x4": {"_ZN1a1bEv", 4}, ".text:zz": {".text:zz", 0}, ":0x4": {":0x4", 0},
	} {
		q, ok := parseCodeAddr(in)
		require.True(t, ok, in)
		assert.Equal(t, want.sym, q.symbol, in)
		assert.Equal(t, want.off, q.symOff, in)
		assert.False(t, q.sectioned, in)
	}
}

func fsPath(rel string) string { return filepath.Join(corpus.Root(), "fsections", rel) }

// The reproduction: lookup fs.o 0x4 answered with records of two
// functions as if one; dump --unwind found no FDE for kinds_indirect's
// record. Values from kinds.objdump.txt and kinds.eh_frame.txt beside the
// object.
func TestFunctionSectionsText(t *testing.T) {
	obj := fsPath("llvm22/x86_64/kinds.o")
	out, stderr, status := runTool("lookup", obj, ".text.kinds_indirect:0xcc")
	require.Equal(t, exitOK, status, stderr)
	assert.Empty(t, stderr)
	assert.True(t, strings.HasPrefix(out, ".text.kinds_indirect:0xcc: exact, 1 record\n  "+obj+": section .llvm_stackmaps, table 0, function #2 kinds_indirect, at kinds_indirect+0xcc\n"+
		"    Record ID 102 (0x66) at .text.kinds_indirect:0xcc (+0xcc), 24 locations\n"), out)

	// A plain address: the records of both sections, each named, and a
	// note.
	out, stderr, status = runTool("lookup", obj, "0x4")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "0x4: exact, 2 records\n")
	assert.Contains(t, out, "Record ID 103 (0x67) at .text.kinds_constant:0x4 (+0x4)")
	assert.Contains(t, out, "Record ID 104 (0x68) at .text.kinds_constant_index:0x4 (+0x4)")
	assert.Contains(t, stderr, "0x4 matches records in 2 code sections")

	// Preceding, inside the function; past its end (0xde bytes) nothing.
	out, _, status = runTool("lookup", obj, ".text.kinds_indirect:0xd0", "6:0xdd")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, ".text.kinds_indirect:0xd0: preceding record at .text.kinds_indirect:0xcc, 1 record\n")
	assert.Contains(t, out, "6:0xdd: preceding record at .text.kinds_indirect:0xcc, 1 record\n")
	out, stderr, status = runTool("lookup", obj, ".text.kinds_indirect:0xde")
	assert.Equal(t, exitFail, status)
	assert.Equal(t, ".text.kinds_indirect:0xde: no record\n", out)
	assert.Empty(t, stderr)

	// A section with no records, a section of another name.
	_, stderr, status = runTool("lookup", obj, ".text.nope:0x4")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, `no code section with stack map records is .text.nope (the file's: .text.kinds_register, .text.kinds_direct,`)

	out, stderr, status = runTool("dump", "--unwind", obj)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "  Function #2 kinds_indirect at .text.kinds_indirect:0x0, stack size 200, 1 record\n"+
		"    Record ID 102 (0x66) at .text.kinds_indirect:0xcc (+0xcc), 24 locations\n"+
		"      unwind: CFA=rbp+16 saved: rbx@CFA-56 rbp@CFA-16 r12@CFA-48 r13@CFA-40 r14@CFA-32 r15@CFA-24 rip@CFA-8\n")
	assert.NotContains(t, out, "no CFI")

	// Every function's section named .text: addresses say NAME[N], and
	// the name alone is refused.
	nouniq := fsPath("clang22/x86_64/cfuncs_nouniq.o")
	out, stderr, status = runTool("dump", nouniq)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "  Function #3 cf_local at .text[9]:0x0, stack size 24, 1 record\n    Record ID 703 (0x2bf) at .text[9]:0x11 (+0x11), 2 locations\n")
	_, stderr, status = runTool("lookup", nouniq, ".text:0x11")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, "5 code sections are named .text (.text[3], .text[5], .text[7], .text[9], .text[11]): give its number, as .text[3]:0x11")
	out, stderr, status = runTool("lookup", nouniq, ".text[9]:0x11")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, ".text[9]:0x11: exact, 1 record\n  "+nouniq+": section .llvm_stackmaps, table 0, function #3 cf_local, at cf_local+0x11\n")

	// A linked file has no code sections to name.
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	_, stderr, status = runTool("lookup", linked[0].Path, ".text:0x1000")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, "name no code section (only relocatable objects do)")
}
