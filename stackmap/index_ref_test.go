package stackmap_test

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// refIndex is the simple model the Index must agree with: every addressed
// record in a slice sorted by (address, section offset), searched with
// sort.Search, and each record's function's code range worked out the
// plain way: entry + symbol size; else, when an extent contains the entry,
// up to its end or the next higher entry, whichever comes first; else
// empty.
type refIndex []refRecord

type refRecord struct {
	addr       uint64
	off        int    // the record's offset in the section
	entry, end uint64 // its function's code range
}

func newRefIndex(sec *stackmap.Section, extents []stackmap.Extent) refIndex {
	var entries []uint64
	for _, t := range sec.Tables() {
		for _, f := range t.Functions() {
			entries = append(entries, f.Entry())
		}
	}
	slices.Sort(entries)
	sorted := slices.DeleteFunc(slices.Clone(extents), func(e stackmap.Extent) bool { return e.End <= e.Start })
	slices.SortStableFunc(sorted, func(a, b stackmap.Extent) int { return cmp.Compare(a.Start, b.Start) })
	var ref refIndex
	for _, t := range sec.Tables() {
		for _, r := range t.Records() {
			addr, ok := r.Address()
			if !ok {
				continue
			}
			f, _ := t.Function(r.Function())
			end := f.Entry() + f.Size()
			if f.Size() == 0 {
				end = f.Entry()
				// The extent that starts last at or before the entry
				// (sorted: extents are few in the tests, functions many).
				k := sort.Search(len(sorted), func(i int) bool { return sorted[i].Start > f.Entry() }) - 1
				if k >= 0 && f.Entry() < sorted[k].End {
					in := sorted[k]
					i := sort.Search(len(entries), func(i int) bool { return entries[i] > f.Entry() })
					end = in.End
					if i < len(entries) {
						end = min(end, entries[i])
					}
				}
			}
			ref = append(ref, refRecord{addr: addr, off: r.Offset(), entry: f.Entry(), end: end})
		}
	}
	slices.SortStableFunc(ref, func(a, b refRecord) int {
		if c := cmp.Compare(a.addr, b.addr); c != 0 {
			return c
		}
		return cmp.Compare(a.off, b.off)
	})
	return ref
}

// exact returns the offsets of the records at addr.
func (ref refIndex) exact(addr uint64) []int {
	var offs []int
	for i := sort.Search(len(ref), func(i int) bool { return ref[i].addr >= addr }); i < len(ref) && ref[i].addr == addr; i++ {
		offs = append(offs, ref[i].off)
	}
	return offs
}

// preceding returns the address and offsets of the records at addr, or
// else of the records at the greatest address below addr, if the function
// of the last of them (in section order) contains addr.
func (ref refIndex) preceding(addr uint64) (uint64, []int) {
	if offs := ref.exact(addr); offs != nil {
		return addr, offs
	}
	i := sort.Search(len(ref), func(i int) bool { return ref[i].addr > addr }) - 1
	if i < 0 || addr < ref[i].entry || addr >= ref[i].end {
		return 0, nil
	}
	return ref[i].addr, ref.exact(ref[i].addr)
}

// matchOffsets returns the section offsets of a match's records.
func matchOffsets(m stackmap.Match) []int {
	var offs []int
	for _, r := range m.Records() {
		offs = append(offs, r.Offset())
	}
	return offs
}

// checkAgainstRef looks up, with and without a bias, every record's
// address, the addresses around it, the function ends, addresses before
// the first record and after the last, and random ones, and requires the
// Index to answer as the model does.
//
// Each section is indexed as it is, with an extent per function up to the
// next function's entry (the code ranges of functions laid out back to
// back), and with one extent over all the code.
func checkAgainstRef(t *testing.T, name string, sec *stackmap.Section, rng *rand.Rand) {
	t.Helper()
	for _, ext := range []struct {
		name    string
		extents []stackmap.Extent
	}{{"", nil}, {", function extents", functionExtents(sec)}, {", module extent", moduleExtent(sec)}} {
		opts := stackmap.IndexOptions{Extents: ext.extents}
		checkIndexAgainstRef(t, name+ext.name, sec, ext.extents, stackmap.NewIndexOptions(sec, opts), rng)
		if ext.extents == nil {
			checkIndexAgainstRef(t, name+ext.name+", unpacked", sec, ext.extents, stackmap.NewIndexUnpacked(sec, opts), rng)
		}
	}
}

// functionExtents returns an extent a function of sec, from its entry up
// to the next higher entry (the last one up to the end of the address
// space).
func functionExtents(sec *stackmap.Section) []stackmap.Extent {
	var entries []uint64
	for _, t := range sec.Tables() {
		for _, f := range t.Functions() {
			entries = append(entries, f.Entry())
		}
	}
	slices.Sort(entries)
	entries = slices.Compact(entries)
	var out []stackmap.Extent
	for i, e := range entries {
		end := uint64(math.MaxUint64)
		if i+1 < len(entries) {
			end = entries[i+1]
		}
		out = append(out, stackmap.Extent{Start: e, End: end})
	}
	return out
}

// moduleExtent returns one extent from the lowest function entry of sec to
// 4 KiB past its highest record.
func moduleExtent(sec *stackmap.Section) []stackmap.Extent {
	lo, hi := uint64(math.MaxUint64), uint64(0)
	for _, t := range sec.Tables() {
		for _, f := range t.Functions() {
			lo = min(lo, f.Entry())
		}
		for _, r := range t.Records() {
			if a, ok := r.Address(); ok {
				hi = max(hi, a)
			}
		}
	}
	if lo > hi {
		return nil
	}
	return []stackmap.Extent{{Start: lo, End: max(hi, hi+4096)}}
}

func checkIndexAgainstRef(t *testing.T, name string, sec *stackmap.Section, extents []stackmap.Extent, ix *stackmap.Index, rng *rand.Rand) {
	t.Helper()
	ref := newRefIndex(sec, extents)
	require.Equal(t, len(ref), ix.Len(), name)
	probes := []uint64{0, 1, math.MaxUint64, math.MaxUint64 - 1}
	step := max(1, len(ref)/2000) // enough records of a large index
	for i := 0; i < len(ref); i += step {
		r := ref[i]
		probes = append(probes, r.addr-1, r.addr, r.addr+1, r.addr+3, r.entry, r.entry-1, r.end, r.end-1, r.end+1)
	}
	if len(ref) > 0 {
		lo, hi := ref[0].addr, ref[len(ref)-1].addr
		probes = append(probes, lo-1, hi+1, hi+1<<31, lo+1<<31-1, lo+1<<31, lo+1<<32)
		for range 200 {
			probes = append(probes, lo+rng.Uint64N(hi-lo+64))
		}
	}
	for _, pc := range probes {
		for _, bias := range []uint64{0, 0x7f0000000000, 1<<64 - 0x1000} {
			want := ref.exact(pc)
			m, ok := ix.Lookup(pc+bias, bias)
			require.Equal(t, want != nil, ok, "%s: Lookup(%#x) found", name, pc)
			if ok {
				require.True(t, m.Exact(), name)
				require.Equal(t, pc, m.Address(), name)
				require.Equal(t, want, matchOffsets(m), "%s: Lookup(%#x)", name, pc)
				for _, r := range m.Records() {
					a, ok := r.Address()
					require.True(t, ok, name)
					require.Equal(t, pc, a, "%s: the record's own address", name)
					f, ok := r.Table().Function(r.Function())
					require.True(t, ok, name)
					require.Equal(t, pc, f.Entry()+uint64(r.InstructionOffset()), name)
				}
			}
			at, want := ref.preceding(pc)
			m, ok = ix.LookupPreceding(pc+bias, bias)
			require.Equal(t, want != nil, ok, "%s: LookupPreceding(%#x) found", name, pc)
			if ok {
				require.Equal(t, at, m.Address(), "%s: LookupPreceding(%#x)", name, pc)
				require.Equal(t, at == pc, m.Exact(), name)
				require.Equal(t, len(want), m.Len(), name)
				require.Equal(t, want, matchOffsets(m), "%s: LookupPreceding(%#x)", name, pc)
			}
		}
	}
}

// genTable makes a random table: nf functions from start, gaps and record
// spacing as given (spread 0: every record of a function at one address),
// some functions without records, some records sharing an address.
func genTable(rng *rand.Rand, start uint64, nf, maxRecs int, spread, gap uint64, shuffle bool) stackmaptest.Table {
	tab := stackmaptest.Table{Version: 3}
	addr := start
	id := uint64(0)
	for range nf {
		n := rng.IntN(maxRecs + 1)
		f := stackmaptest.Function{Address: addr, StackSize: 16, RecordCount: uint64(n)}
		off := uint32(rng.IntN(8))
		for range n {
			if spread > 0 && rng.IntN(10) != 0 { // one in ten shares the address before it
				off += uint32(1 + rng.Uint64N(spread))
			}
			id++
			tab.Records = append(tab.Records, stackmaptest.Record{ID: id, InstructionOffset: off})
		}
		tab.Functions = append(tab.Functions, f)
		addr += uint64(off) + 1 + rng.Uint64N(gap+1)
	}
	if shuffle { // functions out of address order (records follow their function)
		perm := rng.Perm(len(tab.Functions))
		var fs []stackmaptest.Function
		var rs []stackmaptest.Record
		starts := []int{0}
		for _, f := range tab.Functions {
			starts = append(starts, starts[len(starts)-1]+int(f.RecordCount))
		}
		for _, p := range perm {
			fs = append(fs, tab.Functions[p])
			rs = append(rs, tab.Records[starts[p]:starts[p+1]]...)
		}
		tab.Functions, tab.Records = fs, rs
	}
	return tab
}

// sized parses data with a symbol for every function, of the size size
// gives it (0: unknown).
func sized(t *testing.T, data []byte, size func(i int, f stackmap.Function) uint64) *stackmap.Section {
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	require.NoError(t, err)
	var syms []stackmap.Symbol
	i := 0
	for _, tb := range sec.Tables() {
		for _, f := range tb.Functions() {
			syms = append(syms, stackmap.Symbol{Name: fmt.Sprint("f", i), Value: f.Address(), Size: size(i, f)})
			i++
		}
	}
	sd := stackmap.NewSectionData(stackmap.SectionData{ByteOrder: binary.LittleEndian, Data: data}, stackmap.Relocations{Symbols: syms}, nil)
	sec, err = sd.Parse()
	require.NoError(t, err)
	return sec
}

func TestIndexAgainstModelRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	le := binary.LittleEndian
	type shape struct {
		name   string
		tables []stackmaptest.Table
	}
	shapes := []shape{
		{"one key", []stackmaptest.Table{{Version: 3, Functions: []stackmaptest.Function{{Address: 0x4000, RecordCount: 1}}, Records: []stackmaptest.Record{{ID: 1, InstructionOffset: 5}}}}},
		{"no records", []stackmaptest.Table{{Version: 3, Functions: []stackmaptest.Function{{Address: 0x4000}}}}},
		{"all keys equal", []stackmaptest.Table{genTable(rng, 0x1000, 1, 40, 0, 0, false)}},
		{"address 0", []stackmaptest.Table{{Version: 3, Functions: []stackmaptest.Function{{Address: 0, RecordCount: 2}}, Records: []stackmaptest.Record{{ID: 1}, {ID: 2, InstructionOffset: 1}}}}},
		{"top of the address space", []stackmaptest.Table{genTable(rng, math.MaxUint64-1<<20, 50, 8, 40, 64, false)}},
		{"even", []stackmaptest.Table{genTable(rng, 0x401000, 3000, 64, 48, 80, false)}},
		{"clustered", []stackmaptest.Table{genTable(rng, 0x401000, 300, 64, 4, 1<<20, false)}},
		// Many keys a bucket, a window's two halves and runs of records at
		// one address at every place in a window.
		{"dense with duplicates", []stackmaptest.Table{genTable(rng, 0x401000, 4000, 64, 3, 8, false)}},
		{"shuffled", []stackmaptest.Table{genTable(rng, 0x401000, 500, 20, 48, 80, true)}},
		{"several tables", []stackmaptest.Table{genTable(rng, 0x10000, 200, 10, 30, 50, false), genTable(rng, 0x8000, 100, 10, 30, 50, false), genTable(rng, 0x90000, 300, 10, 30, 50, true)}},
		{"few keys 1.5 GiB apart", []stackmaptest.Table{{Version: 3, Functions: []stackmaptest.Function{{Address: 0x1000, RecordCount: 2}, {Address: 0x1000 + 3<<29, RecordCount: 1}}, Records: []stackmaptest.Record{{ID: 1, InstructionOffset: 4}, {ID: 2, InstructionOffset: 9}, {ID: 3, InstructionOffset: 2}}}}},
		{"spanning 2 GiB", []stackmaptest.Table{genTable(rng, 0x1000, 100, 10, 30, 50, false), genTable(rng, 0x1000+1<<31-8, 10, 10, 4, 4, false)}},
		{"spanning 4 GiB", []stackmaptest.Table{genTable(rng, 0x1000, 100, 10, 30, 50, false), genTable(rng, 0x1000+1<<32, 100, 10, 30, 50, false)}},
		{"spanning 2^60", []stackmaptest.Table{genTable(rng, 0x1000, 100, 10, 30, 50, false), genTable(rng, 1<<60, 100, 10, 30, 50, false)}},
	}
	// Keys 1<<16 apart beside dense ones: equal low halves in buckets
	// apart, pairs of records at one address among them.
	sparse := stackmaptest.Table{Version: 3, Functions: []stackmaptest.Function{{Address: 0x501000, RecordCount: 80}}}
	for i := range 80 {
		sparse.Records = append(sparse.Records, stackmaptest.Record{ID: uint64(i), InstructionOffset: uint32(i/2) << 15})
	}
	shapes = append(shapes, shape{"equal low halves", []stackmaptest.Table{genTable(rng, 0x401000, 2500, 8, 3, 8, false), sparse}})
	// Just below and just above the 32-bit layout's limit.
	for _, last := range []uint64{1<<31 - 3, 1<<31 - 2, 1<<31 - 1, 1 << 31} {
		tab := genTable(rng, 0x1000, 50, 10, 30, 50, false)
		tab.Functions = append(tab.Functions, stackmaptest.Function{Address: 0x1000 + last - 1, RecordCount: 1})
		tab.Records = append(tab.Records, stackmaptest.Record{ID: 999, InstructionOffset: 1})
		shapes = append(shapes, shape{fmt.Sprintf("last at base+%#x", last), []stackmaptest.Table{tab}})
	}
	seen := map[string]bool{}
	for _, s := range shapes {
		data := stackmaptest.Encode(le, s.tables...)
		sec, err := stackmap.Parse(data, le)
		require.NoError(t, err, s.name)
		checkAgainstRef(t, s.name, sec, rng)
		buckets, slow, ends, wide := stackmap.IndexLayout(stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: functionExtents(sec)}))
		seen["slow buckets"] = seen["slow buckets"] || slow > 0
		seen["fast buckets"] = seen["fast buckets"] || buckets > slow
		seen["end markers"] = seen["end markers"] || ends
		seen["no end markers, 32-bit"] = seen["no end markers, 32-bit"] || (!ends && !wide && buckets > 0)
		seen["64-bit"] = seen["64-bit"] || wide
		on, full, small := stackmap.IndexLowHalves(stackmap.NewIndexOptions(sec, stackmap.IndexOptions{Extents: functionExtents(sec)}))
		seen["low halves"] = seen["low halves"] || on
		seen["low halves, window in a bucket"] = seen["low halves, window in a bucket"] || full > 0
		seen["low halves, small bucket"] = seen["low halves, small bucket"] || small > 0
		// Symbol sizes: exact, short of some records (irregular), and
		// overlapping the next function (irregular).
		checkAgainstRef(t, s.name+", sized", sized(t, data, func(i int, f stackmap.Function) uint64 { return 1 + uint64(i%7)*40 }), rng)
		checkAgainstRef(t, s.name+", half sized", sized(t, data, func(i int, f stackmap.Function) uint64 { return uint64(i%2) * 1 << 40 }), rng)
	}
	for _, path := range []string{"slow buckets", "fast buckets", "end markers", "no end markers, 32-bit", "64-bit", "low halves", "low halves, window in a bucket", "low halves, small bucket"} {
		require.True(t, seen[path], "no shape takes the path of %s", path)
	}
}

func TestIndexAgainstModelTestdata(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	files, err := filepath.Glob("../testdata/linked/*/*.stackmaps.bin")
	require.NoError(t, err)
	samples, _ := filepath.Glob("../testdata/samples/*.bin")
	files = append(files, samples...)
	require.NotEmpty(t, files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, bo := range stackmap.ByteOrders(data) {
			sec, err := stackmap.Parse(data, bo)
			if err != nil {
				continue
			}
			checkAgainstRef(t, f, sec, rng)
		}
	}
}

// FuzzIndexAgainstModel: on any section that parses, the Index answers
// every lookup as the sorted-slice model does.
func FuzzIndexAgainstModel(f *testing.F) {
	rng := rand.New(rand.NewPCG(3, 3))
	f.Add(stackmaptest.Encode(binary.LittleEndian, genTable(rng, 0x1000, 20, 8, 30, 40, true)), uint64(0x1010))
	f.Add(stackmaptest.Encode(binary.LittleEndian, genTable(rng, 0x1000, 3, 40, 0, 0, false)), uint64(0x1004))
	f.Fuzz(func(t *testing.T, data []byte, pc uint64) {
		sec, err := stackmap.Parse(data, binary.LittleEndian)
		if err != nil {
			return
		}
		ix, ref := stackmap.NewIndex(sec), newRefIndex(sec, nil)
		for _, p := range []uint64{pc, pc - 1, pc + 1} {
			want := ref.exact(p)
			m, ok := ix.Lookup(p, 0)
			if ok != (want != nil) || (ok && !slices.Equal(want, matchOffsets(m))) {
				t.Fatalf("Lookup(%#x) = %v %v, want %v", p, ok, matchOffsets(m), want)
			}
			at, want := ref.preceding(p)
			m, ok = ix.LookupPreceding(p, 0)
			if ok != (want != nil) || (ok && (m.Address() != at || !slices.Equal(want, matchOffsets(m)))) {
				t.Fatalf("LookupPreceding(%#x) = %v %#x %v, want %#x %v", p, ok, m.Address(), matchOffsets(m), at, want)
			}
		}
	})
}

// TestIndexBunched checks against the reference the layout where every
// bucket's keys are bunched at its start (bunchedSection): interpolation
// misses every key, so every exact lookup takes the slow path (the hot
// cache, then the bucket's 16-bit halves); every probe is looked up under
// three biases, so the second and third find the hot cache's entry.
func TestIndexBunched(t *testing.T) {
	checkAgainstRef(t, "bunched", bunchedSection(t), rand.New(rand.NewPCG(5, 5)))
}

// bunchedSection returns the layout the workplace's perf harness draws:
// functions 4 KB apart, their 50 records in the first 800 bytes, a fifth
// of them two at one address (runs a lookup must not call one record).
func bunchedSection(t *testing.T) *stackmap.Section {
	tab := stackmaptest.Table{Version: 3}
	id := uint64(0)
	for f := range 2000 {
		tab.Functions = append(tab.Functions, stackmaptest.Function{Address: 0x400000 + uint64(f)*0x1000, StackSize: 16, RecordCount: 50})
		for r := range 50 {
			id++
			off := 4 + r*16
			if r%5 == 1 {
				off -= 16
			}
			tab.Records = append(tab.Records, stackmaptest.Record{ID: id, InstructionOffset: uint32(off)})
		}
	}
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, tab), binary.LittleEndian)
	require.NoError(t, err)
	return sec
}
