package stackmap_test

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// corpusSections returns every stack map section of the checked-in test
// data, decoded: objects (relocated as their locator gives them), raw
// .bin sections, linked ELF, Mach-O and PE images. Files that hold no
// section, and the deliberately broken inputs, are skipped.
func corpusSections(t *testing.T) map[string]*stackmap.Section {
	t.Helper()
	out := map[string]*stackmap.Section{}
	err := filepath.WalkDir(corpus.Root(), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(corpus.Root(), path)
		if strings.HasSuffix(path, ".bin") {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			orders := stackmap.ByteOrders(data)
			if len(orders) == 0 {
				return nil
			}
			s, err := stackmap.Parse(data, orders[0])
			require.NoError(t, err)
			out[rel] = s
			return nil
		}
		f, err := objfile.Open(path)
		if err != nil {
			return nil // not an object file, or one without stack maps
		}
		defer f.Close()
		for i, sd := range f.Sections {
			s, err := sd.Parse()
			if err != nil {
				continue
			}
			name := rel
			if len(f.Sections) > 1 {
				name += "#" + sd.Slice + "#" + string(rune('0'+i))
			}
			out[name] = s
		}
		return nil
	})
	require.NoError(t, err)
	return out
}

// TestWriterCorpusRoundTrip re-encodes every checked-in table two ways and
// compares the bytes with what llc wrote: exactly as decoded (Table.Spec),
// and rebuilt from its values by LLVM's rules (Builder: constants in
// first-use order, deduplicated; live-outs sorted by register).
func TestWriterCorpusRoundTrip(t *testing.T) {
	sections := corpusSections(t)
	perVersion := map[stackmap.Version]int{}
	for name, s := range sections {
		bo := s.ByteOrder()
		whole, err := stackmap.AppendSection(nil, s.Specs(), bo)
		require.NoError(t, err, name)
		require.True(t, bytes.Equal(whole, s.Bytes()), "%s: AppendSection(Specs()) differs from the section", name)
		for i, tb := range s.Tables() {
			perVersion[tb.Version()]++
			rebuilt := rebuildByLLVMRules(t, tb)
			got, err := stackmap.AppendTable(nil, &rebuilt, bo)
			require.NoError(t, err, "%s table %d", name, i)
			if !bytes.Equal(got, tb.Bytes()) {
				t.Errorf("%s table %d: rebuilt by LLVM's rules, %d bytes differ from llc's %d", name, i, len(got), tb.Size())
			}
		}
	}
	t.Logf("%d sections; tables per version: %v", len(sections), perVersion)
	// The experiment matched 932 version 3 tables; the corpus only grows.
	assert.GreaterOrEqual(t, perVersion[stackmap.Version3], 932)
	assert.GreaterOrEqual(t, perVersion[stackmap.Version1], 2)
	assert.GreaterOrEqual(t, perVersion[stackmap.Version2], 1)
}

// rebuildByLLVMRules describes tb by its values only and rebuilds it with
// a Builder: large constants by value, live-outs in any order.
func rebuildByLLVMRules(t *testing.T, tb *stackmap.Table) stackmap.TableSpec {
	t.Helper()
	b := stackmap.Builder{Spec: stackmap.TableSpec{Version: tb.Version()}}
	recs := make([]stackmap.Record, 0, tb.NumRecords())
	for _, r := range tb.Records() {
		recs = append(recs, r)
	}
	rec := 0
	addRecords := func(fn int) {
		for ; rec < tb.NumRecords() && (fn < 0 || recs[rec].Function() == fn); rec++ {
			r := recs[rec]
			spec := stackmap.RecordSpec{ID: r.ID(), InstructionOffset: r.InstructionOffset(), Flags: r.Flags()}
			for _, l := range r.Locations() {
				if l.Kind == stackmap.ConstantIndex {
					v, ok := r.ConstantValue(l)
					require.True(t, ok)
					c := b.ConstantIndex(v)
					c.Size, c.Reg = l.Size, l.Reg
					l = c
				}
				spec.Locations = append(spec.Locations, l)
			}
			// Hand the live-outs over reversed: the Builder must sort them.
			for j := r.NumLiveOuts() - 1; j >= 0; j-- {
				lo, _ := r.LiveOut(j)
				spec.LiveOuts = append(spec.LiveOuts, lo)
			}
			b.AddRecord(spec)
		}
	}
	for _, f := range tb.Functions() {
		b.AddFunction(f.StoredAddress(), f.StackSize())
		if tb.Version() != stackmap.Version1 {
			addRecords(f.Index())
		}
	}
	addRecords(-1) // version 1: records say nothing of their function
	return b.Spec
}

// TestWriterBothByteOrders encodes one spec in both byte orders: each
// decodes, in its own order only, to the same values.
func TestWriterBothByteOrders(t *testing.T) {
	b := stackmap.Builder{Spec: stackmap.TableSpec{Version: stackmap.Version3}}
	b.AddFunction(0x401000, 32)
	b.AddRecord(stackmap.RecordSpec{ID: 7, InstructionOffset: 12, Locations: []stackmap.Location{
		{Kind: stackmap.Register, Size: 8, Reg: 3}, b.Constant(1 << 40), b.Constant(uint64(1<<64 - 1)),
	}, LiveOuts: []stackmap.LiveOut{{Reg: 7, Size: 8}, {Reg: 1, Size: 8}}})
	for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		data, err := stackmap.AppendTable(nil, &b.Spec, bo)
		require.NoError(t, err)
		assert.Equal(t, []binary.ByteOrder{bo}, stackmap.ByteOrders(data))
		s, err := stackmap.Parse(data, bo)
		require.NoError(t, err)
		got := s.Table(0).Spec()
		assert.Equal(t, b.Spec, got)
		assert.Equal(t, []uint64{1 << 40}, got.Constants)
		assert.Equal(t, stackmap.Location{Kind: stackmap.Constant, Size: 8, Offset: -1}, got.Records[0].Locations[2])
		assert.Equal(t, []stackmap.LiveOut{{Reg: 1, Size: 8}, {Reg: 7, Size: 8}}, got.Records[0].LiveOuts)
	}
}

// TestWriterRulesMatter breaks each of LLVM's rules in turn and counts the
// checked-in tables whose bytes then differ from llc's: each rule must
// matter to some (FORMAT.md, "Writing", quotes the counts).
func TestWriterRulesMatter(t *testing.T) {
	sorted, duplicated, unsortedLiveOuts, tables := 0, 0, 0, 0
	for _, s := range corpusSections(t) {
		for _, tb := range s.Tables() {
			tables++
			want := tb.Bytes()
			spec := rebuildByLLVMRules(t, tb)
			differs := func(sp stackmap.TableSpec) bool {
				got, err := stackmap.AppendTable(nil, &sp, s.ByteOrder())
				require.NoError(t, err)
				return !bytes.Equal(got, want)
			}
			// Constants sorted by value.
			sp := cloneSpec(spec)
			order := make([]int, len(sp.Constants))
			for i := range order {
				order[i] = i
			}
			slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(sp.Constants[a], sp.Constants[b]) })
			newIndex := make([]int32, len(order))
			for to, from := range order {
				newIndex[from] = int32(to)
			}
			slices.Sort(sp.Constants)
			forConstantIndexes(&sp, func(l *stackmap.Location) { l.Offset = newIndex[l.Offset] })
			if differs(sp) {
				sorted++
			}
			// One constants entry per use.
			sp = cloneSpec(spec)
			old := sp.Constants
			sp.Constants = nil
			forConstantIndexes(&sp, func(l *stackmap.Location) {
				sp.Constants = append(sp.Constants, old[l.Offset])
				l.Offset = int32(len(sp.Constants) - 1)
			})
			if differs(sp) {
				duplicated++
			}
			// Live-outs in the reverse of LLVM's order.
			sp = cloneSpec(spec)
			for i := range sp.Records {
				slices.Reverse(sp.Records[i].LiveOuts)
			}
			if differs(sp) {
				unsortedLiveOuts++
			}
		}
	}
	t.Logf("of %d tables, %d differ with constants sorted, %d with a constant per use, %d with live-outs unsorted", tables, sorted, duplicated, unsortedLiveOuts)
	assert.Positive(t, sorted)
	assert.Positive(t, duplicated)
	assert.Positive(t, unsortedLiveOuts)
}

func cloneSpec(s stackmap.TableSpec) stackmap.TableSpec {
	out := s
	out.Functions = slices.Clone(s.Functions)
	out.Constants = slices.Clone(s.Constants)
	out.Records = slices.Clone(s.Records)
	for i := range out.Records {
		out.Records[i].Locations = slices.Clone(s.Records[i].Locations)
		out.Records[i].LiveOuts = slices.Clone(s.Records[i].LiveOuts)
	}
	return out
}

func forConstantIndexes(s *stackmap.TableSpec, f func(*stackmap.Location)) {
	for i := range s.Records {
		for j := range s.Records[i].Locations {
			if l := &s.Records[i].Locations[j]; l.Kind == stackmap.ConstantIndex {
				f(l)
			}
		}
	}
}
