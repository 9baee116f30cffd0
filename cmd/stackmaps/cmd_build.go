package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
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
("tables[0].records[3].locations[1].kind") and where it is (line, column
and byte offset), quote at most 40 bytes of an offending value with its
length, and refuse a member given twice.

The document is read a token at a time and each record encoded as it is
read: build holds about twice the section's size (plus a few MB), not the
document. It refuses a document longer than 4 GiB and a string or number
longer than 1 MiB.

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
	tables, err := buildTables(bufio.NewReader(in), *slice, force)
	if err != nil {
		fmt.Fprintf(stderr, "stackmaps build: %s: %v\n", textout.Escape(name), err)
		return exitFail
	}
	out, err := openOutput(*output, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "stackmaps build: %s: %v\n", textout.Escape(*output), pathless(err))
		return exitFail
	}
	for _, t := range tables {
		out.Write(t) // a failure is kept and reported by Close
	}
	if err := out.Close(); err != nil {
		fmt.Fprintf(stderr, "stackmaps build: writing the section: %v\n", err)
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
	tables, err := buildTables(r, slice, force)
	if err != nil {
		return nil, err
	}
	return bytes.Join(tables, nil), nil
}

// buildTables reads one dump document from r and encodes its tables (of
// the given slice, when not ""), in force's byte order when not nil; the
// section is their bytes back to back. The document is read a token at a
// time and each record is encoded as soon as it is read (when the table's
// version, byte order and constants come before its records, as dump
// writes them): what is held is the tables built so far and the table
// being built, in their encoded form, plus the table's functions.
func buildTables(r io.Reader, slice string, force binary.ByteOrder) ([][]byte, error) {
	j := newJSONIn(r)
	var out [][]byte
	seen := map[string]bool{}
	hasTables := false
	err := j.object(nil, func(key string, at pos) error {
		if key != "tables" {
			return j.skip()
		}
		hasTables = true
		p := (*jpath)(nil).member("tables")
		_, err := j.array(p, false, func(i int) error {
			t := tableBuild{j: j, path: p.elem(i), force: force}
			b, err := t.read()
			if err != nil {
				return err
			}
			seen[t.slice] = true
			if slice == "" || t.slice == slice {
				out = append(out, b)
			}
			return nil
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := j.end(); err != nil {
		return nil, err
	}
	if !hasTables {
		return nil, errors.New("tables: missing")
	}
	if slice == "" && len(seen) > 1 {
		return nil, fmt.Errorf("the tables come from %d slices of a universal file: choose one with --slice", len(seen))
	}
	if len(out) == 0 {
		if slice != "" {
			return nil, fmt.Errorf("no table of slice %s", quoteShort(slice, true))
		}
		return nil, errors.New("tables: no table to write")
	}
	return out, nil
}

// lazyVal is a scalar member kept as its token, read when the object has
// ended (a member may depend on another, in any order): where its value
// starts, and whether it was given at all.
type lazyVal struct {
	tok json.Token
	at  pos
	set bool
}

// lazy reads a scalar member into v.
func (j *jsonIn) lazy(path *jpath, v *lazyVal) error {
	t, off, err := j.token()
	if err != nil {
		return err
	}
	if _, ok := t.(json.Delim); ok {
		return j.at(path, off, "%s, not a number or a string", describe(t))
	}
	*v = lazyVal{tok: t, at: off, set: true}
	return nil
}

// uint reads v as an unsigned integer of bits bits; obj is where its
// object starts (for a missing member).
func (j *jsonIn) lazyUint(v lazyVal, path *jpath, bits int, obj pos) (uint64, error) {
	if !v.set {
		return 0, j.at(path, obj, "missing")
	}
	n, ok := v.tok.(json.Number)
	if !ok {
		return 0, j.at(path, v.at, "%s, not an integer", describe(v.tok))
	}
	u, err := strconv.ParseUint(string(n), 10, bits)
	if err != nil {
		return 0, j.at(path, v.at, "%s is not an unsigned %d-bit integer", quoteShort(string(n), false), bits)
	}
	return u, nil
}

// lazyInt reads v as a signed integer of bits bits.
func (j *jsonIn) lazyInt(v lazyVal, path *jpath, bits int, obj pos) (int64, error) {
	if !v.set {
		return 0, j.at(path, obj, "missing")
	}
	n, ok := v.tok.(json.Number)
	if !ok {
		return 0, j.at(path, v.at, "%s, not an integer", describe(v.tok))
	}
	i, err := strconv.ParseInt(string(n), 10, bits)
	if err != nil {
		return 0, j.at(path, v.at, "%s is not a signed %d-bit integer", quoteShort(string(n), false), bits)
	}
	return i, nil
}

// lazyLoc is a location as read, its offset or constant value resolved
// once the table says which applies (constants null: by value).
type lazyLoc struct {
	loc           stackmap.Location // Kind, Size, Reg
	offset, value lazyVal
	at            pos
}

// tableBuild reads and encodes one table of the document.
type tableBuild struct {
	j     *jsonIn
	path  *jpath
	force binary.ByteOrder
	slice string

	version    stackmap.Version
	order      binary.ByteOrder
	constsSeen bool
	spec       stackmap.TableSpec // Functions and Constants
	b          *stackmap.Builder  // constants built from the values (constants null or absent)

	nrec   int
	chunks [][]byte // the records, encoded, when streamed
	// held are the records, kept, when the version, the byte order or the
	// constants came after them; heldLocs their locations, in order.
	held     []stackmap.RecordSpec
	heldLocs []lazyLoc
	rec      [1]stackmap.RecordSpec // the record being read (its slices reused)
	locs     []lazyLoc
}

// streaming reports whether records can be encoded as they are read.
func (t *tableBuild) streaming() bool {
	return t.version != 0 && t.order != nil && t.constsSeen
}

// read reads the table and returns its bytes.
func (t *tableBuild) read() ([]byte, error) {
	j := t.j
	start := j.pr.pos(j.d.InputOffset())
	seen := map[string]bool{}
	err := j.object(t.path, func(key string, at pos) error {
		p := t.path.member(key)
		seen[key] = true
		switch key {
		case "slice":
			s, _, err := j.str(p, true)
			t.slice = s
			return err
		case "version":
			v, err := j.uint(p, 8)
			if err == nil && (v < 1 || v > 3) {
				err = j.at(p, at, "%d is not 1, 2 or 3", v)
			}
			t.version = stackmap.Version(v)
			return err
		case "byte_order":
			s, soff, err := j.str(p, true)
			switch {
			case err != nil:
				return err
			case s == "big-endian":
				t.order = binary.BigEndian
			case s == "" || s == "little-endian":
				t.order = binary.LittleEndian
			default:
				return j.at(p, soff, "%s is not \"little-endian\" or \"big-endian\"", quoteShort(s, true))
			}
			if t.force != nil {
				t.order = t.force
			}
			return nil
		case "functions":
			_, err := j.array(p, false, func(i int) error { return t.function(p.elem(i)) })
			return err
		case "constants":
			t.constsSeen = true
			ok, err := j.array(p, true, func(i int) error {
				c, err := j.uint(p.elem(i), 64)
				t.spec.Constants = append(t.spec.Constants, c)
				return err
			})
			if err == nil && !ok {
				t.b = &stackmap.Builder{}
			}
			return err
		case "records":
			if t.force != nil && t.order == nil {
				t.order = t.force
			}
			_, err := j.array(p, false, func(i int) error { return t.record(p.elem(i), i) })
			return err
		}
		return j.skip()
	})
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"version", "functions", "records"} {
		if !seen[k] {
			return nil, j.at(t.path.member(k), start, "missing")
		}
	}
	if t.order == nil {
		t.order = cmp.Or(t.force, binary.ByteOrder(binary.LittleEndian))
	}
	if !t.constsSeen {
		t.b = &stackmap.Builder{}
	}
	if t.held != nil {
		if err := t.encodeHeld(start); err != nil {
			return nil, err
		}
	}
	if t.b != nil {
		t.spec.Constants = t.b.Spec.Constants
	}
	t.spec.Version = t.version
	head, err := stackmap.AppendTableHead(nil, &t.spec, t.nrec, t.order)
	if err != nil {
		return nil, t.encodeError(err, start)
	}
	n := len(head)
	for _, c := range t.chunks {
		n += len(c)
	}
	out := append(make([]byte, 0, n), head...)
	for i, c := range t.chunks {
		out = append(out, c...)
		t.chunks[i] = nil
	}
	return out, nil
}

// encodeError restates a writer's error with the JSON path of the field
// at fault and where its object starts.
func (t *tableBuild) encodeError(err error, at pos) error {
	return fmt.Errorf("%w %s", encodeErrorPath(t.path.String(), err), at)
}

// function reads one function record.
func (t *tableBuild) function(p *jpath) error {
	j := t.j
	start := j.pr.pos(j.d.InputOffset())
	var stored, addr, stack, count lazyVal
	err := j.object(p, func(key string, at pos) error {
		switch key {
		case "stored_address":
			return j.lazy(p.member(key), &stored)
		case "address":
			return j.lazy(p.member(key), &addr)
		case "stack_size":
			return j.lazy(p.member(key), &stack)
		case "record_count":
			return j.lazy(p.member(key), &count)
		}
		return j.skip()
	})
	if err != nil {
		return err
	}
	var f stackmap.FunctionSpec
	if stored.set {
		f.Address, err = j.lazyUint(stored, p.member("stored_address"), 64, start)
	} else {
		f.Address, err = j.lazyUint(addr, p.member("address"), 64, start)
	}
	if err != nil {
		return err
	}
	if f.StackSize, err = j.lazyUint(stack, p.member("stack_size"), 64, start); err != nil {
		return err
	}
	if count.set && count.tok != nil {
		if f.RecordCount, err = j.lazyUint(count, p.member("record_count"), 64, start); err != nil {
			return err
		}
	}
	t.spec.Functions = append(t.spec.Functions, f)
	return nil
}

// record reads record i and encodes it, or keeps it until the table says
// how.
func (t *tableBuild) record(p *jpath, i int) error {
	j := t.j
	start := j.pr.pos(j.d.InputOffset())
	r := &t.rec[0]
	r.Locations, r.LiveOuts, t.locs = r.Locations[:0], r.LiveOuts[:0], t.locs[:0]
	var id, stored, off, flags lazyVal
	var sawLocs, sawLive bool
	err := j.object(p, func(key string, at pos) error {
		mp := p.member(key)
		switch key {
		case "id":
			return j.lazy(mp, &id)
		case "stored_instruction_offset":
			return j.lazy(mp, &stored)
		case "instruction_offset":
			return j.lazy(mp, &off)
		case "flags":
			return j.lazy(mp, &flags)
		case "locations":
			sawLocs = true
			_, err := j.array(mp, false, func(k int) error { return t.location(mp.elem(k)) })
			return err
		case "live_outs":
			sawLive = true
			_, err := j.array(mp, false, func(k int) error { return t.liveOut(mp.elem(k)) })
			return err
		}
		return j.skip()
	})
	if err != nil {
		return err
	}
	if r.ID, err = j.lazyUint(id, p.member("id"), 64, start); err != nil {
		return err
	}
	var o uint64
	if stored.set {
		o, err = j.lazyUint(stored, p.member("stored_instruction_offset"), 32, start)
	} else {
		o, err = j.lazyUint(off, p.member("instruction_offset"), 32, start)
	}
	if err != nil {
		return err
	}
	r.InstructionOffset = uint32(o)
	f, err := j.lazyUint(flags, p.member("flags"), 16, start)
	if err != nil {
		return err
	}
	r.Flags = uint16(f)
	if !sawLocs {
		return j.at(p.member("locations"), start, "missing")
	}
	if !sawLive {
		return j.at(p.member("live_outs"), start, "missing")
	}
	t.nrec++
	if !t.streaming() || t.held != nil {
		// Kept whole until the table ends: its locations' offsets wait.
		h := *r
		h.Locations = make([]stackmap.Location, len(t.locs))
		h.LiveOuts = slices.Clone(r.LiveOuts)
		t.held = append(t.held, h)
		t.heldLocs = append(t.heldLocs, t.locs...)
		return nil
	}
	for k := range t.locs {
		loc, err := t.resolve(&t.locs[k], p.member("locations").elem(k))
		if err != nil {
			return err
		}
		r.Locations = append(r.Locations, loc)
	}
	nconst := len(t.spec.Constants)
	if t.b != nil {
		nconst = len(t.b.Spec.Constants)
	}
	n := len(t.chunks)
	if n == 0 || cap(t.chunks[n-1])-len(t.chunks[n-1]) < 64<<10 {
		t.chunks, n = append(t.chunks, make([]byte, 0, 1<<20)), n+1
	}
	t.chunks[n-1], err = stackmap.AppendRecords(t.chunks[n-1], t.rec[:], i, t.version, nconst, t.order)
	if err != nil {
		return t.encodeError(err, start)
	}
	return nil
}

// location reads one location of the record being read.
func (t *tableBuild) location(p *jpath) error {
	j := t.j
	start := j.pr.pos(j.d.InputOffset())
	var kind, size, reg lazyVal
	l := lazyLoc{at: start}
	err := j.object(p, func(key string, at pos) error {
		mp := p.member(key)
		switch key {
		case "kind":
			return j.lazy(mp, &kind)
		case "size":
			return j.lazy(mp, &size)
		case "dwarf_reg":
			return j.lazy(mp, &reg)
		case "offset":
			return j.lazy(mp, &l.offset)
		case "value":
			return j.lazy(mp, &l.value)
		}
		return j.skip()
	})
	if err != nil {
		return err
	}
	if !kind.set {
		return j.at(p.member("kind"), start, "missing")
	}
	k, ok := kind.tok.(string)
	if !ok {
		return j.at(p.member("kind"), kind.at, "%s, not a string", describe(kind.tok))
	}
	for lk := stackmap.Register; lk <= stackmap.ConstantIndex; lk++ {
		if lk.String() == k {
			l.loc.Kind = lk
		}
	}
	if l.loc.Kind == 0 {
		return j.at(p.member("kind"), kind.at, "%s is not Register, Direct, Indirect, Constant or ConstantIndex", quoteShort(k, true))
	}
	s, err := j.lazyUint(size, p.member("size"), 16, start)
	if err != nil {
		return err
	}
	rg, err := j.lazyUint(reg, p.member("dwarf_reg"), 16, start)
	if err != nil {
		return err
	}
	l.loc.Size, l.loc.Reg = uint16(s), uint16(rg)
	t.locs = append(t.locs, l)
	return nil
}

// resolve gives a location its offset: the constant's index in the table
// built from the values (constants null), else the offset as given.
func (t *tableBuild) resolve(l *lazyLoc, p *jpath) (stackmap.Location, error) {
	j, loc := t.j, l.loc
	if t.b != nil && loc.Kind == stackmap.ConstantIndex {
		v, err := j.lazyUint(l.value, p.member("value"), 64, l.at)
		if err != nil {
			return loc, err
		}
		loc.Offset = t.b.ConstantIndex(v).Offset
		return loc, nil
	}
	off, err := j.lazyInt(l.offset, p.member("offset"), 32, l.at)
	if err != nil {
		return loc, err
	}
	if loc.Kind == stackmap.ConstantIndex && off < 0 {
		return loc, j.at(p.member("offset"), l.offset.at, "constant index %d is negative", off)
	}
	loc.Offset = int32(off)
	return loc, nil
}

// liveOut reads one live-out of the record being read.
func (t *tableBuild) liveOut(p *jpath) error {
	j := t.j
	start := j.pr.pos(j.d.InputOffset())
	var reg, size lazyVal
	err := j.object(p, func(key string, at pos) error {
		switch key {
		case "dwarf_reg":
			return j.lazy(p.member(key), &reg)
		case "size":
			return j.lazy(p.member(key), &size)
		}
		return j.skip()
	})
	if err != nil {
		return err
	}
	r, err := j.lazyUint(reg, p.member("dwarf_reg"), 16, start)
	if err != nil {
		return err
	}
	s, err := j.lazyUint(size, p.member("size"), 8, start)
	if err != nil {
		return err
	}
	t.rec[0].LiveOuts = append(t.rec[0].LiveOuts, stackmap.LiveOut{Reg: uint16(r), Size: uint8(s)})
	return nil
}

// encodeHeld resolves the kept records' locations and encodes them; start
// is where the table starts.
func (t *tableBuild) encodeHeld(start pos) error {
	k := 0
	recs := t.path.member("records")
	for i := range t.held {
		r := &t.held[i]
		for n := range r.Locations {
			loc, err := t.resolve(&t.heldLocs[k], recs.elem(i).member("locations").elem(n))
			if err != nil {
				return err
			}
			r.Locations[n] = loc
			k++
		}
	}
	nconst := len(t.spec.Constants)
	if t.b != nil {
		nconst = len(t.b.Spec.Constants)
	}
	b, err := stackmap.AppendRecords(nil, t.held, 0, t.version, nconst, t.order)
	if err != nil {
		return t.encodeError(err, start)
	}
	t.chunks, t.held, t.heldLocs = [][]byte{b}, nil, nil
	return nil
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
