package cfi

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stretchr/testify/require"
)

// TestDifferentialGolden compares, for every FDE of every checked-in ELF
// file, every row we compute with the llvm-dwarfdump-22 output checked in
// under testdata/cfi/golden (testdata/cfi/gen.sh).
func TestDifferentialGolden(t *testing.T) {
	archs := map[string]int{}
	total, fdes, pointers := 0, 0, 0
	for _, gf := range goldenFiles(t) {
		ef := openELF(t, gf[0])
		require.NotEmpty(t, ef.arch, gf[0])
		for _, kind := range strings.Split(gf[1], ",") {
			sec, suffix := ef.eh, ".ehframe.txt"
			if kind == "debug_frame" {
				sec, suffix = ef.debug, ".debugframe.txt"
			}
			require.NotNil(t, sec, "%s: no %s", gf[0], kind)
			b, err := os.ReadFile(filepath.Join(testdataDir, "cfi/golden", gf[0]+suffix))
			require.NoError(t, err)
			n, p := compareSection(t, ef, sec, string(b))
			total += n
			pointers += p
			archs[ef.arch] += n
			fdes += len(parseDump(t, string(b), kind))
		}
	}
	t.Logf("compared %d rows of %d FDEs in %d files: %v; %d personality/LSDA pointers", total, fdes, len(goldenFiles(t)), archs, pointers)
	require.Greater(t, pointers, 6)
	for _, a := range []string{"x86_64", "aarch64", "ppc64", "ppc64le", "s390x", "riscv64"} {
		require.Greater(t, archs[a], 0, "no rows compared for %s", a)
	}
}

// TestDifferentialLive re-runs llvm-dwarfdump-22 on every 16th file (all
// of them with STACKMAPS_CFI_LIVE_ALL=1: about 90 s) and compares its
// output with our rows, so the goldens cannot drift from the tool.
func TestDifferentialLive(t *testing.T) {
	tool := testenv.Need(t, "llvm-dwarfdump-22")[0]
	files := goldenFiles(t)
	for i, gf := range files {
		if os.Getenv("STACKMAPS_CFI_LIVE_ALL") != "1" && i%16 != 0 {
			continue
		}
		ef := openELF(t, gf[0])
		for _, kind := range strings.Split(gf[1], ",") {
			sec, flag := ef.eh, "--eh-frame"
			if kind == "debug_frame" {
				sec, flag = ef.debug, "--debug-frame"
			}
			cmd := exec.Command(tool, flag, gf[0])
			cmd.Dir = testdataDir
			out, err := cmd.Output()
			require.NoError(t, err, gf[0])
			compareSection(t, ef, sec, string(out))
		}
	}
}

// TestRuleRegs: over every row of every FDE of every golden file (each
// architecture's), and the row FDERow gives at each row's start, every
// register with a rule is in Unwinder.RuleRegs, and most rows have few
// registers in it (it is a set worth having); a copy of a row, or a row
// of one's own, has every register in it.
func TestRuleRegs(t *testing.T) {
	all := [MaxRegs / 64]uint64{^uint64(0), ^uint64(0)}
	rows, few := 0, 0
	check := func(where string, u *Unwinder, r *Row) {
		set := u.RuleRegs(r)
		n := 0
		for reg := range MaxRegs {
			in := set[reg/64]&(1<<(reg%64)) != 0
			if in {
				n++
			}
			if !in {
				require.Equal(t, RuleUnspecified, r.Regs[reg].Kind, "%s: register %d not in RuleRegs", where, reg)
			}
		}
		cp := *r
		require.Equal(t, all, u.RuleRegs(&cp), where)
		rows++
		if n <= 16 {
			few++
		}
	}
	for _, gf := range goldenFiles(t) {
		ef := openELF(t, gf[0])
		for _, sec := range []*Section{ef.eh, ef.debug} {
			if sec == nil {
				continue
			}
			var u, v Unwinder
			for f, err := range sec.FDEs() {
				require.NoError(t, err, gf[0])
				for r, err := range sec.Rows(&f, &u) {
					require.NoError(t, err, gf[0])
					check(fmt.Sprintf("%s: FDE %#x row %#x", gf[0], f.Offset, r.Start), &u, r)
					if r.Start < r.End && f.Contains(r.Start) {
						row, err := sec.FDERow(&f, r.Start, &v)
						require.NoError(t, err, gf[0])
						check(fmt.Sprintf("%s: FDERow %#x", gf[0], r.Start), &v, row)
					}
				}
			}
		}
	}
	require.Equal(t, all, new(Unwinder).RuleRegs(&Row{}))
	require.Greater(t, few, rows*9/10)
	t.Logf("%d rows, %d with at most 16 registers in RuleRegs", rows, few)
}
