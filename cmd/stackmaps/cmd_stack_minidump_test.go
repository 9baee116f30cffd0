package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/walktest"
)

const minidumpDir = "../../testdata/windows/minidump/"

// TestStackMinidump walks the checked-in Windows minidump with "stack
// --core crash.dmp dump.exe" (the dump the program of
// testdata/windows/minidump wrote of itself under wine): in JSON, every
// llc frame of both threads has the record, CFA, deopt values and GC roots
// the program recorded before each call; the text output names the
// crashed thread and every frame.
func TestStackMinidump(t *testing.T) {
	threads, err := walktest.ParseDumpValues(minidumpDir + "values.txt")
	require.NoError(t, err)
	var out, errb bytes.Buffer
	status := run([]string{"stack", "--core", minidumpDir + "crash.dmp", minidumpDir + "dump.exe", "--format", "json"}, &out, &errb)
	require.Equal(t, exitOK, status, "stderr: %s", errb.String())
	assert.Contains(t, errb.String(), `ntdll.dll: no file named ntdll.dll given`, "wine's DLLs are not given")
	byTID := map[int][]stackJSONLine{}
	crashed := map[int]bool{}
	exception := map[int]string{}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<20)
	modules := 0
	for sc.Scan() {
		var l stackJSONLine
		require.NoError(t, json.Unmarshal(sc.Bytes(), &l), "line %s", sc.Text())
		var extra struct {
			Crashed   bool   `json:"crashed"`
			Exception string `json:"exception"`
			Path      string `json:"path"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &extra))
		switch l.Type {
		case "module":
			modules++
		case "thread":
			crashed[l.TID] = extra.Crashed
			exception[l.TID] = extra.Exception
		case "frame":
			byTID[l.TID] = append(byTID[l.TID], l)
		}
	}
	assert.Equal(t, 8, modules, "one module line per module of the dump")
	values, roots := 0, 0
	for ti, want := range threads {
		got := byTID[want.TID]
		require.NotEmpty(t, got, "thread %d", want.TID)
		assert.Equal(t, ti == 0, crashed[want.TID], "thread %d: the main thread faulted", want.TID)
		if ti == 0 {
			assert.Equal(t, "0xc0000005", exception[want.TID], "the main thread wrote to address 0: an access violation")
		} else {
			assert.Empty(t, exception[want.TID], "no exception on the other threads")
		}
		assert.False(t, got[0].PCIsReturnAddress, "the innermost frame is at an interrupted instruction")
		next := 0
		for _, fr := range got {
			if fr.Symbol == nil || next == len(want.Frames) || *fr.Symbol != want.Frames[next].Func {
				assert.Nil(t, fr.Record)
				continue
			}
			w := want.Frames[next]
			if !w.IsLLC() {
				next++ // a C frame the program recorded
				continue
			}
			require.NotNil(t, fr.Record, "%s", *fr.Symbol)
			assert.Equal(t, w.ID, hexField(t, fr.Record.ID))
			assert.True(t, fr.Record.Statepoint)
			assert.Equal(t, want.ExpectedCFA(next), hexField(t, fr.CFA), "%s CFA", w.Func)
			gcWant := map[uint64]bool{}
			nd := 0
			for _, e := range w.Expect {
				if e.Kind == "gc" {
					gcWant[e.Value] = true
					continue
				}
				require.Less(t, e.Index, len(fr.Deopt))
				s := fr.Deopt[e.Index]
				require.True(t, s.Known, "%s deopt %d", w.Func, e.Index)
				assert.True(t, e.Matches(hexField(t, s.Value)), "%s deopt %d: %s, want %#x", w.Func, e.Index, s.Value, e.Value)
				nd++
				values++
			}
			assert.Len(t, fr.Deopt, nd)
			for _, r := range fr.Roots {
				for _, half := range []string{"base", "derived"} {
					s := r[half]
					require.True(t, s.Known)
					assert.True(t, gcWant[hexField(t, s.Value)], "%s root %s %s", w.Func, half, s.Value)
				}
				roots++
			}
			next++
		}
		assert.Equal(t, len(want.Frames), next, "thread %d met every recorded frame", want.TID)
	}
	assert.Equal(t, 45+2*29, values)
	assert.Equal(t, 6+2*4, roots)

	out.Reset()
	errb.Reset()
	status = run([]string{"stack", "--core", minidumpDir + "crash.dmp", minidumpDir + "dump.exe"}, &out, &errb)
	require.Equal(t, exitOK, status, "stderr: %s", errb.String())
	text := out.String()
	assert.Contains(t, text, "thread "+itoa(threads[0].TID)+", crashed, exception 0xc0000005\n")
	for _, th := range threads {
		for _, f := range th.Frames {
			assert.Contains(t, text, `dump.exe `+f.Func+"+0x")
		}
	}
	assert.Contains(t, text, "record id 0xd4, statepoint")
}

// TestStackMinidumpImages: the images are found by file name, from the
// arguments (any case) or in --sysroot, and a dump without them walks
// nothing.
func TestStackMinidumpImages(t *testing.T) {
	var out, errb bytes.Buffer
	status := run([]string{"stack", "--core", minidumpDir + "crash.dmp", "--sysroot", minidumpDir, "--frames", "3"}, &out, &errb)
	require.Equal(t, exitOK, status, "stderr: %s", errb.String())
	assert.Contains(t, out.String(), "walk_d+0x")
	errb.Reset()
	assert.Equal(t, exitFail, run([]string{"stack", "--core", minidumpDir + "crash.dmp"}, &out, &errb))
	assert.Contains(t, errb.String(), "no file named dump.exe given")
}

// TestStackMinidumpNamesEscaped: a module name from the dump cannot forge
// output: the checked-in dump with a newline and an escape in its first
// module's name walks with the name escaped in text, and kept as a JSON
// string.
func TestStackMinidumpNamesEscaped(t *testing.T) {
	data, err := os.ReadFile(minidumpDir + "crash.dmp")
	require.NoError(t, err)
	tmp := []byte{'\\', 0, 't', 0, 'm', 0, 'p', 0, '.', 0}
	i := bytes.Index(data, tmp)
	require.Positive(t, i, "the module name holds \\tmp.")
	data[i+2], data[i+4] = '\n', 0x1b // "\\\n\x1bp."
	dump := filepath.Join(t.TempDir(), "crash.dmp")
	require.NoError(t, os.WriteFile(dump, data, 0o644))
	var out, errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"stack", "--core", dump, minidumpDir + "dump.exe", "--frames", "1"}, &out, &errb), errb.String())
	assert.Contains(t, out.String(), `\n\x1bp.`)
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		assert.NotContains(t, l, "\x1b")
		assert.True(t, l == "" || strings.HasPrefix(l, "thread ") || strings.HasPrefix(l, "  "), "line %q", l)
	}
	out.Reset()
	require.Equal(t, exitOK, run([]string{"stack", "--core", dump, minidumpDir + "dump.exe", "--frames", "1", "--format", "json"}, &out, &errb))
	var m struct {
		Type, Path string
	}
	require.NoError(t, json.Unmarshal(bytes.SplitN(out.Bytes(), []byte("\n"), 2)[0], &m))
	assert.Equal(t, "module", m.Type)
	assert.Contains(t, m.Path, "\\\n\x1bp.")
}
