package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// check and stats read a bare section as dump does: the byte order found
// from the bytes (and said), --arch naming the target.
func TestCheckAndStatsRawByteOrder(t *testing.T) {
	bin := strings.TrimSuffix(objectPath("llvm22/s390x-elf/kinds.o"), ".o") + ".stackmaps.bin"
	out, stderr, status := runTool("check", "--raw", bin)
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, bin+": ok\n", out)
	assert.Contains(t, stderr, "big-endian")

	out, stderr, status = runTool("stats", "--raw", "--arch", "s390x", bin)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "raw s390x")

	_, _, status = runTool("check", "--raw", "--little-endian", bin)
	assert.Equal(t, exitFail, status, "a big-endian section does not decode little-endian")
	_, _, status = runTool("stats", "--big-endian", bin)
	assert.Equal(t, exitUsage, status, "--big-endian needs --raw")
}
