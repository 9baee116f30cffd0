package stackwalk_test

import (
	"errors"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/unwind"
)

// cfiBinaries are the checked-in linked binaries with stack maps and
// .eh_frame (relative to testdata/).
// 141 records (the stackmaps tool counts as many in these files, every
// table), all inside an FDE.
const wantRecordRows, wantNoFDE = 141, 0

var cfiBinaries = []string{"walk/captures/*/walk", "deopt/golden/*/deopt", "linked/*/exe", "linked/*/pie", "linked/*/libstackmaps.so"}

// TestRecordsHaveCFI looks up the CFI row at every record's address of
// every checked-in linked binary: it must succeed, or the record's
// function must have no FDE at all.
func TestRecordsHaveCFI(t *testing.T) {
	var paths []string
	for _, g := range cfiBinaries {
		ps, err := filepath.Glob(filepath.Join(corpus.Root(), g))
		require.NoError(t, err)
		paths = append(paths, ps...)
	}
	sort.Strings(paths)
	var uc unwind.Context
	binaries, records, rows, noFDE := 0, 0, 0, 0
	for _, p := range paths {
		m, err := objfile.OpenModule(p, 0)
		require.NoError(t, err, p)
		require.NotNil(t, m.Stackmaps, p)
		binaries++
		for _, pc := range recordAddresses(t, p) {
			records++
			ur, err := m.Unwind.RowAt(pc.addr, &uc)
			if err == nil {
				row := ur.Rules
				rows++
				assert.True(t, pc.addr >= row.Start && pc.addr < row.End, "%s: row of %#x", p, pc.addr)
				assert.NotEqual(t, cfi.CFAUnspecified, row.CFA.Kind, "%s: CFA rule at %#x", p, pc.addr)
				continue
			}
			require.True(t, errors.Is(err, cfi.ErrNotFound), "%s: %#x: %v", p, pc.addr, err)
			_, ferr := m.Unwind.RowAt(pc.entry, &uc)
			assert.ErrorIs(t, ferr, cfi.ErrNotFound, "%s: record at %#x has no row but its function %#x has", p, pc.addr, pc.entry)
			noFDE++
		}
		require.NoError(t, m.Close())
	}
	t.Logf("%d binaries, %d records: %d with a CFI row, %d in functions without an FDE", binaries, records, rows, noFDE)
	assert.Equal(t, 24, binaries)
	assert.Equal(t, records, rows+noFDE)
	assert.Equal(t, wantRecordRows, rows)
	assert.Equal(t, wantNoFDE, noFDE)
}

type recAddr struct{ addr, entry uint64 }

// recordAddresses lists every record's link-time address (relocated) and
// its function's entry, in section order.
func recordAddresses(t *testing.T, path string) []recAddr {
	t.Helper()
	f, err := objfile.Open(path)
	require.NoError(t, err)
	defer f.Close()
	sec, err := f.Sections[0].Parse()
	require.NoError(t, err)
	var out []recAddr
	for _, tb := range sec.Tables() {
		for _, r := range tb.Records() {
			addr, ok := r.Address()
			require.True(t, ok, "%s: record %d has no address", path, r.Index())
			fn, ok := tb.Function(r.Function())
			require.True(t, ok)
			out = append(out, recAddr{addr, fn.Entry()})
		}
	}
	return out
}
