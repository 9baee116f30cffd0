package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/unwind"
)

// The objects of testdata/fsections are built with function sections:
// every function at offset 0 of its own code section. These tests check
// the tool against the LLVM tools' views beside each object
// (testdata/fsections/gen.sh): which function and section each record is
// in (llvm-readobj -r --symbols, llvm-objdump -dr), that lookup of
// SECTION:ADDR answers that section's records only, and that every unwind
// row is llvm-dwarfdump's for the FDE of the record's own section.

// fsObject is one row of testdata/fsections/MANIFEST.tsv.
type fsObject struct {
	rel, path, target string
}

func fsObjects(t *testing.T) []fsObject {
	t.Helper()
	dir := filepath.Join(corpus.Root(), "fsections")
	b, err := os.ReadFile(filepath.Join(dir, "MANIFEST.tsv"))
	require.NoError(t, err)
	var out []fsObject
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(line, "\t")
		require.Len(t, f, 6, line)
		out = append(out, fsObject{rel: f[0], path: filepath.Join(dir, f[0]), target: f[2]})
	}
	require.GreaterOrEqual(t, len(out), 40)
	return out
}

// fsRelocs is what llvm-readobj -r --expand-relocs --symbols says of an
// object: each symbol's section number, and each relocation of a section
// by offset with its symbol's number.
type fsRelocs struct {
	symSection []int                     // by symbol number
	symName    []string                  // by symbol number
	symValue   []uint64                  // by symbol number
	relocs     map[string]map[uint64]int // relocated section -> offset -> symbol number
	addends    map[string]map[uint64]uint64
	secName    map[int]string // section number -> name
}

// The lines of llvm-readobj -r --expand-relocs --symbols read, for ELF
// and COFF. ELF: relocation sections are .rela.NAME, a relocation names
// its symbol's number in parentheses, symbols their section number in
// hex. COFF: relocation sections have the relocated section's name, a
// relocation's symbol number is on a SymbolIndex line (counting auxiliary
// records), a symbol's section number is decimal.
var (
	roRelocSection = regexp.MustCompile(`^  Section \(\d+\) (?:\.rela?)?(\.\S+) \{$`)
	roOffset       = regexp.MustCompile(`^      Offset: 0x([0-9A-F]+)$`)
	roRelocSymbol  = regexp.MustCompile(`^      (?:Symbol: .* \((\d+)\)|SymbolIndex: (\d+))$`)
	roSymName      = regexp.MustCompile(`^    Name: (.*?)(?: +\(\d+\))?$`)
	roSymSection   = regexp.MustCompile(`^    Section: (.*) \((?:0x([0-9A-F]+)|(-?\d+))\)$`)
	roAuxCount     = regexp.MustCompile(`^    AuxSymbolCount: (\d+)$`)
	roAddend       = regexp.MustCompile(`^      Addend: 0x([0-9A-F]+)$`)
	roSymValue     = regexp.MustCompile(`^    Value: (?:0x)?([0-9A-F]+)$`)
)

func readFSRelocs(t *testing.T, path string) fsRelocs {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	r := fsRelocs{relocs: map[string]map[uint64]int{}, addends: map[string]map[uint64]uint64{}, secName: map[int]string{}}
	var sec string
	var off uint64
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		line := sc.Text()
		if m := roRelocSection.FindStringSubmatch(line); m != nil {
			sec = m[1]
			r.relocs[sec], r.addends[sec] = map[uint64]int{}, map[uint64]uint64{}
		} else if m := roOffset.FindStringSubmatch(line); m != nil {
			off, err = strconv.ParseUint(m[1], 16, 64)
			require.NoError(t, err)
		} else if m := roRelocSymbol.FindStringSubmatch(line); m != nil && sec != "" {
			n, err := strconv.Atoi(m[1] + m[2])
			require.NoError(t, err)
			r.relocs[sec][off] = n
		} else if m := roAddend.FindStringSubmatch(line); m != nil && sec != "" {
			a, err := strconv.ParseUint(m[1], 16, 64)
			require.NoError(t, err)
			r.addends[sec][off] = a
		} else if m := roSymValue.FindStringSubmatch(line); m != nil && sec == "" {
			v, err := strconv.ParseUint(m[1], 16, 64)
			require.NoError(t, err)
			r.symValue = append(r.symValue, v)
		} else if line == "Symbols [" {
			sec = ""
		} else if m := roSymName.FindStringSubmatch(line); m != nil && sec == "" {
			r.symName = append(r.symName, m[1])
		} else if m := roSymSection.FindStringSubmatch(line); m != nil && sec == "" {
			n, err := strconv.ParseInt(m[2], 16, 32)
			if m[3] != "" {
				n, err = strconv.ParseInt(m[3], 10, 32)
			}
			require.NoError(t, err)
			if n >= 0xff00 || n < 0 { // SHN_ABS, IMAGE_SYM_ABSOLUTE and other reserved numbers
				n = 0
			}
			r.symSection = append(r.symSection, int(n))
			r.secName[int(n)] = m[1]
		} else if m := roAuxCount.FindStringSubmatch(line); m != nil && sec == "" {
			n, err := strconv.Atoi(m[1])
			require.NoError(t, err)
			for range n { // auxiliary records take symbol numbers
				r.symName, r.symSection, r.symValue = append(r.symName, ""), append(r.symSection, 0), append(r.symValue, 0)
			}
		}
	}
	require.Equal(t, len(r.symName), len(r.symSection), path)
	require.Equal(t, len(r.symName), len(r.symValue), path)
	require.NotEmpty(t, r.relocs[".llvm_stackmaps"], path)
	return r
}

// section returns the section number of the symbol the relocation at off
// of section sec names.
func (r fsRelocs) section(t *testing.T, sec string, off uint64) int {
	t.Helper()
	sym, ok := r.relocs[sec][off]
	require.True(t, ok, "no relocation of %s at %#x", sec, off)
	require.Less(t, sym, len(r.symSection))
	return r.symSection[sym]
}

// objdumpFunctions maps each function symbol llvm-objdump -d disassembles
// to the name of the section it disassembles it in.
func objdumpFunctions(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	out := map[string]string{}
	sec := ""
	head := regexp.MustCompile(`^[0-9a-f]+ <(.*)>:$`)
	for _, line := range strings.Split(string(b), "\n") {
		if s, ok := strings.CutPrefix(line, "Disassembly of section "); ok {
			sec = strings.TrimSuffix(s, ":")
		} else if m := head.FindStringSubmatch(line); m != nil {
			out[m[1]] = sec
		}
	}
	return out
}

// fsDoc is dump --format=json --unwind as these tests read it.
type fsDoc struct {
	Arch   string
	Tables []struct {
		Version   int
		Functions []struct {
			Symbol      *string
			Address     uint64
			CodeSection *struct {
				Index int
				Name  string
			} `json:"code_section"`
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

// TestFunctionSections checks every function-sections object: each
// function's code section is the one the relocation of its address field
// names (llvm-readobj) and the one llvm-objdump disassembles its symbol
// in; lookup of SECTION:ADDR for every record, by name and by number,
// answers exactly the records at that address of that section; and
// every record's unwind row comes from the FDE whose pc_begin relocation
// points into the record's section, and equals llvm-dwarfdump's row.
func TestFunctionSections(t *testing.T) {
	records, rows, lookups, sectionSyms := 0, 0, 0, 0
	targets := map[string]int{}
	for _, o := range fsObjects(t) {
		base := strings.TrimSuffix(o.path, ".o")
		relocs := readFSRelocs(t, base+".relocs.txt")
		objdump := objdumpFunctions(t, base+".objdump.txt")
		coff := strings.HasSuffix(o.target, "-coff") // no DWARF CFI
		var dd ddDump
		args := []string{"dump", "--format=json", o.path}
		if !coff {
			eh, err := os.ReadFile(base + ".eh_frame.txt")
			require.NoError(t, err)
			dd = parseDwarfdump(t, string(eh))
			args = append(args, "--unwind")
		}

		out, stderr, status := runTool(args...)
		require.Equal(t, exitOK, status, "%s: %s", o.rel, stderr)
		var doc fsDoc
		require.NoError(t, json.Unmarshal([]byte(out), &doc), o.rel)
		require.Len(t, doc.Tables, 1, o.rel)
		tb := doc.Tables[0]
		require.Equal(t, 3, tb.Version, o.rel)
		names := ddRegNames(t, doc.Arch)

		// Functions: their code sections.
		nameCount := map[string]int{}
		for i, f := range tb.Functions {
			where := o.rel + " function #" + strconv.Itoa(i)
			require.NotNil(t, f.CodeSection, where)
			off := uint64(16 + 24*i)
			want := relocs.section(t, ".llvm_stackmaps", off)
			sym := relocs.symName[relocs.relocs[".llvm_stackmaps"][off]]
			elfv1 := relocs.secName[want] == ".opd"
			descSym := sym
			if elfv1 {
				// 64-bit PowerPC ELFv1: the record points to a descriptor
				// in .opd, whose entry field is relocated against the code.
				opd := want
				desc := relocs.symValue[relocs.relocs[".llvm_stackmaps"][off]] + relocs.addends[".llvm_stackmaps"][off]
				want = relocs.section(t, ".opd", desc)
				if sym == ".opd" { // against .opd's section symbol: the function symbol there
					for n, name := range relocs.symName {
						if relocs.symSection[n] == opd && relocs.symValue[n] == desc && name != ".opd" {
							descSym = name
						}
					}
				}
			}
			assert.Equal(t, want, f.CodeSection.Index, where)
			assert.Equal(t, relocs.secName[want], f.CodeSection.Name, where)
			require.NotNil(t, f.Symbol, where)
			switch {
			case elfv1:
				// llvm-objdump names the code after its section symbol.
				assert.Equal(t, f.CodeSection.Name, objdump[f.CodeSection.Name], where)
				assert.Equal(t, descSym, *f.Symbol, where)
			case sym == relocs.secName[want]:
				// Relocated against its section's symbol (a local
				// function): the function llvm-objdump disassembles there.
				sectionSyms++
				assert.Equal(t, objdump[*f.Symbol], f.CodeSection.Name, "%s: llvm-objdump's section of %s", where, *f.Symbol)
			default:
				assert.Equal(t, sym, *f.Symbol, where)
				assert.Equal(t, objdump[*f.Symbol], f.CodeSection.Name, "%s: llvm-objdump's section of %s", where, *f.Symbol)
				assert.Zero(t, f.Address, where)
			}
			nameCount[f.CodeSection.Name]++
		}
		require.Greater(t, len(tb.Functions), 1, o.rel)

		// Records: lookup and unwind.
		var queries []string
		var wantIDs [][]uint64
		for _, r := range tb.Records {
			require.NotNil(t, r.Function, o.rel)
			f := tb.Functions[*r.Function]
			addr := *r.Address
			where := o.rel + " record " + utoa64(r.ID)
			var ids []uint64
			for _, r2 := range tb.Records {
				if *r2.Address == addr && tb.Functions[*r2.Function].CodeSection.Index == f.CodeSection.Index {
					ids = append(ids, r2.ID)
				}
			}
			num := strconv.Itoa(f.CodeSection.Index) + ":" + utoa64Hex(addr)
			queries, wantIDs = append(queries, num), append(wantIDs, ids)
			if nameCount[f.CodeSection.Name] == 1 {
				queries, wantIDs = append(queries, f.CodeSection.Name+":"+utoa64Hex(addr)), append(wantIDs, ids)
			} else {
				queries = append(queries, f.CodeSection.Name+"["+strconv.Itoa(f.CodeSection.Index)+"]:"+utoa64Hex(addr))
				wantIDs = append(wantIDs, ids)
			}
			records++
			if coff {
				continue
			}

			u := r.Unwind
			require.NotNil(t, u, "%s: no unwind row", where)
			assert.Equal(t, ".eh_frame", u.Section, where)
			// The FDE's pc_begin (after its length and CIE pointer) is
			// relocated against the record's own section.
			assert.Equal(t, f.CodeSection.Index, relocs.section(t, ".eh_frame", u.FDEOffset+8), "%s: FDE at %#x", where, u.FDEOffset)
			fde, ok := dd[u.FDEOffset]
			require.True(t, ok, "%s: llvm-dwarfdump has no FDE at %#x", where, u.FDEOffset)
			require.True(t, u.PC >= fde.begin && u.PC < fde.end, "%s: pc %#x outside the FDE", where, u.PC)
			got, ok := u.render(names)
			require.True(t, ok, where)
			assert.Equal(t, fde.rowAt(u.PC-fde.begin), got, where)
			rows++
		}

		out, stderr, status = runTool(append([]string{"lookup", "--format=json", o.path}, queries...)...)
		require.Equal(t, exitOK, status, "%s: %s", o.rel, stderr)
		assert.Empty(t, stderr, o.rel)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		require.Len(t, lines, len(queries), o.rel)
		for i, line := range lines {
			var d struct {
				QuerySection string `json:"query_section"`
				Exact        bool
				Matches      []struct {
					CodeSection struct{ Index int } `json:"code_section"`
					Record      struct{ ID uint64 }
				}
			}
			require.NoError(t, json.Unmarshal([]byte(line), &d), line)
			where := o.rel + " lookup " + queries[i]
			assert.True(t, d.Exact, where)
			assert.Equal(t, queries[i][:strings.LastIndexByte(queries[i], ':')], d.QuerySection, where)
			var got []uint64
			for _, m := range d.Matches {
				got = append(got, m.Record.ID)
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(wantIDs[i]))
			assert.Equal(t, want, got, where)
			lookups++
		}
		targets[o.target]++
	}
	t.Logf("%d records in %v: %d lookups, %d unwind rows equal to llvm-dwarfdump's", records, targets, lookups, rows)
	for _, a := range []string{"x86_64", "aarch64", "riscv64", "ppc64le", "ppc64"} {
		assert.GreaterOrEqual(t, targets[a], 5, a)
	}
	assert.Equal(t, 1, targets["x86_64-coff"])
	assert.Equal(t, 1, targets["aarch64-coff"])
	assert.Greater(t, rows, 200)
	t.Logf("%d functions relocated against their section's symbol", sectionSyms)
	assert.Greater(t, sectionSyms, 0, "no function relocated against its section's symbol")
}

// TestFunctionSectionsLive reruns the LLVM tools on the function-sections
// objects: their views must equal the checked-in ones, and llc-22 and
// clang-22 must build the same bytes from the MANIFEST rows (so that
// gen.sh and the objects cannot drift apart).
func TestFunctionSectionsLive(t *testing.T) {
	tools := testenv.Need(t, "llvm-readobj-22", "llvm-objdump-22", "llvm-dwarfdump-22")
	if tools == nil {
		return
	}
	root := corpus.Root()
	b, err := os.ReadFile(filepath.Join(root, "fsections", "MANIFEST.tsv"))
	require.NoError(t, err)
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(line, "\t") // object tool target triple flags source
		obj := filepath.Join(root, "fsections", f[0])
		dir, name := filepath.Split(obj)
		base := strings.TrimSuffix(name, ".o")
		for _, v := range []struct {
			suffix string
			args   []string
		}{
			{".readobj.txt", []string{tools[0], "--stackmap"}},
			{".objdump.txt", []string{tools[1], "-dr"}},
			{".eh_frame.txt", []string{tools[2], "--eh-frame"}},
			{".relocs.txt", []string{tools[0], "-r", "--expand-relocs", "--symbols"}},
			{".debug_frame.txt", []string{tools[2], "--debug-frame"}},
		} {
			if _, err := os.Stat(filepath.Join(dir, base+v.suffix)); os.IsNotExist(err) &&
				(v.suffix == ".debug_frame.txt" || v.suffix == ".eh_frame.txt" && strings.HasSuffix(f[2], "-coff")) {
				continue
			}
			cmd := exec.Command(v.args[0], append(v.args[1:], name)...)
			cmd.Dir = dir
			out, err := cmd.Output()
			require.NoError(t, err, f[0])
			want, err := os.ReadFile(filepath.Join(dir, base+v.suffix))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(out), "%s%s", f[0], v.suffix)
		}
		if testing.Short() || (f[1] != "llc-22" && f[1] != "clang-22") {
			continue
		}
		if _, err := exec.LookPath(f[1]); err != nil {
			testenv.Missing(t, f[1]+" is not on PATH")
			return
		}
		tmp := t.TempDir()
		out := filepath.Join(tmp, name)
		var cmd *exec.Cmd
		if f[1] == "llc-22" {
			cmd = exec.Command(f[1], append([]string{"-filetype=obj", "-mtriple=" + f[3]}, append(strings.Fields(f[4]), f[5], "-o", out)...)...)
		} else {
			cmd = exec.Command(f[1], append([]string{"--target=" + f[3]}, append(strings.Fields(f[4]), "-c", f[5], "-o", out)...)...)
		}
		cmd.Dir = root
		msg, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s: %s", f[0], msg)
		if strings.HasSuffix(f[2], "-coff") {
			// COFF objects name their own path in .debug$S: compare the
			// stack maps and the code instead.
			for _, v := range []struct {
				suffix string
				args   []string
			}{{".readobj.txt", []string{tools[0], "--stackmap"}}, {".objdump.txt", []string{tools[1], "-dr"}}} {
				cmd := exec.Command(v.args[0], append(v.args[1:], name)...)
				cmd.Dir = tmp
				got, err := cmd.Output()
				require.NoError(t, err, f[0])
				want, err := os.ReadFile(filepath.Join(dir, base+v.suffix))
				require.NoError(t, err)
				assert.Equal(t, string(want), string(got), "%s: %s builds another %s", f[0], f[1], v.suffix)
			}
			continue
		}
		got, err := os.ReadFile(out)
		require.NoError(t, err)
		want, err := os.ReadFile(obj)
		require.NoError(t, err)
		assert.True(t, string(got) == string(want), "%s: %s builds other bytes", f[0], f[1])
	}
}

// TestFunctionSectionsDebugFrame checks the rows of .debug_frame on the
// objects that have one (kinds_dwarfframe.o): dump --unwind reads
// .eh_frame first, so the test drops it and asks for every record's row
// from .debug_frame alone. Each comes from the FDE whose initial_location
// is relocated against the record's section, and equals llvm-dwarfdump-22
// --debug-frame's row.
func TestFunctionSectionsDebugFrame(t *testing.T) {
	rows := 0
	for _, o := range fsObjects(t) {
		base := strings.TrimSuffix(o.path, ".o")
		df, err := os.ReadFile(base + ".debug_frame.txt")
		if os.IsNotExist(err) {
			continue
		}
		require.NoError(t, err)
		text, _, _ := strings.Cut(string(df), ".eh_frame contents:")
		dd := parseDwarfdump(t, strings.Replace(text, ".debug_frame contents:", ".eh_frame contents:", 1))
		require.NotEmpty(t, dd, o.rel)
		relocs := readFSRelocs(t, base+".relocs.txt")

		in, err := loadDumpInput(o.path, false, nil)
		require.NoError(t, err, o.rel)
		in.Unwind, err = openUnwind(in)
		require.NoError(t, err, o.rel)
		require.Len(t, in.Unwind, 1)
		src := in.Unwind[0]
		require.True(t, src.table.Has(unwind.KindEHFrame) && src.table.Has(unwind.KindDebugFrame), o.rel)
		// The same object's .debug_frame alone, its FDEs keyed by section.
		ef, err := elfsection.Open(o.path)
		require.NoError(t, err, o.rel)
		fs, err := ef.Frames()
		ef.Close()
		require.NoError(t, err, o.rel)
		require.GreaterOrEqual(t, fs.DebugFrameCode.NumSections(), 2, "%s: .debug_frame FDEs not keyed by section", o.rel)
		src.table, err = unwind.New(unwind.Sources{
			Arch:       in.Sections[0].Arch,
			DebugFrame: fs.DebugFrame,
			DebugFrameSections: func(off uint64) (int, bool) {
				c, ok := fs.DebugFrameCode.Section(off)
				return c.Index, ok
			},
		})
		require.NoError(t, err, o.rel)
		names := ddRegNames(t, in.Sections[0].Arch.String())
		forEachTable(in, func(tv *tableView) {
			for _, r := range tv.Table.Records() {
				rv := recordViewOf(r)
				where := o.rel + " record " + utoa64(r.ID())
				var buf strings.Builder
				w := textout.NewBuffer(&buf)
				j := textout.NewJSON(w)
				j.OpenObject()
				writeJSONUnwind(j, tv, rv)
				j.CloseObject()
				require.NoError(t, w.Flush())
				var doc struct{ Unwind *uwRow }
				require.NoError(t, json.Unmarshal([]byte(buf.String()), &doc), buf.String())
				u := doc.Unwind
				require.NotNil(t, u, "%s: no row", where)
				assert.Equal(t, ".debug_frame", u.Section, where)
				code := tv.Funcs[rv.Func].CodeSection()
				assert.Equal(t, code.Index, relocs.section(t, ".debug_frame", u.FDEOffset+8), "%s: FDE at %#x", where, u.FDEOffset)
				fde, ok := dd[u.FDEOffset]
				require.True(t, ok, "%s: llvm-dwarfdump has no FDE at %#x", where, u.FDEOffset)
				got, ok := u.render(names)
				require.True(t, ok, where)
				assert.Equal(t, fde.rowAt(u.PC-fde.begin), got, where)
				rows++
			}
		})
		in.Close()
	}
	t.Logf("%d .debug_frame rows equal to llvm-dwarfdump's", rows)
	assert.Greater(t, rows, 50)
}

// TestFunctionSectionsDisasm: dump --disasm finds every record's code in
// its own section (by the relocation's section, not by the one code
// section a file usually has), and the instruction it prints at the
// record's address is the one llvm-objdump prints at that offset of that
// section.
func TestFunctionSectionsDisasm(t *testing.T) {
	insn := regexp.MustCompile(`^      insn +0x([0-9a-f]+): (\S+)`)
	at := regexp.MustCompile(`^ +([0-9a-f]+):[0-9a-f ]+\t(\S+)`)
	// PowerPC: llvm-objdump prints extended mnemonics where the tool
	// prints the base instruction.
	alias := map[string]string{"mr": "or", "sldi": "rldicr"}
	n := 0
	for _, o := range fsObjects(t) {
		out, stderr, status := runTool("dump", "--disasm", o.path)
		require.Equal(t, exitOK, status, "%s: %s", o.rel, stderr)
		assert.NotContains(t, out, "(no code", o.rel)
		// objdump: section -> offset -> mnemonic
		b, err := os.ReadFile(strings.TrimSuffix(o.path, ".o") + ".objdump.txt")
		require.NoError(t, err)
		var secs []map[uint64]string
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "Disassembly of section ") {
				secs = append(secs, map[uint64]string{})
			} else if m := at.FindStringSubmatch(line); m != nil && len(secs) > 0 {
				off, _ := strconv.ParseUint(m[1], 16, 64)
				secs[len(secs)-1][off] = m[2]
			}
		}
		// The dump lists functions in table order, which is section
		// order in these objects; records follow their function.
		fn := -1
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "  Function #") {
				fn++
			}
			m := insn.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			off, _ := strconv.ParseUint(m[1], 16, 64)
			require.Less(t, fn, len(secs), o.rel)
			want, ok := secs[fn][off]
			require.True(t, ok, "%s: function #%d: llvm-objdump has no instruction at %#x", o.rel, fn, off)
			// Mnemonics are spelled differently (AT&T suffixes):
			// compare their first letters.
			if a, ok := alias[want]; ok {
				want = a
			}
			assert.Equal(t, want[:1], m[2][:1], "%s: function #%d at %#x: %s vs %s", o.rel, fn, off, m[2], want)
			n++
		}
	}
	t.Logf("%d instructions at records compared with llvm-objdump", n)
	assert.Greater(t, n, 300)
}
