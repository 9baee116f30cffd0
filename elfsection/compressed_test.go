package elfsection_test

import (
	"bytes"
	"compress/zlib"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/stackmap"
)

const compressedSource = "objects/llvm22/x86_64-elf/kinds.o"

// wantKinds is what the uncompressed object decodes to.
func wantKinds(t *testing.T) ([]byte, []string) {
	t.Helper()
	want, err := os.ReadFile(filepath.Join(corpus.Root(), "objects/llvm22/x86_64-elf/kinds.stackmaps.bin"))
	require.NoError(t, err)
	sd, err := openSection(filepath.Join(corpus.Root(), compressedSource))
	require.NoError(t, err)
	defer sd.Close()
	return want, names(reloctest.Functions(t, sd))
}

// The objects llvm-objcopy-22 --compress-sections wrote (testdata/
// compressed, SHF_ALLOC kept on the compressed section) decode to the
// uncompressed object's section, relocated the same; a bound below the
// section's size refuses them with ErrTooLarge.
func TestCompressedSections(t *testing.T) {
	want, wantNames := wantKinds(t)
	require.Equal(t, []string{"kinds_register", "kinds_direct", "kinds_indirect", "kinds_constant", "kinds_constant_index", "kinds_all"}, wantNames)
	for _, alg := range []string{"zlib", "zstd"} {
		t.Run(alg, func(t *testing.T) {
			path := filepath.Join(corpus.Root(), "compressed", "kinds-"+alg+".o")
			for _, open := range []func() (*stackmap.SectionData, error){
				func() (*stackmap.SectionData, error) { return openSection(path) },
				func() (*stackmap.SectionData, error) {
					f, err := os.Open(path)
					require.NoError(t, err)
					defer f.Close()
					return readSection(f)
				},
			} {
				sd, err := open()
				require.NoError(t, err)
				assert.Equal(t, want, sd.Data)
				assert.Equal(t, wantNames, names(reloctest.Functions(t, sd)))
				require.NoError(t, sd.Close())
			}
			_, err := openSectionOptions(path, elfsection.Options{MaxInflated: int64(len(want) - 1)})
			require.ErrorIs(t, err, stackmap.ErrTooLarge)
			var fe *stackmap.FileError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, int64(0x230), fe.Offset, "the section's file offset (readelf -S)")
			sd, err := openSectionOptions(path, elfsection.Options{MaxInflated: int64(len(want))})
			require.NoError(t, err)
			assert.Equal(t, want, sd.Data)
		})
	}
}

// The checked-in compressed objects are what llvm-objcopy-22 writes.
func TestCompressedSectionsRegenerate(t *testing.T) {
	tool := testenv.Need(t, "llvm-objcopy-22")[0]
	for _, alg := range []string{"zlib", "zstd"} {
		out := filepath.Join(t.TempDir(), alg+".o")
		b, err := exec.Command(tool, "--compress-sections=.llvm_stackmaps="+alg, filepath.Join(corpus.Root(), compressedSource), out).CombinedOutput()
		require.NoError(t, err, "%s", b)
		got, err := os.ReadFile(out)
		require.NoError(t, err)
		checked, err := os.ReadFile(filepath.Join(corpus.Root(), "compressed", "kinds-"+alg+".o"))
		require.NoError(t, err)
		assert.Equal(t, checked, got, alg)
	}
}

// withCompressed returns the object with its stack map section replaced
// by a zlib stream of payload declared (ch_size) as size bytes.
func withCompressed(t *testing.T, payload []byte, size uint64) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpus.Root(), compressedSource))
	require.NoError(t, err)
	f, err := elf.NewFile(bytes.NewReader(b))
	require.NoError(t, err)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	_, err = zw.Write(payload)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	var chdr [24]byte
	le := f.ByteOrder
	le.PutUint32(chdr[0:], uint32(elf.COMPRESS_ZLIB))
	le.PutUint64(chdr[8:], size)
	le.PutUint64(chdr[16:], 8)
	off := len(b)
	b = append(append(b, chdr[:]...), z.Bytes()...)
	shoff := int(le.Uint64(b[0x28:]))
	for i, s := range f.Sections {
		if s.Name == elfsection.SectionName {
			h := b[shoff+64*i:]
			le.PutUint64(h[8:], uint64(s.Flags|elf.SHF_COMPRESSED))
			le.PutUint64(h[24:], uint64(off))
			le.PutUint64(h[32:], uint64(len(chdr)+z.Len()))
			return b
		}
	}
	t.Fatal("no stack map section")
	return nil
}

// A compressed section must inflate to exactly the size it declares.
func TestCompressedSizeMismatch(t *testing.T) {
	want, _ := wantKinds(t)
	sd, err := readSection(bytes.NewReader(withCompressed(t, want, uint64(len(want)))))
	require.NoError(t, err)
	assert.Equal(t, want, sd.Data)

	for _, c := range []struct {
		size   uint64
		detail string
	}{
		{uint64(len(want)) - 8, "inflates past the 1048 bytes it declares"},
		{uint64(len(want)) + 8, "inflates to 1056 bytes, short of the 1064 it declares"},
		{1 << 40, "declares 1099511627776 bytes inflated (ch_size), over the bound of 268435456"},
	} {
		_, err := readSection(bytes.NewReader(withCompressed(t, want, c.size)))
		var fe *stackmap.FileError
		require.ErrorAs(t, err, &fe)
		assert.Equal(t, "section 4 (.llvm_stackmaps)", fe.What)
		assert.Equal(t, int64(0xd28), fe.Offset, "the appended section's offset")
		assert.Contains(t, err.Error(), c.detail)
	}
}
