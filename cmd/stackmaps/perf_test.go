package main

import (
	"io"
	"os"
	"testing"
)

// benchFile is the object the benchmarks run on: $STACKMAPS_BENCH_FILE (a
// large section, e.g. perf/gen's synth.bin in an object) or a checked-in
// linked binary.
func benchFile() string {
	if f := os.Getenv("STACKMAPS_BENCH_FILE"); f != "" {
		return f
	}
	return td + "linked/x86_64-elf/exe"
}

func benchRun(b *testing.B, args ...string) {
	b.Helper()
	args = append(args, benchFile())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if status := run(args, io.Discard, io.Discard); status != exitOK && status != exitFail {
			b.Fatalf("%v: exit status %d", args, status)
		}
	}
}

func BenchmarkDumpText(b *testing.B)   { benchRun(b, "dump") }
func BenchmarkDumpLLVM(b *testing.B)   { benchRun(b, "dump", "--format=llvm") }
func BenchmarkDumpJSON(b *testing.B)   { benchRun(b, "dump", "--format=json") }
func BenchmarkCheck(b *testing.B)      { benchRun(b, "check") }
func BenchmarkDumpDisasm(b *testing.B) { benchRun(b, "dump", "--disasm") }

func BenchmarkDumpUnwind(b *testing.B)     { benchRun(b, "dump", "--unwind") }
func BenchmarkDumpUnwindJSON(b *testing.B) { benchRun(b, "dump", "--unwind", "--format=json") }
