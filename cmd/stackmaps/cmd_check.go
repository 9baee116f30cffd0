package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/lint"
)

const checkUsageHead = `Usage: stackmaps check [flags] FILE...

Lint the stack maps in each FILE (object file, linked binary, or with --raw
a section dump). Each finding is one line that says where it is (table,
function, record, location, byte offset in the section) and ends with the
rule's name in brackets. A clean file prints one line, "FILE: ok".
--format=json prints one JSON document per file per line instead (JSON
Lines; see below).

Rules (all run unless --enable or --disable choose):
`

const checkUsageTail = `
Notes: the same function in several tables of a linked binary is normal
(the linker kept one copy of an inline function, every object describes
it); duplicate-function only flags it twice within one table. The register
rules need the architecture, so with --raw only zero-size of them runs.
statepoint checks every record the statepoint rule (go doc
stackmap.Record.Statepoint) calls a statepoint, whatever its ID (a GC
pointer that is a nonzero constant), and reports a record with ID
0xABCDEF00 or an ID given with --statepoint-id that the rule does not
accept (a statepoint whose flags or calling convention are out of range
is no statepoint to the rule: name its ID to have it checked).

JSON (--format=json), one line per file: {"file", "format", "arch", "ok",
"findings": [{"rule",
"slice", "table", "function", "function_name", "record", "id", "id_hex",
"location", "live_out", "offset", "offset_hex", "message"}]}; absent parts
(function, record, location) are null. A file that cannot be read is
{"file", "error"}, as in every command. --function and --id keep the
findings about that function or record.

Examples:
  stackmaps check testdata/objects/llvm22/x86_64-elf/statepoints.o
  stackmaps check --disable unused-constant,zero-size testdata/linked/x86_64-elf/exe
  stackmaps check --enable unknown-register --enable bad-base-register testdata/objects/llvm22/x86_64-elf/statepoints.o
  stackmaps check --statepoint-id 7 --statepoint-id 0x10 testdata/linked/x86_64-elf/libstackmaps.so
  stackmaps check --raw --big-endian testdata/objects/llvm22/s390x-elf/kinds.stackmaps.bin
  stackmaps check --format=json testdata/objects/llvm22/x86_64-elf/statepoints.o testdata/linked/x86_64-elf/exe

Exit status: 0 no findings, 1 findings (or a file could not be read or
decoded), 2 bad usage (including an unknown rule name).

Flags:
`

// checkUsage is the check command's help text, with every rule listed.
func checkUsage() string {
	var b strings.Builder
	b.WriteString(checkUsageHead)
	for _, r := range lint.Rules() {
		fmt.Fprintf(&b, "  %-21s %s\n", "["+r.Name+"]", r.Summary)
	}
	b.WriteString(checkUsageTail)
	return b.String()
}

// ruleList is a repeatable flag of rule names, each value a comma list.
type ruleList []string

func (l *ruleList) String() string { return strings.Join(*l, ",") }

func (l *ruleList) Set(s string) error {
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			*l = append(*l, n)
		}
	}
	return nil
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	c := newFileCommand("check", checkUsage(), []string{"text", "json"}, stderr)
	var opts lint.Options
	c.fs.Var((*ruleList)(&opts.Enable), "enable", "run only these rules (comma list; repeatable)")
	c.fs.Var((*ruleList)(&opts.Disable), "disable", "do not run these rules (comma list; repeatable)")
	c.fs.Func("statepoint-id", "also check records with this ID (decimal or 0x hex) as statepoints; repeatable", func(s string) error {
		var f dumpFilter
		if err := f.setID(s); err != nil {
			return err
		}
		opts.StatepointIDs = append(opts.StatepointIDs, f.id)
		return nil
	})
	files, status, ok := c.parse(args, stdout, stderr)
	if !ok {
		return status
	}
	if err := opts.Validate(); err != nil {
		say(stderr, "stackmaps check: %v\n", err)
		return exitUsage
	}
	found := false
	status = c.run(files, stdout, stderr, func(w io.Writer, in *dumpInput) error {
		var fs []lint.Finding
		for _, f := range checkFile(in, opts) {
			if c.filter.keepFinding(f) {
				fs = append(fs, f)
			}
		}
		found = found || len(fs) > 0
		if c.json() {
			writeCheckJSON(w, in, fs, c.prettyJSON())
			return nil
		}
		name := textout.Escape(in.File)
		for _, f := range fs {
			fmt.Fprintf(w, "%s: %s\n", name, textout.Escape(f.String()))
		}
		if len(fs) == 0 {
			fmt.Fprintf(w, "%s: ok\n", name)
		}
		return nil
	})
	if found && status == exitOK {
		status = exitFail
	}
	return status
}

// checkFile runs the chosen rules on every section of a file, in order.
func checkFile(in *dumpInput, opts lint.Options) []lint.Finding {
	var out []lint.Finding
	for i, sec := range in.Parsed {
		out = append(out, lint.Check(in.Sections[i], sec, opts)...)
	}
	return out
}
