package walktest

import (
	"fmt"
	"strconv"
	"strings"
)

// fields reads the space-separated fields of one capture line, keeping the
// first error it meets.
type fields struct {
	f   []string
	err error
}

func (fs *fields) fail(format string, args ...any) {
	if fs.err == nil {
		fs.err = fmt.Errorf(format, args...)
	}
}

// count fails unless the line has exactly n fields (keyword included).
func (fs *fields) count(n int) {
	if len(fs.f) != n {
		fs.fail("%q wants %d fields, got %d", fs.f[0], n-1, len(fs.f)-1)
	}
}

func (fs *fields) str(i int) string {
	if i >= len(fs.f) {
		fs.fail("field %d missing", i)
		return ""
	}
	return fs.f[i]
}

// hex reads a 0x-prefixed hexadecimal number of at most 64 bits.
func (fs *fields) hex(i int) uint64 {
	s := fs.str(i)
	if !strings.HasPrefix(s, "0x") {
		fs.fail("field %d: %q is not a 0x number", i, s)
		return 0
	}
	v, err := strconv.ParseUint(s[2:], 16, 64)
	if err != nil {
		fs.fail("field %d: %v", i, err)
	}
	return v
}

// dec reads a decimal number below limit.
func (fs *fields) dec(i int, limit uint64) uint64 {
	s := fs.str(i)
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		fs.fail("field %d: %v", i, err)
		return 0
	}
	if v >= limit {
		fs.fail("field %d: %d is out of range (limit %d)", i, v, limit)
		return 0
	}
	return v
}

// oneOf reads a field that must be one of the given words.
func (fs *fields) oneOf(i int, words ...string) string {
	s := fs.str(i)
	for _, w := range words {
		if s == w {
			return s
		}
	}
	fs.fail("field %d: %q is not one of %v", i, s, words)
	return ""
}
