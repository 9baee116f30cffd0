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
statepoint checks records with ID 0xABCDEF00 and the IDs given with
--statepoint-id.

JSON (--format=json), one line per file: {"file", "format", "arch", "ok",
"error" (null unless the file could not be read), "findings": [{"rule",
"slice", "table", "function", "function_name", "record", "id", "id_hex",
"location", "live_out", "offset", "offset_hex", "message"}]}; absent parts
(function, record, location) are null.

Examples:
  stackmaps check testdata/objects/llvm22/x86_64-elf/statepoints.o
  stackmaps check --disable unused-constant,reserved testdata/linked/x86_64-elf/exe
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
	fs := newFlagSet("check", checkUsage(), stderr)
	input := addInputFlags(fs)
	format := fs.String("format", "text", "output format: text or json (one JSON document per file per line)")
	var opts lint.Options
	fs.Var((*ruleList)(&opts.Enable), "enable", "run only these rules (comma list; repeatable)")
	fs.Var((*ruleList)(&opts.Disable), "disable", "do not run these rules (comma list; repeatable)")
	fs.Func("statepoint-id", "also check records with this ID (decimal or 0x hex) as statepoints; repeatable", func(s string) error {
		var f dumpFilter
		if err := f.setID(s); err != nil {
			return err
		}
		opts.StatepointIDs = append(opts.StatepointIDs, f.id)
		return nil
	})
	files, status, ok := parseCommandLine(fs, args, stdout)
	if !ok {
		return status
	}
	if err := opts.Validate(); err != nil {
		say(stderr, "stackmaps check: %v\n", err)
		return exitUsage
	}
	if *format != "text" && *format != "json" {
		say(stderr, "stackmaps check: unknown format %q (text, json)\n", *format)
		return exitUsage
	}
	if len(files) == 0 {
		say(stderr, "stackmaps check: no FILE given (see stackmaps check --help)\n")
		return exitUsage
	}
	if status, ok := input.validate("check", stderr); !ok {
		return status
	}
	status = exitOK
	for _, name := range files {
		in, err := input.load(name, stderr)
		if err != nil {
			say(stderr, "stackmaps check: %v\n", err)
			if *format == "json" {
				writeCheckJSON(stdout, &dumpInput{File: name}, nil, err)
			}
			status = exitFail
			continue
		}
		fs := checkFile(in, opts)
		if *format == "json" {
			writeCheckJSON(stdout, in, fs, nil)
		} else {
			for _, f := range fs {
				fmt.Fprintf(stdout, "%s: %s\n", textout.Escape(name), textout.Escape(f.String()))
			}
			if len(fs) == 0 {
				fmt.Fprintf(stdout, "%s: ok\n", textout.Escape(name))
			}
		}
		in.Close()
		if len(fs) > 0 {
			status = exitFail
		}
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
