package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
)

// lookupDoc mirrors one line of lookup --format=json.
type lookupDoc struct {
	Query      uint64  `json:"query"`
	QueryHex   string  `json:"query_hex"`
	Bias       uint64  `json:"bias"`
	Exact      bool    `json:"exact"`
	Address    *uint64 `json:"address"`
	AddressHex *string `json:"address_hex"`
	Matches    []struct {
		Slice    *string `json:"slice"`
		Table    int     `json:"table"`
		Function int     `json:"function"`
		Symbol   *string `json:"symbol"`
		Record   struct {
			ID         uint64          `json:"id"`
			Address    *uint64         `json:"address"`
			Locations  []any           `json:"locations"`
			Statepoint *jsonStatepoint `json:"statepoint"`
		} `json:"record"`
	} `json:"matches"`
}

// lookupEveryRecord looks up the address of every record of a file, with
// and without a bias, and checks each answer holds that record exactly.
func lookupEveryRecord(t *testing.T, path, what string) int {
	t.Helper()
	in, err := loadDumpInput(path, false, nil)
	require.NoError(t, err, what)
	defer in.Close()
	type want struct {
		table int
		id    uint64
		addr  uint64
		nloc  int
	}
	var wants []want
	var args []string
	forEachTable(in, func(tv *tableView) {
		for _, r := range tv.Table.Records() {
			rv := recordViewOf(r)
			if !rv.HasAddress() {
				continue
			}
			wants = append(wants, want{tv.Table.Index(), r.ID(), rv.Address, r.NumLocations()})
			args = append(args, "0x"+strings.TrimPrefix(utoa64Hex(rv.Address+0x10000), "0x"))
		}
	})
	if len(wants) == 0 {
		return 0
	}
	out, stderr, status := runTool(append([]string{"lookup", "--format=json", "--bias", "0x10000", path}, args...)...)
	require.Equal(t, exitOK, status, "%s: %s", what, stderr)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, len(wants), what)
	for i, line := range lines {
		var d lookupDoc
		require.NoError(t, json.Unmarshal([]byte(line), &d), line)
		w := wants[i]
		assert.True(t, d.Exact, what)
		require.NotNil(t, d.Address, what)
		assert.Equal(t, w.addr, *d.Address, what)
		assert.Equal(t, w.addr+0x10000, d.Query, what)
		found := false
		for _, m := range d.Matches {
			if m.Table == w.table && m.Record.ID == w.id && len(m.Record.Locations) == w.nloc {
				found = true
			}
			require.NotNil(t, m.Record.Address, what)
			assert.Equal(t, w.addr, *m.Record.Address, what)
		}
		assert.True(t, found, "%s: record ID %d of table %d at %#x", what, w.id, w.table, w.addr)
	}
	return len(wants)
}

// TestLookupEveryRecord: lookup of every record address of every
// checked-in object and linked binary returns that record.
func TestLookupEveryRecord(t *testing.T) {
	n := 0
	for _, o := range objects(t) {
		n += lookupEveryRecord(t, o.Path, o.Rel)
	}
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	require.NotEmpty(t, linked)
	for _, l := range linked {
		n += lookupEveryRecord(t, l.Path, l.Rel)
	}
	t.Logf("%d records looked up", n)
	assert.Greater(t, n, 1000)
}

// TestLookupPrecedingAndMiss: an address inside a patchpoint's region finds
// the record before it; an address in no function exits 1.
func TestLookupPrecedingAndMiss(t *testing.T) {
	exe := corpus.Root() + "/linked/x86_64-elf/exe"
	out, stderr, status := runTool("lookup", exe, "0x401215")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "0x401215: preceding record at 0x401214, 1 record\n  "+exe+": section .llvm_stackmaps, table 0, function #4 la_patch, at la_patch+0x4\n    Record ID 40964 (0xa004) at 0x401214")
	out, stderr, status = runTool("lookup", exe, "0x401237", "0x10")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, out, "0x401237: exact, 2 records\n")
	assert.Contains(t, out, "0x10: no record\n")
	assert.Empty(t, stderr, "an address without a record is an answer, not an error")
	_, _, status = runTool("lookup")
	assert.Equal(t, exitUsage, status)
	out, stderr, status = runTool("lookup", exe, "0x", "0x401237")
	assert.Equal(t, exitUsage, status, "an address that cannot be looked up")
	assert.Equal(t, "0x: error\n0x401237: exact, 2 records\n", out[:len("0x: error\n0x401237: exact, 2 records\n")])
	assert.Contains(t, stderr, `address "0x": want a number`)
	_, stderr, status = runTool("lookup", exe, "zz")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, "no function symbol is named zz")
}

// TestLookupAnswersEveryAddress: each address is answered on its own, in
// order, by the function symbol that holds it (any function: main has no
// stack maps), an error for one keeping none of the others from their
// answer; the exit status says 0 all had records, 1 some had none, 2 one
// was an error.
func TestLookupAnswersEveryAddress(t *testing.T) {
	exe := corpus.Root() + "/linked/x86_64-elf/exe"
	out, stderr, status := runTool("lookup", "--format=line", exe, "main+3", "la_internal+7", "nosuchsym+1", "0x401237")
	assert.Equal(t, exitUsage, status)
	assert.Equal(t, "main+3 - none main+0x3 -\n"+
		"la_internal+7 0x4011c7 exact la_internal+0x7 0xa002\n"+
		"nosuchsym+1 - error - -\n"+
		"0x401237 0x401237 exact sm_inline+0x7 0xbeef,0xbeef\n", out)
	assert.Equal(t, "stackmaps lookup: "+exe+": address \"nosuchsym+1\": no function symbol is named nosuchsym\n", stderr)

	out, _, status = runTool("lookup", "--format=line", exe, "main+3", "la_internal+7")
	assert.Equal(t, exitFail, status, "main+3 has no record")
	assert.Equal(t, "main+3 - none main+0x3 -\nla_internal+7 0x4011c7 exact la_internal+0x7 0xa002\n", out)
	_, _, status = runTool("lookup", "--format=line", exe, "la_internal+7")
	assert.Equal(t, exitOK, status)

	// A record's address inside a function found by the symbol table: the
	// preceding patchpoint record's function, named with the query's offset.
	// lg_callee's symbol is 1 byte long: 0x4012a5 is padding after it, in
	// no function (addr2line, going by the symbol before it, says lg_callee).
	out, _, status = runTool("lookup", "--format=line", exe, "0x401215", "0x401130", "0x4012a5", "0x7fffffffffff")
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "0x401215 0x401214 preceding la_patch+0x5 0xa004\n"+
		"0x401130 - none main+0xa -\n"+
		"0x4012a5 - none - -\n"+
		"0x7fffffffffff - none - -\n", out, "an address past the code is in no symbol (not the last one's)")

	out, _, _ = runTool("lookup", "--format=json", exe, "main+3", "nosuchsym+1")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &doc))
	assert.Equal(t, "main+3", doc["input"])
	assert.Equal(t, "main", doc["function_symbol"])
	assert.Equal(t, 3.0, doc["function_offset"])
	assert.Nil(t, doc["address"])
	doc = nil
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &doc))
	assert.Equal(t, map[string]any{"input": "nosuchsym+1", "error": `address "nosuchsym+1": no function symbol is named nosuchsym`}, doc)
}

// TestLookupNegativeAddress: "-1" is an address (an error for that
// address), not an unknown flag; it can come before, between or after
// flags, and a flag's value may still be a negative number.
func TestLookupNegativeAddress(t *testing.T) {
	exe := corpus.Root() + "/linked/x86_64-elf/exe"
	out, stderr, status := runTool("lookup", exe, "-1", "--format=line", "0x401237", "-0x10")
	assert.Equal(t, exitUsage, status)
	assert.Equal(t, "-1 - error - -\n0x401237 0x401237 exact sm_inline+0x7 0xbeef,0xbeef\n-0x10 - error - -\n", out)
	assert.Contains(t, stderr, `address "-1": negative`)
	assert.NotContains(t, stderr, "flag")
	_, stderr, status = runTool("lookup", "--bias", "-1", exe, "0x401237")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, `--bias "-1"`)
	_, stderr, _ = runTool("lookup", "--nosuch", exe, "0x401237")
	assert.Contains(t, stderr, "flag provided but not defined: --nosuch")
}

// TestLookupBacktrace pipes gdb's 41-frame backtrace of
// testdata/backtrace/bt (gen.sh: 36 frames of rec.ll's statepoints, stop
// without an address, main, libc, _start) into lookup: every line is
// answered, in order; the statepoint frames exactly with their record IDs;
// and every function lookup names is the one addr2line -f names, "-"
// where it says "??".
func TestLookupBacktrace(t *testing.T) {
	dir := corpus.Root() + "/backtrace/"
	bt, err := os.ReadFile(dir + "bt.gdb.txt")
	require.NoError(t, err)
	a2l, err := os.ReadFile(dir + "bt.addr2line.txt")
	require.NoError(t, err)
	old := stdin
	stdin = bytes.NewReader(bt)
	defer func() { stdin = old }()
	out, stderr, status := runTool("lookup", "--format=line", dir+"bt")
	assert.Equal(t, exitFail, status, "frame #0 has no address, main and libc no record")
	assert.Empty(t, stderr)
	frames := strings.Split(strings.TrimSpace(string(bt)), "\n")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, frames, 41)
	require.Len(t, lines, 41, out)
	names := strings.Split(strings.TrimSpace(string(a2l)), "\n")
	require.Len(t, names, 2*40)
	assert.Equal(t, "#0 - no-address - -", lines[0])
	assert.Equal(t, "0x000000000040115d 0x40115d exact rec+0x2d 0x1", lines[1])
	for i := 2; i <= 36; i++ {
		assert.Equal(t, "0x000000000040114e 0x40114e exact rec+0x1e 0x2", lines[i], frames[i])
	}
	for i, line := range lines[1:] {
		f := strings.Fields(line)
		require.Len(t, f, 5, line)
		assert.Equal(t, strings.Fields(frames[i+1])[1], f[0], "the address of frame %d", i+1)
		fn, _, _ := strings.Cut(f[3], "+")
		want := names[2*i]
		if want == "??" {
			want = "-"
		}
		assert.Equal(t, want, fn, frames[i+1])
	}
}

// TestTraceAddress: the address of each kind of input line.
func TestTraceAddress(t *testing.T) {
	for _, c := range []struct{ line, addr, frame string }{
		{"0x401237", "0x401237", ""},
		{"  main+3  trailing words", "main+3", ""},
		{"#3  0x0000000000401237 in f (x=1) at f.c:9", "0x0000000000401237", "#3"},
		{"#0  stop () at bt.c:5", "", "#0"},
		{"#12 <signal handler called>", "", "#12"},
		{"* frame #3: 0x0000000100003f5c a.out`f + 12", "0x0000000100003f5c", "#3"},
		{"  frame #0: 0x0000000100003f50 a.out`g", "0x0000000100003f50", "#0"},
	} {
		addr, frame, ok := traceAddress(c.line)
		assert.Equal(t, c.addr, addr, c.line)
		assert.Equal(t, c.frame, frame, c.line)
		assert.Equal(t, c.addr != "", ok, c.line)
	}
	in := "Thread 2 (Thread 0x7f (LWP 9)):\n#0  0x401237 in f ()\nBacktrace stopped: frame did not save the PC\n\nThread 1:\n#1  0x401215 in g ()\n"
	var got []string
	for text, err := range lineQueries(strings.NewReader(in)) {
		require.NoError(t, err)
		got = append(got, text)
	}
	assert.Equal(t, []string{"Thread", "0x401237", "0x401215"}, got, "lines that are not frames skipped once frames came")
	long := strings.Repeat("x", maxQueryLine+10) + "\n0x1\n"
	got = nil
	var errs []error
	for text, err := range lineQueries(strings.NewReader(long)) {
		got = append(got, text)
		errs = append(errs, err)
	}
	require.Len(t, got, 2)
	assert.ErrorContains(t, errs[0], "line 1: longer than")
	assert.Equal(t, "0x1", got[1])
	assert.NoError(t, errs[1])
}

// TestLookupNoRecordPastExtent: 0x4012a5 is inside lg_callee, which has
// no stack maps; lb_empty (0x401280, 6 bytes) holds the record before it.
// Neither the executable (symbol sizes) nor its bare section (no sizes)
// answers with lb_empty's record; nor does either for an address past all
// code. Inside la_patch, the file answers with the patchpoint's record,
// the bare bytes only exactly.
func TestLookupNoRecordPastExtent(t *testing.T) {
	dir := corpus.Root() + "/linked/x86_64-elf/"
	for _, args := range [][]string{{dir + "exe"}, {"--raw", dir + "exe.stackmaps.bin"}} {
		out, _, status := runTool(append(append([]string{"lookup"}, args...), "0x4012a5", "0x7fffffffffff")...)
		assert.Equal(t, exitFail, status, "%v", args)
		assert.Equal(t, "0x4012a5: no record\n0x7fffffffffff: no record\n", out, "%v", args)
	}
	out, stderr, status := runTool("lookup", dir+"exe", "0x401215")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "0x401215: preceding record at 0x401214")
	out, _, status = runTool("lookup", "--raw", dir+"exe.stackmaps.bin", "0x401215", "0x401214")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, out, "0x401215: no record\n0x401214: exact, 1 record\n")
}

// TestLookupWithoutStackMaps: a file without a stack map section (an
// executable of the CFI corpus; nm -S: cfi_get at 0x401230, 0xb bytes,
// cfi_leaf at 0x4016f0, _start at 0x401120) is answered from its symbols
// alone, every address "no record" (exit 1), read from standard input as
// a long list is; --skip-missing skips it as before.
func TestLookupWithoutStackMaps(t *testing.T) {
	exe := corpus.Root() + "/cfi/build/x86_64/exe"
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("0x401235\ncfi_leaf+4\n0x401120\n0x500000\n")
	out, stderr, status := runTool("lookup", exe)
	assert.Equal(t, exitFail, status, stderr)
	assert.Equal(t, "0x401235: no record in cfi_get+0x5\ncfi_leaf+4 (0x4016f4): no record in cfi_leaf+0x4\n"+
		"0x401120: no record in _start+0x0\n0x500000: no record\n", out)
	assert.Empty(t, stderr)
	out, _, status = runTool("lookup", "--format=line", exe, "0x401235", "0x500000")
	assert.Equal(t, exitFail, status)
	assert.Equal(t, "0x401235 - none cfi_get+0x5 -\n0x500000 - none - -\n", out)
	out, _, status = runTool("lookup", "--format=json", exe, "0x401235")
	assert.Equal(t, exitFail, status)
	assert.Equal(t, `{"input":"0x401235","query":4198965,"query_hex":"0x401235","bias":0,"function_symbol":"cfi_get","function_offset":5,`+
		`"exact":false,"address":null,"address_hex":null,"matches":[]}`+"\n", out)
	out, _, status = runTool("lookup", "--skip-missing", exe, "0x401235")
	assert.Equal(t, exitOK, status)
	assert.Empty(t, out)
}

// lineByLine is standard input that gives one line a read, and records,
// at each read after the first, what the output held then.
type lineByLine struct {
	lines []string
	out   *bytes.Buffer
	seen  []string
}

func (l *lineByLine) Read(p []byte) (int, error) {
	if len(l.seen) > 0 || len(l.lines) == 0 {
		l.seen = append(l.seen, l.out.String())
	} else {
		l.seen = append(l.seen, "")
	}
	if len(l.lines) == 0 {
		return 0, io.EOF
	}
	n := copy(p, l.lines[0])
	l.lines = l.lines[1:]
	return n, nil
}

// TestLookupAnswersEachLineBeforeReadingOn: the answers are written in
// large blocks, but each answer is out before lookup waits for the next
// line of standard input (a backtrace fed line by line, a program asking
// one address at a time).
func TestLookupAnswersEachLineBeforeReadingOn(t *testing.T) {
	exe := corpus.Root() + "/cfi/build/x86_64/exe"
	var out, errb bytes.Buffer
	in := &lineByLine{lines: []string{"0x401235\n", "0x401120\n"}, out: &out}
	old := stdin
	defer func() { stdin = old }()
	stdin = in
	assert.Equal(t, exitFail, run([]string{"lookup", exe}, &out, &errb), errb.String())
	assert.Equal(t, []string{"", "0x401235: no record in cfi_get+0x5\n",
		"0x401235: no record in cfi_get+0x5\n0x401120: no record in _start+0x0\n"}, in.seen)
}
