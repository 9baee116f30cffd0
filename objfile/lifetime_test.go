package objfile_test

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/golden"
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
	for _, name := range []string{"exe", "pie", "libstackmaps.so"} {
		t.Run(name, func(t *testing.T) {
			ix, want := openIndex(t, filepath.Join(golden.Root(), "linked", "x86_64-elf", name))
			require.NotEmpty(t, want)
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
	ix, want := openIndex(t, filepath.Join(golden.Root(), "linked", "x86_64-elf", "exe"))
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
