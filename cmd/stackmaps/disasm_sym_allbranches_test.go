package main

import (
	"debug/macho"
	"debug/pe"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/golden"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/regs"
)

// TestDisasmNamesEveryBranch goes beyond the instructions around records:
// it decodes every instruction llvm-objdump-22 lists in the code sections
// of every checked-in Mach-O and COFF/PE file with stack maps, and names
// each branch target as --disasm would. Every name must be objdump's (see
// objdumpListing.check). The asm objects pin which of several symbols
// at one address names it and how a non-external relocation is named.
func TestDisasmNamesEveryBranch(t *testing.T) {
	files, images := machoCOFFDisasmFiles(t)
	files = append(files, asmFiles...)
	total, bare := 0, 0
	for _, rel := range files {
		c, err := openCode(filepath.Join(golden.Root(), rel))
		require.NoError(t, err)
		switch {
		case c.pe != nil:
			n, b := namePEBranches(t, c, rel, readObjdump(t, rel, false))
			total, bare = total+n, bare+b
		case rel == "fat/kinds-universal.o":
			for _, mf := range c.macho {
				arch := map[macho.Cpu]string{macho.CpuAmd64: "x86_64", macho.CpuArm64: "arm64"}[mf.Cpu]
				n, b := nameMachOBranches(t, c, mf, rel, readObjdump(t, rel+"."+arch, false))
				total, bare = total+n, bare+b
			}
		default:
			require.Len(t, c.macho, 1, rel)
			n, b := nameMachOBranches(t, c, c.macho[0], rel, readObjdump(t, rel, images[rel]))
			total, bare = total+n, bare+b
		}
		require.NoError(t, c.Close())
	}
	t.Logf("%d files: %d branch targets named as objdump names them, %d left bare", len(files), total, bare)
	assert.Equal(t, 607+9+2, total)
	assert.Equal(t, 6, bare) // sm.dll's calls to 0x200000000
}

// asmFiles are testdata/objdump/asm/*.s assembled: two symbols at one
// address and branches to it (samename), calls with relocations that are
// not external (nonextern).
var asmFiles = []string{"objdump/asm/samename-x86_64-macho.o", "objdump/asm/samename-x86_64-coff.o", "objdump/asm/samename-arm64-macho.o", "objdump/asm/nonextern-x86_64-macho.o"}

// inRange returns the addresses of insns (sorted) in [start, end).
func inRange(insns []uint64, start, end uint64) []uint64 {
	i := sort.Search(len(insns), func(i int) bool { return insns[i] >= start })
	j := sort.Search(len(insns), func(i int) bool { return insns[i] >= end })
	return insns[i:j]
}

// nameBranches decodes the instruction at each of addrs (code starts at
// address start) and checks the name of each branch target.
func nameBranches(t *testing.T, c *codeFile, arch regs.Arch, rel string, od *objdumpListing, code []byte, start uint64, addrs []uint64) (named, bare int) {
	for _, a := range addrs {
		in, ok := decodeInsn(arch, arch.ByteOrder(), code[a-start:], a, true)
		if !ok || !in.hasTarget {
			continue
		}
		if od.check(t, rel, a, c.targetName(a, uint64(in.len), in.target)) == "" {
			bare++
		} else {
			named++
		}
	}
	return named, bare
}

func nameMachOBranches(t *testing.T, c *codeFile, mf *macho.File, rel string, od *objdumpListing) (named, bare int) {
	arch := machosection.Arch(mf.Cpu)
	sort.Slice(od.insns, func(i, j int) bool { return od.insns[i] < od.insns[j] })
	for _, s := range mf.Sections {
		const instructions = 0x80000000 | 0x400
		if s.Flags&instructions == 0 {
			continue
		}
		code, err := s.Data()
		require.NoError(t, err)
		c.sec, c.machoFile = s, mf
		n, b := nameBranches(t, c, arch, rel, od, code, s.Addr, inRange(od.insns, s.Addr, s.Addr+s.Size))
		named, bare = named+n, bare+b
	}
	return named, bare
}

func namePEBranches(t *testing.T, c *codeFile, rel string, od *objdumpListing) (named, bare int) {
	sort.Slice(od.insns, func(i, j int) bool { return od.insns[i] < od.insns[j] })
	var base uint64
	if oh, ok := c.pe.OptionalHeader.(*pe.OptionalHeader64); ok {
		base = oh.ImageBase
	}
	codeSecs := 0
	for _, s := range c.pe.Sections {
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
		c.sec = s
		n, b := nameBranches(t, c, regs.X86_64, rel, od, code, start, inRange(od.insns, start, start+uint64(len(code))))
		named, bare = named+n, bare+b
	}
	require.True(t, base != 0 || codeSecs == 1, "%s: an object's code sections share addresses: one is needed", rel)
	return named, bare
}
