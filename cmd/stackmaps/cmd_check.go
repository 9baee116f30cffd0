package main

import (
	"encoding/binary"
	"fmt"
	"io"
)

func init() {
	register(command{name: "check", summary: "lint stack maps: reserved fields, misplaced or duplicate records, unused constants, bad statepoints", run: runCheck})
}

// checkOptions are the check command's flags that checks consult.
type checkOptions struct {
	statepointIDs []uint64 // extra IDs whose records are statepoints
}

const checkUsage = `Usage: stackmaps check [flags] FILE...

Lint the stack maps in each FILE (object file, linked binary, or with --raw
a section dump). Each finding is one line that says where it is (table,
function, record, location, byte offset in the section) and ends with the
check's name in brackets:

  [reserved]           a reserved field is not zero: header reserved bytes,
                       record flags, location reserved fields, the padding
                       before the live-out count, live-out reserved bytes, or
                       alignment padding
  [outside-function]   a record's instruction offset is past the end of its
                       function (the symbol table's size for it)
  [duplicate-address]  two records of one function with the same ID at the
                       same address (different IDs at one address are
                       normal: consecutive stackmap calls emit no code)
  [duplicate-function] two function records (in different tables of a
                       linked binary) for the same code: an inline (COMDAT)
                       function the linker kept once, still described by
                       every object's table
  [unused-constant]    a constants table entry no location refers to
  [statepoint]         a statepoint record (ID 0xABCDEF00, or an ID given
                       with --statepoint-id) whose leading constants are
                       malformed: fewer than 3 locations, the first three
                       not Constants, more deopt arguments than locations,
                       an odd number of GC pointer locations, flags other
                       than 0-3, a calling convention outside 0-1023, or
                       instruction offset 0 (a statepoint's record is at the
                       return address of its call)

A clean file prints one line, "FILE: ok".

Examples:
  stackmaps check prog.o
  stackmaps check --statepoint-id 7 --statepoint-id 0x10 libruntime.so
  stackmaps check --raw --big-endian section.bin

Exit status: 0 no findings, 1 findings (or a file could not be read or
decoded), 2 bad usage.

Flags:
`

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", checkUsage, stderr)
	raw := fs.Bool("raw", false, "each FILE is a raw stack map section, not an object file")
	bigEndian := fs.Bool("big-endian", false, "with --raw: the section is big-endian (default little-endian)")
	opts := &checkOptions{}
	fs.Func("statepoint-id", "also check records with this ID (decimal or 0x hex) as statepoints; repeatable", func(s string) error {
		var f dumpFilter
		if err := f.setID(s); err != nil {
			return err
		}
		opts.statepointIDs = append(opts.statepointIDs, f.id)
		return nil
	})
	files, status, ok := parseCommandLine(fs, args, stdout)
	if !ok {
		return status
	}
	if len(files) == 0 {
		fmt.Fprintln(stderr, "stackmaps check: no FILE given (see stackmaps check --help)")
		return exitUsage
	}
	if *bigEndian && !*raw {
		fmt.Fprintln(stderr, "stackmaps check: --big-endian needs --raw (object files say their own byte order)")
		return exitUsage
	}
	var order binary.ByteOrder = binary.LittleEndian
	if *bigEndian {
		order = binary.BigEndian
	}
	status = exitOK
	for _, name := range files {
		in, err := loadDumpInput(name, *raw, order)
		if err != nil {
			fmt.Fprintf(stderr, "stackmaps check: %v\n", err)
			status = exitFail
			continue
		}
		fs := checkFile(in, opts)
		in.Close()
		for _, f := range fs {
			fmt.Fprintf(stdout, "%s: %s\n", name, f)
		}
		if len(fs) > 0 {
			status = exitFail
		} else {
			fmt.Fprintf(stdout, "%s: ok\n", name)
		}
	}
	return status
}

// checkFile runs every check on every table of a file, in table order.
func checkFile(in *dumpInput, opts *checkOptions) []finding {
	var out []finding
	c := &tableChecker{opts: opts, seen: map[funcKey]funcSeen{}}
	forEachTable(in, func(tv *tableView) {
		out = c.check(tv, out)
	})
	return out
}
