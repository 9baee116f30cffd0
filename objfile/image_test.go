package objfile_test

import (
	"bytes"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/unwind"
)

// Code read by address equals the bytes debug/elf reads from the
// section, in a linked file (PT_LOAD) and a relocatable object (code
// sections at 0); after Close it is an error, not a fault.
func TestCodeELF(t *testing.T) {
	for _, name := range []string{"linked/x86_64-elf/exe", "linked/x86_64-elf/link_a.o"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(corpus.Root(), name)
			ef, err := elf.Open(path)
			require.NoError(t, err)
			defer ef.Close()
			text := ef.Section(".text")
			want, err := text.Data()
			require.NoError(t, err)

			f, err := objfile.Open(path)
			require.NoError(t, err)
			assert.Equal(t, regs.X86_64, f.Arch)
			require.NotNil(t, f.ELF())
			require.NotEmpty(t, f.CodeRanges())
			p := make([]byte, 16)
			if ef.Type == elf.ET_REL {
				// .text and .text.sm_inline (9 bytes) both start at 0:
				// below 9 the address is refused, past it only .text has
				// code.
				_, err := f.Code(text.Addr, len(want))
				require.ErrorIs(t, err, objfile.ErrAmbiguousAddress)
				assert.Contains(t, err.Error(), ".text, .text.sm_inline")
				_, err = f.ReadCodeAt(p, 8)
				require.ErrorIs(t, err, objfile.ErrAmbiguousAddress)
				n, err := f.ReadCodeAt(p, 9)
				require.NoError(t, err)
				assert.Equal(t, want[9:25], p[:n])
			} else {
				got, err := f.Code(text.Addr, len(want))
				require.NoError(t, err)
				assert.Equal(t, want, got)
				n, err := f.ReadCodeAt(p, text.Addr+4)
				require.NoError(t, err)
				assert.Equal(t, want[4:20], p[:n])
			}

			_, err = f.Code(1<<60, 4)
			assert.True(t, errors.Is(err, objfile.ErrNoCode), "%v", err)

			require.NoError(t, f.Close())
			_, err = f.ReadCodeAt(p, text.Addr)
			assert.Error(t, err, "read after Close")
		})
	}
}

// A universal file: one image per slice, each with its own Mach-O reader,
// symbols and code; Image finds a section's slice.
func TestUniversalImages(t *testing.T) {
	path := filepath.Join(corpus.Root(), "fat", "kinds-universal.o")
	f, err := objfile.Open(path)
	require.NoError(t, err)
	defer f.Close()
	require.True(t, f.Universal)
	require.Len(t, f.Slices, 2)
	_, err = f.SymbolMap()
	assert.Error(t, err, "a universal file has no one symbol map")
	ff, err := macho.OpenFat(path)
	require.NoError(t, err)
	defer ff.Close()
	for i, sd := range f.Sections {
		img := f.Image(sd)
		require.NotNil(t, img, sd.Slice)
		assert.Same(t, f.Slices[i], img)
		require.NotNil(t, img.MachO())
		assert.Equal(t, sd.Arch, img.Arch)
		m, err := img.SymbolMap()
		require.NoError(t, err)
		name, off, err := m.Lookup(m.At(0).Value)
		assert.NoError(t, err)
		assert.Equal(t, uint64(0), off)
		assert.Equal(t, m.At(0).Name, name)

		mf := ff.Arches[i].File
		text := mf.Section("__text")
		want, err := text.Data()
		require.NoError(t, err)
		got, err := img.Code(text.Addr, len(want))
		require.NoError(t, err)
		assert.Equal(t, want, got, sd.Slice)
		cfg, err := img.MachO().Frames()
		require.NoError(t, err)
		if sd.Arch == regs.X86_64 { // arm64 has compact unwind only
			assert.NotNil(t, cfg.Data, "__eh_frame of %s", sd.Slice)
		}
	}
}

// Frames of an ELF object come relocated: an FDE's pc_begin is its
// function's stack map address (0x0 for the first function).
func TestFramesThroughObjfile(t *testing.T) {
	f, err := objfile.Open(filepath.Join(corpus.Root(), "linked", "x86_64-elf", "link_a.o"))
	require.NoError(t, err)
	defer f.Close()
	fs, err := f.ELF().Frames()
	require.NoError(t, err)
	assert.True(t, fs.Relocated)
	assert.NotNil(t, fs.EHFrame.Data)
}

// AllowNoSection opens a file without stack maps for its other tables
// (here an object whose section was renamed to a name no one looks for).
func TestAllowNoSection(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(corpus.Root(), "placement", "base.o"))
	require.NoError(t, err)
	b = bytes.ReplaceAll(b, []byte("llvm_stackmaps"), []byte("llvm_stackmapz"))
	_, err = objfile.NewFile(bytes.NewReader(b))
	require.True(t, errors.Is(err, objfile.ErrNoSection), "%v", err)
	f, err := objfile.NewFileOptions(bytes.NewReader(b), objfile.Options{AllowNoSection: true})
	require.NoError(t, err)
	defer f.Close()
	assert.Empty(t, f.Sections)
	fs, err := f.ELF().Frames()
	require.NoError(t, err)
	assert.NotNil(t, fs.EHFrame.Data)
	m, err := f.SymbolMap()
	require.NoError(t, err)
	// .text and the COMDAT .text.sm_inline both start at 0: the address
	// alone is refused, with the section it is answered.
	require.True(t, m.Sectioned())
	_, _, err = m.Lookup(0)
	var ae *unwind.AmbiguousError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, []int{2, 5}, ae.Sections)
	for sec, want := range map[int]string{2: "la_internal", 5: "sm_inline"} {
		name, off, err := m.LookupInSection(sec, 4)
		require.NoError(t, err)
		assert.Equal(t, want, name)
		assert.Equal(t, uint64(4), off)
	}
	name, _, err := m.Lookup(0x30) // only .text reaches 0x30, but another section may be meant
	assert.ErrorIs(t, err, objfile.ErrAmbiguousAddress)
	assert.Empty(t, name)
}

// A PE image's code by address (ImageBase + VirtualAddress) equals
// debug/pe's .text bytes.
func TestCodePE(t *testing.T) {
	path := filepath.Join(corpus.Root(), "linked-pe", "sm.dll")
	pf, err := pe.Open(path)
	require.NoError(t, err)
	defer pf.Close()
	text := pf.Section(".text")
	require.NotNil(t, text)
	want, err := text.Data()
	require.NoError(t, err)
	want = want[:min(len(want), int(text.VirtualSize))]
	base := pf.OptionalHeader.(*pe.OptionalHeader64).ImageBase

	f, err := objfile.Open(path)
	require.NoError(t, err)
	defer f.Close()
	require.NotNil(t, f.PE())
	got, err := f.Code(base+uint64(text.VirtualAddress), len(want))
	require.NoError(t, err)
	assert.Equal(t, want, got)
	m, err := f.SymbolMap()
	require.NoError(t, err)
	assert.NotZero(t, m.Len())
}
