package textout

import (
	encodinghex "encoding/hex"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// JSON writes one JSON document into a Buffer as it goes, either compact
// on one line (the layout of encoding/json's Marshal: JSON Lines, one
// document a line) or, with Pretty set, in exactly the layout of encoding/json's
// Encoder with SetIndent("", "  "): two spaces per level, "key": value,
// empty arrays and objects as [] and {}. Nothing is kept but the nesting
// depth, so a document of any size costs no memory.
//
// Use: open an object or array, then for each member call Key (objects)
// or Elem (arrays) followed by one value (a scalar, or a nested Open ...
// Close).
type JSON struct {
	W      *Buffer // where the document goes
	Pretty bool    // indent as encoding/json's Encoder; otherwise compact
	depth  int
	empty  bool // the innermost open container has no member yet
}

// NewJSON returns a writer of JSON on one line into w (set Pretty to
// indent).
func NewJSON(w *Buffer) *JSON { return &JSON{W: w} }

// newline ends a line and indents the next one to the current depth.
func (j *JSON) newline() {
	if !j.Pretty {
		return
	}
	const nlIndent = "\n" + "                                                                " +
		"                                                                "
	if n := 1 + 2*j.depth; n <= len(nlIndent) {
		j.W.b = append(j.W.b, nlIndent[:n]...)
		return
	}
	j.W.b = append(j.W.b, '\n')
	for i := 0; i < j.depth; i++ {
		j.W.b = append(j.W.b, ' ', ' ')
	}
}

// member starts a member of the innermost container.
func (j *JSON) member() {
	if !j.empty {
		j.W.WriteByte(',')
	}
	j.empty = false
	j.newline()
}

func (j *JSON) open(c byte) {
	j.W.WriteByte(c)
	j.depth++
	j.empty = true
}

func (j *JSON) close(c byte) {
	j.depth--
	if !j.empty {
		j.newline()
	}
	j.W.WriteByte(c)
	j.empty = false
}

// OpenObject begins an object.
func (j *JSON) OpenObject() { j.open('{') }

// CloseObject ends the innermost object.
func (j *JSON) CloseObject() { j.close('}') }

// OpenArray begins an array.
func (j *JSON) OpenArray() { j.open('[') }

// CloseArray ends the innermost array.
func (j *JSON) CloseArray() { j.close(']') }

// Key starts an object member: "name": (name needs no escaping).
func (j *JSON) Key(name string) {
	j.member()
	b := append(j.W.b, '"')
	b = append(b, name...)
	if j.Pretty {
		j.W.b = append(b, '"', ':', ' ')
	} else {
		j.W.b = append(b, '"', ':')
	}
}

// Elem starts an array element.
func (j *JSON) Elem() { j.member() }

// Uint writes v.
func (j *JSON) Uint(v uint64) { j.W.Uint(v) }

// Int writes v.
func (j *JSON) Int(v int64) { j.W.Int(v) }

// Null writes null.
func (j *JSON) Null() { j.W.WriteString("null") }

// Hex writes v as a JSON string "0x..." in lower-case hex, no padding.
func (j *JSON) Hex(v uint64) {
	j.W.WriteByte('"')
	j.W.Hex(v)
	j.W.WriteByte('"')
}

// HexBytes writes b as a JSON string of lower-case hex digit pairs, as
// encoding/hex does, appending in place (no string built per value).
func (j *JSON) HexBytes(b []byte) {
	j.W.WriteByte('"')
	j.W.b = encodinghex.AppendEncode(j.W.b, b)
	j.W.WriteByte('"')
}

// Bool writes true or false.
func (j *JSON) Bool(v bool) {
	if v {
		j.W.WriteString("true")
	} else {
		j.W.WriteString("false")
	}
}

// String writes s quoted as encoding/json does (HTML-safe escaping,
// invalid UTF-8 replaced by U+FFFD), and escapes as well what encoding/json
// leaves raw and a terminal would obey: DEL, the C1 controls and the bidi
// controls (\u007f, \u009b, \u202e). Name keeps the bytes of a string
// that is not UTF-8.
func (j *JSON) String(s string) {
	if jsonPlain(s) {
		b := append(j.W.b, '"')
		b = append(b, s...)
		j.W.b = append(b, '"')
		return
	}
	q, err := json.Marshal(s)
	if err != nil { // cannot happen for a string
		q = []byte(strconv.Quote(s))
	}
	j.W.b = appendJSONInert(j.W.b, q)
}

// appendJSONInert appends q, a string encoding/json wrote, with DEL and the
// escaped runes (C1, bidi, separators) that it leaves raw written as \uHHHH.
func appendJSONInert(b, q []byte) []byte {
	for i := 0; i < len(q); {
		c := q[i]
		if c == 0x7f {
			b = append(b, `\u007f`...)
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(q[i:])
		if mustEscapeRune(r) {
			b = append(b, '\\', 'u', hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
		} else {
			b = append(b, q[i:i+n]...)
		}
		i += n
	}
	return b
}

// Name writes the member key: s, a name or path read from a file. When s is
// not valid UTF-8 (which a JSON string cannot carry), a second member
// key_hex gives its bytes in hex, so that they can be recovered.
func (j *JSON) Name(key, s string) {
	j.Key(key)
	j.String(s)
	if !utf8.ValidString(s) {
		j.Key(key + "_hex")
		j.W.WriteByte('"')
		j.W.b = encodinghex.AppendEncode(j.W.b, []byte(s))
		j.W.WriteByte('"')
	}
}

// jsonPlain reports whether s is printable ASCII that encoding/json writes
// unchanged between quotes.
func jsonPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x7f, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}

// StringOrNull writes s, or null when ok is false.
func (j *JSON) StringOrNull(s string, ok bool) {
	if ok {
		j.String(s)
	} else {
		j.Null()
	}
}

// InertJSON returns b, a document encoding/json wrote, with the characters
// it leaves raw and a terminal would obey (DEL, C1 and bidi controls)
// escaped as JSON.String escapes them. b is returned as it is when it has
// none.
func InertJSON(b []byte) []byte {
	for i := 0; i < len(b); i++ {
		if b[i] >= 0x7f {
			return appendJSONInert(make([]byte, 0, len(b)+16), b)
		}
	}
	return b
}

// HexIfNotUTF8 returns s's bytes in hex when s is not valid UTF-8 (a JSON
// string cannot carry them), for a key_hex member beside s; nil otherwise.
func HexIfNotUTF8(s string) *string {
	if utf8.ValidString(s) {
		return nil
	}
	h := encodinghex.EncodeToString([]byte(s))
	return &h
}

// NameOrNull writes the member key as Name does, or key: null when ok is
// false.
func (j *JSON) NameOrNull(key, s string, ok bool) {
	if !ok {
		j.Key(key)
		j.Null()
		return
	}
	j.Name(key, s)
}
