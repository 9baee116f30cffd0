package elfsection_test

import (
	"debug/elf"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// TestSegments: Segments, Dynamic, DynamicValue, Interpreter and Entry
// answer what debug/elf reads from every checked-in linked binary; the
// dynamic section is read from a process's memory, with the file loaded
// at a bias.
func TestSegments(t *testing.T) {
	bins, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	for _, b := range bins {
		t.Run(b.Rel, func(t *testing.T) {
			f, err := elfsection.Open(b.Path)
			require.NoError(t, err)
			defer f.Close()
			ef, err := elf.Open(b.Path)
			require.NoError(t, err)
			defer ef.Close()
			var want []elfsection.Segment
			var dyn, interp *elf.Prog
			for _, p := range ef.Progs {
				switch p.Type {
				case elf.PT_LOAD:
					want = append(want, elfsection.Segment{Addr: p.Vaddr, Size: p.Memsz, Offset: p.Off, FileSize: p.Filesz, Align: p.Align, Flags: uint32(p.Flags)})
				case elf.PT_DYNAMIC:
					dyn = p
				case elf.PT_INTERP:
					interp = p
				}
			}
			require.NotEmpty(t, want)
			assert.Equal(t, want, f.Segments())
			assert.Equal(t, ef.Entry, f.Entry)

			name, err := f.Interpreter()
			require.NoError(t, err)
			if interp == nil {
				assert.Empty(t, name)
			} else {
				assert.Equal(t, "/lib", name[:4], "%q", name)
			}

			seg, ok := f.Dynamic()
			require.Equal(t, dyn != nil, ok)
			if dyn == nil {
				v, ok, err := f.DynamicValue(&stackmap.Memory{}, 0, elfsection.DTDebug)
				assert.NoError(t, err)
				assert.False(t, ok, "no dynamic section: no DT_DEBUG (%#x)", v)
				return
			}
			assert.Equal(t, dyn.Vaddr, seg.Addr)
			data, err := os.ReadFile(b.Path)
			require.NoError(t, err)
			// Every segment at the same offset from its file offset: the
			// file's first page at bias.
			const bias = 0x7f0000000000
			mem := &stackmap.Memory{Addr: bias + dyn.Vaddr - dyn.Off, Data: data}
			for _, tag := range []elf.DynTag{elf.DT_STRTAB, elf.DT_SYMTAB, elf.DT_STRSZ, elf.DT_DEBUG, elf.DT_SONAME} {
				v, ok, err := f.DynamicValue(mem, bias, uint64(tag))
				require.NoError(t, err)
				wantV, err := ef.DynValue(tag)
				require.NoError(t, err)
				assert.Equal(t, len(wantV) > 0, ok, "%v", tag)
				if len(wantV) > 0 {
					assert.Equal(t, wantV[0], v, "%v", tag)
				}
			}
			_, _, err = f.DynamicValue(&stackmap.Memory{}, bias, elfsection.DTDebug)
			assert.ErrorIs(t, err, stackmap.ErrMemory, "memory without the dynamic section")
		})
	}
}

// TestCodeSymbols: in every checked-in linked binary and PowerPC64 ELFv1
// object, CodeSymbols gives each stack map function's symbol the
// function's code entry; on ELFv1, where Symbols gives the address of the
// function's descriptor in .opd, CodeSymbols gives the entry the
// descriptor holds.
func TestCodeSymbols(t *testing.T) {
	bins, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	paths := []string{}
	for _, b := range bins {
		paths = append(paths, b.Path)
	}
	objs, err := filepath.Glob(filepath.Join(corpus.Root(), "objects", "llvm14", "ppc64-elf", "*.o"))
	require.NoError(t, err)
	require.NotEmpty(t, objs)
	paths = append(paths, objs...)
	descriptors := 0
	for _, path := range paths {
		rel, _ := filepath.Rel(corpus.Root(), path)
		t.Run(rel, func(t *testing.T) {
			f, err := elfsection.Open(path)
			require.NoError(t, err)
			defer f.Close()
			syms, err := f.Symbols()
			require.NoError(t, err)
			code, err := f.CodeSymbols()
			require.NoError(t, err)
			require.Len(t, code, len(syms))
			byName := map[string]uint64{}
			for i, s := range code {
				byName[s.Name] = s.Value
				if s.Value != syms[i].Value {
					descriptors++
					assert.Zero(t, s.Size, "%s: a descriptor's size is not the code's", s.Name)
				}
			}
			sd, err := f.StackMaps()
			if errors.Is(err, stackmap.ErrNoSection) {
				return
			}
			require.NoError(t, err)
			sec, err := sd.Parse()
			require.NoError(t, err)
			n := 0
			for _, tb := range sec.Tables() {
				for _, fi := range tb.Functions() {
					if fi.Symbol() == "" {
						continue
					}
					v, ok := byName[fi.Symbol()]
					require.True(t, ok, "no code symbol %s", fi.Symbol())
					assert.Equal(t, fi.Entry(), v, "%s", fi.Symbol())
					n++
				}
			}
			assert.NotZero(t, n)
		})
	}
	assert.NotZero(t, descriptors, "no ELFv1 descriptor was mapped to its entry")
}

// TestReadImage reads an image from memory as the vDSO is read: the bytes
// its headers and segments reach, no more; and refuses headers that claim
// more than MaxImage, or memory that does not hold them.
func TestReadImage(t *testing.T) {
	path := filepath.Join(corpus.Root(), "linked", "x86_64-elf", "libstackmaps.so")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	if len(data) > elfsection.MaxImage {
		t.Skipf("%s is over MaxImage", path)
	}
	const addr = 0x7ffff7fc1000
	f, err := elfsection.ReadImage(&stackmap.Memory{Addr: addr, Data: data}, addr)
	require.NoError(t, err)
	disk, err := elfsection.Open(path)
	require.NoError(t, err)
	defer disk.Close()
	assert.Equal(t, disk.Segments(), f.Segments())
	want, err := disk.CodeSymbols()
	require.NoError(t, err)
	got, err := f.CodeSymbols()
	require.NoError(t, err)
	assert.Equal(t, want, got)
	sd, err := f.StackMaps()
	require.NoError(t, err)
	assert.NotZero(t, sd.NumFixups(), "the image's stack maps with their dynamic relocations")

	_, err = elfsection.ReadImage(&stackmap.Memory{Addr: addr, Data: data[:32]}, addr)
	assert.ErrorIs(t, err, stackmap.ErrMemory, "a header memory does not hold")
	_, err = elfsection.ReadImage(&stackmap.Memory{Addr: addr, Data: []byte("not an ELF image, but readable bytes; more than sixty-four of them......")}, addr)
	assert.ErrorContains(t, err, "no ELF magic")
	huge := append([]byte(nil), data...)
	huge[40+7] = 0x40 // e_shoff far past 1 MiB
	_, err = elfsection.ReadImage(&stackmap.Memory{Addr: addr, Data: huge}, addr)
	assert.ErrorIs(t, err, stackmap.ErrTooLarge)
	assert.ErrorContains(t, err, "ELF image at 0x7ffff7fc1000 in memory")
}

// FuzzReadImage reads an image out of arbitrary memory at 0x10000: it
// fails or returns a File, reading at most MaxImage bytes, and the
// File's segments, dynamic section (from the same memory) and code
// symbols are read without a panic.
func FuzzReadImage(f *testing.F) {
	lib, err := os.ReadFile(filepath.Join(corpus.Root(), "linked", "x86_64-elf", "libstackmaps.so"))
	require.NoError(f, err)
	f.Add(lib)
	v1, err := os.ReadFile(filepath.Join(corpus.Root(), "linked", "ppc64-elf", "libstackmaps.so"))
	require.NoError(f, err)
	f.Add(v1) // big-endian ELFv1: .opd
	f.Add(lib[:64])
	f.Add(lib[:0x400])
	f.Fuzz(func(t *testing.T, b []byte) {
		mem := &stackmap.Memory{Addr: 0x10000, Data: b}
		img, err := elfsection.ReadImage(mem, 0x10000)
		if err != nil {
			return
		}
		img.Segments()
		img.Interpreter()
		img.DynamicValue(mem, 0x10000, elfsection.DTDebug)
		img.CodeSymbols()
		img.StackMaps()
	})
}
