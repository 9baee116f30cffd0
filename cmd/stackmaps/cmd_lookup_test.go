package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/golden"
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
	linked, err := golden.LinkedBinaries()
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
	exe := golden.Root() + "/linked/x86_64-elf/exe"
	out, stderr, status := runTool("lookup", exe, "0x401215")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "0x401215: preceding record at 0x401214, 1 record\n  "+exe+": section .llvm_stackmaps, table 0, function #4 la_patch, at la_patch+0x4\n    Record ID 40964 (0xa004) at 0x401214")
	out, stderr, status = runTool("lookup", exe, "0x401237", "0x10")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, out, "0x401237: exact, 2 records\n")
	assert.Contains(t, out, "0x10: no record\n")
	assert.Contains(t, stderr, "no record at or before 0x10")
	_, _, status = runTool("lookup", exe)
	assert.Equal(t, exitUsage, status)
	_, _, status = runTool("lookup", exe, "0x")
	assert.Equal(t, exitUsage, status)
	_, stderr, status = runTool("lookup", exe, "zz")
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "no function with stack maps is named zz")
}

// TestLookupNoRecordPastExtent: 0x4012a5 is inside lg_callee, which has
// no stack maps; lb_empty (0x401280, 6 bytes) holds the record before it.
// Neither the executable (symbol sizes) nor its bare section (no sizes)
// answers with lb_empty's record; nor does either for an address past all
// code. Inside la_patch, the file answers with the patchpoint's record,
// the bare bytes only exactly.
func TestLookupNoRecordPastExtent(t *testing.T) {
	dir := golden.Root() + "/linked/x86_64-elf/"
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
