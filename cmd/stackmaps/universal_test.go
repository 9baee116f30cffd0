package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeUniversal builds a Mach-O universal file from thin Mach-O files,
// each slice 4096-aligned, as lipo would.
func writeUniversal(t *testing.T, thin ...string) string {
	t.Helper()
	const align = 12
	var slices [][]byte
	for _, p := range thin {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		slices = append(slices, b)
	}
	be := binary.BigEndian
	out := be.AppendUint32(nil, 0xcafebabe)
	out = be.AppendUint32(out, uint32(len(slices)))
	off := uint32(1 << align)
	for _, s := range slices {
		out = be.AppendUint32(out, binary.LittleEndian.Uint32(s[4:])) // cputype
		out = be.AppendUint32(out, binary.LittleEndian.Uint32(s[8:])) // cpusubtype
		out = be.AppendUint32(out, off)
		out = be.AppendUint32(out, uint32(len(s)))
		out = be.AppendUint32(out, align)
		off += (uint32(len(s)) + 1<<align - 1) &^ (1<<align - 1)
	}
	for _, s := range slices {
		for len(out)%(1<<align) != 0 {
			out = append(out, 0)
		}
		out = append(out, s...)
	}
	path := filepath.Join(t.TempDir(), "universal.o")
	require.NoError(t, os.WriteFile(path, out, 0o644))
	return path
}

// TestUniversalSlices: a universal file lists the tables of every slice,
// slice after slice, each table saying its slice; the top-level arch is
// "universal".
func TestUniversalSlices(t *testing.T) {
	path := writeUniversal(t, td+"objects/llvm19/x86_64-macho/kinds.o", td+"objects/llvm19/arm64-macho/kinds.o")
	doc := dumpJSON(t, path)
	assert.Equal(t, "macho", doc.Format)
	assert.Equal(t, "universal", doc.Arch)
	require.Len(t, doc.Tables, 2)
	require.NotNil(t, doc.Tables[0].Slice)
	require.NotNil(t, doc.Tables[1].Slice)
	assert.Equal(t, "x86_64", *doc.Tables[0].Slice)
	assert.Equal(t, "aarch64", *doc.Tables[1].Slice)
	assert.Equal(t, "rbp", *doc.Tables[0].Records[1].Locations[0].Reg)
	assert.Equal(t, "x29", *doc.Tables[1].Records[1].Locations[0].Reg)

	out, stderr, status := runTool("dump", "--disasm", "--id", "100", path)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "slice x86_64: macho x86_64, section __LLVM_STACKMAPS,__llvm_stackmaps")
	assert.Contains(t, out, "; slice aarch64: macho aarch64, ")
	assert.Contains(t, out, "[x86_64] Table 0 at section offset 0x0")
	assert.Contains(t, out, "[aarch64] Table 0 at section offset 0x0")
	assert.NotContains(t, out, "no code")

	out, _, status = runTool("check", path)
	assert.Equal(t, exitOK, status, out)
	out, _, status = runTool("stats", path)
	assert.Equal(t, exitOK, status)
	assert.Contains(t, out, "Total (2 tables)")
}
