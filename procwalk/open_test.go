package procwalk

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

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
	_, err := Open(&Process{Arch: regs.X86_64}, noFiles{}, Options{})
	assert.ErrorContains(t, err, "no memory reader")
	_, err = Open(&Process{Arch: regs.X86_64, Memory: memory{}}, nil, Options{})
	assert.ErrorContains(t, err, "no Files")
	_, err = Open(&Process{Arch: regs.X86_64, Memory: memory{}, Mappings: []Mapping{{Start: 1, End: 2, Path: "/nonexistent/file"}}}, noFiles{}, Options{})
	assert.ErrorContains(t, err, "none of the 1 mapped files could be used: open /nonexistent/file")
	// No mappings, no auxiliary vector: nothing to find the libraries by.
	_, err = Open(&Process{Arch: regs.X86_64, Memory: memory{}}, noFiles{}, Options{})
	assert.Error(t, err)
}

// noFiles opens nothing (objfile, which opens files, imports procwalk).
type noFiles struct{}

func (noFiles) Open(path string) (Object, error) {
	return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
}

func (noFiles) ReadImage(mem stackmap.MemoryReader, addr uint64) (Object, uint64, error) {
	return nil, 0, errors.New("no images")
}

// dynObject is an executable for linkMap: its dynamic section's DT_DEBUG
// is read from memory at debugAt (the reading of the dynamic section is
// elfsection.File.DynamicValue's, tested there), and its interpreter is
// interp.
type dynObject struct {
	Object
	debugAt uint64
	static  bool
	interp  string
}

func (o dynObject) DynamicLinker(mem stackmap.MemoryReader, bias uint64) (uint64, string, bool, error) {
	if o.static {
		return 0, "", false, nil
	}
	var b [8]byte
	if err := mem.ReadMemory(bias+o.debugAt, b[:]); err != nil {
		return 0, "", true, err
	}
	return binary.LittleEndian.Uint64(b[:]), o.interp, true, nil
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
	ef := dynObject{debugAt: dyn + 24}
	p := &Process{Arch: regs.X86_64, Memory: m, Auxv: []AuxEntry{{AtBase, 0x7ffff7fc5000}}}
	imgs, err := linkMap(p, ef, bias)
	require.NoError(t, err)
	assert.Equal(t, []Image{{Path: "/lib/x86_64-linux-gnu/libc.so.6", Bias: 0x7ffff7d80000}}, imgs,
		"the executable skipped; the dynamic linker has no PT_INTERP here; the loop ends")
	ef.interp = "/lib64/ld-linux-x86-64.so.2"
	imgs, err = linkMap(p, ef, bias)
	require.NoError(t, err)
	assert.Equal(t, []Image{{Path: "/lib/x86_64-linux-gnu/libc.so.6", Bias: 0x7ffff7d80000}, {Path: "/lib64/ld-linux-x86-64.so.2", Bias: 0x7ffff7fc5000}}, imgs,
		"the dynamic linker, unnamed in the list, is PT_INTERP at AT_BASE")
	imgs, err = linkMap(p, dynObject{static: true}, bias)
	assert.NoError(t, err)
	assert.Empty(t, imgs, "a static executable loads nothing")

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
