package compactunwind_test

import (
	"bufio"
	"debug/macho"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/compactunwind"
)

const td = "../testdata/"

// unwindInfo reads the __TEXT,__unwind_info section of a Mach-O image.
func unwindInfo(t *testing.T, path string) (*compactunwind.Info, *macho.File) {
	t.Helper()
	f, err := macho.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	s := f.Section("__unwind_info")
	require.NotNil(t, s, path)
	require.Equal(t, "__TEXT", s.Seg)
	data, err := s.Data()
	require.NoError(t, err)
	in, err := compactunwind.Parse(data)
	require.NoError(t, err, path)
	return in, f
}

// objdumpUnwind is what llvm-objdump --unwind-info prints of a section.
type objdumpUnwind struct {
	common  []uint32
	index   [][3]uint32 // function offset, page offset, LSDA offset
	entries [][2]uint32 // function offset, encoding
}

var (
	reCommon = regexp.MustCompile(`^    encoding\[\d+\]: 0x([0-9a-f]+)$`)
	reIndex  = regexp.MustCompile(`^    \[\d+\]: function offset=0x([0-9a-f]+), 2nd level page offset=0x([0-9a-f]+), LSDA offset=0x([0-9a-f]+)$`)
	reEntry  = regexp.MustCompile(`^      \[\d+\]: function offset=0x([0-9a-f]+), encoding(?:\[\d+\])?=0x([0-9a-f]+)$`)
)

func hex32(t *testing.T, s string) uint32 {
	v, err := strconv.ParseUint(s, 16, 32)
	require.NoError(t, err)
	return uint32(v)
}

func readObjdump(t *testing.T, path string) objdumpUnwind {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var o objdumpUnwind
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if m := reCommon.FindStringSubmatch(line); m != nil {
			o.common = append(o.common, hex32(t, m[1]))
		} else if m := reIndex.FindStringSubmatch(line); m != nil {
			o.index = append(o.index, [3]uint32{hex32(t, m[1]), hex32(t, m[2]), hex32(t, m[3])})
		} else if m := reEntry.FindStringSubmatch(line); m != nil {
			o.entries = append(o.entries, [2]uint32{hex32(t, m[1]), hex32(t, m[2])})
		}
	}
	require.NoError(t, sc.Err())
	return o
}

// TestObjdumpGolden: for every linked Mach-O image under testdata
// (linked-macho/ and compactunwind/), the
// common encodings, first-level index and every second-level entry
// (function offset, encoding) equal what llvm-objdump-22 --unwind-info
// printed (testdata/linked-macho/unwind-info.sh), and Lookup finds every
// entry at its first and last byte.
func TestObjdumpGolden(t *testing.T) {
	golden, err := filepath.Glob(td + "linked-macho/*.unwind-info.txt")
	require.NoError(t, err)
	more, err := filepath.Glob(td + "compactunwind/*.dylib.unwind-info.txt")
	require.NoError(t, err)
	golden = append(golden, more...)
	require.Len(t, golden, 8)
	total := 0
	for _, g := range golden {
		img := strings.TrimSuffix(g, ".unwind-info.txt")
		t.Run(filepath.Base(img), func(t *testing.T) {
			want := readObjdump(t, g)
			require.NotEmpty(t, want.entries)
			in, _ := unwindInfo(t, img)

			var common []uint32
			for i := 0; i < in.NumCommonEncodings(); i++ {
				common = append(common, uint32(in.CommonEncoding(i)))
			}
			assert.Equal(t, want.common, common)
			var index [][3]uint32
			for i := 0; i < in.NumIndex(); i++ {
				ie := in.Index(i)
				index = append(index, [3]uint32{ie.FunctionOffset, ie.PageOffset, ie.LSDAOffset})
			}
			assert.Equal(t, want.index, index)

			var got [][2]uint32
			var all []compactunwind.Entry
			for _, e := range in.Entries() {
				got = append(got, [2]uint32{e.FunctionOffset, uint32(e.Encoding)})
				all = append(all, e)
			}
			assert.Equal(t, want.entries, got)
			assert.Equal(t, len(got), in.NumEntries())
			total += len(got)

			for _, e := range all {
				require.NotZero(t, e.Length, "%#x", e.FunctionOffset)
				for _, off := range []uint32{e.FunctionOffset, e.FunctionOffset + e.Length - 1} {
					le, ok := in.Lookup(off)
					require.True(t, ok, "%#x", off)
					assert.Equal(t, e, le, "%#x", off)
				}
			}
			_, ok := in.Lookup(all[0].FunctionOffset - 1)
			assert.False(t, ok, "before the first function")
			last := all[len(all)-1]
			_, ok = in.Lookup(last.FunctionOffset + last.Length)
			assert.False(t, ok, "past the index's end")
		})
	}
	// linked-macho: 11 per arm64 image, 18 in the x86_64 one;
	// compactunwind: 11 functions per arm64 image, 12 per x86_64 one.
	assert.Equal(t, 3*11+18+2*11+2*12, total, "entries in the eight images")
}
