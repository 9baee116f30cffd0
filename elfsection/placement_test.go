package elfsection_test

import (
	"debug/elf"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// placed is what a file's stack maps say, as text: every function (its
// address, stack size and symbol) and record (ID, address, locations).
func placed(t *testing.T, sd *stackmap.SectionData, names bool) []string {
	t.Helper()
	sec, err := sd.Parse()
	require.NoError(t, err)
	var out []string
	for ti, tab := range sec.Tables() {
		for i := range tab.NumFunctions() {
			f, ok := tab.Function(i)
			require.True(t, ok)
			line := fmt.Sprintf("table %d function %#x size %d", ti, f.Address(), f.StackSize())
			if names {
				line += " " + f.Name()
			}
			out = append(out, line)
		}
		for _, r := range tab.Records() {
			addr, ok := r.Address()
			line := fmt.Sprintf("table %d record %d at %#x (%v):", ti, r.ID(), addr, ok)
			for _, l := range r.Locations() {
				line += fmt.Sprintf(" %+v", l)
			}
			out = append(out, line)
		}
	}
	return out
}

func placementFile(name string) string { return filepath.Join(corpus.Root(), "placement", name) }

// Each placement of testdata/placement is found, and decodes to the same
// functions and records as the file llc's section name was kept in (for
// files without section headers, whose function symbols are gone, the
// same but the names). The shared library's addresses need its dynamic
// relocations (GNU ld leaves the fields 0 there), read through PT_DYNAMIC
// when the section headers are gone.
func TestPlacements(t *testing.T) {
	cases := []struct {
		file, ref string
		name      string // the SectionData's Name
		tables    int
		stripped  bool // no symbol table: functions have no names
	}{
		{"renamed.o", "base.o", ".data.rel.ro.llvm_stackmaps", 1, false},
		{"renamed-pie", "base-pie", elfsection.StackMapsSymbol, 2, false},
		{"script-pie", "base-pie", "llvm_stackmaps", 2, false},
		{"script-pie.stripped", "base-pie", "llvm_stackmaps (" + elfsection.StartSymbol + ")", 2, true},
		{"symbol-exe.stripped", "symbol-exe", elfsection.StackMapsSymbol, 2, true},
		{"script-lib.so.stripped", "script-lib.so", "llvm_stackmaps (" + elfsection.StartSymbol + ")", 2, true},
		{"base-pie.stripped", "base-pie", "llvm_stackmaps (found in PT_LOAD 0x2000)", 2, true},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			ref, err := openSection(placementFile(c.ref))
			require.NoError(t, err)
			assert.Contains(t, elfsection.SectionNames, ref.Name)
			sd, err := openSection(placementFile(c.file))
			require.NoError(t, err)
			assert.Equal(t, c.name, sd.Name)
			assert.Equal(t, len(ref.Data), len(sd.Data), "the stack maps' length")
			want, got := placed(t, ref, !c.stripped), placed(t, sd, !c.stripped)
			assert.Equal(t, want, got)
			sec, err := sd.Parse()
			require.NoError(t, err)
			assert.Equal(t, c.tables, sec.NumTables())
		})
	}
}

// The reference's first table is llvm-readobj's: 5 functions, 6 records,
// the first function at 4656 (base-pie.readobj.txt).
func TestPlacementReference(t *testing.T) {
	view, err := os.ReadFile(placementFile("base-pie.readobj.txt"))
	require.NoError(t, err)
	require.Contains(t, string(view), "Function address: 4656, stack size: 8, callsite record count: 1")
	for _, name := range []string{"script-pie.stripped", "renamed-pie"} {
		sd, err := openSection(placementFile(name))
		require.NoError(t, err)
		sec, err := sd.Parse()
		require.NoError(t, err)
		tab := sec.Table(0)
		assert.Equal(t, 5, tab.NumFunctions(), name)
		assert.Equal(t, 6, tab.NumRecords(), name)
		f, _ := tab.Function(0)
		assert.Equal(t, uint64(4656), f.Address(), name)
	}
}

// fdeRanges lists the code ranges of a file's .eh_frame FDEs, and whether
// .eh_frame_hdr can be searched.
func fdeRanges(t *testing.T, name string) ([][2]uint64, bool) {
	f, err := elfsection.Open(placementFile(name))
	require.NoError(t, err)
	defer f.Close()
	fs, err := f.Frames()
	require.NoError(t, err)
	require.NotNil(t, fs.EHFrame.Data, name)
	sec, err := cfi.New(fs.EHFrame)
	require.NoError(t, err)
	var out [][2]uint64
	for fde, err := range sec.FDEs() {
		require.NoError(t, err)
		out = append(out, [2]uint64{fde.PCBegin, fde.PCEnd})
	}
	return out, sec.HasHdr()
}

// Without section headers, .eh_frame is found through PT_GNU_EH_FRAME
// and has the FDEs the unstripped file's has.
func TestStrippedFrames(t *testing.T) {
	for _, c := range [][2]string{{"script-pie.stripped", "script-pie"}, {"symbol-exe.stripped", "symbol-exe"}, {"script-lib.so.stripped", "script-lib.so"}} {
		got, hdr := fdeRanges(t, c[0])
		want, _ := fdeRanges(t, c[1])
		assert.NotEmpty(t, want)
		assert.Equal(t, want, got, c[0])
		assert.True(t, hdr, c[0])
	}
}

// Without section headers, the function symbols are the dynamic symbol
// table's: those debug/elf reads from .dynsym of the unstripped library.
func TestStrippedSymbols(t *testing.T) {
	ef, err := elf.Open(placementFile("script-lib.so"))
	require.NoError(t, err)
	defer ef.Close()
	dyn, err := ef.DynamicSymbols()
	require.NoError(t, err)
	want := map[string][2]uint64{}
	for _, s := range dyn {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Section != elf.SHN_UNDEF {
			want[s.Name] = [2]uint64{s.Value, s.Size}
		}
	}
	require.Contains(t, want, "la_global")

	f, err := elfsection.Open(placementFile("script-lib.so.stripped"))
	require.NoError(t, err)
	defer f.Close()
	syms, err := f.Symbols()
	require.NoError(t, err)
	got := map[string][2]uint64{}
	for _, s := range syms {
		got[s.Name] = [2]uint64{s.Value, s.Size}
		assert.True(t, s.Global, s.Name)
	}
	assert.Equal(t, want, got)
}
