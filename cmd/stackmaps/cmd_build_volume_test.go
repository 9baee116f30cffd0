package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// volumeSection encodes a version 3 table of n records (one function per 8
// records; each record with a register, an indirect, a small and a large
// constant and two live-outs), and dumps it as JSON to a file.
func volumeSection(t *testing.T, n int) (section []byte, jsonPath string) {
	t.Helper()
	var b stackmap.Builder
	for i := range n {
		if i%8 == 0 {
			b.AddFunction(uint64(0x400000+i*64), 32)
		}
		b.AddRecord(stackmap.RecordSpec{ID: uint64(i), InstructionOffset: uint32(i % 64),
			Locations: []stackmap.Location{{Kind: stackmap.Register, Size: 8, Reg: 3},
				{Kind: stackmap.Indirect, Size: 8, Reg: 7, Offset: -16}, b.Constant(uint64(i)), b.Constant(1<<40 + uint64(i%1000))},
			LiveOuts: []stackmap.LiveOut{{Reg: 0, Size: 8}, {Reg: 3, Size: 8}}})
	}
	section, err := stackmap.AppendTable(nil, &b.Spec, binary.LittleEndian)
	require.NoError(t, err)
	dir := t.TempDir()
	raw := filepath.Join(dir, "s.bin")
	require.NoError(t, os.WriteFile(raw, section, 0o600))
	jsonPath = filepath.Join(dir, "s.json")
	var errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"dump", "--format=json", "--raw", "-o", jsonPath, raw}, os.Stdout, &errb), errb.String())
	return section, jsonPath
}

// peakHeap runs fn and returns the most heap its live objects (and the
// garbage the collector, set to run at 10% growth, has not yet freed) took
// above what they took before, sampled every millisecond, and the bytes fn
// allocated in all.
func peakHeap(fn func()) (peak, total uint64) {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	base := read()
	var mu sync.Mutex
	max := base
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if v := read(); v > max {
					mu.Lock()
					max = v
					mu.Unlock()
				}
			}
		}
	}()
	fn()
	if v := read(); v > max {
		max = v
	}
	close(done)
	wg.Wait()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	return max - base, after.TotalAlloc - before.TotalAlloc
}

// TestBuildMemory builds the JSON dump of a 4 MB section (about 40 MB of
// JSON) and of one twice as large: the heap build holds at any time stays
// within twice the section's size plus 16 MB (the section itself, the
// table being built, the decoder's buffer and garbage not yet collected),
// and what it allocates in all (the JSON's tokens, read and dropped) grows
// in proportion to the input. Before, build held the whole decoded
// document: 9 to 72 times the JSON's size.
func TestBuildMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 40 MB and an 80 MB document")
	}
	var totals [2]uint64
	var sizes [2]int
	for k, n := range []int{40_000, 80_000} {
		section, jsonPath := volumeSection(t, n)
		st, err := os.Stat(jsonPath)
		require.NoError(t, err)
		var got []byte
		peak, total := peakHeap(func() {
			f, err := os.Open(jsonPath)
			require.NoError(t, err)
			defer f.Close()
			got, err = buildSection(f, "", nil)
			require.NoError(t, err)
		})
		require.Equal(t, section, got, "the section built back")
		t.Logf("%d records: %d MB section, %d MB of JSON: peak heap %.1f MB (%.2fx the section), %d MB allocated in all",
			n, len(section)>>20, st.Size()>>20, float64(peak)/(1<<20), float64(peak)/float64(len(section)), total>>20)
		assert.LessOrEqual(t, peak, uint64(2*len(section)+16<<20), "peak heap")
		totals[k], sizes[k] = total, int(st.Size())
	}
	ratio := float64(totals[1]) / float64(totals[0])
	assert.InDelta(t, 2.0, ratio, 0.2, "allocations of twice the input: %d and %d bytes", totals[0], totals[1])
}

// TestBuildMessages checks build's refusals of hostile documents: an
// offending value is quoted up to 40 bytes with its length; a member given
// twice is refused by its JSON path; a syntax error, and every other
// refusal, says its line, column and byte offset; a string past the limit
// is refused where it crosses it.
func TestBuildMessages(t *testing.T) {
	long := strings.Repeat("A", 100_000)
	table := func(loc string) string {
		return `{"tables":[{"version":3,"functions":[{"address":1,"stack_size":8,"record_count":1}],"constants":[],` + "\n" +
			`"records":[{"id":1,"instruction_offset":0,"flags":0,"live_outs":[],` + "\n" + `"locations":[` + loc + `]}]}]}`
	}
	for _, c := range []struct{ name, doc, want string }{
		{"long kind", table(`{"kind":"` + long + `","size":8,"dwarf_reg":0,"offset":0}`),
			`tables[0].records[0].locations[0].kind: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"... (100000 bytes) is not Register, Direct, Indirect, Constant or ConstantIndex (line 3, column 22, byte 189)`},
		{"long number", table(`{"kind":"Register","size":8,"dwarf_reg":` + strings.Repeat("9", 5000) + `,"offset":0}`),
			`tables[0].records[0].locations[0].dwarf_reg: 9999999999999999999999999999999999999999... (5000 bytes) is not an unsigned 16-bit integer (line 3, column 54, byte 221)`},
		{"long string as a number", table(`{"kind":"Register","size":"` + long + `","dwarf_reg":0,"offset":0}`),
			`tables[0].records[0].locations[0].size: the string "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"... (100000 bytes), not an integer (line 3, column 40, byte 207)`},
		{"member twice", table(`{"kind":"Register","size":8,"dwarf_reg":0,"offset":0,"size":4}`),
			`tables[0].records[0].locations[0].size: given twice in the object (JSON says its meaning is then unknown) (line 3, column 67, byte 234)`},
		{"table member twice", `{"tables":[{"version":3,"version":2}]}`,
			`tables[0].version: given twice`},
		{"odd member twice", `{"tables":[],"x\ny` + long + `":1,"x\ny` + long + `":2}`,
			`["x\ny` + long[:37] + `"... (100003 bytes)]: given twice in the object`},
		{"syntax", table(`{"kind":"Register",,}`),
			`not a JSON document: invalid character ',' looking for beginning of object key string (line 3, column 33, byte 200)`},
		{"cut", `{"tables":[{"version":3,` + "\n  ",
			`not a JSON document: it ends inside a value (line 2, column 3, byte 27)`},
		{"missing", table(`{"kind":"Register","size":8,"offset":0}`),
			`tables[0].records[0].locations[0].dwarf_reg: missing (line 3, column 14, byte 181)`},
		{"string past the limit", `{"tables":[{"slice":"` + strings.Repeat("x", maxBuildString+10) + `"}]}`,
			`not read: a string longer than 1048576 bytes (the limit) (line 1, column 1048598, byte 1048597)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := buildSection(strings.NewReader(c.doc), "", nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.Less(t, len(err.Error()), 400, "the message is bounded")
		})
	}
}

// TestBuildMembersInAnyOrder builds dumps whose tables give the version,
// byte order and constants after the records (then kept until the table
// ends instead of encoded as read): the bytes are the same. With
// "constants": null after the records, the constants are built from the
// values as well.
func TestBuildMembersInAnyOrder(t *testing.T) {
	for _, name := range []string{"kinds", "constants"} {
		raw := filepath.Join(corpus.Root(), "objects", "llvm22", "x86_64-elf", name+".stackmaps.bin")
		want, err := os.ReadFile(raw)
		require.NoError(t, err)
		js, _, status := runTool("dump", "--format=json", "--raw", raw)
		require.Equal(t, exitOK, status)
		head := `"version":3,"byte_order":"little-endian",`
		require.Contains(t, js, head)
		i := strings.Index(js, `"constants":[`)
		j := strings.Index(js[i:], "]") + i + 1
		consts := js[i:j]
		for _, c := range []string{consts, `"constants":null`} {
			doc := strings.Replace(js[:i]+js[j+1:], head, "", 1) // the members moved
			doc = strings.TrimSuffix(strings.TrimSpace(doc), "}]}") + "," + head + c + "}]}"
			got, err := buildSection(strings.NewReader(doc), "", nil)
			require.NoError(t, err, "%s, %s last", name, c[:16])
			assert.Equal(t, want, got, "%s, %s last", name, c[:16])
		}
	}
}
