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
// positional arguments, and returns the positional arguments. An argument
// that is a dash and a digit ("-1", "-0x10") is a positional argument, a
// negative number, not a flag (no flag's name starts with a digit), unless
// it is the value of the flag before it.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		n := flagsBeforeNumber(fs, args)
		if err := fs.Parse(args[:n]); err != nil {
			return nil, err
		}
		rest := append(fs.Args(), args[n:]...)
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// flagsBeforeNumber returns how many of args come before the first
// negative number that is not a flag's value (len(args) when none is).
func flagsBeforeNumber(fs *flag.FlagSet, args []string) int {
	for i, a := range args {
		if a == "--" {
			return len(args)
		}
		if len(a) < 2 || a[0] != '-' || a[1] < '0' || a[1] > '9' {
			continue
		}
		if i > 0 && takesValue(fs, args[i-1]) {
			continue
		}
		return i
	}
	return len(args)
}

// takesValue reports whether arg is a flag, without "=VALUE", whose value
// is the next argument (a flag that is not boolean).
func takesValue(fs *flag.FlagSet, arg string) bool {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok || strings.Contains(name, "=") {
		return false
	}
	name = strings.TrimPrefix(name, "-")
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, isBool := f.Value.(interface{ IsBoolFlag() bool })
	return !isBool || !b.IsBoolFlag()
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
