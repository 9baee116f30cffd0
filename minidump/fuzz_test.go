package minidump_test

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stackmaps/stackmaps/minidump"
)

// FuzzNew reads arbitrary bytes as a minidump: New must refuse or accept
// without panicking, and whatever it accepts must read consistently.
// Seeds: testdata/fuzz/FuzzNew (the hand-built ARM64 dumps, their
// hostile edits and a wrapping memory range, written by
// TestWriteFuzzCorpus).
func FuzzNew(f *testing.F) {
	f.Add(armDump(true))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := minidump.New(b)
		if err != nil {
			return
		}
		rs := d.Memory().Regions()
		for i, r := range rs {
			if i > 0 && rs[i-1].Addr+uint64(len(rs[i-1].Data)) > r.Addr {
				t.Fatalf("ranges %d and %d overlap", i-1, i)
			}
			if _, err := d.ReadUint(r.Addr, 1, binary.LittleEndian); err != nil {
				t.Fatalf("first byte of range %#x: %v", r.Addr, err)
			}
			if _, err := d.Bytes(r.Addr+uint64(len(r.Data))-1, 1); err != nil {
				t.Fatalf("last byte of range %#x: %v", r.Addr, err)
			}
		}
		n := 0
		for _, th := range d.Threads {
			if th.Excepted {
				n++
			}
		}
		if n > 1 || n == 1 && d.Exception == nil {
			t.Fatalf("%d threads take the exception's context (exception %v)", n, d.Exception)
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
	seeds := [][]byte{armDump(false), armDump(true), wrapDump()}
	for _, tc := range hostileCases() {
		b := armDump(true)
		tc.edit(b)
		seeds = append(seeds, b)
	}
	for i, s := range seeds {
		file := filepath.Join(dir, fmt.Sprintf("seed%02d", i))
		body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(s)) + ")\n"
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
