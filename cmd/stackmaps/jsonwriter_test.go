package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJSONLayoutIsEncodingJSONs: the streamed document has exactly the
// layout encoding/json's Encoder with SetIndent("", "  ") gives: compacting
// and re-indenting it with encoding/json changes nothing.
func TestJSONLayoutIsEncodingJSONs(t *testing.T) {
	for _, o := range objects(t) {
		out, stderr, status := runTool("dump", "--format=json", "--pretty", o.Path)
		require.Equal(t, exitOK, status, stderr)
		var compact, indented bytes.Buffer
		require.NoError(t, json.Compact(&compact, []byte(out)), o.Name())
		require.NoError(t, json.Indent(&indented, compact.Bytes(), "", "  "))
		indented.WriteByte('\n')
		require.Equal(t, indented.String(), out, o.Name())
	}
	// Filters that leave nothing: empty arrays print as [].
	out, _, status := runTool("dump", "--format=json", "--id", "12345678", objectPath("llvm19/x86_64-elf/kinds.o"))
	require.Equal(t, exitFail, status)
	assert.Contains(t, out, `"tables":[]`)
}
