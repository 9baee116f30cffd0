package pesection_test

import (
	"bytes"
	"debug/pe"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/pesection"
)

// Each function of every checked-in COFF object is named, through its
// IMAGE_REL_AMD64_ADDR64 relocation, after the function the IR defines,
// in order.
func TestObjectFunctionNames(t *testing.T) {
	for _, o := range reloctest.Objects(t, "coff") {
		t.Run(o.Name(), func(t *testing.T) {
			want, err := reloctest.StackMapFunctions(o.IR)
			require.NoError(t, err)
			sd, err := openSection(o.Path)
			require.NoError(t, err)
			defer sd.Close()
			fis := reloctest.Functions(t, sd)
			var got []string
			for _, fi := range fis {
				assert.Zero(t, fi.Addend())
				assert.NotZero(t, fi.Size(), "%s", fi.Symbol())
				got = append(got, fi.Symbol())
			}
			assert.Equal(t, want, got)
		})
	}
}

func TestLocalFunctions(t *testing.T) {
	sd, err := openSection(filepath.Join(corpus.Root(), "reloc", "local", "x86_64-coff.o"))
	require.NoError(t, err)
	defer sd.Close()
	fis := reloctest.Functions(t, sd)
	require.Len(t, fis, 3)
	for i, want := range []struct {
		name string
		addr uint64
	}{{"glob_a", 0}, {"local_b", 0x20}, {"glob_c", 0x40}} {
		assert.Equal(t, want.name, fis[i].Symbol())
		assert.Equal(t, want.addr, fis[i].Address())
	}
}

// Each function's address is the value llvm-nm gives its symbol.
func TestObjectFunctionAddressesMatchNM(t *testing.T) {
	reloctest.AddressesMatchNM(t, "coff", openSection)
}

// coffRelocs returns the file and the file offset and count of the stack
// map section's relocation entries (10 bytes each).
func coffRelocs(t *testing.T, rel string) ([]byte, int, int) {
	data, err := os.ReadFile(filepath.Join(corpus.Root(), rel))
	require.NoError(t, err)
	f, err := pe.NewFile(bytes.NewReader(data))
	require.NoError(t, err)
	s := f.Section(pesection.SectionName)
	require.NotNil(t, s)
	require.NotZero(t, s.NumberOfRelocations)
	return data, int(s.PointerToRelocations), int(s.NumberOfRelocations)
}

func TestMalformedRelocations(t *testing.T) {
	data, off, _ := coffRelocs(t, "objects/llvm22/x86_64-coff/kinds.o")
	le := binary.LittleEndian
	for name, c := range map[string]struct {
		patch  func(b []byte)
		detail string
	}{
		"field past the section": {func(b []byte) { le.PutUint32(b[off:], 0x7fff0000) }, "outside the section"},
		"symbol past the table":  {func(b []byte) { le.PutUint32(b[off+4:], 0xffffff) }, "symbol index"},
		"REL32":                  {func(b []byte) { le.PutUint16(b[off+8:], 4) }, "does not apply"},
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
	for _, rel := range []string{"objects/llvm22/x86_64-coff/many_functions.o", "reloc/local/x86_64-coff.o"} {
		data, off, n := coffRelocs(t, rel)
		reloctest.Scramble(t, rel, data, off, off+10*n, read)
	}
}

func read(b []byte) error {
	sd, err := readSection(bytes.NewReader(b))
	if err != nil {
		return err
	}
	return reloctest.WalkRelocated(sd)
}
