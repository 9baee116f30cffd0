package main

import (
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDumpUnwindUnsortedHdr: a walk executable whose .eh_frame_hdr table
// is reversed in a copy gets the same rows as the original (before, "no
// CFI covers" at 4 of 4 records), and dump says the table was not used
// and fails.
func TestDumpUnwindUnsortedHdr(t *testing.T) {
	src := td + "walk/captures/x86_64-nopie-statepoint/walk"
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	ef, err := elf.Open(src)
	require.NoError(t, err)
	hdr := ef.Section(".eh_frame_hdr")
	ef.Close()
	require.NotNil(t, hdr)
	h := data[hdr.Offset : hdr.Offset+hdr.Size]
	n := int(binary.LittleEndian.Uint32(h[8:]))
	tab := h[12 : 12+8*n]
	for i := range n / 2 {
		for k := range 8 {
			tab[8*i+k], tab[8*(n-1-i)+k] = tab[8*(n-1-i)+k], tab[8*i+k]
		}
	}
	bad := filepath.Join(t.TempDir(), "walk")
	require.NoError(t, os.WriteFile(bad, data, 0o755))

	good, stderr, status := runTool("dump", "--unwind", src)
	require.Equal(t, exitOK, status, stderr)
	out, stderr, status := runTool("dump", "--unwind", bad)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, ".eh_frame_hdr not used, its FDEs were indexed instead")
	assert.Contains(t, stderr, "not sorted")
	assert.NotContains(t, out, "no CFI covers")
	assert.Equal(t, strings.Count(good, "unwind: CFA="), strings.Count(out, "unwind: CFA="))
	assert.Equal(t, 4, strings.Count(out, "unwind: CFA="))
	assert.Equal(t, strings.ReplaceAll(good, src, bad), out)
}
