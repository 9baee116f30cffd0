package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlagSet returns a flag set that reports errors to stderr without
// exiting, and prints the given usage text for --help.
func newFlagSet(name, usageText string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		io.WriteString(fs.Output(), usageText)
		writeFlagDefaults(fs.Output(), fs)
	}
	return fs
}

// writeFlagDefaults lists fs's flags as the tool spells them everywhere:
// --name VALUE, the help text indented below, and the default where it is
// not the zero value.
func writeFlagDefaults(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if len(f.Name) == 1 {
			line = "  -" + f.Name
		}
		if name != "" {
			line += " " + strings.ToUpper(name)
		}
		fmt.Fprintf(w, "%s\n    \t%s", line, strings.ReplaceAll(usage, "\n", "\n    \t"))
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			fmt.Fprintf(w, " (default %q)", f.DefValue)
		}
		io.WriteString(w, "\n")
	})
}

// parseInterspersed parses flags that may come before, between or after the
// positional arguments, and returns the positional arguments.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// parseCommandLine parses args with fs. It returns the positional
// arguments, or an exit status when the caller should stop: exitOK after
// --help, whose text goes to stdout once; exitUsage after a bad flag, said
// in one line on fs's output (standard error) with a pointer to --help.
func parseCommandLine(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, int, bool) {
	stderr, usage := fs.Output(), fs.Usage
	// The flag package prints the error and the whole usage itself; the
	// tool says both its own way.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	pos, err := parseInterspersed(fs, args)
	fs.SetOutput(stderr)
	fs.Usage = usage
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fs.Usage()
		fs.SetOutput(stderr)
		return nil, exitOK, false
	}
	if err != nil {
		msg := strings.Replace(err.Error(), " -", " --", 1)
		say(stderr, "stackmaps %s: %s (see stackmaps %s --help)\n", fs.Name(), msg, fs.Name())
		return nil, exitUsage, false
	}
	return pos, 0, true
}
