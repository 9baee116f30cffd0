package objfile_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
)

// FuzzNewFile feeds whole files to the public opening path, decodes and
// walks whatever it returns, and fails on an error that does not say
// where (see offsetless). testdata/fuzz/FuzzNewFile holds seeds built
// from real objects of every format (testdata/fuzzgen.go writes them) and
// what fuzzing found. The seeds are kilobytes, so minimizing each new
// input takes the engine's full default minute; run it with
//
//	go test -run XX -fuzz FuzzNewFile -fuzzminimizetime 2s ./objfile
func FuzzNewFile(f *testing.F) {
	for _, rel := range []string{"objects/llvm22/x86_64-elf/kinds.o", "objects/llvm22/arm64-macho/kinds.o", "objects/llvm22/x86_64-coff/kinds.o"} {
		b, err := os.ReadFile(filepath.Join(corpus.Root(), rel))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		err := open(b)
		if why := offsetless(err); why != "" {
			t.Fatalf("%s: %v", why, err)
		}
		// A reader that does not tell its size gives the same answer.
		err2 := openOpaque(b)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("with the size known: %v; unknown: %v", err, err2)
		}
		if why := offsetless(err2); why != "" {
			t.Fatalf("size unknown: %s: %v", why, err2)
		}
	})
}

// openOpaque is open through a reader whose size the locators must probe.
func openOpaque(b []byte) error {
	f, err := objfile.NewFile(readerOnly{bytes.NewReader(b)})
	if err != nil {
		return err
	}
	defer f.Close()
	for _, sd := range f.Sections {
		if err := walk(sd); err != nil {
			return err
		}
	}
	return nil
}
