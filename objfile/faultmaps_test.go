package objfile_test

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/faultmap"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

var faultMapDir = filepath.Join("..", "testdata", "faultmap")

// FaultMaps finds the section in ELF and Mach-O objects, with the
// relocations that fill its four function addresses (at section offsets 8,
// 36, 64, 92: after the 8-byte header, 16 bytes per function and 12 per
// fault, two_checks being last with two faults).
func TestFaultMaps(t *testing.T) {
	for _, c := range []struct {
		file, name string
		format     stackmap.Format
		fixups     []int
		symbols    []string
	}{
		{"llvm22-x86_64-elf.o", ".llvm_faultmaps", stackmap.FormatELF, []int{8, 36, 64, 92}, []string{"load_or", "load_plus", "store", "two_checks"}},
		{"llvm19-aarch64-elf.o", ".llvm_faultmaps", stackmap.FormatELF, []int{8, 36, 64}, []string{"load_or", "load_plus", "store"}},
		{"llvm22-x86_64-macho.o", "__LLVM_FAULTMAPS,__llvm_faultmaps", stackmap.FormatMachO, []int{8, 36, 64, 92}, []string{"_load_or", "_load_plus", "_store", "_two_checks"}},
	} {
		t.Run(c.file, func(t *testing.T) {
			f, err := objfile.OpenOptions(filepath.Join(faultMapDir, c.file), objfile.Options{AllowNoSection: true})
			require.NoError(t, err)
			defer f.Close()
			assert.Empty(t, f.Sections, "no stack maps")
			sds, err := f.FaultMaps()
			require.NoError(t, err)
			require.Len(t, sds, 1)
			sd := sds[0]
			assert.Equal(t, c.name, sd.Name)
			assert.Equal(t, c.format, sd.Format)
			var offs []int
			var syms []string
			for _, fx := range sd.Fixups() {
				offs = append(offs, fx.Offset)
				syms = append(syms, fx.Symbol)
				assert.Equal(t, 8, fx.Size)
			}
			assert.Equal(t, c.fixups, offs)
			assert.Equal(t, c.symbols, syms)
		})
	}
}

func TestFaultMapsMissing(t *testing.T) {
	f, err := objfile.Open(filepath.Join("..", "testdata", "objects", "llvm19", "x86_64-elf", "kinds.o"))
	require.NoError(t, err)
	defer f.Close()
	_, err = f.FaultMaps()
	assert.ErrorIs(t, err, objfile.ErrNoSection)
	assert.ErrorContains(t, err, "no fault map section named .llvm_faultmaps")

	f, err = objfile.Open(filepath.Join("..", "testdata", "objects", "llvm19", "x86_64-coff", "kinds.o"))
	require.NoError(t, err)
	defer f.Close()
	_, err = f.FaultMaps()
	assert.ErrorIs(t, err, objfile.ErrNoSection)
}

// A relocation of .llvm_faultmaps outside the section is refused by the
// machinery that relocates stack maps, naming the relocation.
func TestFaultMapsBadRelocation(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(faultMapDir, "llvm22-x86_64-elf.o"))
	require.NoError(t, err)
	ef, err := elf.NewFile(bytes.NewReader(data))
	require.NoError(t, err)
	rs := ef.Section(".rela.llvm_faultmaps")
	require.NotNil(t, rs)
	binary.LittleEndian.PutUint64(data[rs.Offset:], 0x1000) // r_offset of the first relocation
	f, err := objfile.NewFileOptions(bytes.NewReader(data), objfile.Options{AllowNoSection: true})
	require.NoError(t, err)
	_, err = f.FaultMaps()
	assert.ErrorIs(t, err, stackmap.ErrRelocation)
	assert.ErrorContains(t, err, "0x1000")
}

// A universal file: one section per slice, named by the slice.
func TestFaultMapsUniversal(t *testing.T) {
	f, err := objfile.OpenOptions(filepath.Join(faultMapDir, "llvm22-universal.o"), objfile.Options{AllowNoSection: true})
	require.NoError(t, err)
	defer f.Close()
	require.True(t, f.Universal)
	sds, err := f.FaultMaps()
	require.NoError(t, err)
	require.Len(t, sds, 2)
	assert.Equal(t, "x86_64", sds[0].Slice)
	assert.Equal(t, "aarch64", sds[1].Slice)
	assert.Equal(t, 132, len(sds[0].Data)) // 4 functions, 5 faults
	assert.Equal(t, 92, len(sds[1].Data))  // 3 functions, 3 faults
}

// FuzzFaultMaps: any file, opened and its fault maps found and decoded,
// fails cleanly or decodes. Seeds: the checked-in objects.
func FuzzFaultMaps(f *testing.F) {
	for _, name := range []string{"llvm22-x86_64-elf.o", "llvm14-aarch64-elf.o", "llvm22-arm64-macho.o", "llvm22-universal.o"} {
		data, err := os.ReadFile(filepath.Join(faultMapDir, name))
		require.NoError(f, err)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		of, err := objfile.NewFileOptions(bytes.NewReader(data), objfile.Options{AllowNoSection: true})
		if err != nil {
			return
		}
		defer of.Close()
		sds, err := of.FaultMaps()
		if err != nil {
			return
		}
		for _, sd := range sds {
			s, err := faultmap.NewSection(sd)
			if err != nil {
				continue
			}
			faultmap.NewIndex(s)
			for i := range s.NumFunctions() {
				fn := s.Function(i)
				fn.Name()
				fn.CodeSection()
			}
		}
	})
}
