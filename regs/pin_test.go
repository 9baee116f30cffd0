package regs

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pinRow is one row of testdata/regs/<arch>/<llvm>/expect.tsv, written by
// testdata/regs/gen.sh from what llc reported for a value pinned into a
// register.
type pinRow struct {
	LLVM, Arch, Object, RecordID        string
	Constraint, IRType, Pinned, Class   string
	Alloc, DwarfReg, Size, Status, Note string
}

const pinDir = "../testdata/regs"

func readExpect(t *testing.T, path string) []pinRow {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var rows []pinRow
	sc := bufio.NewScanner(f)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		require.Len(t, c, 13, "%s: %q", path, sc.Text())
		rows = append(rows, pinRow{c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12]})
	}
	require.NoError(t, sc.Err())
	return rows
}

func allExpect(t *testing.T) []pinRow {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(pinDir, "*", "*", "expect.tsv"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no expectations under %s; run testdata/regs/gen.sh", pinDir)
	var rows []pinRow
	for _, f := range files {
		rows = append(rows, readExpect(t, f)...)
	}
	return rows
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

// TestPinnedRegisters checks every register LLVM reported for a pinned
// value: the size-aware name must be the register the IR pinned, and the
// canonical name must be the canonical name of that register.
func TestPinnedRegisters(t *testing.T) {
	n := 0
	for _, r := range allExpect(t) {
		if r.Status != "ok" {
			continue
		}
		a, err := ParseArch(r.Arch)
		require.NoError(t, err)
		dwarf, size := uint16(atoi(t, r.DwarfReg)), atoi(t, r.Size)
		where := r.LLVM + "/" + r.Arch + "/" + r.Object + " record " + r.RecordID + " {" + r.Constraint + "} " + r.IRType
		assert.Equal(t, r.Pinned, DisplayName(a, dwarf, size), where)
		want, ok := Lookup(a, r.Pinned)
		if assert.True(t, ok, "Lookup(%s) %s", r.Pinned, where) {
			got, err := Name(a, dwarf)
			assert.NoError(t, err, where)
			wantName, _ := Name(a, want)
			assert.Equal(t, wantName, got, where)
		}
		n++
	}
	assert.Greater(t, n, 1000)
}

// allocatableClass reports whether a pin's class is one the coverage goal
// counts: general-purpose, floating-point, vector, mask and predicate.
func allocatableClass(c string) bool {
	switch c {
	case "gpr", "fpr", "vec", "mask", "pred":
		return true
	}
	return false
}

// TestPinCoverage requires that at least 95% of the registers LLVM can
// allocate on each architecture were pinned and named correctly by some llc.
func TestPinCoverage(t *testing.T) {
	type key struct{ arch, reg string }
	alloc := map[key]bool{}
	covered := map[key]bool{}
	perVersion := map[string]map[string]bool{}
	for _, r := range allExpect(t) {
		if !allocatableClass(r.Class) || r.Alloc != "yes" {
			continue
		}
		a, err := ParseArch(r.Arch)
		require.NoError(t, err)
		num, ok := Lookup(a, r.Pinned)
		require.True(t, ok, "%s %s", r.Arch, r.Pinned)
		canon, err := Name(a, num)
		require.NoError(t, err)
		k := key{r.Arch, canon}
		alloc[k] = true
		if r.Status == "ok" {
			covered[k] = true
			v := r.Arch + " llvm-" + r.LLVM
			if perVersion[v] == nil {
				perVersion[v] = map[string]bool{}
			}
			perVersion[v][canon] = true
		}
	}
	for _, a := range Arches() {
		total, ok := 0, 0
		for k := range alloc {
			if k.arch == a.String() {
				total++
				if covered[k] {
					ok++
				}
			}
		}
		require.NotZero(t, total, "%s: no pins", a)
		t.Logf("%-8s %3d/%3d allocatable registers pinned (%.1f%%)", a, ok, total, 100*float64(ok)/float64(total))
		assert.GreaterOrEqual(t, float64(ok)/float64(total), 0.95, "%s coverage", a)
	}
	for v, regs := range perVersion {
		t.Logf("%-20s %3d registers", v, len(regs))
	}
}

// TestPinsCoverTable requires that every general-purpose, floating-point,
// vector, mask and predicate register in our tables was tried by gen.sh,
// so the coverage figure cannot leave registers out.
func TestPinsCoverTable(t *testing.T) {
	tried := map[string]bool{}
	for _, r := range allExpect(t) {
		a, err := ParseArch(r.Arch)
		require.NoError(t, err)
		if num, ok := Lookup(a, r.Pinned); ok {
			tried[r.Arch+" "+mustName(t, a, num)] = true
		}
	}
	for _, a := range Arches() {
		for _, reg := range Registers(a) {
			switch reg.Class {
			case ClassGPR, ClassFPR, ClassVector, ClassMask, ClassPredicate:
				assert.True(t, tried[a.String()+" "+reg.Name], "%s %s (%d) never pinned", a, reg.Name, reg.Num)
			}
		}
	}
}

func mustName(t *testing.T, a Arch, n uint16) string {
	t.Helper()
	s, err := Name(a, n)
	require.NoError(t, err)
	return s
}
