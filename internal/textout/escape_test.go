package textout

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostileNames holds one name of each class a file can use against a
// terminal or a reader of the output.
var hostileNames = map[string]string{
	"osc title":     "f\x1b]0;owned\x07",
	"csi clear":     "f\x1b[2J",
	"bel":           "f\x07",
	"cr":            "f\rRecord ID 999",
	"lf forge":      "f\nRecord ID 999, instruction offset 0",
	"del":           "f\x7f",
	"c1 csi":        "f\u009b2J",
	"bidi override": "f\u202egnp.exe",
	"bidi isolate":  "f\u2066x\u2069",
	"line sep":      "f\u2028x",
	"invalid utf8":  "f\xff\xfe",
	"truncated":     "f\xe2\x80",
	"backslash":     `f\x1b`,
}

// unescape inverts Escape with strconv's Go syntax.
func unescape(t *testing.T, s string) string {
	t.Helper()
	u, err := strconv.Unquote(`"` + strings.ReplaceAll(s, `"`, `\"`) + `"`)
	if err != nil {
		t.Fatalf("escaped %q does not unquote: %v", s, err)
	}
	return u
}

// inert reports the first byte or rune of s a terminal would act on.
func inert(s string) (string, bool) {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return "invalid byte", false
		}
		if r < 0x20 || r == 0x7f || mustEscapeRune(r) {
			return strconv.QuoteRune(r), false
		}
		i += n
	}
	return "", true
}

func TestEscapeMakesNamesInertAndRecoverable(t *testing.T) {
	for class, name := range hostileNames {
		t.Run(class, func(t *testing.T) {
			got := Escape(name)
			if what, ok := inert(got); !ok {
				t.Errorf("Escape(%q) = %q keeps %s", name, got, what)
			}
			if back := unescape(t, got); back != name {
				t.Errorf("Escape(%q) = %q unescapes to %q", name, got, back)
			}
			var b Buffer
			b.Name(name)
			if string(b.Bytes()) != got {
				t.Errorf("Buffer.Name(%q) = %q, Escape gives %q", name, b.Bytes(), got)
			}
		})
	}
}

func TestEscapeKeepsPlainNames(t *testing.T) {
	for _, s := range []string{"", "main", "_ZN3foo3barEv", "ünïcødé", "日本語", "a b-c.d$e@f"} {
		if got := Escape(s); got != s {
			t.Errorf("Escape(%q) = %q, want it unchanged", s, got)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = Escape("a_plain_symbol_name") }); n != 0 {
		t.Errorf("Escape of a plain name allocates %v times", n)
	}
}

func TestEscapeExamples(t *testing.T) {
	for in, want := range map[string]string{
		"a\x1b[2Jb":      `a\x1b[2Jb`,
		"a\nb\tc\r":      `a\nb\tc\r`,
		"x\u202ey":       `x\u202ey`,
		"\xff":           `\xff`,
		`back\slash`:     `back\\slash`,
		"c1\u0085":       `c1\u0085`,
		"\x7f":           `\x7f`,
		"ok\u00e9\u4e16": "ok\u00e9\u4e16",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestJSONNameIsValidInertAndLossless(t *testing.T) {
	for class, name := range hostileNames {
		t.Run(class, func(t *testing.T) {
			var b Buffer
			j := NewJSON(&b)
			j.OpenObject()
			j.Name("symbol", name)
			j.CloseObject()
			doc := string(b.Bytes())
			if what, ok := inert(doc); !ok {
				t.Errorf("JSON %q keeps %s raw", doc, what)
			}
			var v map[string]string
			if err := json.Unmarshal(b.Bytes(), &v); err != nil {
				t.Fatalf("JSON %q is not valid: %v", doc, err)
			}
			got := v["symbol"]
			if h, ok := v["symbol_hex"]; ok {
				raw, err := hex.DecodeString(h)
				if err != nil {
					t.Fatalf("symbol_hex %q: %v", h, err)
				}
				got = string(raw)
			} else if !utf8.ValidString(name) {
				t.Errorf("JSON %q has no symbol_hex for a name that is not UTF-8", doc)
			}
			if got != name {
				t.Errorf("JSON %q gives back %q, want %q", doc, got, name)
			}
		})
	}
}

// TestPlainTextEightAtATime: plainText, which looks at 8 bytes at a time
// while they are printable ASCII, agrees with a byte-by-byte reading for
// every byte value at every place of strings of 1 to 24 bytes, among
// plain characters and each of the edges of the plain range.
func TestPlainTextEightAtATime(t *testing.T) {
	byByte := func(s string) bool {
		for i := 0; i < len(s); {
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
	for _, fill := range []byte{'a', ' ', '~', '[', ']', 0x5b} {
		for n := 1; n <= 24; n++ {
			for at := range n {
				for c := range 256 {
					b := bytes.Repeat([]byte{fill}, n)
					b[at] = byte(c)
					if got, want := plainText(string(b)), byByte(string(b)); got != want {
						t.Fatalf("plainText(%q) = %v, want %v", b, got, want)
					}
				}
			}
		}
	}
	for s, want := range map[string]bool{
		"_ZN4llvm4yaml5InputC1ENS_9StringRefEPvPFvRKNS_12SMDiagnosticES3_ES3_":       true,
		"_ZN4llvm4yaml5InputC1ENS_9StringRefEPvPFvRKNS\\12SMDiagnosticES3_ES3_":      false,
		"_ZN4llvm4yaml5InputC1ENS_9StringRefEPvPFvRKNS_12SMDiagnosticES3_ES3_\u00e9": true,
	} {
		if plainText(s) != want {
			t.Errorf("plainText(%q) = %v, want %v", s, !want, want)
		}
	}
}
