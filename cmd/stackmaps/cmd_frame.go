package main

import (
	"io"
	"strings"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/frameslots"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/stackmap"
)

const frameUsage = `Usage: stackmaps frame [flags] FILE [ADDR...]

Draw the frame of each record: the stack from the frame's CFA (its caller's
stack pointer at the call) down to its stack pointer, with the return
address, each register the function has saved by then (from the CFI row
that holds at the record, as dump --unwind finds it), and each stack slot a
Direct or Indirect location points at, with the location numbers and, for a
statepoint, what each one is (deopt value, base or derived pointer of a GC
pair, GC stack slot). Locations in registers and constants are listed
below the picture; a location whose base register the row does not place
(a base other than the stack or frame pointer the CFA rule names) is listed
as unplaced.

The records: those at each ADDR (as lookup finds them: a number,
SECTION:ADDR or SYMBOL+OFF), or else every record --function and --id
keep (every record of the file without them).

With --layout F.yaml, the stack objects of llc's stack frame layout remark
(llc -pass-remarks-analysis=stack-frame-layout -pass-remarks-output=F.yaml)
name the slots: their kind (Spill, Variable, ...), size and, with debug
information, the variables that live there.

Offsets are from the CFA. The stack pointer is placed from the CFA rule
when it names the stack pointer, or else from the function's stack size
(and the return address a call pushes on x86_64, the 160-byte save area
of s390x); a function with a dynamic stack size (alloca) has none.

JSON (--format=json), one document per record: {"file", "function",
"symbol", "record": {"id", "id_hex", "address", "address_hex", "index"},
"cfa": {"reg", "offset"} or null, "sp_offset" (null when unknown),
"sp_from_row", "stack_size", "slots": [{"cfa_offset", "size", "what",
"locations": [N], "roles": [...]}], "registers", "constants", "unplaced":
[{"location", "kind", "reg", "offset", "size", "role"}]}.

Examples:
  stackmaps frame testdata/objects/llvm22/x86_64-elf/statepoints.o --id 7
  stackmaps frame testdata/objects/llvm22/aarch64-elf/kinds.o kinds_indirect+0xcc
  stackmaps frame --format=json testdata/linked/x86_64-elf/exe 0x401237
  stackmaps frame --layout testdata/framelayout/layout-x86_64.yaml testdata/framelayout/layout-x86_64.o

Exit status: 0 success, 1 a file could not be read or an ADDR or filter
matched no record, 2 bad usage.

Flags:
`

func runFrame(args []string, stdout, stderr io.Writer) int {
	c := newFileCommand("frame", frameUsage, []string{"text", "json"}, stderr)
	c.withBias("load bias: ADDRs are runtime addresses, and addresses are shown as such")
	layoutFile := c.fs.String("layout", "", "llc's stack frame layout remarks (YAML, -pass-remarks-analysis=stack-frame-layout -pass-remarks-output=F): name the slots")
	pos, status, ok := c.parse(args, stdout, stderr)
	if !ok {
		return status
	}
	bias := c.bias
	var layouts map[string][]frameslots.Object
	if *layoutFile != "" {
		var err error
		if layouts, err = readFrameLayouts(*layoutFile); err != nil {
			say(stderr, "stackmaps frame: --layout: %v\n", err)
			return exitFail
		}
	}
	if len(pos) == 0 {
		say(stderr, "stackmaps frame: no FILE given (see stackmaps frame --help)\n")
		return exitUsage
	}
	var addrs []codeAddr
	for _, s := range pos[1:] {
		a, ok := parseCodeAddr(s)
		if !ok {
			say(stderr, "stackmaps frame: address \"%s\": want a number (decimal or 0x hex), SECTION:ADDR or SYMBOL+0xOFF\n", s)
			return exitUsage
		}
		addrs = append(addrs, a)
	}
	shown := 0
	missed := false // an ADDR without a record
	status = c.run(pos[:1], stdout, stderr, func(out io.Writer, in *dumpInput) error {
		in.Bias = bias
		uws, uwErr := openUnwind(in)
		if uwErr != nil {
			say(stderr, "stackmaps frame: %s: no call frame information: %v\n", in.File, uwErr)
		}
		w := textout.NewBuffer(out)
		var fr frameslots.Frame // reused for every record
		draw := func(tv *tableView, rv recordView) {
			tv.Bias = bias
			var row *cfi.Row
			if uws != nil {
				for si, sd := range in.Sections {
					if sd == tv.SD {
						tv.UW = uws[si]
					}
				}
			}
			if tv.UW != nil {
				if ur, ok := tv.UW.rowFor(rv); ok {
					row = ur.Rules
				}
			}
			p := buildFramePicture(&fr, tv, rv, row)
			if layouts != nil && rv.Func >= 0 && rv.Func < len(tv.Funcs) {
				f := &tv.Funcs[rv.Func]
				objs, ok := layouts[f.Symbol()]
				if !ok {
					objs = layouts[f.Name()]
				}
				p.AddObjects(objs, tv.SD.Arch)
			}
			if c.json() {
				writeFramePictureJSON(w, in.File, &p, c.prettyJSON())
			} else {
				writeFramePictureText(w, &p)
			}
			shown++
			w.FlushIfFull()
		}
		if len(addrs) == 0 {
			forEachTable(in, func(tv *tableView) {
				view := *tv
				view.Funcs = append([]stackmap.Function(nil), tv.Funcs...)
				for _, r := range tv.Table.Records() {
					rv := recordViewOf(r)
					if c.filter.keepRecord(&view, rv) {
						draw(&view, rv)
					}
				}
			})
			return w.Flush()
		}
		finder := newAddrFinder(in, bias, c.filter, stderr)
		for _, q := range addrs {
			found, q, err := finder.find(q)
			if err != nil {
				return err
			}
			if found.Len() == 0 {
				missed = true
				at := q.text
				if q.symbol != "" {
					at += " (" + textout.HexString(q.pc) + ")"
				}
				say(stderr, "stackmaps frame: %s: no record at or before %s in its function%s\n", in.File, at, biasNote(bias))
			}
			for h := range found.Hits() {
				draw(h.tv, h.rv)
			}
		}
		return w.Flush()
	})
	switch {
	case missed && status == exitOK:
		status = exitFail
	case shown == 0 && status == exitOK:
		say(stderr, "stackmaps frame: %s: no record%s\n", strings.Join(pos[:1], ""), filterNote(c.filter))
		status = exitFail
	}
	return status
}

// biasNote names a load bias in a message, when there is one.
func biasNote(bias uint64) string {
	if bias == 0 {
		return ""
	}
	return ", bias " + textout.HexString(bias)
}

// filterNote names the filters in a message, when some are set.
func filterNote(f *dumpFilter) string {
	if !f.active() {
		return ""
	}
	return " matches " + f.String()
}
