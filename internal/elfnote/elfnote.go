// Package elfnote walks the notes of an ELF note segment (PT_NOTE) or
// section: a core file's NT_PRSTATUS and NT_FILE notes, an image's GNU
// build ID. It knows the note layout and nothing of the file around it.
package elfnote

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// Error is a note that does not fit in the bytes given: Off is its offset
// in them.
type Error struct {
	Off int
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// Each calls fn with each note of b, the bytes of one note segment in
// the file's byte order: its name (without its NUL), type, description,
// and the description's offset in b. It stops at fn's first error and
// returns it; a note whose header, name or description runs past the end
// of b is an *Error.
func Each(b []byte, order binary.ByteOrder, fn func(name []byte, typ uint32, desc []byte, off int) error) error {
	for pos := 0; pos < len(b); {
		if len(b)-pos < 12 {
			return &Error{pos, fmt.Sprintf("header of %d bytes cut at the end of the segment", len(b)-pos)}
		}
		namesz, descsz, typ := uint64(order.Uint32(b[pos:])), uint64(order.Uint32(b[pos+4:])), order.Uint32(b[pos+8:])
		nameEnd := uint64(pos+12) + namesz
		descOff := (nameEnd + 3) &^ 3
		descEnd := descOff + descsz
		if descEnd > uint64(len(b)) {
			return &Error{pos, fmt.Sprintf("name of %d and description of %d bytes past the end of the segment (%d bytes left)",
				namesz, descsz, len(b)-pos-12)}
		}
		if err := fn(bytes.TrimRight(b[pos+12:nameEnd], "\x00"), typ, b[descOff:descEnd], int(descOff)); err != nil {
			return err
		}
		pos = int(min((descEnd+3)&^3, uint64(len(b))))
	}
	return nil
}

// NTGNUBuildID is the type of the GNU build ID note (name "GNU"): its
// description is the ID, the bytes `ld --build-id` computed.
const NTGNUBuildID = 3

// BuildID returns the description of the first GNU build ID note of b (a
// note segment), nil when it has none or its notes do not fit.
func BuildID(b []byte, order binary.ByteOrder) []byte {
	var id []byte
	Each(b, order, func(name []byte, typ uint32, desc []byte, _ int) error {
		if typ == NTGNUBuildID && string(name) == "GNU" && len(desc) > 0 {
			id = desc
			return found{}
		}
		return nil
	})
	return id
}

// found stops Each at the note BuildID looks for.
type found struct{}

func (found) Error() string { return "found" }
