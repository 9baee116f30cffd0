package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

// pacRows reads llvm-dwarfdump's rows: pc -> whether the row has reg34=1
// (AArch64's return address signing state).
func pacRows(t *testing.T, ehframe string) map[uint64]bool {
	t.Helper()
	rows := map[uint64]bool{}
	re := regexp.MustCompile(`^  0x([0-9a-f]+): CFA=(.*)$`)
	for _, line := range strings.Split(ehframe, "\n") {
		m := re.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		pc, err := strconv.ParseUint(m[1], 16, 64)
		require.NoError(t, err)
		rows[pc] = strings.Contains(m[2], "reg34=1")
	}
	return rows
}

// rowAt returns the signing state of the row covering pc: the row with the
// greatest address not above it.
func rowAt(rows map[uint64]bool, pc uint64) (signed, ok bool) {
	best := uint64(0)
	for a, s := range rows {
		if a <= pc && (!ok || a >= best) {
			best, signed, ok = a, s, true
		}
	}
	return signed, ok
}

// TestDumpUnwindPAC: testdata/pac/pac.o (llc-22, "sign-return-address")
// says at each record whether x30 holds a signed return address, as
// llvm-dwarfdump-22's rows do (reg34=1): pac_signed (A key) and pac_bkey (B
// key, a "zRB" CIE) yes, pac_plain no.
func TestDumpUnwindPAC(t *testing.T) {
	path := td + "pac/pac.o"
	out, stderr, status := runTool("dump", "--unwind", path)
	require.Equal(t, exitOK, status, stderr)
	want, err := os.ReadFile(td + "pac/pac.o.unwind.txt")
	require.NoError(t, err)
	assert.Equal(t, strings.ReplaceAll(string(want), "testdata/pac/pac.o", path), out)
	assert.Equal(t, "CFA=x29+32 saved: x19@CFA-8 x20@CFA-16 x29@CFA-32 x30@CFA-24 ra_signed", unwindLine(t, out, "Record ID 1 "))
	assert.Equal(t, "CFA=x29+32 saved: x19@CFA-8 x20@CFA-16 x29@CFA-32 x30@CFA-24", unwindLine(t, out, "Record ID 2 "))
	assert.Equal(t, "CFA=x29+32 saved: x19@CFA-16 x29@CFA-32 x30@CFA-24 ra_signed", unwindLine(t, out, "Record ID 3 "))

	js, stderr, status := runTool("dump", "--format=json", "--unwind", path)
	require.Equal(t, exitOK, status, stderr)
	var doc struct {
		Tables []struct {
			Records []struct {
				ID     uint64 `json:"id"`
				Unwind struct {
					PC       uint64 `json:"pc"`
					RASigned bool   `json:"ra_signed"`
				} `json:"unwind"`
			} `json:"records"`
		} `json:"tables"`
	}
	require.NoError(t, json.Unmarshal([]byte(strings.SplitN(js, "\n", 2)[0]), &doc))
	eh, err := os.ReadFile(td + "pac/pac.o.ehframe.txt")
	require.NoError(t, err)
	rows := pacRows(t, string(eh))
	require.Len(t, doc.Tables, 1)
	require.Len(t, doc.Tables[0].Records, 3)
	for _, r := range doc.Tables[0].Records {
		signed, ok := rowAt(rows, r.Unwind.PC)
		require.True(t, ok, "record %d: no dwarfdump row at %#x", r.ID, r.Unwind.PC)
		assert.Equal(t, signed, r.Unwind.RASigned, "record %d at %#x", r.ID, r.Unwind.PC)
		assert.Equal(t, r.ID != 2, r.Unwind.RASigned, "record %d", r.ID)
	}
}

// TestPACLive recompiles pac.ll with llc-22 and reruns llvm-dwarfdump-22:
// the checked-in object and rows are what the tools make today.
func TestPACLive(t *testing.T) {
	tools := testenv.Need(t, "llc-22", "llvm-dwarfdump-22")
	obj := filepath.Join(t.TempDir(), "pac.o")
	out, err := exec.Command(tools[0], "-O2", "-filetype=obj", td+"pac/pac.ll", "-o", obj).CombinedOutput()
	require.NoError(t, err, "%s", out)
	got, err := os.ReadFile(obj)
	require.NoError(t, err)
	want, err := os.ReadFile(td + "pac/pac.o")
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, got), "testdata/pac/pac.o differs from llc-22's output: rerun testdata/pac/gen.sh")
	eh, err := exec.Command(tools[1], "--eh-frame", obj).Output()
	require.NoError(t, err)
	golden, err := os.ReadFile(td + "pac/pac.o.ehframe.txt")
	require.NoError(t, err)
	_, body, _ := strings.Cut(string(eh), "\n")
	_, wantBody, _ := strings.Cut(string(golden), "\n")
	assert.Equal(t, wantBody, body)
}
