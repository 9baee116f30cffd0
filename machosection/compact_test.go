package machosection_test

import (
	"bufio"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// objdumpEntries reads the __compact_unwind entries llvm-objdump-22
// --unwind-info printed of an object: start address, length, encoding.
func objdumpEntries(t *testing.T, path string) [][3]uint64 {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	re := regexp.MustCompile(`^    (start|length|compact encoding): +0x([0-9a-f]+)`)
	var out [][3]uint64
	var cur [3]uint64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := re.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		v, err := strconv.ParseUint(m[2], 16, 64)
		require.NoError(t, err)
		switch m[1] {
		case "start":
			cur[0] = v
		case "length":
			cur[1] = v
		default:
			cur[2] = v
			out = append(out, cur)
		}
	}
	require.NoError(t, sc.Err())
	return out
}

// TestCompactUnwindObjects: the relocated __compact_unwind entries of the
// objects of testdata/compactunwind and of every llvm22 arm64 Mach-O object
// equal what llvm-objdump-22 --unwind-info printed (start address, length,
// encoding), and each entry is found by Lookup at its first and last byte.
// The function addresses are the ones stack maps give their functions.
func TestCompactUnwindObjects(t *testing.T) {
	for _, o := range []string{"compactunwind/arm64.o", "compactunwind/x86_64.o", "compactunwind/arm64-dwarf.o"} {
		t.Run(o, func(t *testing.T) {
			want := objdumpEntries(t, "../testdata/"+o+".unwind-info.txt")
			require.NotEmpty(t, want)
			cu, err := openCompactUnwind("../testdata/" + o)
			require.NoError(t, err)
			require.Nil(t, cu.Info)
			require.NotNil(t, cu.Object)
			var got [][3]uint64
			for i := 0; i < cu.Object.NumEntries(); i++ {
				e := cu.Object.Entry(i)
				got = append(got, [3]uint64{e.Function, uint64(e.Length), uint64(e.Encoding)})
				for _, a := range []uint64{e.Function, e.Function + uint64(e.Length) - 1} {
					le, ok := cu.Object.Lookup(a)
					require.True(t, ok, "%#x", a)
					assert.Equal(t, e, le)
				}
			}
			assert.Equal(t, want, got)

			// Every stack map function starts an entry.
			sd, err := openSection("../testdata/" + o)
			require.NoError(t, err)
			defer sd.Close()
			sec, err := sd.Parse()
			require.NoError(t, err)
			n := 0
			for _, tab := range sec.Tables() {
				for _, fn := range tab.Functions() {
					e, ok := cu.Object.Lookup(fn.Address())
					require.True(t, ok, "%#x", fn.Address())
					assert.Equal(t, fn.Address(), e.Function)
					n++
				}
			}
			assert.Equal(t, 8, n, "functions with stack maps")
		})
	}
	cu, err := openCompactUnwind("../testdata/compactunwind/arm64.dylib")
	require.NoError(t, err)
	assert.Nil(t, cu.Object)
	require.NotNil(t, cu.Info)
	assert.Equal(t, uint64(0), cu.TextAddr)
	e, ok := cu.Info.Lookup(0x598) // _cu_all
	require.True(t, ok)
	assert.Equal(t, uint32(0x04000f1f), uint32(e.Encoding))
}
