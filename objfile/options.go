package objfile

import (
	"errors"

	"github.com/stackmaps/stackmaps/elfsection"
)

// Options tune how a file is read. The zero value is the default.
//
// Whatever the options, every size and count a file's headers claim is
// checked against the file's size before it is read, so a hostile file is
// refused without allocating what it claims.
type Options struct {
	// MaxInflated bounds the size a compressed ELF section
	// (SHF_COMPRESSED) may declare and inflate to; a larger one is
	// refused with an error matching stackmap.ErrTooLarge. 0 means
	// elfsection.DefaultMaxInflated (256 MiB).
	MaxInflated int64

	// AllowNoSection opens a file without stack maps too, with no
	// Sections, for its unwind tables, symbols and code; by default such
	// a file is an error matching ErrNoSection.
	AllowNoSection bool
}

// check passes a locator's error on, except ErrNoSection with
// AllowNoSection.
func (o Options) check(err error) error {
	if o.AllowNoSection && errors.Is(err, ErrNoSection) {
		return nil
	}
	return err
}

func (o Options) elf() elfsection.Options { return elfsection.Options{MaxInflated: o.MaxInflated} }
