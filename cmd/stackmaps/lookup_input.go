package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
	"unicode"
)

// The addresses lookup answers: its arguments, or the lines of standard
// input (a backtrace piped in, as addr2line reads addresses).

// maxQueryLine bounds a line of standard input: a longer line is answered
// with an error (its first bytes named), and memory stays bounded.
const maxQueryLine = 64 << 10

// argQueries yields each argument as an address text.
func argQueries(args []string) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}
}

// lineQueries yields the address of each line of r that is not blank
// (traceAddress), or the error that line met; a read error ends the
// sequence with that error. Once a backtrace's frame line has come, the
// lines that are not frames (a thread's header, "Backtrace stopped") are
// skipped.
func lineQueries(r io.Reader) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		br := bufio.NewReaderSize(r, 4096)
		var line []byte
		n := 0
		frames := false
		yieldLine := func(n int, line []byte) bool {
			s := strings.TrimSpace(string(line))
			if s == "" {
				return true
			}
			if len(line) >= maxQueryLine {
				first := s[:min(len(s), 40)]
				return yield(first, fmt.Errorf("line %d: longer than %d bytes", n, maxQueryLine))
			}
			addr, frame, ok := traceAddress(s)
			switch {
			case frame != "":
				frames = true
			case frames:
				return true
			}
			if !ok {
				return yield(frame, errNoAddress)
			}
			return yield(addr, nil)
		}
		for {
			chunk, isPrefix, err := br.ReadLine()
			if len(line)+len(chunk) <= maxQueryLine {
				line = append(line, chunk...)
			}
			if err == nil && isPrefix {
				continue
			}
			if err != nil && !errors.Is(err, io.EOF) {
				yield("-", fmt.Errorf("reading standard input: %w", err))
				return
			}
			if err != nil && len(line) == 0 {
				return
			}
			n++
			if !yieldLine(n, line) {
				return
			}
			line = line[:0]
			if err != nil {
				return
			}
		}
	}
}

// errNoAddress is the answer to a backtrace's frame line that holds no
// address: not an error of the lookup, an address it does not have.
var errNoAddress = errors.New("the frame line has no address")

// traceAddress returns the address a line names. A backtrace's frame line,
// gdb's "#3  0x0000000000401237 in f (x=1) at f.c:9" or lldb's "* frame
// #3: 0x0000000100003f5c a.out`f + 12", gives the address after the frame
// number; ok is false when the frame has none (gdb omits it for a frame
// at the start of a source line, and a signal frame has none), and frame
// is then the frame number ("#0"). Any other line gives its first word.
func traceAddress(line string) (addr, frame string, ok bool) {
	field, rest := nextField(line)
	if field == "*" {
		field, rest = nextField(rest)
	}
	if field == "frame" {
		field, rest = nextField(rest)
	}
	if isFrameNumber(field) {
		frame = strings.TrimSuffix(field, ":")
		if a, _ := nextField(rest); strings.HasPrefix(a, "0x") {
			return a, frame, true
		}
		return "", frame, false
	}
	first, _ := nextField(line)
	return first, "", true
}

// nextField returns the first field of s (as strings.Fields splits, at
// white space) and what follows it, without allocating: lookup reads a
// line per address.
func nextField(s string) (field, rest string) {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	i := strings.IndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// isFrameNumber reports whether s is a backtrace's frame number: "#" and
// decimal digits, with lldb's ":" after them.
func isFrameNumber(s string) bool {
	s = strings.TrimSuffix(s, ":")
	if len(s) < 2 || s[0] != '#' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
