package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// statepointShape is what testdata/ir/statepoints.ll arranges for each
// record ID: deopt values, GC pairs and GC slots.
var statepointShape = map[uint64]struct{ deopt, pairs, slots int }{
	42:         {2, 1, 0},
	0xABCDEF00: {0, 2, 0},
	7:          {8, 1, 0},
	8:          {0, 2, 0},
	9:          {1, 1, 0},
	10:         {0, 0, 0},
	11:         {2, 1, 0},
	12:         {2, 1, 0},
	13:         {1, 1, 0},
	14:         {0, 1, 0},
	15:         {0, 0, 1},
}

// TestStatepointsSpelledOut checks the "statepoint" member of every record
// of every checked-in statepoint object against the IR.
func TestStatepointsSpelledOut(t *testing.T) {
	n := 0
	for _, o := range objects(t) {
		if filepath.Base(o.IR) != "statepoints.ll" {
			continue
		}
		n++
		doc := dumpJSON(t, o.Path)
		require.Len(t, doc.Tables, 1, o.Rel)
		recs := doc.Tables[0].Records
		require.Len(t, recs, len(statepointShape), o.Rel)
		for _, r := range recs {
			what := o.Rel + " ID " + utoa64(r.ID)
			sp := r.Statepoint
			require.NotNil(t, sp, what)
			want, ok := statepointShape[r.ID]
			require.True(t, ok, what)
			assert.Equal(t, "Constant", r.Locations[2].Kind, what)
			assert.Equal(t, r.Locations[2].Value.String(), itoa64(int64(sp.DeoptCount)), "deopt count is the third constant: "+what)
			assert.Equal(t, want.deopt, sp.DeoptCount, what)
			assert.Equal(t, int64(0), sp.CallingConvention, what)
			assert.Equal(t, int64(0), sp.Flags, what)
			require.Len(t, sp.Deopt, sp.DeoptCount, what)
			for i, d := range sp.Deopt {
				assert.Equal(t, 3+i, d, what)
			}
			require.Len(t, sp.GCPairs, want.pairs, what)
			for i, p := range sp.GCPairs {
				assert.Equal(t, [2]int{3 + want.deopt + 2*i, 4 + want.deopt + 2*i}, p, what)
			}
			require.Len(t, sp.GCSlots, want.slots, what)
			for _, s := range sp.GCSlots {
				assert.Equal(t, "Direct", r.Locations[s].Kind, what)
			}
			assert.Equal(t, len(r.Locations), 3+sp.DeoptCount+2*len(sp.GCPairs)+len(sp.GCSlots), what)
			for _, rr := range sp.RegisterRoots {
				assert.Equal(t, "Register", r.Locations[rr].Kind, what)
			}
			same := func(a, b int) bool {
				la, lb := r.Locations[a], r.Locations[b]
				return la.Kind == lb.Kind && la.DwarfReg == lb.DwarfReg && la.Offset == lb.Offset
			}
			switch r.ID {
			case 8: // (base, base) and (base, derived): one base, two places
				p, q := sp.GCPairs[0], sp.GCPairs[1]
				assert.True(t, same(p[0], q[0]), "both pairs have the same base: "+what)
				assert.True(t, same(p[0], p[1]) != same(q[0], q[1]), "exactly one pair is (base, derived) apart: "+what)
			case 14: // a vector of two pointers: 16-byte locations
				assert.Equal(t, uint16(16), r.Locations[sp.GCPairs[0][0]].Size, what)
			case 42, 7, 9, 11, 12, 13: // one pointer relocated against itself
				assert.True(t, same(sp.GCPairs[0][0], sp.GCPairs[0][1]), what)
			}
		}
		out, stderr, status := runTool("dump", o.Path)
		require.Equal(t, exitOK, status, stderr)
		assert.Equal(t, len(statepointShape), strings.Count(out, "      statepoint: calling convention 0, flags 0, "), o.Rel)
	}
	require.Greater(t, n, 5, "statepoint objects")
}

// TestNoStatepointInStackmapObjects: records of llvm.experimental.stackmap
// and patchpoint calls are not read as statepoints.
func TestNoStatepointInStackmapObjects(t *testing.T) {
	for _, o := range objects(t) {
		switch filepath.Base(o.IR) {
		case "kinds.ll", "patchpoints.ll":
		default:
			continue
		}
		for _, tb := range dumpJSON(t, o.Path).Tables {
			for _, r := range tb.Records {
				assert.Nil(t, r.Statepoint, "%s ID %d", o.Rel, r.ID)
			}
		}
	}
}

// TestStackmapLookalikeNotStatepoint: constants.o's const_i64_edges makes
// a stackmap call (ID 200) whose first live values are the constants 0, -1
// and 1, a statepoint preamble's shape. dump, lookup and check all ask the
// library's one rule (Record.Statepoint), whose flags check rejects it.
func TestStackmapLookalikeNotStatepoint(t *testing.T) {
	path := objectPath("llvm22/x86_64-elf/constants.o")
	doc := dumpJSON(t, path)
	var addr uint64
	found := false
	for _, tb := range doc.Tables {
		for _, r := range tb.Records {
			if r.ID == 200 {
				found = true
				assert.Nil(t, r.Statepoint, "dump --format=json")
				require.NotNil(t, r.Address)
				addr = *r.Address
			}
		}
	}
	require.True(t, found, "record ID 200")
	out, stderr, status := runTool("dump", path)
	require.Equal(t, exitOK, status, stderr)
	assert.NotContains(t, out, "statepoint:")

	out, stderr, status = runTool("lookup", "--format=json", path, "0x"+strings.TrimPrefix(utoa64Hex(addr), "0x"))
	require.Equal(t, exitOK, status, stderr)
	var d lookupDoc
	require.NoError(t, json.Unmarshal([]byte(out), &d), out)
	require.NotEmpty(t, d.Matches)
	for _, m := range d.Matches {
		assert.Nil(t, m.Record.Statepoint, "lookup")
	}

	// check reports it only when told ID 200 is a statepoint's, and then
	// says why it is not one, at the flags.
	checkLines(t, exitOK, path)
	lines := checkLines(t, exitFail, path, "--statepoint-id", "200")
	require.Len(t, lines, 1)
	assert.Contains(t, lines[0], "(ID 0xc8), location 1, offset ")
	assert.Contains(t, lines[0], "malformed statepoint: flags are -1, want 0 to 3 [statepoint]")
}
