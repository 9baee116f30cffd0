package main

import (
	"encoding/json"
	"errors"
	"flag"
	"io"
	"slices"
	"strings"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/objfile"
)

// fileCommand is what every command that reads files shares: the input
// flags (--raw, --arch, --big-endian, --little-endian), --format, --pretty,
// -o, --skip-missing, the --function and --id filters, and the loop over
// FILE arguments with one way of reporting a file that cannot be read.
type fileCommand struct {
	name        string
	fs          *flag.FlagSet
	input       *inputFlags
	formats     []string // the --format values, the default first
	format      *string
	pretty      *bool
	output      *string
	skipMissing *bool
	function    *string
	id          *string
	filter      *dumpFilter // parsed --function and --id
	biasText    *string     // --bias, on the commands that show code addresses
	bias        uint64      // parsed --bias
}

// withBias defines --bias, the load bias (runtime address minus link-time
// address) of the commands that take or show code addresses.
func (c *fileCommand) withBias(usage string) {
	c.biasText = c.fs.String("bias", "0", usage+" (runtime address minus link-time address, decimal or 0x hex)")
}

// newFileCommand defines the shared flags on a new flag set for command
// name, whose formats are given with the default first.
func newFileCommand(name, usageText string, formats []string, stderr io.Writer) *fileCommand {
	fs := newFlagSet(name, usageText, stderr)
	c := &fileCommand{name: name, fs: fs, formats: formats}
	c.format = fs.String("format", formats[0], "output format: "+strings.Join(formats, ", "))
	if slices.Contains(formats, "json") {
		c.pretty = fs.Bool("pretty", false, "json format: indent each document (default: one compact document a line, JSON Lines)")
	}
	c.output = fs.String("o", "", "write the output to this file (default: standard output)")
	c.skipMissing = fs.Bool("skip-missing", false, "skip files without a stack map section (exit 0 for them), as for a directory of mixed objects")
	c.function = fs.String("function", "", "only the function with this symbol name (with or without Mach-O's leading underscore)")
	c.id = fs.String("id", "", "only records with this ID (decimal or 0x hex)")
	c.input = addInputFlags(fs)
	return c
}

// parse parses the command line and checks the shared flags. It returns
// the positional arguments, or an exit status when the command should
// stop (after --help, or bad usage said on stderr).
func (c *fileCommand) parse(args []string, stdout, stderr io.Writer) ([]string, int, bool) {
	pos, status, ok := parseCommandLine(c.fs, args, stdout)
	if !ok {
		return nil, status, false
	}
	if !slices.Contains(c.formats, *c.format) {
		say(stderr, "stackmaps %s: unknown format \"%s\" (known: %s)\n", c.name, *c.format, strings.Join(c.formats, ", "))
		return nil, exitUsage, false
	}
	if c.pretty != nil && *c.pretty && *c.format != "json" {
		say(stderr, "stackmaps %s: --pretty applies to --format=json\n", c.name)
		return nil, exitUsage, false
	}
	c.filter = &dumpFilter{funcName: *c.function}
	if *c.id != "" {
		if err := c.filter.setID(*c.id); err != nil {
			say(stderr, "stackmaps %s: %v\n", c.name, err)
			return nil, exitUsage, false
		}
	}
	if st, ok := c.input.validate(c.name, stderr); !ok {
		return nil, st, false
	}
	if c.biasText != nil {
		b, ok := textout.ParseUint(*c.biasText)
		if !ok {
			say(stderr, "stackmaps %s: --bias \"%s\": want a decimal number or 0x followed by hex digits\n", c.name, *c.biasText)
			return nil, exitUsage, false
		}
		c.bias = b
	}
	return pos, 0, true
}

// json reports whether the output is JSON.
func (c *fileCommand) json() bool { return *c.format == "json" }

// prettyJSON reports whether JSON is indented.
func (c *fileCommand) prettyJSON() bool { return c.pretty != nil && *c.pretty }

// openOutput returns where the output goes: stdout, or the -o file
// (see output).
func (c *fileCommand) openOutput(stdout io.Writer) (*output, error) {
	return openOutput(*c.output, stdout)
}

// run opens the output, calls each for every file in turn (opened once,
// closed after), and returns the exit status: exitFail when a file could
// not be read or each failed. A file that cannot be read is said on stderr
// and, with --format=json, as a document {"file", "error"} on the output;
// with --skip-missing a file without a stack map section (or not an object
// file) is skipped silently.
func (c *fileCommand) run(files []string, stdout, stderr io.Writer, each func(w io.Writer, in *dumpInput) error) int {
	if len(files) == 0 {
		say(stderr, "stackmaps %s: no FILE given (see stackmaps %s --help)\n", c.name, c.name)
		return exitUsage
	}
	w, err := c.openOutput(stdout)
	if err != nil {
		say(stderr, "stackmaps %s: -o: %v\n", c.name, err)
		return exitFail
	}
	status := exitOK
	for _, name := range files {
		in, err := c.input.load(name, stderr)
		if err != nil {
			if *c.skipMissing && missingSection(err) {
				continue
			}
			c.fileError(w, stderr, name, err)
			status = exitFail
			continue
		}
		err = each(w, in)
		in.Close()
		if err != nil {
			say(stderr, "stackmaps %s: %s: %v\n", c.name, name, err)
			status = exitFail
		}
	}
	return c.closeOutput(w, status, stderr)
}

// closeOutput closes the output and returns the command's exit status:
// exitFail, and the failure said, when a write to it or its close failed.
func (c *fileCommand) closeOutput(w *output, status int, stderr io.Writer) int {
	if err := w.Close(); err != nil {
		say(stderr, "stackmaps %s: writing the output: %v\n", c.name, err)
		return max(status, exitFail)
	}
	return status
}

// missingSection reports whether err says a file has no stack maps to
// read: no stack map section, or not an object file at all.
func missingSection(err error) bool {
	return errors.Is(err, objfile.ErrNoSection) || errors.Is(err, objfile.ErrNotObject)
}

// fileError reports a file that could not be read: on stderr, with the
// tool's hint, and with --format=json as the error document every command
// writes.
func (c *fileCommand) fileError(w, stderr io.Writer, name string, err error) {
	msg := err.Error()
	if errors.Is(err, objfile.ErrNotObject) && !*c.input.raw {
		msg += " (a bare stack map section, dumped from memory, is read with --raw)"
	}
	say(stderr, "stackmaps %s: %s\n", c.name, msg)
	if c.json() {
		writeJSONError(w, name, msg, c.prettyJSON())
	}
}

// writeJSONError writes the document of a file that could not be read, the
// same in every command: {"file": FILE, "error": MESSAGE} (with file_hex
// when FILE is not UTF-8).
func writeJSONError(w io.Writer, name, msg string, pretty bool) {
	b := textout.NewBuffer(w)
	j := textout.NewJSON(b)
	j.Pretty = pretty
	j.OpenObject()
	j.Name("file", name)
	j.Key("error")
	j.String(msg)
	j.CloseObject()
	b.WriteByte('\n')
	b.Flush()
}

// writeJSONDoc writes doc as encoding/json marshals it, on one line or
// indented as its Encoder with SetIndent("", "  ") indents, with the
// characters it leaves raw (DEL, C1 and bidi controls) escaped.
func writeJSONDoc(w io.Writer, doc any, pretty bool) {
	var b []byte
	if pretty {
		b, _ = json.MarshalIndent(doc, "", "  ")
	} else {
		b, _ = json.Marshal(doc)
	}
	w.Write(append(textout.InertJSON(b), '\n'))
}
