package unwind_test

import (
	"bufio"
	"debug/macho"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/unwind"
)

const td = "../testdata/"

// ddFDE is an FDE of an llvm-dwarfdump --eh-frame view: its offset, the
// address its rows start at, and each row (address, rules as printed).
type ddFDE struct {
	off, begin uint64
	rows       []ddRow
}

type ddRow struct {
	addr uint64
	text string
}

var (
	ddFDELine = regexp.MustCompile(`^([0-9a-f]{8}) [0-9a-f]+ [0-9a-f]+ FDE cie=[0-9a-f]+ pc=([0-9a-f]+)\.\.\.([0-9a-f]+)$`)
	ddRowLine = regexp.MustCompile(`^  0x([0-9a-f]+): (.*)$`)
)

// parseEHFrameView reads the FDEs of an llvm-dwarfdump --eh-frame view.
func parseEHFrameView(t *testing.T, path string) map[uint64]*ddFDE {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	out := map[uint64]*ddFDE{}
	var cur *ddFDE
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if m := ddFDELine.FindStringSubmatch(line); m != nil {
			off, _ := strconv.ParseUint(m[1], 16, 64)
			begin, _ := strconv.ParseUint(m[2], 16, 64)
			cur = &ddFDE{off: off, begin: begin}
			out[off] = cur
			continue
		}
		if strings.HasSuffix(line, " CIE") {
			cur = nil
		}
		if m := ddRowLine.FindStringSubmatch(line); m != nil && cur != nil {
			a, _ := strconv.ParseUint(m[1], 16, 64)
			cur.rows = append(cur.rows, ddRow{a, m[2]})
		}
	}
	require.NoError(t, sc.Err())
	return out
}

// ddReg names a DWARF register as llvm-dwarfdump does for Mach-O.
func ddReg(a regs.Arch, r uint64) string {
	if a == regs.X86_64 {
		names := [...]string{"RAX", "RDX", "RCX", "RBX", "RSI", "RDI", "RBP", "RSP"}
		switch {
		case r < 8:
			return names[r]
		case r < 16:
			return fmt.Sprintf("R%d", r)
		case r == 16:
			return "RIP"
		}
		return fmt.Sprintf("reg%d", r)
	}
	switch {
	case r < 31:
		return fmt.Sprintf("W%d", r)
	case r == 31:
		return "WSP"
	case r >= 64 && r < 96:
		return fmt.Sprintf("B%d", r-64)
	}
	return fmt.Sprintf("reg%d", r)
}

// renderRow prints a row as llvm-dwarfdump prints unwind rows
// ("CFA=W29+16: W19=[CFA-24], W29=[CFA-16]"), "" for rules it cannot
// render (expressions).
func renderRow(a regs.Arch, row *cfi.Row) string {
	if row.CFA.Kind != cfi.CFARegOffset {
		return ""
	}
	var b strings.Builder
	b.WriteString("CFA=" + ddReg(a, uint64(row.CFA.Reg)))
	if row.CFA.Offset != 0 {
		fmt.Fprintf(&b, "%+d", row.CFA.Offset)
	}
	sep := ": "
	for r := range row.Regs {
		rule := row.Regs[r]
		switch rule.Kind {
		case cfi.RuleUnspecified:
			continue
		case cfi.RuleOffset:
			fmt.Fprintf(&b, "%s%s=[CFA%+d]", sep, ddReg(a, uint64(r)), rule.Offset)
		case cfi.RuleSameValue:
			fmt.Fprintf(&b, "%s%s=same", sep, ddReg(a, uint64(r)))
		default:
			return ""
		}
		sep = ", "
	}
	return b.String()
}

// codeRange returns the address range of a Mach-O file's __text.
func codeRange(t *testing.T, path string) (lo, hi uint64) {
	f, err := macho.Open(path)
	require.NoError(t, err)
	defer f.Close()
	s := f.Section("__text")
	require.NotNil(t, s, path)
	return s.Addr, s.Addr + s.Size
}

// TestRowsEqualDwarfdump: at every instruction of every function of the
// Mach-O files with an llvm-dwarfdump --eh-frame view, the row RowAt gives
// from __eh_frame equals the view's row of the same FDE at the same
// distance from the function's start. Objects: the view prints
// unrelocated pc_begin fields (every FDE of an arm64 object "starts" at
// __eh_frame's own address), which is why rows are matched by FDE offset
// and distance; RowAt finds each function's FDE because objfile relocates
// __eh_frame (before, dump --unwind failed on arm64 objects).
func TestRowsEqualDwarfdump(t *testing.T) {
	files := []string{
		"compactunwind/arm64-dwarf.o", "compactunwind/arm64-dwarf.dylib",
		"compactunwind/x86_64-dwarf.o", "compactunwind/x86_64-dwarf.dylib",
		"compactunwind/x86_64.o", "compactunwind/x86_64.dylib",
	}
	views, err := filepath.Glob(td + "objects/llvm*/*-macho/*.eh-frame.txt")
	require.NoError(t, err)
	require.Len(t, views, 38, "testdata/objects/eh-frame-views.sh")
	for _, v := range views {
		files = append(files, strings.TrimPrefix(strings.TrimSuffix(v, ".eh-frame.txt")+".o", td))
	}
	total := 0
	for _, name := range files {
		path := td + name
		view := parseEHFrameView(t, ehFrameView(path))
		require.NotEmpty(t, view, name)
		tab, err := objfile.OpenUnwind(path, "")
		require.NoError(t, err, name)
		require.True(t, tab.Has(unwind.KindEHFrame), name)
		step := uint64(1)
		if tab.Arch() == regs.AArch64 {
			step = 4
		}
		lo, hi := codeRange(t, path)
		var ctx unwind.Context
		seen := map[uint64]bool{}
		rows := 0
		for pc := lo; pc < hi; pc += step {
			r, err := tab.RowAt(pc, &ctx)
			if err != nil {
				require.ErrorIs(t, err, unwind.ErrNotFound, "%s: %#x", name, pc)
				continue
			}
			if !r.HasFDE {
				continue // a compact entry (x86_64.dylib's frameless functions)
			}
			fde := view[r.FDEOffset]
			require.NotNil(t, fde, "%s: %#x: FDE at %#x not in the view", name, pc, r.FDEOffset)
			seen[r.FDEOffset] = true
			at := fde.begin + (pc - r.FunctionStart)
			i := sort.Search(len(fde.rows), func(i int) bool { return fde.rows[i].addr > at }) - 1
			require.GreaterOrEqual(t, i, 0, "%s: %#x", name, pc)
			want := fde.rows[i].text
			if strings.Contains(want, "DW_OP") {
				continue
			}
			assert.Equal(t, want, renderRow(tab.Arch(), r.Rules), "%s: pc %#x (FDE %#x, view %#x)", name, pc, r.FDEOffset, at)
			rows++
		}
		assert.Len(t, seen, len(view), "%s: every FDE answers for its function", name)
		assert.Greater(t, rows, 0, name)
		total += rows
	}
	t.Logf("%d rows compared in %d files", total, len(files))
}

// ehFrameView is the llvm-dwarfdump --eh-frame view checked in beside a
// file.
func ehFrameView(path string) string {
	if strings.Contains(path, "/objects/") {
		return strings.TrimSuffix(path, ".o") + ".eh-frame.txt"
	}
	return path + ".eh-frame.txt"
}
