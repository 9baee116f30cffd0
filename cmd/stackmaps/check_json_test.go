package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/testenv"
)

// jsonLinesFiles are files with and without findings, several tables and
// an unreadable path: check and stats print one line for each.
func jsonLinesFiles() []string {
	r := corpus.Root()
	return []string{
		filepath.Join(r, "mir/llvm19/x86_64-elf/x86_memory.o"),
		filepath.Join(r, "objects/llvm19/x86_64-elf/zero_locations.o"),
		filepath.Join(r, "linked/x86_64-elf/libstackmaps.so"),
		filepath.Join(r, "objects/llvm19/x86_64-elf/kinds.o"),
		filepath.Join(r, "no-such-file.o"),
	}
}

// parseJSONLines asserts that out is one JSON object per line, each parsed
// on its own, and returns them; with python3 present each line is parsed
// by json.loads too.
func parseJSONLines(t *testing.T, out string, n int) []map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, n, out)
	var docs []map[string]any
	for _, l := range lines {
		var d map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &d), l)
		docs = append(docs, d)
	}
	t.Run("python3", func(t *testing.T) {
		testenv.Need(t, "python3")
		cmd := exec.Command("python3", "-c", `import sys, json
n = 0
for line in sys.stdin:
    d = json.loads(line)
    assert isinstance(d, dict)
    n += 1
print(n)`)
		cmd.Stdin = strings.NewReader(out)
		b, err := cmd.CombinedOutput()
		require.NoError(t, err, string(b))
		assert.Equal(t, itoa(n), strings.TrimSpace(string(b)))
	})
	return docs
}

func TestCheckJSONLines(t *testing.T) {
	files := jsonLinesFiles()
	out, stderr, status := runTool(append([]string{"check", "--format=json"}, files...)...)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "no-such-file.o")
	docs := parseJSONLines(t, out, len(files))
	for i, d := range docs {
		assert.Equal(t, files[i], d["file"])
	}
	// x86_memory: zero-size at location 2, bad-base-register at 5 and 6,
	// unknown-register at 7 and 8, all in record ID 1003.
	assert.Equal(t, false, docs[0]["ok"])
	assert.Equal(t, "x86_64", docs[0]["arch"])
	byRule := map[string][]float64{}
	for _, f := range docs[0]["findings"].([]any) {
		m := f.(map[string]any)
		assert.Equal(t, 1003.0, m["id"])
		assert.Equal(t, "0x3eb", m["id_hex"])
		assert.Regexp(t, `^0x[0-9a-f]+$`, m["offset_hex"])
		byRule[m["rule"].(string)] = append(byRule[m["rule"].(string)], m["location"].(float64))
	}
	assert.Equal(t, map[string][]float64{"zero-size": {2}, "bad-base-register": {5, 6}, "unknown-register": {7, 8}}, byRule)
	f := docs[1]["findings"].([]any)
	require.Len(t, f, 1)
	assert.Equal(t, "duplicate-address", f[0].(map[string]any)["rule"])
	assert.Equal(t, "0x1f7", f[0].(map[string]any)["id_hex"])
	assert.Equal(t, true, docs[2]["ok"])
	assert.Equal(t, true, docs[3]["ok"])
	assert.Equal(t, []any{}, docs[3]["findings"])
	// A file that cannot be read: {"file", "error"}, as in every command.
	assert.Len(t, docs[4], 2)
	assert.Contains(t, docs[4]["error"], "no-such-file.o")
}

func TestStatsJSONLines(t *testing.T) {
	files := jsonLinesFiles()
	out, _, status := runTool(append([]string{"stats", "--format=json"}, files...)...)
	assert.Equal(t, exitFail, status)
	docs := parseJSONLines(t, out, len(files))
	// kinds.o (llvm19): the figures of stats --help's example.
	k := docs[3]
	tables := k["tables"].([]any)
	require.Len(t, tables, 1)
	tb := tables[0].(map[string]any)
	assert.Equal(t, 1056.0, tb["bytes"])
	assert.Equal(t, 144.0, tb["function_bytes"])
	assert.Equal(t, 872.0, tb["record_bytes"])
	assert.Equal(t, 60.0, tb["locations"])
	assert.Equal(t, map[string]any{"Register": 15.0, "Direct": 3.0, "Indirect": 33.0, "Constant": 6.0, "ConstantIndex": 3.0}, tb["locations_by_kind"])
	assert.Equal(t, "0x0", tb["section_offset_hex"])
	// The linked library: several tables, the total sums them.
	lib := docs[2]
	lt := lib["tables"].([]any)
	require.Greater(t, len(lt), 1)
	sum := 0.0
	for _, x := range lt {
		sum += x.(map[string]any)["bytes"].(float64)
	}
	assert.Equal(t, sum, lib["total"].(map[string]any)["bytes"])
	assert.Equal(t, float64(len(lt)), lib["total"].(map[string]any)["tables"])
	assert.Nil(t, docs[4]["total"])
	assert.NotNil(t, docs[4]["error"])
}

func TestCheckEnableDisable(t *testing.T) {
	path := filepath.Join(corpus.Root(), "mir/llvm19/x86_64-elf/x86_memory.o")
	rules := func(args ...string) []string {
		var out []string
		for _, l := range checkLines(t, exitFail, append(args, path)...) {
			out = append(out, l[strings.LastIndex(l, "[")+1:len(l)-1])
		}
		return out
	}
	assert.Equal(t, []string{"unknown-register", "unknown-register", "zero-size", "bad-base-register", "bad-base-register"}, rules())
	assert.Equal(t, []string{"zero-size"}, rules("--enable", "zero-size"))
	assert.Equal(t, []string{"zero-size", "bad-base-register", "bad-base-register"}, rules("--enable", "zero-size,bad-base-register"))
	assert.Equal(t, []string{"zero-size", "bad-base-register", "bad-base-register"}, rules("--enable", "zero-size", "--enable", "bad-base-register"))
	assert.Equal(t, []string{"bad-base-register", "bad-base-register"}, rules("--disable", "unknown-register,zero-size"))
	checkLines(t, exitOK, "--disable", "unknown-register,zero-size,bad-base-register", path)
	for _, bad := range [][]string{{"--enable", "nope"}, {"--disable", "zero-size,nope"}, {"--format", "xml"}} {
		_, stderr, status := runTool(append(append([]string{"check"}, bad...), path)...)
		assert.Equal(t, exitUsage, status, bad)
		assert.NotEmpty(t, stderr)
	}
	_, _, status := runTool("stats", "--format", "xml", path)
	assert.Equal(t, exitUsage, status)
}
