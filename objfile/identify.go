package objfile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/stackmap"
)

// identity is what a file's first bytes say it is.
type identity struct {
	format    stackmap.Format
	universal bool
}

// Identify tells an object file's format from its first bytes: FormatELF,
// FormatMachO (thin or universal), FormatCOFF (an object for a machine
// LLVM emits stack maps for) or FormatPE (an image, "MZ"). Anything else is
// an error matching ErrNotObject. It reads at most 4 bytes and checks
// nothing beyond them.
func Identify(r io.ReaderAt) (stackmap.Format, error) {
	id, err := identify(r)
	return id.format, err
}

func identify(r io.ReaderAt) (identity, error) {
	var m [4]byte
	n, err := r.ReadAt(m[:], 0)
	if n < len(m) {
		if err == nil || errors.Is(err, io.EOF) {
			return identity{}, &stackmap.FileError{What: "magic number", Offset: 0, Err: fmt.Errorf("%w: %d bytes, too short for an object file", ErrNotObject, n)}
		}
		return identity{}, &stackmap.FileError{What: "magic number", Offset: 0, Err: err}
	}
	switch {
	case string(m[:]) == "\x7fELF":
		return identity{format: stackmap.FormatELF}, nil
	case m[0] == 'M' && m[1] == 'Z':
		return identity{format: stackmap.FormatPE}, nil
	}
	switch binary.BigEndian.Uint32(m[:]) {
	case 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe:
		return identity{format: stackmap.FormatMachO}, nil
	case 0xcafebabe:
		return identity{format: stackmap.FormatMachO, universal: true}, nil
	}
	switch binary.LittleEndian.Uint16(m[:2]) {
	case 0x8664, 0xaa64, 0x14c, 0x1c4: // AMD64, ARM64, I386, ARMNT
		return identity{format: stackmap.FormatCOFF}, nil
	}
	return identity{}, &stackmap.FileError{What: "magic number", Offset: 0, Err: fmt.Errorf("%w: magic % x is not ELF, Mach-O, COFF or PE", ErrNotObject, m)}
}
