package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/stackmap"
)

// say writes one message to w (standard error): format and args as
// fmt.Fprintf, with what the message quotes from files or the command line
// (names, paths, error texts) escaped as textout.Escape escapes names, so
// that no file can put a control character on the terminal or forge a
// line. A newline that ends the message is kept.
func say(w io.Writer, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	body, nl := strings.CutSuffix(msg, "\n")
	io.WriteString(w, textout.Escape(body))
	if nl {
		io.WriteString(w, "\n")
	}
}

// warnModules says on stderr which of a process's mapped files could not
// be used, one line each (the error names the file), except those that
// are not object files at all (locale files, caches, fonts): a process
// maps many, and nothing is lost without them. With verbose they are
// named, all in one line.
func warnModules(mods []procwalk.ModuleInfo, verbose bool, stderr io.Writer) {
	var skipped []string
	unusable := 0
	for _, m := range mods {
		switch {
		case m.Err == nil:
		case notObjectFile(m.Err):
			skipped = append(skipped, m.Path)
		case unusable >= maxModuleWarnings:
			unusable++
		case strings.HasPrefix(m.Err.Error(), m.Path+":"):
			unusable++
			say(stderr, "stackmaps stack: warning: %v\n", m.Err)
		default:
			unusable++
			say(stderr, "stackmaps stack: warning: %s: %v\n", m.Path, m.Err)
		}
	}
	if unusable > maxModuleWarnings {
		say(stderr, "stackmaps stack: warning: and %s that could not be used (--format json lists every module)\n",
			textout.Plural(unusable-maxModuleWarnings, "more mapped file"))
	}
	if verbose && len(skipped) > 0 {
		say(stderr, "stackmaps stack: skipped %s that are not object files: %s\n", textout.Plural(len(skipped), "mapped file"), strings.Join(skipped, ", "))
	}
}

// notObjectFile reports whether err says a file is no object file at all
// (its magic number is no format's), not a damaged one.
func notObjectFile(err error) bool {
	var fe *stackmap.FileError
	return errors.Is(err, objfile.ErrNotObject) && errors.As(err, &fe) && fe.Format == ""
}
