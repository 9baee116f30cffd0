package main

import (
	"flag"
	"io"
)

// newFlagSet returns a flag set that reports errors to stderr without
// exiting, and prints the given usage text for --help.
func newFlagSet(name, usageText string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		io.WriteString(fs.Output(), usageText)
		fs.PrintDefaults()
	}
	return fs
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
// --help, exitUsage after a bad flag.
func parseCommandLine(fs *flag.FlagSet, args []string, stdout io.Writer) ([]string, int, bool) {
	pos, err := parseInterspersed(fs, args)
	if err == flag.ErrHelp {
		fs.SetOutput(stdout)
		fs.Usage()
		return nil, exitOK, false
	}
	if err != nil {
		return nil, exitUsage, false
	}
	return pos, 0, true
}
