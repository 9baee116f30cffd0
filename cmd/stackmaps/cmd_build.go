package main

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/stackmap"
)

const buildUsage = `Usage: stackmaps build [flags] FILE

Write a stack map section from the JSON that "stackmaps dump --format=json"
writes (FILE "-" reads standard input): every table of the document, back
to back, in its byte order, as LLVM lays them out. Dumping a section and
building the JSON gives back its bytes exactly:

  stackmaps dump --format=json --raw sect.bin | stackmaps build - -o copy.bin
  stackmaps dump --format=json prog.o | stackmaps build -o sect.bin -

What build reads of each table: "version", "byte_order", "functions"
("stored_address", else "address"; "stack_size"; "record_count"),
"constants", and "records" ("id", "stored_instruction_offset", else
"instruction_offset"; "flags"; "locations" with "kind", "size",
"dwarf_reg" and "offset"; "live_outs" with "dwarf_reg" and "size").
Every other field is ignored, so a hand-edited document need not keep
them consistent. A table with "constants": null gets its constants table
built from its locations' "value"s as LLVM builds it (deduplicated, in
order of first use; a ConstantIndex location's "offset" is then ignored).
Errors name the JSON path of the field at fault
("tables[0].records[3].locations[1].kind").

A universal Mach-O file's document holds the tables of every slice: choose
one with --slice. The byte order comes from each table's "byte_order", or
from --big-endian or --little-endian, which override it.

Examples:
  stackmaps build testdata/build/kinds.json | cmp - testdata/objects/llvm22/x86_64-elf/kinds.stackmaps.bin
  stackmaps build --big-endian testdata/build/kinds.json | od -A d -t x1 | head -2

Exit status: 0 success, 1 the JSON cannot be read or encoded, 2 bad usage.

Flags:
`

func runBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("build", buildUsage, stderr)
	output := fs.String("o", "", "write the section to `FILE` (default: standard output)")
	slice := fs.String("slice", "", "universal files: build the section of slice `ARCH` (x86_64, aarch64)")
	big := fs.Bool("big-endian", false, "write every table big-endian, whatever the JSON says")
	little := fs.Bool("little-endian", false, "write every table little-endian, whatever the JSON says")
	files, status, ok := parseCommandLine(fs, args, stdout)
	if !ok {
		return status
	}
	if len(files) != 1 || (*big && *little) {
		fmt.Fprintln(stderr, "stackmaps build: need exactly one FILE (\"-\" for standard input), and at most one of --big-endian and --little-endian")
		return exitUsage
	}
	var force binary.ByteOrder
	switch {
	case *big:
		force = binary.BigEndian
	case *little:
		force = binary.LittleEndian
	}
	name := files[0]
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "stackmaps build: %s: %v\n", textout.Escape(name), pathless(err))
			return exitFail
		}
		defer f.Close()
		in = f
	}
	section, err := buildSection(bufio.NewReader(in), *slice, force)
	if err != nil {
		fmt.Fprintf(stderr, "stackmaps build: %s: %v\n", textout.Escape(name), err)
		return exitFail
	}
	if *output == "" {
		if _, err := stdout.Write(section); err != nil {
			fmt.Fprintf(stderr, "stackmaps build: %v\n", err)
			return exitFail
		}
		return exitOK
	}
	if err := os.WriteFile(*output, section, 0o644); err != nil {
		fmt.Fprintf(stderr, "stackmaps build: %s: %v\n", textout.Escape(*output), pathless(err))
		return exitFail
	}
	return exitOK
}

// pathless returns a file system error without the path it names (the
// caller prints the path escaped).
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// buildSection reads one dump document from r and encodes its tables.
func buildSection(r io.Reader, slice string, force binary.ByteOrder) ([]byte, error) {
	dec := json.NewDecoder(r)
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("not a JSON document: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("more than one JSON document (dump writes one per FILE): build reads one")
	}
	root, err := jsonObject(doc, "")
	if err != nil {
		return nil, err
	}
	tables, err := root.array("tables")
	if err != nil {
		return nil, err
	}
	var out []byte
	seen := map[string]bool{}
	for i, tv := range tables {
		p := fmt.Sprintf("tables[%d]", i)
		t, err := jsonObject(tv, p)
		if err != nil {
			return nil, err
		}
		s, err := t.optString("slice")
		if err != nil {
			return nil, err
		}
		seen[s] = true
		if slice != "" && s != slice {
			continue
		}
		spec, bo, err := t.tableSpec()
		if err != nil {
			return nil, err
		}
		if force != nil {
			bo = force
		}
		if out, err = stackmap.AppendTable(out, &spec, bo); err != nil {
			return nil, encodeErrorPath(p, err)
		}
	}
	if slice == "" && len(seen) > 1 {
		return nil, fmt.Errorf("the tables come from %d slices of a universal file: choose one with --slice", len(seen))
	}
	if len(out) == 0 {
		if slice != "" {
			return nil, fmt.Errorf("no table of slice %s", strconv.Quote(slice))
		}
		return nil, errors.New("tables: no table to write")
	}
	return out, nil
}

// encodeErrorPath restates a writer's error with the JSON path of the
// field at fault.
func encodeErrorPath(table string, err error) error {
	var ee *stackmap.EncodeError
	if !errors.As(err, &ee) {
		return err
	}
	p := table
	switch {
	case ee.Record >= 0:
		p += fmt.Sprintf(".records[%d]", ee.Record)
		if ee.Location >= 0 {
			p += fmt.Sprintf(".locations[%d]", ee.Location)
		}
		if ee.LiveOut >= 0 {
			p += fmt.Sprintf(".live_outs[%d]", ee.LiveOut)
		}
	case ee.Function >= 0:
		p += fmt.Sprintf(".functions[%d]", ee.Function)
	}
	if f := jsonFieldName(ee.Field); f != "" {
		p += "." + f
	}
	return fmt.Errorf("%s: %s", p, ee.Detail)
}

// jsonFieldName maps a spec field to its name in dump's JSON.
func jsonFieldName(field string) string {
	switch field {
	case "RecordCount":
		return "record_count"
	case "Kind", "Size", "Offset", "Version", "Functions", "Constants", "Records":
		return strings.ToLower(field)
	}
	return ""
}

// tableSpec reads one table of a dump document.
func (t jsonObj) tableSpec() (stackmap.TableSpec, binary.ByteOrder, error) {
	var spec stackmap.TableSpec
	v, err := t.uint("version", 8)
	if err != nil {
		return spec, nil, err
	}
	if v < 1 || v > 3 {
		return spec, nil, fmt.Errorf("%s.version: %d is not 1, 2 or 3", t.path, v)
	}
	spec.Version = stackmap.Version(v)
	var bo binary.ByteOrder = binary.LittleEndian
	order, err := t.optString("byte_order")
	switch {
	case err != nil:
		return spec, nil, err
	case order == "big-endian":
		bo = binary.BigEndian
	case order != "" && order != "little-endian":
		return spec, nil, fmt.Errorf("%s.byte_order: %s is not \"little-endian\" or \"big-endian\"", t.path, strconv.Quote(order))
	}
	fns, err := t.array("functions")
	if err != nil {
		return spec, nil, err
	}
	for i, fv := range fns {
		f, err := jsonObject(fv, fmt.Sprintf("%s.functions[%d]", t.path, i))
		if err != nil {
			return spec, nil, err
		}
		var fs stackmap.FunctionSpec
		if fs.Address, err = f.uintOr("stored_address", "address", 64); err != nil {
			return spec, nil, err
		}
		if fs.StackSize, err = f.uint("stack_size", 64); err != nil {
			return spec, nil, err
		}
		if f.m["record_count"] != nil {
			if fs.RecordCount, err = f.uint("record_count", 64); err != nil {
				return spec, nil, err
			}
		}
		spec.Functions = append(spec.Functions, fs)
	}
	var b *stackmap.Builder // set when the constants table is to be built
	if t.m["constants"] == nil {
		b = &stackmap.Builder{}
	} else {
		cs, err := t.array("constants")
		if err != nil {
			return spec, nil, err
		}
		for i, cv := range cs {
			c, err := jsonUint(cv, fmt.Sprintf("%s.constants[%d]", t.path, i), 64)
			if err != nil {
				return spec, nil, err
			}
			spec.Constants = append(spec.Constants, c)
		}
	}
	recs, err := t.array("records")
	if err != nil {
		return spec, nil, err
	}
	for i, rv := range recs {
		r, err := jsonObject(rv, fmt.Sprintf("%s.records[%d]", t.path, i))
		if err != nil {
			return spec, nil, err
		}
		rs, err := r.recordSpec(b)
		if err != nil {
			return spec, nil, err
		}
		spec.Records = append(spec.Records, rs)
	}
	if b != nil {
		spec.Constants = b.Spec.Constants
	}
	return spec, bo, nil
}

// recordSpec reads one record; with b set, constants are located by value
// in the table b builds.
func (r jsonObj) recordSpec(b *stackmap.Builder) (stackmap.RecordSpec, error) {
	var rs stackmap.RecordSpec
	var err error
	if rs.ID, err = r.uint("id", 64); err != nil {
		return rs, err
	}
	off, err := r.uintOr("stored_instruction_offset", "instruction_offset", 32)
	if err != nil {
		return rs, err
	}
	rs.InstructionOffset = uint32(off)
	flags, err := r.uint("flags", 16)
	if err != nil {
		return rs, err
	}
	rs.Flags = uint16(flags)
	locs, err := r.array("locations")
	if err != nil {
		return rs, err
	}
	rs.Locations = make([]stackmap.Location, 0, len(locs))
	for j, lv := range locs {
		l, err := jsonObject(lv, fmt.Sprintf("%s.locations[%d]", r.path, j))
		if err != nil {
			return rs, err
		}
		loc, err := l.location(b)
		if err != nil {
			return rs, err
		}
		rs.Locations = append(rs.Locations, loc)
	}
	los, err := r.array("live_outs")
	if err != nil {
		return rs, err
	}
	rs.LiveOuts = make([]stackmap.LiveOut, 0, len(los))
	for j, lv := range los {
		l, err := jsonObject(lv, fmt.Sprintf("%s.live_outs[%d]", r.path, j))
		if err != nil {
			return rs, err
		}
		reg, err := l.uint("dwarf_reg", 16)
		if err != nil {
			return rs, err
		}
		size, err := l.uint("size", 8)
		if err != nil {
			return rs, err
		}
		rs.LiveOuts = append(rs.LiveOuts, stackmap.LiveOut{Reg: uint16(reg), Size: uint8(size)})
	}
	return rs, nil
}

// location reads one location.
func (l jsonObj) location(b *stackmap.Builder) (stackmap.Location, error) {
	var loc stackmap.Location
	kind, err := l.str("kind")
	if err != nil {
		return loc, err
	}
	for k := stackmap.Register; k <= stackmap.ConstantIndex; k++ {
		if k.String() == kind {
			loc.Kind = k
		}
	}
	if loc.Kind == 0 {
		return loc, fmt.Errorf("%s.kind: %s is not Register, Direct, Indirect, Constant or ConstantIndex", l.path, strconv.Quote(kind))
	}
	size, err := l.uint("size", 16)
	if err != nil {
		return loc, err
	}
	reg, err := l.uint("dwarf_reg", 16)
	if err != nil {
		return loc, err
	}
	loc.Size, loc.Reg = uint16(size), uint16(reg)
	if b != nil && loc.Kind == stackmap.ConstantIndex {
		v, err := l.uint("value", 64)
		if err != nil {
			return loc, err
		}
		loc.Offset = b.ConstantIndex(v).Offset
		return loc, nil
	}
	off, err := l.int("offset", 32)
	if err != nil {
		return loc, err
	}
	loc.Offset = int32(off)
	if loc.Kind == stackmap.ConstantIndex && off < 0 {
		return loc, fmt.Errorf("%s.offset: constant index %d is negative", l.path, off)
	}
	return loc, nil
}
