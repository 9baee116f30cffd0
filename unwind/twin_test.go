package unwind_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/unwind"
)

// readNM reads an llvm-nm view: defined symbol name -> address.
func readNM(t *testing.T, path string) map[string]uint64 {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	out := map[string]uint64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 3 || (fs[1] != "T" && fs[1] != "t") {
			continue
		}
		v, err := strconv.ParseUint(fs[0], 16, 64)
		require.NoError(t, err)
		out[fs[2]] = v
	}
	return out
}

// TestCompactRowsEqualDWARFTwin: testdata/compactunwind builds the same
// code twice, with compact unwind and with DWARF CFI only (gen.sh). At
// every record, the DWARF rules a compact entry is stated as equal the
// rules of the twin's FDE at the same distance from the same function's
// start (and those equal llvm-dwarfdump's: TestRowsEqualDwarfdump).
func TestCompactRowsEqualDWARFTwin(t *testing.T) {
	compared := 0
	for _, pair := range [][2]string{
		{"arm64.o", "arm64-dwarf.o"}, {"arm64.dylib", "arm64-dwarf.dylib"},
		{"x86_64.dylib", "x86_64-dwarf.dylib"},
	} {
		cpath, dpath := td+"compactunwind/"+pair[0], td+"compactunwind/"+pair[1]
		ctab, err := objfile.OpenUnwind(cpath, "")
		require.NoError(t, err)
		dtab, err := objfile.OpenUnwind(dpath, "")
		require.NoError(t, err)
		cnm, dnm := readNM(t, cpath+".nm.txt"), readNM(t, dpath+".nm.txt")
		name := map[uint64]string{}
		for n, a := range cnm {
			if !strings.HasPrefix(n, "ltmp") {
				name[a] = n
			}
		}
		of, err := objfile.Open(cpath)
		require.NoError(t, err)
		sec, err := of.Sections[0].Parse()
		require.NoError(t, err)
		var cctx, dctx unwind.Context
		for _, tb := range sec.Tables() {
			for _, rec := range tb.Records() {
				addr, _ := rec.Address()
				cr, err := ctab.RowAt(addr, &cctx)
				require.NoError(t, err, "%s: %#x", pair[0], addr)
				if !cr.Compact || cr.HasFDE {
					continue
				}
				fn, ok := name[cr.FunctionStart]
				require.True(t, ok, "%s: no symbol at %#x", pair[0], cr.FunctionStart)
				twin, ok := dnm[fn]
				require.True(t, ok, "%s: no %s", pair[1], fn)
				dr, err := dtab.RowAt(twin+(addr-cr.FunctionStart), &dctx)
				require.NoError(t, err, "%s: %s", pair[1], fn)
				require.True(t, dr.HasFDE)
				assert.Equal(t, renderRow(dtab.Arch(), dr.Rules), renderRow(ctab.Arch(), cr.Rules), "%s %s+%#x (compact %#08x)", pair[0], fn, addr-cr.FunctionStart, uint32(cr.Encoding))
				compared++
			}
		}
		of.Close()
	}
	t.Logf("%d compact rows compared", compared)
	assert.Greater(t, compared, 15)
}
