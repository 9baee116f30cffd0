package procwalk

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

func TestBiasOf(t *testing.T) {
	// A PIE as ld lays it out: text at file offset 0x1000, vaddr 0x1000;
	// data at offset 0x2df0, vaddr 0x3df0.
	progs := []*elf.Prog{
		{ProgHeader: elf.ProgHeader{Type: elf.PT_PHDR, Off: 0x40, Vaddr: 0x40}},
		{ProgHeader: elf.ProgHeader{Type: elf.PT_LOAD, Off: 0, Vaddr: 0, Filesz: 0x700}},
		{ProgHeader: elf.ProgHeader{Type: elf.PT_LOAD, Off: 0x1000, Vaddr: 0x1000, Filesz: 0x500}},
		{ProgHeader: elf.ProgHeader{Type: elf.PT_LOAD, Off: 0x2df0, Vaddr: 0x3df0, Filesz: 0x230}},
	}
	for _, tc := range []struct {
		name string
		maps []Mapping
		bias uint64
		ok   bool
	}{
		{"first mapping", []Mapping{{Start: 0x555555554000, End: 0x555555555000, Offset: 0}}, 0x555555554000, true},
		{"text mapping only", []Mapping{{Start: 0x555555555000, End: 0x555555556000, Offset: 0x1000}}, 0x555555554000, true},
		{"data mapping only", []Mapping{{Start: 0x555555557000, End: 0x555555558000, Offset: 0x2000}}, 0x555555554000, true},
		{"page offset does not match", []Mapping{{Start: 0x555555557800, End: 0x555555558000, Offset: 0x2000}}, 0, false},
		{"offset in no segment", []Mapping{{Start: 0x7000, End: 0x8000, Offset: 0x9000}}, 0, false},
		{"no mappings", nil, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, ok := biasOf(progs, tc.maps)
			assert.Equal(t, tc.ok, ok)
			assert.Equal(t, tc.bias, b)
		})
	}
}

func TestLocalPath(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(root+"/lib", 0o755))
	require.NoError(t, os.WriteFile(root+"/lib/libc.so.6", nil, 0o644))
	p := &Process{Exe: "/usr/bin/prog", Mappings: []Mapping{{Start: 0x400000, Path: "/usr/bin/prog"}, {Start: 0x7f0000, Path: "/lib/libc.so.6"}}}
	opts := Options{Sysroot: root, Exe: "./prog"}
	assert.Equal(t, "./prog", localPath(p, opts, "/usr/bin/prog"))
	assert.Equal(t, root+"/lib/libc.so.6", localPath(p, opts, "/lib/libc.so.6"))
	assert.Equal(t, "/lib/libm.so.6", localPath(p, opts, "/lib/libm.so.6"), "not in the sysroot")
	p.Exe = ""
	assert.Equal(t, "./prog", localPath(p, opts, "/usr/bin/prog"), "the lowest mapping is the executable")
}

func TestOpenRefuses(t *testing.T) {
	_, err := Open(&Process{Arch: regs.X86_64}, Options{})
	assert.ErrorContains(t, err, "no memory reader")
	_, err = Open(&Process{Arch: regs.X86_64, Memory: memory{}, Mappings: []Mapping{{Start: 1, End: 2, Path: "/nonexistent/file"}}}, Options{})
	assert.ErrorContains(t, err, "none of the 1 mapped files could be used: open /nonexistent/file")
	// No mappings, no auxiliary vector: nothing to find the libraries by.
	_, err = Open(&Process{Arch: regs.X86_64, Memory: memory{}}, Options{})
	assert.Error(t, err)
}

// memory is a sparse process memory for the link_map tests.
type memory map[uint64]byte

func (m memory) ReadMemory(addr uint64, p []byte) error {
	for i := range p {
		b, ok := m[addr+uint64(i)]
		if !ok {
			return errors.New("unmapped")
		}
		p[i] = b
	}
	return nil
}

func (m memory) put64(addr, v uint64) {
	for i := range 8 {
		m[addr+uint64(i)] = byte(v >> (8 * i))
	}
}

func (m memory) putString(addr uint64, s string) {
	for i := range len(s) {
		m[addr+uint64(i)] = s[i]
	}
	m[addr+uint64(len(s))] = 0
}

// TestLinkMap reads a dynamic linker's list from synthetic memory: the
// executable (skipped), a library by name, the dynamic linker (no name
// readable: PT_INTERP at AT_BASE), and a list that loops.
func TestLinkMap(t *testing.T) {
	const bias, dyn, rdebug = 0x555555554000, 0x3de0, 0x7ffff7ffe118
	m := memory{}
	m.put64(bias+dyn, uint64(elf.DT_NEEDED))
	m.put64(bias+dyn+16, uint64(elf.DT_DEBUG))
	m.put64(bias+dyn+24, rdebug)
	m.put64(rdebug+8, 0x1000) // r_map
	// link_map: l_addr, l_name, l_ld, l_next, l_prev
	entry := func(at, addr, name, next uint64) {
		m.put64(at, addr)
		m.put64(at+8, name)
		m.put64(at+24, next)
	}
	entry(0x1000, bias, 0x5000, 0x2000)
	m.putString(0x5000, "")
	entry(0x2000, 0x7ffff7d80000, 0x6000, 0x3000)
	m.putString(0x6000, "/lib/x86_64-linux-gnu/libc.so.6")
	entry(0x3000, 0x7ffff7fc5000, 0x9999, 0x2000) // name unreadable; loops back
	ef := &elf.File{FileHeader: elf.FileHeader{ByteOrder: binary.LittleEndian}, Progs: []*elf.Prog{
		{ProgHeader: elf.ProgHeader{Type: elf.PT_DYNAMIC, Vaddr: dyn, Memsz: 0x200}},
	}}
	p := &Process{Arch: regs.X86_64, Memory: m, Auxv: []AuxEntry{{AtBase, 0x7ffff7fc5000}}}
	imgs, err := linkMap(p, ef, bias)
	require.NoError(t, err)
	assert.Equal(t, []Image{{Path: "/lib/x86_64-linux-gnu/libc.so.6", Bias: 0x7ffff7d80000}}, imgs,
		"the executable skipped; the dynamic linker has no PT_INTERP here; the loop ends")

	// DT_DEBUG not set yet (a core of a process that crashed in ld.so).
	m.put64(bias+dyn+24, 0)
	_, err = linkMap(p, ef, bias)
	assert.ErrorIs(t, err, ErrNoLinkMap)
	// The dynamic section not in the core.
	_, err = linkMap(p, ef, bias+0x100000)
	assert.ErrorIs(t, err, ErrNoLinkMap)
}

// TestCheckModules leaves out modules of another architecture and modules
// whose code overlaps an earlier one, and finds the others by address.
func TestCheckModules(t *testing.T) {
	mk := func(name string, arch regs.Arch, start, end uint64) ModuleInfo {
		return ModuleInfo{Path: name, File: name, Module: &stackwalk.Module{Name: name, Arch: arch, Start: start, End: end}}
	}
	w := &Walk{modules: []ModuleInfo{
		mk("/lib/libc.so.6", regs.AArch64, 0x7000, 0x9000),
		{Path: "/missing", Err: errors.New("no such file")},
		mk("/prog", regs.AArch64, 0x1000, 0x2000),
		mk("/host/libm.so.6", regs.X86_64, 0x3000, 0x4000),
		mk("/lib/overlap.so", regs.AArch64, 0x8000, 0xa000),
	}}
	mods := w.checkModules(regs.AArch64)
	require.Len(t, mods, 2)
	assert.Equal(t, "/prog", mods[0].Name)
	assert.Equal(t, "/lib/libc.so.6", mods[1].Name)
	byPath := map[string]ModuleInfo{}
	for _, m := range w.Modules() {
		byPath[m.Path] = m
	}
	assert.ErrorContains(t, byPath["/host/libm.so.6"].Err, "architecture x86_64")
	assert.ErrorContains(t, byPath["/lib/overlap.so"].Err, "overlaps /lib/libc.so.6")
	assert.Nil(t, byPath["/lib/overlap.so"].Module)
	assert.Equal(t, "/prog", w.Module(0x1800).Path)
	assert.Equal(t, "/lib/libc.so.6", w.Module(0x7000).Path)
	assert.Nil(t, w.Module(0x2000))
	assert.Nil(t, w.Module(0x9000))
	assert.Nil(t, w.Module(0x3800), "the x86_64 library is not in the walk")
}
