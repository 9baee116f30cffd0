package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/testenv"
)

// fileCommands are the commands that read FILEs, with the arguments they
// need after the file.
var fileCommands = []struct {
	name  string
	after []string
}{
	{"dump", nil}, {"check", nil}, {"stats", nil}, {"lookup", []string{"0x401237"}},
}

// TestSharedFlagsOnEveryFileCommand: every command that reads files takes
// the same input flags, --format=json with --pretty, -o, --skip-missing,
// --function and --id, and flags after the file names.
func TestSharedFlagsOnEveryFileCommand(t *testing.T) {
	exe := filepath.Join(corpus.Root(), "linked/x86_64-elf/exe")
	noStackMaps := filepath.Join(corpus.Root(), "../README.md")
	for _, c := range fileCommands {
		t.Run(c.name, func(t *testing.T) {
			help, _, _ := runTool(c.name, "--help")
			for _, flag := range []string{"--raw", "--arch", "--big-endian", "--little-endian", "--format", "--pretty", "-o", "--skip-missing", "--function", "--id"} {
				listed := strings.Contains(help, "\n  "+flag+" ") || strings.Contains(help, "\n  "+flag+"\n")
				assert.True(t, listed, "%s --help lists %s", c.name, flag)
			}
			// Flags after the file and -o.
			out := filepath.Join(t.TempDir(), "out.json")
			args := append(append([]string{c.name, exe}, c.after...), "--format=json", "-o", out, "--function", "sm_inline")
			stdout, stderr, status := runTool(args...)
			require.Equal(t, exitOK, status, stderr)
			assert.Empty(t, stdout, "-o leaves stdout empty")
			data, err := os.ReadFile(out)
			require.NoError(t, err)
			for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				require.True(t, json.Valid([]byte(line)), line)
			}
			// --pretty indents.
			stdout, _, status = runTool(append([]string{c.name, "--format=json", "--pretty", exe}, c.after...)...)
			require.Equal(t, exitOK, status)
			assert.Contains(t, stdout, "{\n  \"")
			// --skip-missing: a file without stack maps is skipped, exit 0.
			args = append([]string{c.name, "--skip-missing", noStackMaps}, c.after...)
			if c.name != "lookup" {
				args = append(args, exe)
			}
			_, stderr, status = runTool(args...)
			assert.Equal(t, exitOK, status, stderr)
			assert.Empty(t, stderr)
			// Without it, exit 1 and the one JSON error document.
			stdout, _, status = runTool(append([]string{c.name, "--format=json", noStackMaps}, c.after...)...)
			if c.name == "lookup" {
				assert.Equal(t, exitUsage, status, "lookup's 1 says an address had no record")
			} else {
				assert.Equal(t, exitFail, status)
			}
			var doc map[string]any
			require.NoError(t, json.Unmarshal([]byte(stdout), &doc), stdout)
			assert.Equal(t, noStackMaps, doc["file"])
			assert.Contains(t, doc["error"], "not ELF, Mach-O, COFF or PE")
			assert.Contains(t, doc["error"], "--raw")
			assert.Len(t, doc, 2)
		})
	}
}

// TestFiltersOnCheckAndStats: --function and --id select what check
// reports and what stats counts.
func TestFiltersOnCheckAndStats(t *testing.T) {
	exe := filepath.Join(corpus.Root(), "linked/x86_64-elf/exe")
	stdout, stderr, status := runTool("stats", "--format=json", "--id", "0xbeef", exe)
	require.Equal(t, exitOK, status, stderr)
	var doc struct {
		Total struct {
			Tables    int `json:"tables"`
			Records   int `json:"records"`
			Functions int `json:"functions"`
			Locations int `json:"locations"`
		} `json:"total"`
		Tables []map[string]any `json:"tables"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &doc))
	// 0xbeef is sm_inline's record, in two of the executable's three
	// tables (dump shows the same), with 2 locations each.
	assert.Equal(t, 3, doc.Total.Tables)
	assert.Equal(t, 2, doc.Total.Records)
	assert.Equal(t, 2, doc.Total.Functions)
	assert.Equal(t, 4, doc.Total.Locations)
	assert.NotContains(t, doc.Tables[0], "tables", "a table's stats have no tables count")

	// zero_locations.o has one finding, on record 10 (ID 0x1f7) of
	// zl_duplicate; constants.o's stackmap call is a malformed statepoint
	// when its ID is named one.
	zl := filepath.Join(corpus.Root(), "objects/llvm22/x86_64-elf/zero_locations.o")
	for _, c := range []struct {
		args []string
		want int
	}{
		{nil, 1}, {[]string{"--id", "0x1f7"}, 1}, {[]string{"--id", "0x1f6"}, 0},
		{[]string{"--function", "zl_duplicate"}, 1}, {[]string{"--function", "zl_other"}, 0},
	} {
		out, _, status := runTool(append(append([]string{"check"}, c.args...), zl)...)
		if c.want == 0 {
			assert.Equal(t, exitOK, status, "%v", c.args)
			assert.Equal(t, zl+": ok\n", out, "%v", c.args)
		} else {
			assert.Equal(t, exitFail, status, "%v", c.args)
			assert.Equal(t, c.want, strings.Count(out, "[duplicate-address]"), "%v", c.args)
		}
	}
	sp := filepath.Join(corpus.Root(), "objects/llvm22/x86_64-elf/constants.o")
	out, _, status := runTool("check", "--enable", "statepoint", "--statepoint-id", "200", "--id", "200", sp)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, out, "const_i64_edges, record 0 (ID 0xc8)")
	out, _, status = runTool("check", "--enable", "statepoint", "--statepoint-id", "200", "--id", "201", sp)
	assert.Equal(t, exitOK, status, out)
}

// TestLookupSymbolForm: SYMBOL+OFF finds what the address does, and the
// line format gives one line per address.
func TestLookupSymbolForm(t *testing.T) {
	exe := filepath.Join(corpus.Root(), "linked/x86_64-elf/exe")
	a, _, sa := runTool("lookup", "--format=line", exe, "0x401237")
	b, _, sb := runTool("lookup", "--format=line", exe, "sm_inline+0x7")
	require.Equal(t, exitOK, sa)
	require.Equal(t, exitOK, sb)
	assert.Equal(t, "0x401237 0x401237 exact sm_inline+0x7 0xbeef,0xbeef\n", a)
	assert.Equal(t, "sm_inline+0x7 0x401237 exact sm_inline+0x7 0xbeef,0xbeef\n", b)
	out, _, status := runTool("lookup", "--format=line", "--bias", "0x1000", exe, "sm_inline+7", "0x1")
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "sm_inline+7 0x402237 exact sm_inline+0x7 0xbeef,0xbeef\n0x1 - none - -\n", out)
	fs := fsPath("llvm22/x86_64/kinds.o")
	out, stderr, status := runTool("lookup", fs, "kinds_indirect+0xcc")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "Record ID 102 (0x66) at .text.kinds_indirect:0xcc")
}

// TestLookupMatchesAddr2line: for every record of the linked executables
// and libraries, lookup's function is the one addr2line -f names.
func TestLookupMatchesAddr2line(t *testing.T) {
	for _, c := range []struct{ dir, tool string }{
		{"x86_64-elf", "addr2line"},
		{"aarch64-elf", "aarch64-linux-gnu-addr2line"},
		{"ppc64le-elf", "powerpc64le-linux-gnu-addr2line"},
	} {
		t.Run(c.dir, func(t *testing.T) {
			testenv.Need(t, c.tool)
			files, _ := filepath.Glob(filepath.Join(corpus.Root(), "linked", c.dir, "*"))
			n := 0
			for _, f := range files {
				if base := filepath.Base(f); strings.Contains(base, ".") && !strings.HasSuffix(base, ".so") {
					continue
				}
				stdout, stderr, status := runTool("dump", "--format=json", f)
				require.Equal(t, exitOK, status, stderr)
				var doc struct {
					Tables []struct {
						Records []struct {
							AddressHex string `json:"address_hex"`
						} `json:"records"`
					} `json:"tables"`
				}
				require.NoError(t, json.Unmarshal([]byte(stdout), &doc))
				var addrs []string
				for _, tb := range doc.Tables {
					for _, r := range tb.Records {
						addrs = append(addrs, r.AddressHex)
					}
				}
				ours, stderr, _ := runTool(append([]string{"lookup", "--format=line", f}, addrs...)...)
				require.Empty(t, stderr)
				theirs, err := exec.Command(c.tool, append([]string{"-f", "-e", f}, addrs...)...).Output()
				require.NoError(t, err)
				lines := strings.Split(strings.TrimSpace(ours), "\n")
				names := strings.Split(strings.TrimSpace(string(theirs)), "\n")
				require.Len(t, names, 2*len(lines))
				for i, line := range lines {
					fields := strings.Fields(line)
					fn, _, _ := strings.Cut(fields[3], "+")
					assert.Equal(t, names[2*i], fn, "%s %s", f, line)
					n++
				}
			}
			assert.Greater(t, n, 10)
		})
	}
}

// TestBiasShowsRuntimeAddresses: dump and frame --bias show every code
// address as the runtime address, so that they agree with lookup's.
func TestBiasShowsRuntimeAddresses(t *testing.T) {
	exe := filepath.Join(corpus.Root(), "linked/x86_64-elf/exe")
	out, stderr, status := runTool("dump", "--bias", "0x1000", "--disasm", "--unwind", "--id", "0xbeef", exe)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "Function #0 sm_inline at 0x402230, stack size 8, 1 record\n    Record ID 48879 (0xbeef) at 0x402237 (+0x7), 2 locations\n      insn   0x402237: pop %rbp\n")
	assert.NotContains(t, out, "0x401237")
	out, _, status = runTool("dump", "--bias", "0x1000", "--format=json", "--unwind", "--id", "0xbeef", exe)
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, `"address_hex":"0x402237"`)
	assert.Contains(t, out, `"pc_hex":"0x402237"`)
	assert.NotContains(t, out, `"address_hex":"0x401237"`)
	out, _, status = runTool("frame", "--bias", "0x1000", exe, "0x402237")
	require.Equal(t, exitOK, status)
	assert.True(t, strings.HasPrefix(out, "Frame at sm_inline+0x7 (0x402237): record ID 48879 (0xbeef)"), out)
	_, _, status = runTool("dump", "--bias", "0x1000", "--format=llvm", exe)
	assert.Equal(t, exitUsage, status)
}
