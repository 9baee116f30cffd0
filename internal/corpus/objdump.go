package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The llvm-objdump-22 listings of testdata/objdump (testdata/objdump/gen.sh):
// what the tool and the disassembler's tests compare branch-target names
// with.

// MachOCOFFDisasmFiles lists, relative to testdata/, every checked-in
// Mach-O and COFF/PE file with stack maps that testdata/objdump/gen.sh
// disassembled, and whether it is a linked Mach-O image (with an --macho
// listing naming its stubs).
func MachOCOFFDisasmFiles() (files []string, images map[string]bool, err error) {
	td := Root()
	images = map[string]bool{}
	for _, glob := range []string{"objects/llvm*/x86_64-macho/*.o", "objects/llvm*/arm64-macho/*.o",
		"objects/llvm*/x86_64-coff/*.o", "compactunwind/*.o", "linked-pe/sm.dll", "fat/kinds-universal.o",
		"linked-macho/*.dylib", "linked-macho/arm64-macos13", "compactunwind/*.dylib"} {
		m, err := filepath.Glob(filepath.Join(td, glob))
		if err != nil {
			return nil, nil, err
		}
		if len(m) == 0 {
			return nil, nil, fmt.Errorf("corpus: no file matches testdata/%s", glob)
		}
		for _, p := range m {
			rel, err := filepath.Rel(td, p)
			if err != nil {
				return nil, nil, err
			}
			files = append(files, rel)
			if strings.HasPrefix(glob, "linked-macho") || strings.HasSuffix(glob, ".dylib") {
				images[rel] = true
			}
		}
	}
	return files, images, nil
}

// AsmFiles are testdata/objdump/asm/*.s assembled: two symbols at one
// address and branches to it (samename), calls with relocations that are
// not external (nonextern).
var AsmFiles = []string{"objdump/asm/samename-x86_64-macho.o", "objdump/asm/samename-x86_64-coff.o", "objdump/asm/samename-arm64-macho.o", "objdump/asm/nonextern-x86_64-macho.o"}

// ObjdumpListing is what a golden llvm-objdump-22 listing says about each
// instruction address.
type ObjdumpListing struct {
	Target map[uint64]string // the "<name>" on the instruction's line
	Reloc  map[uint64]string // the symbol of the first relocation under it
	Stub   map[uint64]string // --macho: "symbol stub for: _f"
	Labels map[string]bool   // symbols that head a function ("<name>:")
	Insns  []uint64          // every instruction's address
}

var (
	odInsn  = regexp.MustCompile(`^ *([0-9a-f]+): .*?(?:<([^>]+)>)?$`)
	odReloc = regexp.MustCompile(`^\t\t[0-9a-f]+:\s+\S+\s+(\S+)$`)
	odLabel = regexp.MustCompile(`^[0-9a-f]+ <([^>]+)>:$`)
	odStub  = regexp.MustCompile(`^\s*([0-9a-f]+):.*symbol stub for: (\S+)$`)
)

// ReadObjdump parses testdata/objdump/<rel>.objdump.txt (and, withMachO,
// its .objdump-macho.txt); rel under objdump/ names an asm object.
func ReadObjdump(rel string, withMachO bool) (*ObjdumpListing, error) {
	l := &ObjdumpListing{Target: map[uint64]string{}, Reloc: map[uint64]string{}, Stub: map[uint64]string{}, Labels: map[string]bool{}}
	dir := filepath.Join(Root(), "objdump")
	if strings.HasPrefix(rel, "objdump/") {
		dir = Root() // testdata/objdump/asm/
	}
	data, err := os.ReadFile(filepath.Join(dir, rel+".objdump.txt"))
	if err != nil {
		return nil, err
	}
	last, hasLast := uint64(0), false
	for _, line := range strings.Split(string(data), "\n") {
		if m := odLabel.FindStringSubmatch(line); m != nil {
			l.Labels[m[1]] = true
		} else if m := odReloc.FindStringSubmatch(line); m != nil {
			if _, dup := l.Reloc[last]; hasLast && !dup {
				l.Reloc[last] = m[1]
			}
		} else if m := odInsn.FindStringSubmatch(line); m != nil {
			last, _ = strconv.ParseUint(m[1], 16, 64)
			hasLast = true
			l.Insns = append(l.Insns, last)
			if m[2] != "" {
				l.Target[last] = m[2]
			}
		}
	}
	if withMachO {
		data, err := os.ReadFile(filepath.Join(Root(), "objdump", rel+".objdump-macho.txt"))
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(string(data), "\n") {
			if m := odStub.FindStringSubmatch(line); m != nil {
				a, _ := strconv.ParseUint(m[1], 16, 64)
				l.Stub[a] = m[2]
			}
		}
	}
	return l, nil
}

// Check compares name (" <f>", or "" for none) with what llvm-objdump says
// of the branch at addr: the symbol of the relocation under it, else the
// stub --macho names, else the "<f>" on its line; or, when name is "",
// checks that objdump names it only after a symbol that heads no function
// (an undefined one: a Mach-O stub, an unresolved call of the PE image).
// It returns which of objdump's names it compared with ("relocation",
// "stub", "target"; "" when name is ""), and a description of the
// difference, "" when they agree.
func (od *ObjdumpListing) Check(addr uint64, name string) (kind, problem string) {
	want, kind := od.Reloc[addr], "relocation"
	if want == "" {
		want, kind = od.Stub[addr], "stub"
	}
	if want == "" {
		want, kind = od.Target[addr], "target"
	}
	if name == "" {
		base, _, _ := strings.Cut(want, "+")
		if kind != "target" || od.Labels[base] {
			return "", fmt.Sprintf("%#x left bare, objdump names it <%s>", addr, want)
		}
		return "", ""
	}
	if name != " <"+want+">" {
		return kind, fmt.Sprintf("%#x named%s, objdump's %s says <%s>", addr, name, kind, want)
	}
	return kind, ""
}
