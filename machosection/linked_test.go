package machosection_test

import (
	"bytes"
	"debug/macho"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
)

// TestLinkedImagesMatchNM checks the images testdata/linked-macho/gen.sh
// links with ld64.lld: every function of both tables (kinds.o then
// many_functions.o) is named and has the address llvm-nm gives its
// symbol. The macOS 13 images hold chained fixups: their section's
// function addresses are encoded pointers, which must be decoded.
func TestLinkedImagesMatchNM(t *testing.T) {
	for _, c := range []struct {
		name    string
		chained bool
	}{
		{"x86_64-macos11.dylib", false},
		{"arm64-macos11.dylib", false},
		{"arm64-macos13.dylib", true},
		{"arm64-macos13", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(corpus.Root(), "linked-macho", c.name)
			nm, err := reloctest.ReadNM(path + ".nm.txt")
			require.NoError(t, err)
			sd, err := openSection(path)
			require.NoError(t, err)
			defer sd.Close()
			sec, err := sd.Parse()
			require.NoError(t, err)
			require.Equal(t, 2, sec.NumTables())
			assert.Equal(t, c.chained, sd.NumFixups() > 0, "fixups only where chained fixups encode the pointers")
			n, encoded := 0, 0
			for i := range sec.Tables() {
				for _, f := range sec.Table(i).Functions() {
					fi := f
					require.NotEmpty(t, fi.Symbol(), "table %d function %d", i, f.Index())
					syms := nm[fi.Symbol()]
					require.Len(t, syms, 1, "%s in nm", fi.Symbol())
					assert.Equal(t, syms[0].Value, fi.Address(), "%s", fi.Symbol())
					assert.Equal(t, fi.Address(), fi.Entry())
					if f.StoredAddress() != fi.Address() {
						encoded++
					}
					n++
				}
			}
			assert.Equal(t, 16, n, "6 functions of kinds.ll and 10 of many_functions.ll")
			if c.chained {
				// Only a chain's last pointer (next = 0) reads as its value.
				assert.Greater(t, encoded, 12, "the raw fields are encoded pointers")
			} else {
				assert.Zero(t, encoded, "the file holds the addresses")
			}
		})
	}
}

// TestScrambledChainedFixupsDoNotPanic damages the LC_DYLD_CHAINED_FIXUPS
// data of a linked image.
func TestScrambledChainedFixupsDoNotPanic(t *testing.T) {
	path := filepath.Join(corpus.Root(), "linked-macho", "arm64-macos13.dylib")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	f, err := macho.NewFile(bytes.NewReader(data))
	require.NoError(t, err)
	var off, size uint32
	for _, l := range f.Loads {
		raw := l.Raw()
		if len(raw) >= 16 && f.ByteOrder.Uint32(raw) == 0x80000034 { // LC_DYLD_CHAINED_FIXUPS
			off, size = f.ByteOrder.Uint32(raw[8:]), f.ByteOrder.Uint32(raw[12:])
		}
	}
	require.NotZero(t, size, "the image has chained fixups")
	reloctest.Scramble(t, "arm64-macos13.dylib", data, int(off), int(off+size), read)
}
