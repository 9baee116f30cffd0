package machosection_test

import (
	"bytes"
	"debug/macho"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/machosection"
)

// Each function of every checked-in Mach-O object is named, through its
// ARM64_RELOC_UNSIGNED / X86_64_RELOC_UNSIGNED relocation, after the
// function the IR defines, in order; the raw name has the leading
// underscore, DisplayName drops it.
func TestObjectFunctionNames(t *testing.T) {
	targets := map[string]bool{}
	for _, o := range reloctest.Objects(t, "macho") {
		t.Run(o.Name(), func(t *testing.T) {
			want, err := reloctest.StackMapFunctions(o.IR)
			require.NoError(t, err)
			sd, err := openSection(o.Path)
			require.NoError(t, err)
			defer sd.Close()
			var got []string
			for _, fi := range reloctest.Functions(t, sd) {
				assert.Equal(t, byte('_'), fi.Symbol()[0], "%s", fi.Symbol())
				assert.Zero(t, fi.Addend())
				assert.NotZero(t, fi.Size())
				got = append(got, machosection.DisplayName(fi.Symbol()))
			}
			assert.Equal(t, want, got)
			targets[o.Target] = true
		})
	}
	assert.True(t, targets["x86_64-macho"])
	assert.True(t, targets["arm64-macho"])
}

// Local (internal) functions are relocated against their own symbol too.
func TestLocalFunctions(t *testing.T) {
	for _, target := range []string{"x86_64-macho", "arm64-macho"} {
		t.Run(target, func(t *testing.T) {
			sd, err := openSection(filepath.Join(corpus.Root(), "reloc", "local", target+".o"))
			require.NoError(t, err)
			defer sd.Close()
			fis := reloctest.Functions(t, sd)
			require.Len(t, fis, 3)
			assert.Equal(t, "_glob_a", fis[0].Symbol())
			assert.Equal(t, "_local_b", fis[1].Symbol())
			assert.Equal(t, "_glob_c", fis[2].Symbol())
			assert.Equal(t, uint64(0), fis[0].Address())
			assert.Equal(t, uint64(0x20), fis[1].Address())
			assert.Equal(t, uint64(0x40), fis[2].Address())
		})
	}
}

// Each function's address is the value llvm-nm gives its symbol.
func TestObjectFunctionAddressesMatchNM(t *testing.T) {
	reloctest.AddressesMatchNM(t, "macho", openSection)
}

// Every slice of a universal file gets its relocations applied (they are
// found relative to the slice).
func TestUniversalFileFunctionNames(t *testing.T) {
	sds, err := openFatSections(filepath.Join(corpus.Root(), "fat", "kinds-universal.o"))
	require.NoError(t, err)
	want, err := reloctest.StackMapFunctions(filepath.Join(corpus.Root(), "ir", "kinds.ll"))
	require.NoError(t, err)
	for _, sd := range sds {
		var got []string
		for _, fi := range reloctest.Functions(t, sd) {
			got = append(got, machosection.DisplayName(fi.Symbol()))
		}
		assert.Equal(t, want, got, sd.Slice)
		require.NoError(t, sd.Close())
		assert.Nil(t, sd.Data)
	}
}

func TestDisplayName(t *testing.T) {
	assert.Equal(t, "foo", machosection.DisplayName("_foo"))
	assert.Equal(t, "_foo", machosection.DisplayName("__foo"))
	assert.Equal(t, "ltmp0", machosection.DisplayName("ltmp0"))
	assert.Equal(t, "_", machosection.DisplayName("_"))
	assert.Equal(t, "", machosection.DisplayName(""))
}

// machoRelocs returns the file and the file offset of the stack map
// section's relocation entries.
func machoRelocs(t *testing.T, rel string) ([]byte, int, int) {
	data, err := os.ReadFile(filepath.Join(corpus.Root(), rel))
	require.NoError(t, err)
	f, err := macho.NewFile(bytes.NewReader(data))
	require.NoError(t, err)
	s := f.Section(machosection.SectionName)
	require.NotNil(t, s)
	require.NotZero(t, s.Nreloc)
	return data, int(s.Reloff), int(s.Nreloc)
}

func TestMalformedRelocations(t *testing.T) {
	data, off, _ := machoRelocs(t, "objects/llvm22/arm64-macho/kinds.o")
	le := binary.LittleEndian
	word := func(b []byte) uint32 { return le.Uint32(b[off+4:]) }
	for name, c := range map[string]struct {
		patch  func(b []byte)
		detail string
	}{
		"field past the section": {func(b []byte) { le.PutUint32(b[off:], 0x7fff0000) }, "outside the section"},
		"symbol past the table":  {func(b []byte) { le.PutUint32(b[off+4:], word(b)|0xffffff) }, "symbol index"},
		"pc-relative":            {func(b []byte) { le.PutUint32(b[off+4:], word(b)|1<<24) }, "pc-relative"},
		"2-byte field":           {func(b []byte) { le.PutUint32(b[off+4:], word(b)&^(3<<25)|1<<25) }, "not 4 or 8 bytes"},
		"subtractor":             {func(b []byte) { le.PutUint32(b[off+4:], word(b)|1<<28) }, "UNSIGNED"},
		"section ordinal 0":      {func(b []byte) { le.PutUint32(b[off+4:], word(b)&^(1<<27|0xffffff)) }, "section ordinal 0"},
	} {
		t.Run(name, func(t *testing.T) {
			b := bytes.Clone(data)
			c.patch(b)
			_, err := readSection(bytes.NewReader(b))
			reloctest.RequireRefused(t, err, 0, c.detail)
		})
	}
}

func TestScrambledRelocationsDoNotPanic(t *testing.T) {
	for _, rel := range []string{"objects/llvm22/arm64-macho/many_functions.o", "objects/llvm22/x86_64-macho/kinds.o"} {
		data, off, n := machoRelocs(t, rel)
		reloctest.Scramble(t, rel, data, off, off+8*n, read)
	}
}

func read(b []byte) error {
	sds, err := readFatSections(bytes.NewReader(b))
	if err != nil {
		return err
	}
	for _, sd := range sds {
		if err := reloctest.WalkRelocated(sd); err != nil {
			return err
		}
	}
	return nil
}
