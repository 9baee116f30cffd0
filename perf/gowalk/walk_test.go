package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWalksAgree checks the project walks (Parse and iterators, Scanner)
// and the hand-written walk on the
// linked x86_64 executable's section (llc-14 objects linked by GNU ld: 3
// tables of 456, 368 and 256 bytes, 13 records), alone and repeated.
func TestWalksAgree(t *testing.T) {
	unit, err := os.ReadFile("../../testdata/linked/x86_64-elf/exe.stackmaps.bin")
	require.NoError(t, err)
	require.Len(t, unit, 1080)
	for _, copies := range []uint64{1, 7} {
		data := bytes.Repeat(unit, int(copies))
		sec, err := parse(data)
		require.NoError(t, err)
		got := walk(sec)
		require.Equal(t, 3*copies, got.tables)
		require.Equal(t, 13*copies, got.records)
		require.Equal(t, 32*copies, got.locations)
		require.Equal(t, 3*copies, got.liveOuts)
		require.Equal(t, got, rawWalk(data))
		scanned, err := scanWalk(data)
		require.NoError(t, err)
		require.Equal(t, got, scanned)
		require.Len(t, recordAddrs(sec), 13*int(copies))
	}
}

// TestLookupsFindEveryRecord looks up every record address of the linked
// executable (non-PIE: function addresses are filled in) in the index.
func TestLookupsFindEveryRecord(t *testing.T) {
	data, err := os.ReadFile("../../testdata/linked/x86_64-elf/exe.stackmaps.bin")
	require.NoError(t, err)
	sec, err := parse(data)
	require.NoError(t, err)
	ix := newIndex(sec)
	require.Equal(t, 13, indexLen(ix))
	for _, a := range recordAddrs(sec) {
		require.NotZero(t, a)
		v := lookupAll(ix, []uint64{a})
		require.GreaterOrEqual(t, v, a+1, "address %#x", a) // address + number of records there
		require.Equal(t, v, lookupDependent(ix, []uint64{a}))
		require.Equal(t, v, lookupPrecedingAll(ix, []uint64{a}), "address %#x", a)
		require.Equal(t, v, lookupPrecedingAll(ix, []uint64{a + 1}), "address %#x + 1", a)
		require.Zero(t, lookupAll(ix, []uint64{a + 1}), "no record at %#x + 1", a)
	}
	var ids uint64
	for _, tb := range sec.Tables() {
		for _, r := range tb.Records() {
			ids += r.ID()
		}
	}
	require.Equal(t, ids, lookupIDAll(ix, recordAddrs(sec)))
}
