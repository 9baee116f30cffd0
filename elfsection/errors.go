package elfsection

import (
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// fileError says what was being read at which file offset (-1 when not
// known: a file handed to FromFile).
func fileError(what string, off int64, err error) error {
	return &stackmap.FileError{Format: stackmap.FormatELF, What: what, Offset: off, Err: err}
}

// errorf wraps an error with the section it concerns.
func errorf(section string, err error) error { return fmt.Errorf("%s: %w", section, err) }
