package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
)

// diffPairs returns every object of testdata/objects built by two LLVM
// versions from the same IR for the same target (from and to: "llvm19",
// "llvm22"), as paths relative to testdata.
func diffPairs(t *testing.T, from, to string) [][2]string {
	t.Helper()
	objs, err := corpus.Objects()
	require.NoError(t, err)
	have := map[string]bool{}
	for _, o := range objs {
		have[o.Rel] = true
	}
	var out [][2]string
	for _, o := range objs {
		if !strings.HasPrefix(o.Rel, "objects/"+from+"/") {
			continue
		}
		n := "objects/" + to + "/" + strings.TrimPrefix(o.Rel, "objects/"+from+"/")
		if have[n] {
			out = append(out, [2]string{o.Rel, n})
		}
	}
	return out
}

// TestDiffGolden: diff of every object pair LLVM 14 and 19, and 19 and
// 22, built from the same IR for the same target, against its golden
// file under testdata/diff ("go test ./cmd/stackmaps -run TestDiffGolden
// -update" rewrites them). The exit status says whether they differ.
func TestDiffGolden(t *testing.T) {
	goldenDir, err := filepath.Abs(filepath.Join("testdata", "diff"))
	require.NoError(t, err)
	t.Chdir(corpus.Root())
	n := 0
	for _, vs := range [][2]string{{"llvm14", "llvm19"}, {"llvm19", "llvm22"}} {
		pairs := diffPairs(t, vs[0], vs[1])
		require.Greater(t, len(pairs), 90, vs)
		for _, p := range pairs {
			n++
			name := vs[0] + "-" + vs[1] + "/" + strings.TrimSuffix(strings.TrimPrefix(p[0], "objects/"+vs[0]+"/"), ".o") + ".txt"
			out, stderr, status := runTool("diff", p[0], p[1])
			require.Contains(t, []int{exitOK, exitFail}, status, "%s: %s", name, stderr)
			assert.Equal(t, status == exitOK, strings.Contains(out, "\nno differences: "), name)
			path := filepath.Join(goldenDir, name)
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run with -update to create it")
			assert.Equal(t, string(want), out, name)
		}
	}
	t.Logf("%d pairs", n)
}

// TestDiffShowsLLVMChanges: the two changes of stack maps between LLVM
// versions the checked-in objects hold: LLVM 22 records undef values as
// registers where 19 had the constant 0xfefefefe, and AArch64 patchpoint
// live-outs went from 5 to 23 between LLVM 14 and 19; in text and JSON.
func TestDiffShowsLLVMChanges(t *testing.T) {
	o := corpus.Root() + "/objects/"
	out, stderr, status := runTool("diff", o+"llvm19/x86_64-elf/constants.o", o+"llvm22/x86_64-elf/constants.o")
	require.Equal(t, exitFail, status, stderr)
	assert.Contains(t, out, "function const_undef in .text: changed\n  record ID 0xcd: changed\n"+
		"    location #0: Constant -16843010 (0xfefefefe) -> Register rax, 8 bytes\n"+
		"    location #1: Constant -16843010 (0xfefefefe) -> Register ecx, 4 bytes\n")

	out, stderr, status = runTool("diff", o+"llvm14/aarch64-elf/patchpoints.o", o+"llvm19/aarch64-elf/patchpoints.o")
	require.Equal(t, exitFail, status, stderr)
	assert.Contains(t, out, "function pp_anyreg in .text: changed\n  record ID 0x190: changed\n"+
		"    live-outs: 5 (x0, x1, x2, x8, sp) -> 23 (x0, x1, x2, x8, x19, x20, x21, x22, x23, x24, x25, x26, x27, x28, sp, d8, d9, d10, d11, d12, d13, d14, d15)\n")

	out, stderr, status = runTool("diff", "--format=json", "--function", "pp_anyreg", o+"llvm14/aarch64-elf/patchpoints.o", o+"llvm19/aarch64-elf/patchpoints.o")
	require.Equal(t, exitFail, status, stderr)
	var doc struct {
		Equal     bool `json:"equal"`
		Functions []struct {
			Name    string `json:"name"`
			Status  string `json:"status"`
			Records []struct {
				ID      uint64 `json:"id"`
				Changes []struct {
					Part string            `json:"part"`
					Old  []json.RawMessage `json:"old"`
					New  []json.RawMessage `json:"new"`
				} `json:"changes"`
			} `json:"records"`
		} `json:"functions"`
		Summary struct {
			Functions map[string]int `json:"functions"`
		} `json:"summary"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc), out)
	assert.False(t, doc.Equal)
	require.Len(t, doc.Functions, 1)
	assert.Equal(t, "pp_anyreg", doc.Functions[0].Name)
	require.Len(t, doc.Functions[0].Records, 1)
	ch := doc.Functions[0].Records[0].Changes
	require.Len(t, ch, 1)
	assert.Equal(t, "live_outs", ch[0].Part)
	assert.Len(t, ch[0].Old, 5)
	assert.Len(t, ch[0].New, 23)
	assert.Equal(t, map[string]int{"same": 0, "changed": 1, "added": 0, "removed": 0}, doc.Summary.Functions)

	out, _, status = runTool("diff", "--format=json", "--id", "0xcd", o+"llvm19/x86_64-elf/constants.o", o+"llvm22/x86_64-elf/constants.o")
	require.Equal(t, exitFail, status)
	assert.Contains(t, out, `{"part":"location","index":0,"old":{"kind":"Constant","size":8,"dwarf_reg":0,"reg":null,"offset":-16843010,"value":-16843010,"value_hex":"0xfffffffffefefefe"},"new":{"kind":"Register","size":8,"dwarf_reg":0,"reg":"rax","offset":0,"value":null,"value_hex":null}}`)
}

// TestDiffStatusAndFilters: exit 0 for a file against itself, 1 for
// differences, 2 for an unreadable file or bad usage; added and removed
// functions; --function and --id keep only what they name (a filter that
// leaves only equal records exits 0).
func TestDiffStatusAndFilters(t *testing.T) {
	o := corpus.Root() + "/objects/"
	a := o + "llvm22/x86_64-elf/constants.o"
	out, stderr, status := runTool("diff", a, a)
	require.Equal(t, exitOK, status, stderr)
	assert.True(t, strings.HasSuffix(out, "\nno differences: functions: 6 same, 0 changed, 0 added, 0 removed; records: 6 same, 0 changed, 0 added, 0 removed\n"), out)
	_, stderr, status = runTool("diff", a, o+"nosuch.o")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, "nosuch.o")
	_, _, status = runTool("diff", a)
	assert.Equal(t, exitUsage, status)

	// Different programs: every function of one removed, of the other added.
	out, _, status = runTool("diff", a, o+"llvm22/x86_64-elf/kinds.o")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, out, "function const_undef in .text: removed, 1 record\n  record ID 0xcd: removed at +")
	assert.Contains(t, out, "function kinds_register in .text: added, 1 record\n  record ID 0x64: added at +")

	// The undef record changed; the others of const_undef's file did not.
	b := o + "llvm19/x86_64-elf/constants.o"
	_, _, status = runTool("diff", "--function", "const_undef", b, a)
	assert.Equal(t, exitFail, status)
	out, _, status = runTool("diff", "--id", "200", b, a)
	assert.Equal(t, exitOK, status, out)
	out, _, status = runTool("diff", "--function", "nosuch", b, a)
	assert.Equal(t, exitOK, status, out)
	assert.Contains(t, out, "functions: 0 same")
}

// TestDiffAcrossLayouts: functions whose code section is named
// differently (function sections in one build only) or not at all (ELF
// against Mach-O) are matched by name; a thin file is compared with the
// universal file's slice of its architecture, and refused when it has
// none.
func TestDiffAcrossLayouts(t *testing.T) {
	r := corpus.Root() + "/"
	out, stderr, status := runTool("diff", r+"objects/llvm22/x86_64-elf/kinds.o", r+"fsections/llvm22/x86_64/kinds.o")
	require.Equal(t, exitOK, status, stderr+out)
	assert.Contains(t, out, "no differences: functions: 6 same")
	out, stderr, status = runTool("diff", r+"objects/llvm14/x86_64-macho/kinds.o", r+"fat/kinds-universal.o")
	require.Equal(t, exitOK, status, stderr+out)
	assert.Contains(t, out, "no differences: functions: 6 same")
	out, _, status = runTool("diff", r+"objects/llvm14/x86_64-elf/kinds.o", r+"fat/kinds-universal.o")
	require.Equal(t, exitOK, status, out)
	out, _, status = runTool("diff", r+"fat/kinds-universal.o", r+"fat/kinds-universal.o")
	require.Equal(t, exitOK, status, out)
	assert.Contains(t, out, "no differences: functions: 12 same")
	_, stderr, status = runTool("diff", r+"fat/kinds-universal.o", r+"objects/llvm22/s390x-elf/kinds.o")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, "fat/kinds-universal.o: no slice of s390x, the architecture of ")
}
