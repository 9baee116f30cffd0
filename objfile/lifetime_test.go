package objfile_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// seen is what a record says, read while the file is open.
type seen struct {
	id   uint64
	addr uint64
	locs []stackmap.Location
}

func recordsOf(t *testing.T, sec *stackmap.Section) []seen {
	var out []seen
	for _, tab := range sec.Tables() {
		for _, r := range tab.Records() {
			addr, ok := r.Address()
			require.True(t, ok)
			s := seen{id: r.ID(), addr: addr}
			for _, l := range r.Locations() {
				s.locs = append(s.locs, l)
			}
			out = append(out, s)
		}
	}
	return out
}

// mapAll makes the locators map every section, however small, for the
// test.
func mapAll(t *testing.T) {
	old := mapfile.MinMap
	mapfile.MinMap = 0
	t.Cleanup(func() { mapfile.MinMap = old })
}

// mapped reports whether the process maps the named file.
func mapped(t *testing.T, name string) bool {
	abs, err := filepath.Abs(name)
	require.NoError(t, err)
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip("no /proc/self/maps")
	}
	return strings.Contains(string(maps), abs)
}

// openIndex opens name, decodes and indexes its stack maps and closes the
// file before returning, as a loader with `defer f.Close()` does.
func openIndex(t *testing.T, name string) (*stackmap.Index, []seen) {
	f, err := objfile.Open(name)
	require.NoError(t, err)
	defer f.Close()
	sec, err := f.Sections[0].Parse()
	require.NoError(t, err)
	return stackmap.NewIndex(sec), recordsOf(t, sec)
}

// An Index kept past Close answers with the right records: Close drops the
// descriptor, and the mapping stays as long as anything decoded from it is
// reachable (it used to be unmapped by Close: SIGSEGV).
func TestUseAfterClose(t *testing.T) {
	mapAll(t)
	for _, name := range []string{"exe", "pie", "libstackmaps.so"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(corpus.Root(), "linked", "x86_64-elf", name)
			ix, want := openIndex(t, path)
			require.NotEmpty(t, want)
			if runtime.GOOS == "linux" {
				require.True(t, mapped(t, path), "the section is mapped")
			}
			for range 3 {
				runtime.GC()
			}
			for _, w := range want {
				m, ok := ix.Lookup(w.addr, 0)
				require.True(t, ok, "%#x", w.addr)
				found := false
				for _, r := range m.Records() {
					if r.ID() != w.id {
						continue
					}
					var locs []stackmap.Location
					for _, l := range r.Locations() {
						locs = append(locs, l)
					}
					if assert.Equal(t, w.locs, locs, "record %d at %#x", w.id, w.addr) {
						found = true
						break
					}
				}
				assert.True(t, found, "record %d at %#x", w.id, w.addr)
			}
			runtime.KeepAlive(ix)
		})
	}
}

// A Record alone (no Index, no Section) keeps its bytes too.
func TestRecordAfterClose(t *testing.T) {
	mapAll(t)
	ix, want := openIndex(t, filepath.Join(corpus.Root(), "linked", "x86_64-elf", "exe"))
	m, ok := ix.Lookup(want[0].addr, 0)
	require.True(t, ok)
	r, ok := m.Record(0)
	require.True(t, ok)
	ix = nil
	for range 3 {
		runtime.GC()
	}
	assert.Equal(t, want[0].id, r.ID())
	assert.Equal(t, len(want[0].locs), r.NumLocations())
}

// The mapping goes once nothing decoded from it is reachable.
func TestMappingReleased(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/maps")
	}
	mapAll(t)
	path := filepath.Join(corpus.Root(), "linked", "x86_64-elf", "pie")
	ix, _ := openIndex(t, path)
	require.True(t, mapped(t, path))
	runtime.KeepAlive(ix)
	ix = nil
	for i := 0; i < 200 && mapped(t, path); i++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	assert.False(t, mapped(t, path), "still mapped with nothing referring to it")
}

// Sections under mapfile.MinMap are read onto the heap, not mapped.
func TestSmallSectionsRead(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/maps")
	}
	path := filepath.Join(corpus.Root(), "placement", "base-pie") // mapped by no other test here
	f, err := objfile.Open(path)
	require.NoError(t, err)
	defer f.Close()
	require.Less(t, int64(len(f.Sections[0].Data)), mapfile.MinMap)
	assert.False(t, mapped(t, path))
}
