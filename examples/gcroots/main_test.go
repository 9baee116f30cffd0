package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestListRootsOnRealStatepoints(t *testing.T) {
	var out strings.Builder
	require.NoError(t, listRoots(&out, "../../testdata/objects/llvm14/x86_64-elf/statepoints.o"))
	got := out.String()
	// st_simple: statepoint ID 42 returns at offset 10, two deopt values,
	// one GC pointer spilled at [rsp+0] that is its own base.
	assert.Contains(t, got, "st_simple+10 (ID 0x2a): 2 deopt values, 1 GC pointers, 0 GC slots\n  pointer 0: base stack [rsp+0], derived stack [rsp+0]\n")
	assert.Contains(t, got, "(ID 0xabcdef00)")
	assert.Equal(t, 11, strings.Count(got, "deopt values"), "every record of statepoints.ll is a statepoint")
}

func TestListRootsErrors(t *testing.T) {
	assert.Error(t, listRoots(&strings.Builder{}, "no-such-file"))
	assert.Error(t, listRoots(&strings.Builder{}, "../../testdata/samples/v1-x86_64.bin"))
}

// TestListRootsSkipsStackmapLookalike: constants.o's const_i64_edges makes
// a stackmap call whose first live values are the constants 0, -1 and 1,
// the shape of a statepoint preamble; flags -1 are not a statepoint's, so
// it has no roots to list.
func TestListRootsSkipsStackmapLookalike(t *testing.T) {
	var out strings.Builder
	require.NoError(t, listRoots(&out, "../../testdata/objects/llvm22/x86_64-elf/constants.o"))
	assert.Empty(t, out.String())
}
