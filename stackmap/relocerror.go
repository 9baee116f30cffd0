package stackmap

import (
	"errors"
	"fmt"
)

// ErrRelocation matches every error a locator returns for a relocation it
// cannot apply: an offset outside its section, a symbol index outside the
// symbol table, an unknown type, a truncated table.
var ErrRelocation = errors.New("bad relocation")

// RelocationError describes a relocation a locator could not apply.
// errors.Is(err, ErrRelocation) holds for it.
type RelocationError struct {
	Section string // the relocation section, e.g. ".rela.llvm_stackmaps" or ".rela.dyn"
	Index   int    // index of the relocation in it, -1 for the section as a whole
	Offset  uint64 // the relocation's offset (section offset or address) as stored
	Type    uint32 // the relocation's type as stored
	Name    string // the type's name (e.g. "R_X86_64_64"), "" when unknown
	Detail  string // what is wrong, in words
}

// Error names the relocation section, the relocation's index, offset and
// type, and what is wrong with it.
func (e *RelocationError) Error() string {
	if e.Index < 0 {
		return fmt.Sprintf("%s: %s", e.Section, e.Detail)
	}
	typ := e.Name
	if typ == "" {
		typ = fmt.Sprintf("type %d", e.Type)
	}
	return fmt.Sprintf("%s: relocation %d (offset 0x%x, %s): %s", e.Section, e.Index, e.Offset, typ, e.Detail)
}

// Unwrap returns ErrRelocation.
func (e *RelocationError) Unwrap() error { return ErrRelocation }
