package textout

import (
	"unicode/utf8"
)

// Names and paths come from the files the tool reads, and a file can hold
// anything in them: escape sequences that drive a terminal, a newline that
// forges an output line, bidi overrides that reorder what is shown, bytes
// that are not UTF-8. The tool prints every such string through Escape (text)
// or JSON.Name (JSON), so that each of these is visible and inert, and the
// original bytes can be recovered.
//
// The text form is Go's escape syntax without the quotes: a backslash is
// written \\, C0 controls \t, \n, \r or \xHH, DEL \x7f, a byte that is not
// part of valid UTF-8 \xHH, C1 controls (U+0080 to U+009F), bidi controls
// and the line and paragraph separators \uHHHH. Everything else, printable
// ASCII and every other valid UTF-8 character, is written as it is.

// mustEscapeRune reports whether r, a valid rune of at least two bytes, is
// escaped: C1 controls, the bidi controls (ALM, LRM, RLM, LRE to RLO, LRI to
// PDI) and the line and paragraph separators.
func mustEscapeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f:
		return true
	case r >= 0x2028 && r <= 0x202e:
		return true
	case r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// plainText reports whether s is printed unchanged: printable ASCII but the
// backslash, and valid UTF-8 characters that are not escaped.
func plainText(s string) bool {
	i := plainASCII(s)
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f || c == '\\' {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || mustEscapeRune(r) {
			return false
		}
		i += n
	}
	return true
}

// Eight bytes at a time (SWAR): lo8 has 0x01 in every byte, hi8 0x80.
const (
	lo8 = 0x0101010101010101
	hi8 = 0x8080808080808080
)

// plainASCII returns the length of a prefix of s, a multiple of 8 bytes,
// that is printable ASCII but the backslash (0x20-0x7e but 0x5c): the
// bytes plainText need not look at one by one. A word of s has a byte of
// 0x80 or above, below 0x20, 0x7f or 0x5c exactly when the high bit of
// some byte is set in x itself, in below(x, 0x20), or in hasZero of x
// xored with 0x7f or 0x5c in every byte (the exact has-less and has-zero
// tests of bit-twiddling lore).
func plainASCII(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if (x|(x-0x20*lo8)&^x|hasZero(x^0x7f*lo8)|hasZero(x^0x5c*lo8))&hi8 != 0 {
			break
		}
	}
	return i
}

// hasZero has the high bit set in some byte when a byte of x is 0, and
// only then.
func hasZero(x uint64) uint64 { return (x - lo8) &^ x }

// Escape returns s as the tool prints a name or path from a file: s itself
// when nothing in it needs escaping (no allocation), otherwise with control
// characters, bidi controls, backslashes and invalid bytes escaped (see the
// package's escaping rules).
func Escape(s string) string {
	if plainText(s) {
		return s
	}
	return string(appendEscaped(make([]byte, 0, len(s)+16), s))
}

// Name writes s escaped as Escape does, without allocating.
func (w *Buffer) Name(s string) {
	if plainText(s) {
		w.b = append(w.b, s...)
		return
	}
	w.b = appendEscaped(w.b, s)
}

const hexDigits = "0123456789abcdef"

// appendEscaped appends s to b with the escaping rules applied.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '\\':
				b = append(b, '\\', '\\')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c < 0x20 || c == 0x7f:
				b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
		case mustEscapeRune(r):
			b = append(b, '\\', 'u', hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return b
}
