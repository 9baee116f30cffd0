//go:build ignore

// fuzzgen writes the seed corpora of the repository's fuzz targets from
// the checked-in objects, in Go's corpus file format, so that plain
// `go test` replays them and `go test -fuzz` starts from real files:
//
//	go run testdata/fuzzgen.go
//
// It rewrites only the seed-* files; what fuzzing found (files named by
// their hash) stays.
package main

import (
	"encoding/binary"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Whole files for FuzzNewFile (objfile) and FuzzRead (elfsection).
var (
	objects = []string{
		"objects/llvm22/x86_64-elf/kinds.o",
		"objects/llvm22/aarch64-elf/statepoints.o",
		"objects/llvm14/ppc64-elf/kinds.o",
		"objects/llvm19/ppc64le-elf/patchpoints.o",
		"objects/llvm22/s390x-elf/kinds.o",
		"objects/llvm22/riscv64-elf/kinds_relax.o",
		"linked/ppc64-elf/link_a.o",
		"linked/x86_64-elf/libstackmaps.so",
		"linked/ppc64-elf/libstackmaps.so",
		"compressed/kinds-zlib.o",
		"compressed/kinds-zstd.o",
		"objects/llvm22/arm64-macho/kinds.o",
		"objects/llvm14/x86_64-macho/patchpoints.o",
		"linked-macho/x86_64-macos11.dylib",
		"linked-macho/arm64-macos13.dylib",
		"fat/kinds-universal.o",
		"objects/llvm22/x86_64-coff/kinds.o",
		"objects/llvm19/x86_64-coff/statepoints.o",
		"linked-pe/sm.dll",
		"samples/v1-x86_64-macho.o",
	}
	elfObjects = []string{
		"objects/llvm22/x86_64-elf/kinds.o",
		"objects/llvm14/ppc64-elf/kinds.o",
		"objects/llvm22/s390x-elf/kinds.o",
		"objects/llvm22/riscv64-elf/kinds_relax.o",
		"linked/ppc64-elf/link_a.o",
		"linked/x86_64-elf/libstackmaps.so",
		"linked/aarch64-elf/libstackmaps.so",
		"compressed/kinds-zlib.o",
	}
	// Bare sections for FuzzParse and FuzzRuntime (stackmap), with
	// their byte order.
	sections = []string{
		"objects/llvm22/x86_64-elf/kinds.stackmaps.bin",
		"objects/llvm22/x86_64-elf/constants.stackmaps.bin",
		"objects/llvm22/x86_64-elf/patchpoints.stackmaps.bin",
		"objects/llvm22/x86_64-elf/statepoints.stackmaps.bin",
		"objects/llvm14/aarch64-elf/dynamic_alloca.stackmaps.bin",
		"objects/llvm22/ppc64-elf/kinds.stackmaps.bin",
		"objects/llvm22/s390x-elf/spills.stackmaps.bin",
		"objects/llvm22/riscv64-elf/many_functions_relax.stackmaps.bin",
		"linked/x86_64-elf/exe.stackmaps.bin",
		"linked/ppc64-elf/libstackmaps.so.stackmaps.bin",
		"mir/llvm22/aarch64-elf/a64_liveouts.stackmaps.bin",
		"samples/v1-x86_64.bin",
		"samples/v2-x86_64.bin",
	}
)

func main() {
	root, err := filepath.Abs("testdata")
	check(err)
	if _, err := os.Stat(filepath.Join(root, "objects")); err != nil {
		log.Fatal("run from the repository root: go run testdata/fuzzgen.go")
	}
	repo := filepath.Dir(root)
	for _, c := range []struct {
		dir   string
		files []string
	}{
		{"objfile/testdata/fuzz/FuzzNewFile", objects},
		{"elfsection/testdata/fuzz/FuzzRead", elfObjects},
	} {
		dir := filepath.Join(repo, c.dir)
		clear(dir)
		for _, rel := range c.files {
			write(dir, rel, read(root, rel))
		}
	}
	parse := filepath.Join(repo, "stackmap/testdata/fuzz/FuzzParse")
	runtime := filepath.Join(repo, "stackmap/testdata/fuzz/FuzzRuntime")
	clear(parse)
	clear(runtime)
	for _, rel := range sections {
		data := read(root, rel)
		big := strings.Contains(rel, "/ppc64-elf/") || strings.Contains(rel, "/s390x-elf/")
		var bo binary.ByteOrder = binary.LittleEndian
		if big {
			bo = binary.BigEndian
		}
		write(parse, rel, data, big)
		// FuzzRuntime looks up a record's address: take the last
		// record's, so that lookups have something to match.
		sec, err := stackmap.Parse(data, bo)
		check(err)
		pc := uint64(0)
		for i := range sec.Tables() {
			for _, r := range sec.Table(i).Records() {
				if a, ok := r.Address(); ok {
					pc = a
				}
			}
		}
		write(runtime, rel, data, pc, big)
	}
}

// clear removes the seed files of a corpus directory.
func clear(dir string) {
	check(os.MkdirAll(dir, 0o755))
	old, err := filepath.Glob(filepath.Join(dir, "seed-*"))
	check(err)
	for _, f := range old {
		check(os.Remove(f))
	}
}

func read(root, rel string) []byte {
	b, err := os.ReadFile(filepath.Join(root, rel))
	check(err)
	return b
}

// write writes one corpus entry named after rel.
func write(dir, rel string, values ...any) {
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for _, v := range values {
		switch v := v.(type) {
		case []byte:
			fmt.Fprintf(&b, "[]byte(%q)\n", v)
		default:
			fmt.Fprintf(&b, "%T(%v)\n", v, v)
		}
	}
	name := "seed-" + strings.NewReplacer("/", "-", ".", "_").Replace(rel)
	check(os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644))
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
