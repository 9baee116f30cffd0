// Package corpus reads the manifests of the checked-in test data
// (testdata/objects/MANIFEST.tsv and testdata/linked/MANIFEST.tsv) so that
// every package's tests walk the same objects.
package corpus

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Root returns the absolute path of the repository's testdata directory.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// Object is one row of testdata/objects/MANIFEST.tsv: an object compiled
// by llc from one of our IR files.
type Object struct {
	Path      string // absolute path of the object
	Rel       string // path relative to testdata/
	LLVM      string // "14", "19", "22"
	Target    string // e.g. "x86_64-elf", "ppc64-elf", "arm64-macho", "x86_64-coff"
	Triple    string
	LLCFlags  []string // extra llc flags
	IR        string   // absolute path of the IR source
	Format    string   // "elf", "macho", "coff"
	ByteOrder binary.ByteOrder
}

// Base returns the object's path without its ".o" suffix; the golden files
// beside it are Base()+".readobj.txt" and Base()+".stackmaps.bin".
func (o Object) Base() string { return strings.TrimSuffix(o.Path, ".o") }

// Name returns a short name for subtests: "llvm14/x86_64-elf/kinds".
func (o Object) Name() string { return strings.TrimSuffix(strings.TrimPrefix(o.Rel, "objects/"), ".o") }

// Linked is one row of testdata/linked/MANIFEST.tsv: a binary linked from
// several objects.
type Linked struct {
	Path       string   // absolute path of the binary
	Rel        string   // path relative to testdata/
	Kind       string   // "shared", "pie" or "exe"
	Target     string   // e.g. "x86_64-elf"
	Components []string // absolute paths of the objects, in link order
	LLVM       string
}

// Objects returns the rows of testdata/objects/MANIFEST.tsv.
func Objects() ([]Object, error) {
	return readObjects(filepath.Join(Root(), "objects", "MANIFEST.tsv"))
}

// MIRObjects returns the rows of testdata/mir/MANIFEST.tsv: objects llc
// compiled from hand-written MIR (testdata/mir/src). IR is the .mir file;
// LLCFlags holds every flag of the row, including its -start-before or
// -start-after pass.
func MIRObjects() ([]Object, error) {
	return readObjects(filepath.Join(Root(), "mir", "MANIFEST.tsv"))
}

// readObjects reads a manifest with the columns of
// testdata/objects/MANIFEST.tsv.
func readObjects(path string) ([]Object, error) {
	rows, err := readTSV(path)
	if err != nil {
		return nil, err
	}
	var out []Object
	for _, r := range rows {
		o := Object{
			Rel: r["object"], LLVM: r["llvm"], Target: r["target"], Triple: r["triple"],
			Format: r["format"], ByteOrder: binary.LittleEndian,
		}
		o.Path = filepath.Join(Root(), o.Rel)
		o.IR = filepath.Join(Root(), r["ir"])
		if f := r["llc_flags"]; f != "" && f != "-" {
			o.LLCFlags = strings.Fields(f)
		}
		if r["byteorder"] == "big" {
			o.ByteOrder = binary.BigEndian
		}
		out = append(out, o)
	}
	return out, nil
}

// LinkedBinaries returns the rows of testdata/linked/MANIFEST.tsv.
func LinkedBinaries() ([]Linked, error) {
	rows, err := readTSV(filepath.Join(Root(), "linked", "MANIFEST.tsv"))
	if err != nil {
		return nil, err
	}
	var out []Linked
	for _, r := range rows {
		l := Linked{Rel: r["binary"], Kind: r["kind"], Target: r["target"], LLVM: r["llvm"]}
		l.Path = filepath.Join(Root(), l.Rel)
		for _, c := range strings.Split(r["components"], ",") {
			if c = strings.TrimSpace(c); c != "" {
				l.Components = append(l.Components, filepath.Join(Root(), c))
			}
		}
		out = append(out, l)
	}
	return out, nil
}

// readTSV reads a tab-separated file with a header line into maps from
// column name to value.
func readTSV(path string) ([]map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var header []string
	var out []map[string]string
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if header == nil {
			header = cols
			continue
		}
		if len(cols) != len(header) {
			return nil, fmt.Errorf("%s:%d: %d columns, the header has %d", path, line, len(cols), len(header))
		}
		row := make(map[string]string, len(cols))
		for i, c := range cols {
			row[header[i]] = c
		}
		out = append(out, row)
	}
	return out, sc.Err()
}

// ReadobjStackMap returns the part of llvm-readobj --stackmap output that
// describes the stack map: from the line "LLVM StackMap Version: ..." to
// the end.
func ReadobjStackMap(out string) string {
	i := strings.Index(out, "LLVM StackMap Version:")
	if i < 0 {
		return ""
	}
	return out[i:]
}

// Crafted is one row of testdata/mir/CRAFTED.tsv: what one location or
// live-out of a MIR-crafted record was written as, what llc made of it, and
// which lint fault (if any) it holds.
type Crafted struct {
	Object   string   // target dir and object name, e.g. "x86_64-elf/x86_memory"
	LLVM     []string // the LLVM versions the row holds for, e.g. ["14", "19", "22"]
	Record   string   // the record's ID, in decimal
	Item     string   // "location" or "liveout"
	Index    int      // position among the record's locations or live-outs, from 0
	Crafted  string   // the MIR operands written
	Kind     string   // location kind as LLVM names it; "-" for live-outs
	Size     int      // size in bytes llc wrote
	DwarfReg int      // DWARF register number llc wrote
	Offset   string   // locations: the offset field in decimal; "-" for live-outs
	Fault    string   // lint rule it breaks, or "-"
	Note     string
}

// MIRCrafted returns the rows of testdata/mir/CRAFTED.tsv.
func MIRCrafted() ([]Crafted, error) {
	path := filepath.Join(Root(), "mir", "CRAFTED.tsv")
	rows, err := readTSV(path)
	if err != nil {
		return nil, err
	}
	out := make([]Crafted, 0, len(rows))
	for i, r := range rows {
		c := Crafted{
			Object: r["object"], LLVM: strings.Split(r["llvm"], ","), Record: r["record"], Item: r["item"],
			Crafted: r["crafted"], Kind: r["kind"], Offset: r["offset"], Fault: r["fault"], Note: r["note"],
		}
		if _, err := fmt.Sscan(r["index"], &c.Index); err != nil {
			return nil, fmt.Errorf("%s: row %d: index %q: %v", path, i+2, r["index"], err)
		}
		if _, err := fmt.Sscan(r["size"], &c.Size); err != nil {
			return nil, fmt.Errorf("%s: row %d: size %q: %v", path, i+2, r["size"], err)
		}
		if _, err := fmt.Sscan(r["dwarf_reg"], &c.DwarfReg); err != nil {
			return nil, fmt.Errorf("%s: row %d: dwarf_reg %q: %v", path, i+2, r["dwarf_reg"], err)
		}
		out = append(out, c)
	}
	return out, nil
}
