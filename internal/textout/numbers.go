package textout

import (
	"strconv"
	"strings"
)

// HexString formats v as 0x followed by lower-case hex digits.
func HexString(v uint64) string { return "0x" + strconv.FormatUint(v, 16) }

// Plural returns "1 record", "2 records": n and noun, with an s unless n
// is 1.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// ParseUint parses a command-line number: decimal, or hexadecimal with
// 0x, up to 2^64-1.
func ParseUint(s string) (uint64, bool) {
	s = strings.TrimSpace(s)
	var v uint64
	var err error
	if h, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		v, err = strconv.ParseUint(h, 16, 64)
	} else {
		v, err = strconv.ParseUint(s, 10, 64)
	}
	return v, err == nil
}
