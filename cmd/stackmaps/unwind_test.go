package main

import (
	"bufio"
	"debug/elf"
	"encoding/binary"
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

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/testenv"
)

// The unwind member of dump --format=json --unwind, as the tests read it.
type uwDoc struct {
	Arch   string
	Tables []struct {
		Functions []struct {
			Index int
			Entry uint64
		}
		Records []struct {
			ID         uint64
			Function   *int
			Address    *uint64
			Statepoint json.RawMessage
			Unwind     *uwRow
		}
	}
}

type uwRow struct {
	PC        uint64
	Section   string
	FDEOffset uint64 `json:"fde_offset"`
	CFA       struct {
		Reg        *string
		DwarfReg   *uint64 `json:"dwarf_reg"`
		Offset     *int64
		Expression bool
	}
	Saved []struct {
		Reg           *string
		DwarfReg      uint64 `json:"dwarf_reg"`
		Rule          string
		CFAOffset     *int64  `json:"cfa_offset"`
		ValueDwarfReg *uint64 `json:"value_dwarf_reg"`
		ExpressionHex *string `json:"expression_hex"`
	}
}

// unwindCase is a file dump --unwind reads and llvm-dwarfdump-22's
// --eh-frame output for it.
type unwindCase struct {
	path   string // the file
	golden string // the checked-in dump
	object bool   // relocatable: s390x dumps keep pc_begin unrelocated
}

func unwindCases(t *testing.T) []unwindCase {
	t.Helper()
	root := corpus.Root()
	var cs []unwindCase
	for _, o := range objects(t) {
		if o.Format == "elf" {
			cs = append(cs, unwindCase{o.Path, filepath.Join(root, "cfi/golden", o.Rel+".ehframe.txt"), true})
		}
	}
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	for _, l := range linked {
		cs = append(cs, unwindCase{l.Path, filepath.Join(root, "cfi/golden", l.Rel+".ehframe.txt"), false})
	}
	walks, err := filepath.Glob(filepath.Join(root, "walk/captures/*/walk"))
	require.NoError(t, err)
	require.Len(t, walks, 16)
	for _, w := range walks {
		name := filepath.Base(filepath.Dir(w))
		cs = append(cs, unwindCase{w, filepath.Join("testdata/unwind/walk", name+".ehframe.txt"), false})
	}
	return cs
}

// ddDump is llvm-dwarfdump's .eh_frame FDEs by section offset.
type ddDump map[uint64]*ddFDE

type ddFDE struct {
	begin, end uint64
	rows       []ddRow
}

type ddRow struct {
	addr uint64
	text string
}

var (
	ddFDELine = regexp.MustCompile(`^([0-9a-f]+) [0-9a-f]+ [0-9a-f]+ FDE cie=[0-9a-f]+ pc=([0-9a-f]+)\.\.\.([0-9a-f]+)$`)
	ddRowLine = regexp.MustCompile(`^  0x([0-9a-f]+): (CFA=.*)$`)
)

func parseDwarfdump(t *testing.T, text string) ddDump {
	t.Helper()
	out := ddDump{}
	var cur *ddFDE
	in := false
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	hex := func(s string) uint64 {
		v, err := strconv.ParseUint(s, 16, 64)
		require.NoError(t, err)
		return v
	}
	for sc.Scan() {
		line := sc.Text()
		if strings.HasSuffix(line, " contents:") {
			in, cur = line == ".eh_frame contents:", nil
			continue
		}
		if !in {
			continue
		}
		if m := ddFDELine.FindStringSubmatch(line); m != nil {
			cur = &ddFDE{begin: hex(m[2]), end: hex(m[3])}
			out[hex(m[1])] = cur
		} else if strings.Contains(line, " CIE") && !strings.HasPrefix(line, " ") {
			cur = nil
		} else if m := ddRowLine.FindStringSubmatch(line); m != nil && cur != nil {
			cur.rows = append(cur.rows, ddRow{hex(m[1]), m[2]})
		}
	}
	return out
}

// covers reports whether an FDE of the dump covers pc.
func (d ddDump) covers(pc uint64) bool {
	for _, f := range d {
		if pc >= f.begin && pc < f.end {
			return true
		}
	}
	return false
}

// rowAt returns the text of the row that holds off bytes into f, without
// the "same value" rules (dump --unwind does not list them).
func (f *ddFDE) rowAt(off uint64) string {
	text := ""
	for _, r := range f.rows {
		if r.addr-f.begin <= off {
			text = r.text
		}
	}
	cfa, regs, _ := strings.Cut(text, ": ")
	var keep []string
	for _, r := range strings.Split(regs, ", ") {
		if r != "" && !strings.HasSuffix(r, "=same") {
			keep = append(keep, r)
		}
	}
	if len(keep) == 0 {
		return cfa
	}
	return cfa + ": " + strings.Join(keep, ", ")
}

// ddRegNames reads llvm-dwarfdump's register names of arch
// (testdata/cfi/regnames, from testdata/cfi/gen.sh).
func ddRegNames(t *testing.T, arch string) map[uint64]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpus.Root(), "cfi/regnames", arch+".txt"))
	require.NoError(t, err)
	m := map[uint64]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		n, name, ok := strings.Cut(line, " ")
		require.True(t, ok, line)
		v, err := strconv.ParseUint(n, 10, 64)
		require.NoError(t, err)
		m[v] = name
	}
	return m
}

// render prints our unwind row as llvm-dwarfdump prints a row, same-value
// rules left out; ok is false for rows with DWARF expressions, which the
// JSON gives as bytes only.
func (u *uwRow) render(names map[uint64]string) (string, bool) {
	signed := func(v int64) string {
		if v >= 0 {
			return "+" + strconv.FormatInt(v, 10)
		}
		return strconv.FormatInt(v, 10)
	}
	nz := func(v int64) string {
		if v == 0 {
			return ""
		}
		return signed(v)
	}
	var b strings.Builder
	switch {
	case u.CFA.Expression:
		return "", false
	case u.CFA.DwarfReg == nil:
		b.WriteString("CFA=unspecified")
	default:
		b.WriteString("CFA=" + names[*u.CFA.DwarfReg] + nz(*u.CFA.Offset))
	}
	for i, s := range u.Saved {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(names[s.DwarfReg] + "=")
		switch s.Rule {
		case "offset":
			b.WriteString("[CFA" + nz(*s.CFAOffset) + "]")
		case "val_offset":
			b.WriteString("CFA" + nz(*s.CFAOffset))
		case "register":
			b.WriteString(names[*s.ValueDwarfReg])
		case "undefined":
			b.WriteString("undefined")
		default:
			return "", false
		}
	}
	return b.String(), true
}

// TestDumpUnwind compares, for every record of every checked-in ELF object
// (six architectures, LLVM 14, 19 and 22), linked binary and testdata/walk
// executable, the CFA rule and saved registers dump --unwind prints in JSON
// with the row llvm-dwarfdump-22 --eh-frame prints at the same address
// (checked-in dumps; TestDumpUnwindLive reruns the tool). A record with a
// null unwind must lie outside every FDE. It also measures the choice of
// address-1 for statepoints: how often the row at the return address
// itself would differ.
func TestDumpUnwind(t *testing.T) {
	perArch := map[string]int{}
	compared, nulls, statepoints, differAtRA, exprs := 0, 0, 0, 0, 0
	for _, c := range unwindCases(t) {
		b, err := os.ReadFile(c.golden)
		require.NoError(t, err, c.golden)
		compared += checkUnwind(t, c, string(b), perArch, &nulls, &statepoints, &differAtRA, &exprs)
	}
	t.Logf("%d records compared with llvm-dwarfdump (%v), %d with no FDE, %d with a DWARF expression; %d statepoints looked up at address-1, of which %d would get another row at the address itself",
		compared, perArch, nulls, exprs, statepoints, differAtRA)
	for _, a := range []string{"x86_64", "aarch64", "ppc64le", "ppc64", "s390x", "riscv64"} {
		assert.Greater(t, perArch[a], 50, a)
	}
	assert.Greater(t, statepoints, 100)
}

// TestDumpUnwindLive reruns llvm-dwarfdump-22 on every 8th file and
// checks dump --unwind against its output, so that the checked-in dumps
// cannot drift from the tool.
func TestDumpUnwindLive(t *testing.T) {
	tool := testenv.Need(t, "llvm-dwarfdump-22")[0]
	perArch := map[string]int{}
	var n1, n2, n3, n4 int
	for i, c := range unwindCases(t) {
		if i%8 != 0 && !strings.HasSuffix(c.path, "/walk") {
			continue
		}
		out, err := exec.Command(tool, "--eh-frame", c.path).Output()
		require.NoError(t, err, c.path)
		checkUnwind(t, c, string(out), perArch, &n1, &n2, &n3, &n4)
	}
	t.Logf("live: %v", perArch)
}

func checkUnwind(t *testing.T, c unwindCase, dump string, perArch map[string]int, nulls, statepoints, differAtRA, exprs *int) int {
	t.Helper()
	out, stderr, status := runTool("dump", "--format=json", "--unwind", c.path)
	require.Equal(t, exitOK, status, "%s: %s", c.path, stderr)
	var doc uwDoc
	require.NoError(t, json.Unmarshal([]byte(out), &doc), c.path)
	dd := parseDwarfdump(t, dump)
	require.NotEmpty(t, dd, c.golden)
	names := ddRegNames(t, doc.Arch)
	// llvm-dwarfdump-22 cannot relocate s390x objects (see package cfi's
	// compareSection): their FDEs are matched by offset and rows by their
	// distance from the function's entry, which is the FDE's start (the
	// cfi tests check that).
	unrelocated := c.object && doc.Arch == "s390x"
	n := 0
	for _, tb := range doc.Tables {
		for _, r := range tb.Records {
			if r.Function == nil {
				continue
			}
			addr := *r.Address
			entry := tb.Functions[*r.Function].Entry
			where := c.path + " record " + utoa64Hex(r.ID) + " at " + utoa64Hex(addr)
			u := r.Unwind
			if u == nil {
				if !unrelocated {
					assert.False(t, dd.covers(addr), "%s: null unwind, but llvm-dwarfdump has an FDE", where)
				}
				*nulls++
				continue
			}
			isSP := string(r.Statepoint) != "null"
			if isSP {
				assert.Equal(t, addr-1, u.PC, where)
				*statepoints++
			} else {
				assert.Equal(t, addr, u.PC, where)
			}
			assert.Equal(t, ".eh_frame", u.Section, where)
			f, ok := dd[u.FDEOffset]
			require.True(t, ok, "%s: no FDE at %#x in the dump", where, u.FDEOffset)
			off := u.PC - f.begin
			if unrelocated {
				off = u.PC - entry
			} else {
				require.True(t, u.PC >= f.begin && u.PC < f.end, "%s: pc %#x outside the FDE %#x..%#x", where, u.PC, f.begin, f.end)
			}
			got, ok := u.render(names)
			if !ok {
				*exprs++
				assert.Contains(t, f.rowAt(off), "DW_OP", where)
				continue
			}
			assert.Equal(t, f.rowAt(off), got, where)
			if isSP && f.rowAt(off) != f.rowAt(off+1) {
				*differAtRA++
			}
			perArch[doc.Arch]++
			n++
		}
	}
	return n
}

// TestDumpUnwindText pins the text line on each architecture: values read
// off llvm-dwarfdump-22 --eh-frame for the same row.
func TestDumpUnwindText(t *testing.T) {
	root := corpus.Root()
	for _, c := range []struct{ file, record, want string }{
		// x86_64: push rbp; mov rbp, rsp; five pushes.
		{"objects/llvm22/x86_64-elf/kinds.o", "Record ID 102 (0x66) at 0xfc",
			"unwind: CFA=rbp+16 saved: rbx@CFA-56 rbp@CFA-16 r12@CFA-48 r13@CFA-40 r14@CFA-32 r15@CFA-24 rip@CFA-8"},
		// aarch64: frame record (x29, x30) at the bottom of the save area.
		{"objects/llvm22/aarch64-elf/kinds.o", "Record ID 102 (0x66) at 0xd0",
			"unwind: CFA=x29+96 saved: x19@CFA-8 x20@CFA-16 x21@CFA-24 x22@CFA-32 x23@CFA-40 x24@CFA-48 x25@CFA-56 x26@CFA-64 x27@CFA-72 x28@CFA-80 x29@CFA-96 x30@CFA-88"},
		// ppc64le (ELFv2): r14-r31 below the CFA, LR in the caller's frame.
		{"objects/llvm22/ppc64le-elf/kinds.o", "Record ID 102 (0x66) at 0x174",
			"unwind: CFA=r31+240 saved: r14@CFA-144 r15@CFA-136 r16@CFA-128 r17@CFA-120 r18@CFA-112 r19@CFA-104 r20@CFA-96 r21@CFA-88 r22@CFA-80 r23@CFA-72 r24@CFA-64 r25@CFA-56 r26@CFA-48 r27@CFA-40 r28@CFA-32 r29@CFA-24 r30@CFA-16 r31@CFA-8 lr@CFA+16"},
		// s390x: r6-r15 in the caller's 160-byte register save area.
		{"objects/llvm22/s390x-elf/kinds.o", "Record ID 102 (0x66) at 0x160",
			"unwind: CFA=r15+448 saved: r6@CFA-112 r7@CFA-104 r8@CFA-96 r9@CFA-88 r10@CFA-80 r11@CFA-72 r12@CFA-64 r13@CFA-56 r14@CFA-48 r15@CFA-40"},
		// riscv64 with vectors: CFA = sp + 48 + vlenb (a DWARF expression).
		{"objects/llvm22/riscv64-elf/vectors_rv64gcv.o", "Record ID 611 (0x263)",
			"unwind: CFA=expression saved: ra@CFA-8"},
		// riscv64 walk_b: no frame pointer, s0 a value register.
		{"walk/captures/riscv64-pie-statepoint/walk", "Record ID 178 (0xb2)",
			"unwind: CFA=sp+208 saved: ra@CFA-8 s0@CFA-16 s1@CFA-24 s2@CFA-32 s3@CFA-40 s4@CFA-48 s5@CFA-56 s6@CFA-64 s7@CFA-72 s8@CFA-80 s9@CFA-88 s10@CFA-96 s11@CFA-104"},
	} {
		out, stderr, status := runTool("dump", "--unwind", filepath.Join(root, c.file))
		require.Equal(t, exitOK, status, stderr)
		_, after, ok := strings.Cut(out, c.record)
		require.True(t, ok, "%s: no %q", c.file, c.record)
		lines := strings.Split(after, "\n")
		require.Greater(t, len(lines), 1)
		assert.Equal(t, "      "+c.want, lines[1], c.file)
	}
}

// TestDumpUnwindUsage: --unwind with --raw or standard input is a usage
// error (the llvm format of an ELF file fails: TestDumpUnwindLLVMWindows);
// a COFF object has rows; without --unwind the outputs do not change.
func TestDumpUnwindUsage(t *testing.T) {
	elfObj := objectPath("llvm22/x86_64-elf/kinds.o")
	for _, args := range [][]string{
		{"--raw", elfObj},
		{"-"},
	} {
		_, stderr, status := runTool(append([]string{"dump", "--unwind"}, args...)...)
		assert.Equal(t, exitUsage, status, "%v", args)
		assert.Contains(t, stderr, "--unwind needs", "%v", args)
	}
	// COFF and PE: rows from .pdata (TestDumpUnwindWindows).
	stdout, _, status := runTool("dump", "--unwind", objectPath("llvm22/x86_64-coff/kinds.o"))
	assert.Equal(t, 0, status)
	assert.Contains(t, stdout, "unwind: CFA=rbp+16 saved: rbp@CFA-16 rip@CFA-8\n")

	plain, _, _ := runTool("dump", "--format=json", elfObj)
	assert.NotContains(t, plain, `"unwind"`)
	text, _, _ := runTool("dump", elfObj)
	assert.NotContains(t, text, "unwind:")
}

// TestDumpUnwindExpressionJSON: a CFA computed by a DWARF expression says
// so, with the expression's bytes (llvm-dwarfdump-22: "CFA=DW_OP_breg2
// X2+0, DW_OP_consts +48, DW_OP_plus, DW_OP_consts +1, DW_OP_bregx
// VLENB+0, DW_OP_mul, DW_OP_plus: X1=[CFA-8]").
func TestDumpUnwindExpressionJSON(t *testing.T) {
	out, stderr, status := runTool("dump", "--format=json", "--unwind", "--id", "611",
		objectPath("llvm22/riscv64-elf/vectors_rv64gcv.o"))
	require.Equal(t, exitOK, status, stderr)
	var doc struct {
		Tables []struct {
			Records []struct {
				Unwind struct {
					CFA   map[string]any
					Saved []map[string]any
				}
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Len(t, doc.Tables, 1)
	require.Len(t, doc.Tables[0].Records, 1)
	u := doc.Tables[0].Records[0].Unwind
	assert.Equal(t, map[string]any{"reg": nil, "dwarf_reg": nil, "offset": nil, "expression": true,
		"expression_hex": "7200113022110192a238001e22"}, u.CFA)
	assert.Equal(t, []map[string]any{{"reg": "ra", "dwarf_reg": 1.0, "rule": "offset", "cfa_offset": -8.0}}, u.Saved)
}

// TestDumpUnwindMalformedCFI: an .eh_frame whose last FDE's length runs
// past the section (kinds.o of LLVM 22 x86_64: FDE at 0xc4 covers
// kinds_all, record 105) cannot be indexed; the records of the FDEs
// before it still get their rows, the same as from the intact file, and
// the first record that meets the malformed FDE is reported on stderr
// with its address and the FDE's offset, and dump fails.
func TestDumpUnwindMalformedCFI(t *testing.T) {
	src := objectPath("llvm22/x86_64-elf/kinds.o")
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	ef, err := elf.Open(src)
	require.NoError(t, err)
	eh := ef.Section(".eh_frame")
	require.NotNil(t, eh)
	ef.Close()
	const fde = 0xc4
	require.Equal(t, uint32(0x28), binary.LittleEndian.Uint32(data[eh.Offset+fde:]), "the FDE's length")
	binary.LittleEndian.PutUint32(data[eh.Offset+fde:], 0x1000)
	bad := filepath.Join(t.TempDir(), "kinds.o")
	require.NoError(t, os.WriteFile(bad, data, 0o644))

	good, stderr, status := runTool("dump", "--unwind", src)
	require.Equal(t, exitOK, status, stderr)
	out, stderr, status := runTool("dump", "--unwind", bad)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "--unwind: record at 0x1db: .eh_frame: ")
	assert.Contains(t, stderr, "offset 0xc4")
	assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)

	unwindOf := func(dump, record string) string {
		_, after, ok := strings.Cut(dump, record)
		require.True(t, ok, record)
		for _, line := range strings.Split(after, "\n") {
			if strings.HasPrefix(line, "      unwind: ") {
				return line
			}
		}
		t.Fatalf("%s: no unwind line", record)
		return ""
	}
	assert.Equal(t, "      unwind: CFA=rbp+16 saved: rbx@CFA-56 rbp@CFA-16 r12@CFA-48 r13@CFA-40 r14@CFA-32 r15@CFA-24 rip@CFA-8",
		unwindOf(out, "Record ID 102 (0x66)"))
	for _, id := range []string{"Record ID 100 (0x64)", "Record ID 101 (0x65)", "Record ID 103 (0x67)", "Record ID 104 (0x68)"} {
		assert.Equal(t, unwindOf(good, id), unwindOf(out, id), id)
	}
	assert.Equal(t, "      unwind: none (no CFI covers 0x1db)", unwindOf(out, "Record ID 105 (0x69)"))
}

// TestDumpUnwindUniversal: each slice of a universal Mach-O file reads its
// own unwind information. The x86_64 slice's record 102 has the row
// llvm-dwarfdump-22 --eh-frame --arch=x86_64 prints at 0xfc ("0x44:
// CFA=RBP+16: RBX=[CFA-56], RBP=[CFA-16], R12=[CFA-48], R13=[CFA-40],
// R14=[CFA-32], R15=[CFA-24], RIP=[CFA-8]"); the arm64 slice has
// __compact_unwind and no __eh_frame: its records get the rows of their
// compact encodings, which llvm-objdump-22 --unwind-info --arch=arm64
// prints as 0x04000000 (frame, no pairs) for kinds_register, kinds_direct,
// kinds_constant and kinds_constant_index and 0x0400001f (frame, x19-x28)
// for kinds_indirect and kinds_all.
func TestDumpUnwindUniversal(t *testing.T) {
	out, stderr, status := runTool("dump", "--unwind", td+"fat/kinds-universal.o")
	require.Equal(t, exitOK, status, stderr)
	_, x86, ok := strings.Cut(out, "[x86_64] Table 0")
	require.True(t, ok)
	x86, arm, ok := strings.Cut(x86, "[aarch64] Table 0")
	require.True(t, ok)
	assert.Contains(t, x86, "Record ID 102 (0x66) at 0xfc (+0xcc), 24 locations\n"+
		"      unwind: CFA=rbp+16 saved: rbx@CFA-56 rbp@CFA-16 r12@CFA-48 r13@CFA-40 r14@CFA-32 r15@CFA-24 rip@CFA-8\n")
	assert.Equal(t, 6, strings.Count(x86, "unwind: CFA=rbp+16 saved: "), "every x86_64 record")
	assert.NotContains(t, x86, "(compact")
	const allPairs = "      unwind: CFA=x29+16 saved: x19@CFA-24 x20@CFA-32 x21@CFA-40 x22@CFA-48 x23@CFA-56 " +
		"x24@CFA-64 x25@CFA-72 x26@CFA-80 x27@CFA-88 x28@CFA-96 x29@CFA-16 x30@CFA-8 (compact 0x0400001f)\n"
	assert.Contains(t, arm, "Record ID 102 (0x66) at 0xd4 (+0xa4), 24 locations\n"+allPairs)
	assert.Contains(t, arm, "Record ID 105 (0x69) at 0x1a8 (+0x90), 24 locations\n"+allPairs)
	assert.Equal(t, 4, strings.Count(arm, "      unwind: CFA=x29+16 saved: x29@CFA-16 x30@CFA-8 (compact 0x04000000)\n"))
	assert.NotContains(t, arm, "unwind: none")
}
