package stackmap_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// fsObject is a function-sections object's stack map section and its
// parse.
type fsObject struct {
	path string
	sd   *stackmap.SectionData
	sec  *stackmap.Section
}

// fsectionObjects returns every llc-22 function-sections object's stack
// map section, parsed.
func fsectionObjects(t *testing.T) []fsObject {
	paths, err := filepath.Glob("../testdata/fsections/llvm22/*/*.o")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	var out []fsObject
	for _, p := range paths {
		f, err := objfile.Open(p)
		require.NoError(t, err, p)
		sd := f.Sections[0]
		sec, err := sd.Parse()
		require.NoError(t, err, p)
		f.Close()
		out = append(out, fsObject{p, sd, sec})
	}
	return out
}

// TestIndexCodeSection: in objects built with function sections every
// function is at offset 0 of its own section, so a plain index would find
// several functions' records at one address: it is Sectioned and answers
// nothing (right or refused); an index of one code section
// (IndexOptions.CodeSection) finds exactly that section's. Every record of
// every llc-22 function-sections object is found at its address in its
// own section's index, and in no other section's.
func TestIndexCodeSection(t *testing.T) {
	records := 0
	for _, o := range fsectionObjects(t) {
		p, sd, sec := o.path, o.sd, o.sec
		require.Greater(t, sd.NumCodeSections(), 1, p)
		// Right or refused: the plain index knows addresses are ambiguous
		// and holds nothing; the per-section ones are not sectioned.
		plain := stackmap.NewIndex(sec)
		assert.True(t, plain.Sectioned(), p)
		assert.Zero(t, plain.Len(), p)
		ixs := map[int]*stackmap.Index{}
		for _, c := range sd.CodeSections() {
			ixs[c.Index] = stackmap.NewIndexOptions(sec, stackmap.IndexOptions{CodeSection: c})
		}
		for _, tb := range sec.Tables() {
			for _, r := range tb.Records() {
				fn, ok := tb.Function(r.Function())
				require.True(t, ok, p)
				own := fn.CodeSection()
				require.True(t, own.Known(), "%s: %s", p, fn.Name())
				addr, ok := r.Address()
				require.True(t, ok, p)
				for _, ask := range []func(uint64, uint64) (stackmap.Match, bool){plain.Lookup, plain.At, plain.LookupPreceding} {
					_, ok := ask(addr, 0)
					assert.False(t, ok, "%s: the plain index answers %#x, which every section holds", p, addr)
				}
				_, _, ok = plain.Function(addr, 0)
				assert.False(t, ok, p)
				for c, ix := range ixs {
					assert.False(t, ix.Sectioned(), p)
					m, ok := ix.At(addr, 0)
					if c != own.Index {
						if ok {
							got, _ := m.Record(0)
							gf, _ := got.Table().Function(got.Function())
							assert.Equal(t, c, gf.CodeSection().Index, "%s: section %d's index answers with another section's record", p, c)
						}
						continue
					}
					require.True(t, ok, "%s: %s record %#x at %#x", p, fn.Name(), r.ID(), addr)
					assert.True(t, m.Exact(), p)
					found := false
					for _, got := range m.Records() {
						gf, _ := got.Table().Function(got.Function())
						assert.Equal(t, own.Index, gf.CodeSection().Index, p)
						found = found || got.Offset() == r.Offset()
					}
					assert.True(t, found, "%s: record %#x not among those at %#x", p, r.ID(), addr)
					f2, _, ok := ix.Function(addr, 0)
					require.True(t, ok, p)
					assert.Equal(t, fn.Name(), f2.Name(), p)
					records++
				}
			}
		}
	}
	t.Logf("%d records found in their own section's index", records)
	assert.Greater(t, records, 100)
}

// TestCodeIndex: a plain address in a function-sections object is
// answered in every code section that holds it, each match naming its
// section and holding only that section's records, the record's own
// section among them; in a linked file, by the plain index alone.
func TestCodeIndex(t *testing.T) {
	records := 0
	for _, o := range fsectionObjects(t) {
		p, sec := o.path, o.sec
		x := stackmap.NewCodeIndex(sec)
		require.True(t, x.Plain().Sectioned(), p)
		for _, tb := range sec.Tables() {
			for _, r := range tb.Records() {
				fn, _ := tb.Function(r.Function())
				addr, ok := r.Address()
				require.True(t, ok, p)
				own := false
				for c, m := range x.At(addr, 0) {
					require.True(t, c.Known(), p)
					for _, got := range m.Records() {
						gf, _ := got.Table().Function(got.Function())
						assert.Equal(t, c.Index, gf.CodeSection().Index, "%s: a match of section %d holds another section's record", p, c.Index)
						own = own || got.Offset() == r.Offset()
					}
				}
				assert.True(t, own, "%s: %s record %#x at %#x not found in its own section", p, fn.Name(), r.ID(), addr)
				m, ok := x.In(fn.CodeSection()).At(addr, 0)
				require.True(t, ok, p)
				assert.True(t, m.Exact(), p)
				records++
			}
		}
	}
	assert.Greater(t, records, 100)

	f, err := objfile.Open("../testdata/linked/x86_64-elf/exe")
	require.NoError(t, err)
	defer f.Close()
	sec, err := f.Sections[0].Parse()
	require.NoError(t, err)
	x := stackmap.NewCodeIndex(sec)
	assert.False(t, x.Plain().Sectioned())
	n := 0
	for c, m := range x.At(0x401237, 0) {
		assert.False(t, c.Known())
		assert.True(t, m.Exact())
		n++
	}
	assert.Equal(t, 1, n, "sm_inline+0x7's record, by the plain index")
	_, ok := x.In(stackmap.CodeSection{Index: 1}).At(0x401237, 0)
	assert.False(t, ok, "a linked file has no code sections to ask")

	empty := stackmap.NewCodeIndex(nil)
	for range empty.At(0x401237, 0) {
		t.Error("an index of nothing answers")
	}
}
