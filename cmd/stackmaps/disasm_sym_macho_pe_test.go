package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/golden"
)

// machoCOFFDisasmFiles lists, relative to testdata/, every checked-in
// Mach-O and COFF/PE file with stack maps that testdata/objdump/gen.sh
// disassembled, and whether it is a linked Mach-O image (with an
// --macho listing naming its stubs).
func machoCOFFDisasmFiles(t *testing.T) (files []string, images map[string]bool) {
	td := golden.Root()
	images = map[string]bool{}
	for _, glob := range []string{"objects/llvm*/x86_64-macho/*.o", "objects/llvm*/arm64-macho/*.o",
		"objects/llvm*/x86_64-coff/*.o", "compactunwind/*.o", "linked-pe/sm.dll", "fat/kinds-universal.o",
		"linked-macho/*.dylib", "linked-macho/arm64-macos13", "compactunwind/*.dylib"} {
		m, err := filepath.Glob(filepath.Join(td, glob))
		require.NoError(t, err)
		require.NotEmpty(t, m, glob)
		for _, p := range m {
			rel, err := filepath.Rel(td, p)
			require.NoError(t, err)
			files = append(files, rel)
			if strings.HasPrefix(glob, "linked-macho") || strings.HasSuffix(glob, ".dylib") {
				images[rel] = true
			}
		}
	}
	return files, images
}

// objdumpListing is what a golden llvm-objdump-22 listing says about each
// instruction address.
type objdumpListing struct {
	target map[uint64]string // the "<name>" on the instruction's line
	reloc  map[uint64]string // the symbol of the first relocation under it
	stub   map[uint64]string // --macho: "symbol stub for: _f"
	labels map[string]bool   // symbols that head a function ("<name>:")
	insns  []uint64          // every instruction's address
}

var (
	odInsn  = regexp.MustCompile(`^ *([0-9a-f]+): .*?(?:<([^>]+)>)?$`)
	odReloc = regexp.MustCompile(`^\t\t[0-9a-f]+:\s+\S+\s+(\S+)$`)
	odLabel = regexp.MustCompile(`^[0-9a-f]+ <([^>]+)>:$`)
	odStub  = regexp.MustCompile(`^\s*([0-9a-f]+):.*symbol stub for: (\S+)$`)
)

// readObjdump parses testdata/objdump/<rel><suffix> files.
func readObjdump(t *testing.T, rel string, withMachO bool) *objdumpListing {
	l := &objdumpListing{target: map[uint64]string{}, reloc: map[uint64]string{}, stub: map[uint64]string{}, labels: map[string]bool{}}
	dir := filepath.Join(golden.Root(), "objdump")
	if strings.HasPrefix(rel, "objdump/") {
		dir = golden.Root() // testdata/objdump/asm/
	}
	data, err := os.ReadFile(filepath.Join(dir, rel+".objdump.txt"))
	require.NoError(t, err)
	last, hasLast := uint64(0), false
	for _, line := range strings.Split(string(data), "\n") {
		if m := odLabel.FindStringSubmatch(line); m != nil {
			l.labels[m[1]] = true
		} else if m := odReloc.FindStringSubmatch(line); m != nil {
			if _, dup := l.reloc[last]; hasLast && !dup {
				l.reloc[last] = m[1]
			}
		} else if m := odInsn.FindStringSubmatch(line); m != nil {
			last, _ = strconv.ParseUint(m[1], 16, 64)
			hasLast = true
			l.insns = append(l.insns, last)
			if m[2] != "" {
				l.target[last] = m[2]
			}
		}
	}
	if withMachO {
		data, err := os.ReadFile(filepath.Join(golden.Root(), "objdump", rel+".objdump-macho.txt"))
		require.NoError(t, err)
		for _, line := range strings.Split(string(data), "\n") {
			if m := odStub.FindStringSubmatch(line); m != nil {
				a, _ := strconv.ParseUint(m[1], 16, 64)
				l.stub[a] = m[2]
			}
		}
	}
	return l
}

// check asserts that name (" <f>", or "" for none) is what llvm-objdump
// says of the branch at addr: the symbol of the relocation under it, else
// the stub --macho names, else the "<f>" on its line; or, when name is "",
// that objdump names it only after a symbol that heads no function (an
// undefined one: a Mach-O stub, an unresolved call of the PE image). It
// returns which of objdump's names it compared with, "" when none.
func (od *objdumpListing) check(t *testing.T, file string, addr uint64, name string) string {
	t.Helper()
	want, kind := od.reloc[addr], "relocation"
	if want == "" {
		want, kind = od.stub[addr], "stub"
	}
	if want == "" {
		want, kind = od.target[addr], "target"
	}
	if name == "" {
		base, _, _ := strings.Cut(want, "+")
		assert.False(t, kind != "target" || od.labels[base], "%s: %#x left bare, objdump names it <%s>", file, addr, want)
		return ""
	}
	assert.Equal(t, " <"+want+">", name, "%s: %#x (objdump's %s)", file, addr, kind)
	return kind
}

var (
	disasmLine = regexp.MustCompile(`^\s+(?:call|insn)\s+0x([0-9a-f]+): (.*?)(?: <([^>]+)>)?$`)
	// an instruction with a pc-relative branch target (x86_64, AArch64)
	branchText = regexp.MustCompile(`^(?:(?:call|j)\w* 0x[0-9a-f]+|\S+ .*\.[+-]0x[0-9a-f]+)$`)
)

// TestDisasmTargetNamesMachOCOFF: in every checked-in Mach-O and COFF/PE
// file with stack maps, each call or branch target --disasm names is the
// name llvm-objdump-22 gives it (testdata/objdump/): the symbol of the
// relocation at the instruction in an object, the "<name>" on its line in
// an image, the "symbol stub for:" of --macho for a Mach-O stub. And every
// branch llvm-objdump names after a function symbol is named: the only
// targets left bare are those objdump names after an undefined symbol
// (Mach-O stubs without a stub name, the unresolved calls of the PE
// image, which lld-link sent to 0x200000000).
func TestDisasmTargetNamesMachOCOFF(t *testing.T) {
	files, images := machoCOFFDisasmFiles(t)
	total, bare := 0, 0
	kinds := map[string]int{}
	for _, rel := range files {
		out, stderr, status := runTool("dump", "--disasm", filepath.Join(golden.Root(), rel))
		require.Equal(t, exitOK, status, "%s: %s", rel, stderr)
		var od *objdumpListing
		slices := map[string]*objdumpListing{}
		if rel == "fat/kinds-universal.o" {
			slices["[x86_64]"] = readObjdump(t, rel+".x86_64", false)
			slices["[aarch64]"] = readObjdump(t, rel+".arm64", false)
		} else {
			od = readObjdump(t, rel, images[rel])
		}
		named := 0
		for _, line := range strings.Split(out, "\n") {
			if s, ok := slices[strings.SplitN(line, " ", 2)[0]]; ok {
				od = s
			}
			m := disasmLine.FindStringSubmatch(line)
			if m == nil || !branchText.MatchString(m[2]) {
				continue
			}
			require.NotNil(t, od, "%s: no slice header before %q", rel, line)
			addr, _ := strconv.ParseUint(m[1], 16, 64)
			name := ""
			if m[3] != "" {
				name = " <" + m[3] + ">"
			}
			if kind := od.check(t, rel, addr, name); kind == "" {
				bare++
			} else {
				named++
				kinds[kind]++
			}
		}
		total += named
		t.Logf("%s: %d targets named", rel, named)
	}
	t.Logf("%d files, %d targets named %v, %d bare", len(files), total, kinds, bare)
	assert.Equal(t, 311, total)
	assert.Equal(t, map[string]int{"relocation": 253, "stub": 44, "target": 14}, kinds)
	assert.Equal(t, 7, bare)
}

// TestDisasmTargetNamesMachOCOFFLines pins lines of --disasm against what
// llvm-objdump-22 says of the same instructions (testdata/objdump/).
func TestDisasmTargetNamesMachOCOFFLines(t *testing.T) {
	for rel, lines := range map[string][]string{
		// "5: e8 00 00 00 00  callq 0xa <_st_simple+0xa>", X86_64_RELOC_BRANCH _st_callee
		"objects/llvm22/x86_64-macho/statepoints.o": {"      call   0x5: callq 0xa <_st_callee>\n      insn   0xa: mov (%rsp),%rax\n"},
		// "c: 94000000  bl 0xc <ltmp0+0xc>", ARM64_RELOC_BRANCH26 _st_callee
		"objects/llvm22/arm64-macho/statepoints.o": {"      call   0xc: bl .+0x0 <_st_callee>\n"},
		// "9: e8 00 00 00 00  callq 0xe <st_simple+0xe>", IMAGE_REL_AMD64_REL32 st_callee
		"objects/llvm22/x86_64-coff/statepoints.o": {"      call   0x9: callq 0xe <st_callee>\n"},
		// no relocation: named after the symbols, "jmp 0xf1 <_mf_f8+0x11>"
		"objects/llvm19/x86_64-macho/many_functions.o": {"      insn   0xef: jmp 0xf1 <_mf_f8+0x11>\n"},
		"objects/llvm19/arm64-macho/many_functions.o":  {"      insn   0x114: b .+0x4 <_mf_f8+0x18>\n"},
		"objects/llvm19/x86_64-coff/many_functions.o":  {"      insn   0x10f: jmp 0x111 <mf_f8+0x11>\n"},
		// --macho: "5dc: e8 eb 02 00 00  callq 0x8cc ## symbol stub for: _kinds_ext"
		"linked-macho/x86_64-macos11.dylib": {"      call   0x5dc: callq 0x8cc <_kinds_ext>\n", "      insn   0x89f: jmp 0x8a1 <_mf_f8+0x11>\n"},
		// --macho: "100000480: be 00 00 94  bl 0x100000778 ; symbol stub for: _kinds_ext"
		"linked-macho/arm64-macos13": {"      call   0x100000480: bl .+0x2f8 <_kinds_ext>\n"},
		// "18000120c: eb 03  jmp 0x180001211 <mf_f1+0x11>"; the unresolved
		// calls go to 0x200000000, outside every section ("<mf_ext+0x200000000>")
		"linked-pe/sm.dll":      {"      insn   0x1800012df: jmp 0x1800012e1 <mf_f8+0x11>\n", "      call   0x18000101e: callq 0x200000000\n"},
		"fat/kinds-universal.o": {"      call   0x1c: callq 0x21 <_kinds_ext>\n", "      call   0x20: bl .+0x0 <_kinds_ext>\n"},
	} {
		out, stderr, status := runTool("dump", "--disasm", filepath.Join(golden.Root(), rel))
		require.Equal(t, exitOK, status, stderr)
		for _, l := range lines {
			assert.Contains(t, out, l, rel)
		}
	}
}

// TestDisasmNamesLoadedOnce: the naming tables of a universal Mach-O file
// are built once per slice, and the relocations of each code section once,
// however many records --disasm prints.
func TestDisasmNamesLoadedOnce(t *testing.T) {
	path := filepath.Join(golden.Root(), "fat/kinds-universal.o")
	in, err := loadDumpInput(path, false, nil)
	require.NoError(t, err)
	defer in.Close()
	code, err := openCode(path)
	require.NoError(t, err)
	defer code.Close()
	var w outBuf
	forEachTable(in, func(tv *tableView) {
		for _, r := range tv.Table.Records() {
			writeDisasm(&w, tv, recordViewOf(r), code)
		}
	})
	require.Len(t, code.machoNames, 2, "one per slice")
	for _, n := range code.machoNames {
		require.Len(t, n.relocs, 1, "one code section's relocations")
	}
	require.Equal(t, 4, strings.Count(string(w.b), " <_kinds_ext>\n")+strings.Count(string(w.b), " <_kinds_clobber>\n"), string(w.b))
}
