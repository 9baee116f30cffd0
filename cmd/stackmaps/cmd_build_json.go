package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Limits of what build reads: a document longer than maxBuildDocument
// bytes, or a string or bare literal (a number) longer than
// maxBuildString bytes, is refused where the limit is crossed, before it
// is held in memory. A dump of a 50 MB section is about 400 MB of JSON;
// its longest strings are symbol names.
const (
	maxBuildDocument = 4 << 30
	maxBuildString   = 1 << 20
)

// quoteMax is how many bytes of an offending string or number a message
// quotes; a longer one is cut there, and its length said.
const quoteMax = 40

// errBuildLimit marks a document refused for its size.
var errBuildLimit = errors.New("limit")

// posReader passes the document to the JSON decoder, refusing it past the
// limits above, and keeps the bytes the decoder has read but that were
// not yet counted into a line and column (those since the last mark, at
// most what the decoder buffers), so that an error can say where it is.
type posReader struct {
	r         io.Reader
	n         int64  // bytes read
	pend      []byte // the bytes from base to n
	base      int64  // offset of pend[0]
	line, col int    // position of base, from 1
	inStr     bool   // the lexer is in a string
	esc       bool   // after a backslash in a string
	run       int    // length of the current string or bare literal
	limitErr  error
}

func newPosReader(r io.Reader) *posReader { return &posReader{r: r, line: 1, col: 1} }

// Read reads from the document, checking the limits byte by byte.
func (p *posReader) Read(b []byte) (int, error) {
	if p.limitErr != nil {
		return 0, p.limitErr
	}
	n, err := p.r.Read(b)
	for i, c := range b[:n] {
		switch {
		case p.inStr && p.esc:
			p.esc = false
			p.run++
		case p.inStr && c == '\\':
			p.esc = true
			p.run++
		case p.inStr && c == '"':
			p.inStr, p.run = false, 0
		case p.inStr:
			p.run++
		case c == '"':
			p.inStr, p.run = true, 0
		case c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.run = 0
		default:
			p.run++
		}
		what := ""
		switch {
		case p.run > maxBuildString && p.inStr:
			what = fmt.Sprintf("a string longer than %d bytes (the limit)", maxBuildString)
		case p.run > maxBuildString:
			what = fmt.Sprintf("a number or literal longer than %d bytes (the limit)", maxBuildString)
		case p.n+int64(i) >= maxBuildDocument:
			what = fmt.Sprintf("the document is longer than %d bytes (the limit)", int64(maxBuildDocument))
		}
		if what != "" {
			p.pend = append(p.pend, b[:i+1]...)
			p.n += int64(i + 1)
			p.limitErr = fmt.Errorf("%w: %s %s", errBuildLimit, what, p.place(p.n-1, false))
			return i + 1, p.limitErr
		}
	}
	p.pend = append(p.pend, b[:n]...)
	p.n += int64(n)
	return n, err
}

// mark counts the bytes before offset off (which the decoder has read
// past) into the line and column, and forgets them.
func (p *posReader) mark(off int64) {
	if off <= p.base {
		return
	}
	k := min(off-p.base, int64(len(p.pend)))
	p.line, p.col = advance(p.pend[:k], p.line, p.col)
	p.pend, p.base = p.pend[k:], p.base+k
}

// advance moves a line and column over b.
func advance(b []byte, line, col int) (int, int) {
	for _, c := range b {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// pos is a place in the document: its line and column (bytes, from 1)
// and its byte offset (from 0).
type pos struct {
	line, col int
	off       int64
}

func (q pos) String() string {
	return fmt.Sprintf("(line %d, column %d, byte %d)", q.line, q.col, q.off)
}

// pos returns the place of the value that starts at offset off, or after
// it past blanks, a colon or a comma; off is at or after the last mark,
// which moves there (the bytes before it are not needed again).
func (p *posReader) pos(off int64) pos {
	return p.place(off, true)
}

// place is pos; without skip, the place of offset off itself.
func (p *posReader) place(off int64, skip bool) pos {
	p.mark(off)
	k := 0
	for skip && k < len(p.pend) {
		c := p.pend[k]
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ':' && c != ',' {
			break
		}
		k++
	}
	line, col := advance(p.pend[:k], p.line, p.col)
	return pos{line, col, p.base + int64(k)}
}

// jsonIn reads one dump document token by token: no more of it is held
// than the value being read.
type jsonIn struct {
	d  *json.Decoder
	pr *posReader
}

func newJSONIn(r io.Reader) *jsonIn {
	pr := newPosReader(r)
	d := json.NewDecoder(pr)
	d.UseNumber()
	return &jsonIn{d: d, pr: pr}
}

// jpath is the JSON path of a value, built only when a message needs it:
// tables[0].records[3].locations[1].kind.
type jpath struct {
	up  *jpath
	key string // the member's name; "" for an array element
	idx int
}

func (p *jpath) String() string {
	if p == nil {
		return ""
	}
	s := p.up.String()
	switch {
	case p.key == "":
		return s + "[" + strconv.Itoa(p.idx) + "]"
	case !plainKey(p.key):
		// A name from the document: quoted, and cut.
		return s + "[" + quoteShort(p.key, true) + "]"
	case s == "":
		return p.key
	}
	return s + "." + p.key
}

// plainKey reports whether a member name is printed as it is: letters,
// digits and underscores, up to quoteMax bytes.
func plainKey(k string) bool {
	if len(k) == 0 || len(k) > quoteMax {
		return false
	}
	for _, c := range []byte(k) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// member is the path of member key of the object at p.
func (p *jpath) member(key string) *jpath { return &jpath{up: p, key: key} }

// elem is the path of element i of the array at p.
func (p *jpath) elem(i int) *jpath { return &jpath{up: p, idx: i} }

// at is an error about the value at path, which starts at q.
func (j *jsonIn) at(path *jpath, q pos, format string, args ...any) error {
	where := path.String()
	if where == "" {
		where = "the document"
	}
	return fmt.Errorf("%s: %s %s", where, fmt.Sprintf(format, args...), q)
}

// token reads the next token and says where it starts; a syntax error or
// a limit says where it is.
func (j *jsonIn) token() (json.Token, pos, error) {
	q := j.pr.pos(j.d.InputOffset())
	t, err := j.d.Token()
	if err != nil {
		return nil, q, j.syntax(err, q)
	}
	return t, q, nil
}

// syntax restates a decoder's error with its position.
func (j *jsonIn) syntax(err error, q pos) error {
	var se *json.SyntaxError
	switch {
	case errors.Is(err, errBuildLimit):
		return fmt.Errorf("not read: %s", strings.TrimPrefix(err.Error(), errBuildLimit.Error()+": "))
	case errors.As(err, &se):
		// se.Offset counts from the decoder's value for some errors and
		// from the document for others; InputOffset is, after either, the
		// offending byte or the start of the value it is in.
		return fmt.Errorf("not a JSON document: %s %s", se.Error(), j.pr.place(j.d.InputOffset(), false))
	case (err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF)) && q.off == 0 && j.pr.n == q.off+int64(len(j.pr.pend)) && len(bytes.TrimSpace(j.pr.pend)) == 0:
		return errors.New("not a JSON document: it is empty")
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("not a JSON document: it ends inside a value %s", j.pr.pos(j.pr.n))
	}
	return fmt.Errorf("reading the document %s: %w", q, err)
}

// describe names a token for a message: its kind, and a string's or
// number's first quoteMax bytes with the length when it is longer.
func describe(t json.Token) string {
	switch t := t.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "the number " + quoteShort(string(t), false)
	case string:
		return "the string " + quoteShort(t, true)
	case json.Delim:
		if t == '{' {
			return "an object"
		}
		return "an array"
	}
	return "a value"
}

// quoteShort quotes s (as a Go string when quoted) up to quoteMax bytes,
// saying how long it is when it is cut.
func quoteShort(s string, quoted bool) string {
	cut := len(s) > quoteMax
	v := s
	if cut {
		v = s[:quoteMax]
	}
	if quoted {
		v = strconv.Quote(v)
	}
	if cut {
		return fmt.Sprintf("%s... (%d bytes)", v, len(s))
	}
	return v
}

// object reads an object at path, calling member for each member with its
// name and the offset of its value; member reads the value (skip, for one
// it does not use). A member given twice is refused.
func (j *jsonIn) object(path *jpath, member func(key string, at pos) error) error {
	t, at, err := j.token()
	if err != nil {
		return err
	}
	return j.objectFrom(path, t, at, member)
}

// objectFrom is object with its first token already read.
func (j *jsonIn) objectFrom(path *jpath, t json.Token, at pos, member func(key string, at pos) error) error {
	if t != json.Delim('{') {
		return j.at(path, at, "%s, not an object", describe(t))
	}
	var keys []string
	var many map[string]bool
	for {
		t, at, err := j.token()
		if err != nil {
			return err
		}
		if t == json.Delim('}') {
			return nil
		}
		key := t.(string) // the decoder gives a string where a key is
		dup := false
		if many != nil {
			dup = many[key]
			many[key] = true
		} else {
			for _, k := range keys {
				dup = dup || k == key
			}
			if keys = append(keys, key); len(keys) > 32 {
				many = map[string]bool{}
				for _, k := range keys {
					many[k] = true
				}
			}
		}
		if dup {
			return j.at(path.member(key), at, "given twice in the object (JSON says its meaning is then unknown)")
		}
		if err := member(key, j.pr.pos(j.d.InputOffset())); err != nil {
			return err
		}
	}
}

// array reads an array at path, calling elem for each element with its
// index; elem reads the element. null is refused unless nullOK, when
// array reports it by returning false.
func (j *jsonIn) array(path *jpath, nullOK bool, elem func(i int) error) (bool, error) {
	t, off, err := j.token()
	if err != nil {
		return false, err
	}
	if t == nil && nullOK {
		return false, nil
	}
	if t != json.Delim('[') {
		return false, j.at(path, off, "%s, not an array", describe(t))
	}
	for i := 0; j.d.More(); i++ {
		if err := elem(i); err != nil {
			return false, err
		}
	}
	if _, _, err := j.token(); err != nil { // ]
		return false, err
	}
	return true, nil
}

// skip reads a value and forgets it.
func (j *jsonIn) skip() error {
	depth := 0
	for {
		t, _, err := j.token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// uint reads an unsigned integer of at most bits bits.
func (j *jsonIn) uint(path *jpath, bits int) (uint64, error) {
	t, off, err := j.token()
	if err != nil {
		return 0, err
	}
	n, ok := t.(json.Number)
	if !ok {
		return 0, j.at(path, off, "%s, not an integer", describe(t))
	}
	u, err := strconv.ParseUint(string(n), 10, bits)
	if err != nil {
		return 0, j.at(path, off, "%s is not an unsigned %d-bit integer", quoteShort(string(n), false), bits)
	}
	return u, nil
}

// str reads a string; with nullOK, null reads as "".
func (j *jsonIn) str(path *jpath, nullOK bool) (string, pos, error) {
	t, off, err := j.token()
	if err != nil {
		return "", off, err
	}
	if t == nil && nullOK {
		return "", off, nil
	}
	s, ok := t.(string)
	if !ok {
		return "", off, j.at(path, off, "%s, not a string", describe(t))
	}
	return s, off, nil
}

// end checks that nothing but blanks follows the document.
func (j *jsonIn) end() error {
	if _, err := j.d.Token(); err != io.EOF {
		return errors.New("more than one JSON document (dump writes one per FILE): build reads one")
	}
	return nil
}
