//go:build ignore

// Writes the seed corpus of faultmap.FuzzParse: the fault map sections of
// the given files, and hostile variants of each (huge function and fault
// counts, cut short, read big-endian).
//
//	go run testdata/faultmap/fuzzseed.go faultmap/testdata/fuzz/FuzzParse FILE...
package main

import (
	"debug/elf"
	"debug/macho"
	"fmt"
	"os"
	"path/filepath"
)

func write(dir, name string, data []byte, big bool) {
	s := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\nbool(%v)\n", data, big)
	os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644)
}

func main() {
	dir := os.Args[1]
	for _, f := range os.Args[2:] {
		var data []byte
		if ef, err := elf.Open(f); err == nil {
			data, _ = ef.Section(".llvm_faultmaps").Data()
		} else if mf, err := macho.Open(f); err == nil {
			data, _ = mf.Section("__llvm_faultmaps").Data()
		}
		base := filepath.Base(f)
		write(dir, base, data, false)
		// hostile variants
		h := append([]byte(nil), data...)
		h[4], h[5], h[6], h[7] = 0xff, 0xff, 0xff, 0xff
		write(dir, base+"-huge-functions", h, false)
		h = append([]byte(nil), data...)
		h[16], h[17], h[18], h[19] = 0xff, 0xff, 0xff, 0x7f
		write(dir, base+"-huge-faults", h, false)
		write(dir, base+"-big-endian", data, true)
		write(dir, base+"-cut", data[:len(data)-5], false)
	}
}
