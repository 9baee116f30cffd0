package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/stackmaps/stackmaps/internal/textout"
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
