package corefile

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
)

// FuzzNew reads arbitrary bytes as a core: New must refuse or accept
// without panicking, and whatever it accepts must read consistently.
// Seeds: testdata/fuzz/FuzzNew (the sample and hostile cores, written by
// TestWriteFuzzCorpus).
func FuzzNew(f *testing.F) {
	f.Add(sampleCore())
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := New(b)
		if err != nil {
			return
		}
		for i := 1; i < len(c.Segments); i++ {
			if c.Segments[i-1].Addr+c.Segments[i-1].MemSize > c.Segments[i].Addr {
				t.Fatalf("segments %d and %d overlap", i-1, i)
			}
		}
		for _, s := range c.Segments {
			if s.FileSize == 0 {
				continue
			}
			if _, err := c.ReadUint(s.Addr, 1, binary.LittleEndian); err != nil {
				t.Fatalf("first byte of segment %#x: %v", s.Addr, err)
			}
			if _, err := c.Bytes(s.Addr+s.FileSize-1, 1); err != nil {
				t.Fatalf("last byte of segment %#x: %v", s.Addr, err)
			}
			if _, err := c.Bytes(s.Addr, int(min(s.FileSize+1, 1<<30))); err == nil && s.FileSize < 1<<30 && s.FileSize == s.MemSize {
				// Reading one byte past the segment must fail unless
				// another segment starts right there (then the range
				// spans two segments, which Bytes refuses too).
				t.Fatalf("read past segment %#x+%#x", s.Addr, s.FileSize)
			}
		}
		_ = c.Crashed()
		_, _ = c.Auxv(9)
		for _, m := range c.Mappings {
			_ = c.BuildID(m)
		}
		for _, s := range c.Segments {
			_ = c.BuildID(Mapping{Start: s.Addr, End: s.Addr + s.MemSize})
		}
	})
}

// TestWriteFuzzCorpus writes the seed corpus of FuzzNew when
// STACKMAPS_WRITE_CORPUS=1.
func TestWriteFuzzCorpus(t *testing.T) {
	if os.Getenv("STACKMAPS_WRITE_CORPUS") != "1" {
		t.Skip("set STACKMAPS_WRITE_CORPUS=1 to rewrite testdata/fuzz/FuzzNew")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzNew")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	seeds := hostileCores()
	seeds["sample"] = sampleCore()
	names := make([]string, 0, len(seeds))
	for n := range seeds {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, n := range names {
		file := filepath.Join(dir, fmt.Sprintf("seed%02d", i))
		body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(seeds[n])) + ")\n"
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", file, n)
	}
}
