package main

import (
	encodinghex "encoding/hex"
	"encoding/json"
	"strconv"
)

// jsonWriter writes one JSON document as it goes, either compact on one
// line (the layout of encoding/json's Marshal: JSON Lines, one document a
// line) or, with pretty set, in exactly the layout of encoding/json's
// Encoder with SetIndent("", "  "): two spaces per level, "key": value,
// empty arrays and objects as [] and {}. Nothing is kept but the nesting
// depth, so a document of any size costs no memory.
//
// Use: open an object or array, then for each member call key (objects)
// or elem (arrays) followed by one value (a scalar, or a nested open ...
// close).
type jsonWriter struct {
	w      *outBuf
	depth  int
	empty  bool // the innermost open container has no member yet
	pretty bool // indent as encoding/json's Encoder; otherwise compact
}

// newJSONWriter returns a writer of indented JSON.
func newJSONWriter(w *outBuf) *jsonWriter { return &jsonWriter{w: w, pretty: true} }

// newCompactJSONWriter returns a writer of JSON on one line.
func newCompactJSONWriter(w *outBuf) *jsonWriter { return &jsonWriter{w: w} }

// newline ends a line and indents the next one to the current depth.
func (j *jsonWriter) newline() {
	if !j.pretty {
		return
	}
	const nlIndent = "\n" + "                                                                " +
		"                                                                "
	if n := 1 + 2*j.depth; n <= len(nlIndent) {
		j.w.b = append(j.w.b, nlIndent[:n]...)
		return
	}
	j.w.b = append(j.w.b, '\n')
	for i := 0; i < j.depth; i++ {
		j.w.b = append(j.w.b, ' ', ' ')
	}
}

// member starts a member of the innermost container.
func (j *jsonWriter) member() {
	if !j.empty {
		j.w.WriteByte(',')
	}
	j.empty = false
	j.newline()
}

func (j *jsonWriter) open(c byte) {
	j.w.WriteByte(c)
	j.depth++
	j.empty = true
}

func (j *jsonWriter) close(c byte) {
	j.depth--
	if !j.empty {
		j.newline()
	}
	j.w.WriteByte(c)
	j.empty = false
}

func (j *jsonWriter) openObject()  { j.open('{') }
func (j *jsonWriter) closeObject() { j.close('}') }
func (j *jsonWriter) openArray()   { j.open('[') }
func (j *jsonWriter) closeArray()  { j.close(']') }

// key starts an object member: "name": (name needs no escaping).
func (j *jsonWriter) key(name string) {
	j.member()
	b := append(j.w.b, '"')
	b = append(b, name...)
	if j.pretty {
		j.w.b = append(b, '"', ':', ' ')
	} else {
		j.w.b = append(b, '"', ':')
	}
}

// elem starts an array element.
func (j *jsonWriter) elem() { j.member() }

func (j *jsonWriter) uint(v uint64) { writeUint(j.w, v) }
func (j *jsonWriter) int(v int64)   { writeInt(j.w, v) }
func (j *jsonWriter) null()         { j.w.WriteString("null") }

// hex writes v as a JSON string "0x..." in lower-case hex, no padding.
func (j *jsonWriter) hex(v uint64) {
	j.w.WriteByte('"')
	writeHex(j.w, v)
	j.w.WriteByte('"')
}

// hexBytes writes b as a JSON string of lower-case hex digit pairs, as
// encoding/hex does, appending in place (no string built per value).
func (j *jsonWriter) hexBytes(b []byte) {
	j.w.WriteByte('"')
	j.w.b = encodinghex.AppendEncode(j.w.b, b)
	j.w.WriteByte('"')
}

func (j *jsonWriter) bool(v bool) {
	if v {
		j.w.WriteString("true")
	} else {
		j.w.WriteString("false")
	}
}

// string writes s quoted as encoding/json does (HTML-safe escaping,
// invalid UTF-8 replaced).
func (j *jsonWriter) string(s string) {
	if jsonPlain(s) {
		b := append(j.w.b, '"')
		b = append(b, s...)
		j.w.b = append(b, '"')
		return
	}
	q, err := json.Marshal(s)
	if err != nil { // cannot happen for a string
		q = []byte(strconv.Quote(s))
	}
	j.w.Write(q)
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

// stringOrNull writes s, or null when ok is false.
func (j *jsonWriter) stringOrNull(s string, ok bool) {
	if ok {
		j.string(s)
	} else {
		j.null()
	}
}
