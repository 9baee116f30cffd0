package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDumpUnwindSignalFrame: testdata/sigframe/sigframe.o (llc-22's
// assembly with .cfi_signal_frame added to sig_handler_like's CIE) marks
// that function's record's row signal_frame, as llvm-dwarfdump-22 shows
// its CIE's augmentation "zRS"; plain's ("zR") is not marked.
func TestDumpUnwindSignalFrame(t *testing.T) {
	path := td + "sigframe/sigframe.o"
	eh, err := os.ReadFile(td + "sigframe/sigframe.o.ehframe.txt")
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(eh), `Augmentation:          "zRS"`), "llvm-dwarfdump: one CIE with S")
	assert.Equal(t, 1, strings.Count(string(eh), `Augmentation:          "zR"`), "llvm-dwarfdump: one CIE without")

	out, stderr, status := runTool("dump", "--unwind", path)
	require.Equal(t, exitOK, status, stderr)
	want, err := os.ReadFile(td + "sigframe/sigframe.o.unwind.txt")
	require.NoError(t, err)
	assert.Equal(t, strings.ReplaceAll(string(want), "testdata/sigframe/sigframe.o", path), out)
	assert.True(t, strings.HasSuffix(unwindLine(t, out, "Record ID 1 "), " signal_frame"))
	assert.False(t, strings.Contains(unwindLine(t, out, "Record ID 2 "), "signal_frame"))

	js, stderr, status := runTool("dump", "--format=json", "--unwind", path)
	require.Equal(t, exitOK, status, stderr)
	var doc struct {
		Tables []struct {
			Records []struct {
				ID     uint64 `json:"id"`
				Unwind struct {
					SignalFrame *bool `json:"signal_frame"`
				} `json:"unwind"`
			} `json:"records"`
		} `json:"tables"`
	}
	require.NoError(t, json.Unmarshal([]byte(strings.SplitN(js, "\n", 2)[0]), &doc))
	require.Len(t, doc.Tables, 1)
	require.Len(t, doc.Tables[0].Records, 2)
	for _, r := range doc.Tables[0].Records {
		require.NotNil(t, r.Unwind.SignalFrame, "record %d", r.ID)
		assert.Equal(t, r.ID == 1, *r.Unwind.SignalFrame, "record %d", r.ID)
	}
}
