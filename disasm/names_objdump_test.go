package disasm_test

import (
	"debug/macho"
	"debug/pe"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/disasm"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/pesection"
	"github.com/stackmaps/stackmaps/regs"
)

// The listings are llvm-objdump-22's (testdata/objdump/gen.sh);
// cmd/stackmaps's TestDisasmObjdumpGoldensCurrent checks them against the
// tool and its TestDisasmTargetNamesMachOCOFF checks --disasm's lines
// against them.

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

// TestNamesEveryBranch decodes every instruction llvm-objdump-22 lists
// in the code sections of every checked-in Mach-O and COFF/PE file with
// stack maps, and names each branch target through the file's locator
// (machosection.Code, pesection.Code), as --disasm would. Every name must
// be objdump's (see objdumpListing.check). The asm objects pin which of
// several symbols at one address names it and how a non-external
// relocation is named.
func TestNamesEveryBranch(t *testing.T) {
	files, images := machoCOFFDisasmFiles(t)
	files = append(files, asmFiles...)
	total, bare := 0, 0
	for _, rel := range files {
		path := filepath.Join(corpus.Root(), rel)
		osf, err := os.Open(path)
		require.NoError(t, err)
		switch {
		case strings.HasSuffix(rel, ".dll") || strings.Contains(rel, "coff"):
			pf, err := pesection.NewFile(osf)
			require.NoError(t, err)
			c := pf.Code()
			f, err := pe.NewFile(osf)
			require.NoError(t, err)
			n, b := namePEBranches(t, c, f, rel, readObjdump(t, rel, false))
			total, bare = total+n, bare+b
		case rel == "fat/kinds-universal.o":
			cs := machoCode(t, osf)
			fat, err := macho.NewFatFile(osf)
			require.NoError(t, err)
			require.Len(t, cs, len(fat.Arches))
			for i, a := range fat.Arches {
				arch := map[macho.Cpu]string{macho.CpuAmd64: "x86_64", macho.CpuArm64: "arm64"}[a.Cpu]
				n, b := nameMachOBranches(t, cs[i], a.File, rel, readObjdump(t, rel+"."+arch, false))
				total, bare = total+n, bare+b
			}
		default:
			cs := machoCode(t, osf)
			require.Len(t, cs, 1, rel)
			f, err := macho.NewFile(osf)
			require.NoError(t, err)
			n, b := nameMachOBranches(t, cs[0], f, rel, readObjdump(t, rel, images[rel]))
			total, bare = total+n, bare+b
		}
		require.NoError(t, osf.Close())
	}
	t.Logf("%d files: %d branch targets named as objdump names them, %d left bare", len(files), total, bare)
	assert.Equal(t, 607+9+2, total)
	assert.Equal(t, 6, bare) // sm.dll's calls to 0x200000000
}

// inRange returns the addresses of insns (sorted) in [start, end).
func inRange(insns []uint64, start, end uint64) []uint64 {
	i := sort.Search(len(insns), func(i int) bool { return insns[i] >= start })
	j := sort.Search(len(insns), func(i int) bool { return insns[i] >= end })
	return insns[i:j]
}

// nameBranches decodes the instruction at each of addrs (code section
// sec's bytes start at address start) and checks the name of each branch
// target.
func nameBranches(t *testing.T, n disasm.Namer, sec int, arch regs.Arch, rel string, od *objdumpListing, code []byte, start uint64, addrs []uint64) (named, bare int) {
	for _, a := range addrs {
		in, ok := disasm.Decode(arch, arch.ByteOrder(), code[a-start:], a)
		if !ok || !in.HasTarget {
			continue
		}
		got := ""
		if name, off, ok := n.TargetName(sec, a, uint64(in.Len), in.Target); ok {
			got = " <" + name
			if off != 0 {
				got += "+0x" + strconv.FormatUint(off, 16)
			}
			got += ">"
		}
		if od.check(t, rel, a, got) == "" {
			bare++
		} else {
			named++
		}
	}
	return named, bare
}

func nameMachOBranches(t *testing.T, c *machosection.Code, mf *macho.File, rel string, od *objdumpListing) (named, bare int) {
	arch := c.Arch()
	sort.Slice(od.Insns, func(i, j int) bool { return od.Insns[i] < od.Insns[j] })
	for i, s := range mf.Sections {
		const instructions = 0x80000000 | 0x400
		if s.Flags&instructions == 0 {
			continue
		}
		code, err := s.Data()
		require.NoError(t, err)
		n, b := nameBranches(t, c, i, arch, rel, od, code, s.Addr, inRange(od.Insns, s.Addr, s.Addr+s.Size))
		named, bare = named+n, bare+b
	}
	return named, bare
}

func namePEBranches(t *testing.T, c *pesection.Code, f *pe.File, rel string, od *objdumpListing) (named, bare int) {
	sort.Slice(od.Insns, func(i, j int) bool { return od.Insns[i] < od.Insns[j] })
	var base uint64
	if oh, ok := f.OptionalHeader.(*pe.OptionalHeader64); ok {
		base = oh.ImageBase
	}
	codeSecs := 0
	for i, s := range f.Sections {
		if s.Characteristics&0x20 == 0 || s.Size == 0 {
			continue
		}
		codeSecs++
		code, err := s.Data()
		require.NoError(t, err)
		start := base
		if base != 0 {
			start += uint64(s.VirtualAddress)
		}
		n, b := nameBranches(t, c, i, regs.X86_64, rel, od, code, start, inRange(od.Insns, start, start+uint64(len(code))))
		named, bare = named+n, bare+b
	}
	require.True(t, base != 0 || codeSecs == 1, "%s: an object's code sections share addresses: one is needed", rel)
	return named, bare
}

// machoCode returns the code reader of each slice of the Mach-O file read
// through r (one for a thin file), in slice order.
func machoCode(t *testing.T, r io.ReaderAt) []*machosection.Code {
	t.Helper()
	ff, err := machosection.NewFat(r)
	require.NoError(t, err)
	var cs []*machosection.Code
	for _, s := range ff.Slices {
		cs = append(cs, s.Code())
	}
	return cs
}
