package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
)

// machoCOFFDisasmFiles is corpus.MachOCOFFDisasmFiles for a test.
func machoCOFFDisasmFiles(t *testing.T) (files []string, images map[string]bool) {
	files, images, err := corpus.MachOCOFFDisasmFiles()
	require.NoError(t, err)
	return files, images
}

// asmFiles are corpus.AsmFiles.
var asmFiles = corpus.AsmFiles

// objdumpListing is a golden llvm-objdump-22 listing.
type objdumpListing struct{ *corpus.ObjdumpListing }

// readObjdump is corpus.ReadObjdump for a test.
func readObjdump(t *testing.T, rel string, withMachO bool) *objdumpListing {
	l, err := corpus.ReadObjdump(rel, withMachO)
	require.NoError(t, err)
	return &objdumpListing{l}
}

// check asserts that name agrees with objdump (corpus.ObjdumpListing.Check)
// and returns which of objdump's names it compared with.
func (od *objdumpListing) check(t *testing.T, file string, addr uint64, name string) string {
	t.Helper()
	kind, problem := od.Check(addr, name)
	assert.Empty(t, problem, file)
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
		out, stderr, status := runTool("dump", "--disasm", filepath.Join(corpus.Root(), rel))
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
		out, stderr, status := runTool("dump", "--disasm", filepath.Join(corpus.Root(), rel))
		require.Equal(t, exitOK, status, stderr)
		for _, l := range lines {
			assert.Contains(t, out, l, rel)
		}
	}
}
