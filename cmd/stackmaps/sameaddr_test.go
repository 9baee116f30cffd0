package main

import (
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// sameAddressSection returns a version 3 little-endian stack map section of
// n functions, all at address 0, each with one record at offset 4 (ID i, no
// locations): the shape that makes a lookup of 0x4 match n records in n
// functions. It is 48n+16 bytes.
func sameAddressSection(n int) []byte {
	b := make([]byte, 0, 16+48*n)
	le := binary.LittleEndian
	b = append(b, 3, 0, 0, 0)
	b = le.AppendUint32(b, uint32(n)) // functions
	b = le.AppendUint32(b, 0)         // constants
	b = le.AppendUint32(b, uint32(n)) // records
	for range n {
		b = le.AppendUint64(b, 0)  // address
		b = le.AppendUint64(b, 16) // stack size
		b = le.AppendUint64(b, 1)  // records
	}
	for i := range n {
		b = le.AppendUint64(b, uint64(i)) // ID
		b = le.AppendUint32(b, 4)         // instruction offset
		b = append(b, 0, 0, 0, 0)         // reserved, 0 locations
		b = append(b, 0, 0, 0, 0)         // padding, 0 live-outs
		b = append(b, 0, 0, 0, 0)         // align to 8
	}
	return b
}

// writeSameAddressSection writes sameAddressSection(n) to a file in dir.
func writeSameAddressSection(tb testing.TB, n int) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "sameaddr.bin")
	if err := os.WriteFile(path, sameAddressSection(n), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// sameAddressRuns are the commands measured on the section.
var sameAddressRuns = []struct {
	name string
	args []string
}{
	{"dump", []string{"dump", "--raw"}},
	{"dump-json", []string{"dump", "--raw", "--format=json"}},
	{"dump-llvm", []string{"dump", "--raw", "--format=llvm"}},
	{"check", []string{"check", "--raw"}},
	{"check-json", []string{"check", "--raw", "--format=json"}},
	{"stats", []string{"stats", "--raw"}},
	{"lookup", []string{"lookup", "--raw", "FILE", "0x4"}},
	{"lookup-json", []string{"lookup", "--raw", "--format=json", "FILE", "0x4"}},
	{"frame", []string{"frame", "--raw", "FILE", "0x4"}},
}

// argsFor puts file into args, at FILE or at the end.
func argsFor(args []string, file string) []string {
	out := make([]string, 0, len(args)+1)
	placed := false
	for _, a := range args {
		if a == "FILE" {
			a, placed = file, true
		}
		out = append(out, a)
	}
	if !placed {
		out = append(out, file)
	}
	return out
}

// BenchmarkSameAddress runs every command on a section of 2^20 functions
// at one address (48 MiB): each should take at most twice dump's time and
// memory (compare the ns/op and B/op of the sub-benchmarks). Run with
// go test -run '^$' -bench SameAddress -benchtime 1x ./cmd/stackmaps
func BenchmarkSameAddress(b *testing.B) {
	file := writeSameAddressSection(b, 1<<20)
	for _, r := range sameAddressRuns {
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if st := run(argsFor(r.args, file), io.Discard, io.Discard); st != exitOK && st != exitFail {
					b.Fatalf("%v: status %d", r.args, st)
				}
			}
		})
	}
}

// TestSameAddressMemoryLinear: on 2^14 functions at one address every
// command allocates at most twice what dump allocates (lookup used to copy
// the function list for every record it matched: quadratic). Bytes
// allocated are counted, not time.
func TestSameAddressMemoryLinear(t *testing.T) {
	file := writeSameAddressSection(t, 1<<14)
	alloc := func(args []string) uint64 {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		run(argsFor(args, file), io.Discard, io.Discard)
		runtime.ReadMemStats(&m1)
		return m1.TotalAlloc - m0.TotalAlloc
	}
	dump := alloc(sameAddressRuns[0].args)
	for _, r := range sameAddressRuns[1:] {
		got := alloc(r.args)
		t.Logf("%s: %d bytes allocated, dump %d (%.2fx)", r.name, got, dump, float64(got)/float64(dump))
		if got > 2*dump {
			t.Errorf("%s allocates %d bytes on 2^14 functions at one address, more than twice dump's %d", r.name, got, dump)
		}
	}
}
