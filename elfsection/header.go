package elfsection

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/stackmap"
)

// header is what the ELF header says about where the section headers are.
type header struct {
	shoff     int64 // file offset of the section header table, -1 when unknown
	shentsize int64
}

// sectionHeader returns the file offset of section header i, or -1.
func (h header) sectionHeader(i int) int64 {
	if h.shoff < 0 {
		return -1
	}
	return h.shoff + int64(i)*h.shentsize
}

// readHeader reads the ELF identification and the section header table's
// place from r.
func readHeader(r io.ReaderAt) (header, error) {
	var b [64]byte
	n, err := r.ReadAt(b[:], 0)
	if n < 16 || string(b[:4]) != "\x7fELF" {
		if err == nil || errors.Is(err, io.EOF) {
			err = stackmap.ErrNotObject
		}
		return header{}, fileError("ELF identification", 0, fmt.Errorf("%w: no ELF magic in %d bytes", err, n))
	}
	var bo binary.ByteOrder = binary.LittleEndian
	if b[5] == 2 {
		bo = binary.BigEndian
	}
	switch b[4] {
	case 1: // ELFCLASS32
		if n < 52 {
			return header{}, fileError("ELF header", 0, fmt.Errorf("%w: a 32-bit ELF header needs 52 bytes, the file has %d", stackmap.ErrNotObject, n))
		}
		return header{shoff: int64(bo.Uint32(b[32:])), shentsize: int64(bo.Uint16(b[46:]))}, nil
	case 2: // ELFCLASS64
		if n < 64 {
			return header{}, fileError("ELF header", 0, fmt.Errorf("%w: a 64-bit ELF header needs 64 bytes, the file has %d", stackmap.ErrNotObject, n))
		}
		return header{shoff: int64(bo.Uint64(b[40:]) & (1<<63 - 1)), shentsize: int64(bo.Uint16(b[58:]))}, nil
	}
	return header{}, fileError("ELF identification", 4, fmt.Errorf("%w: ELF class %d", stackmap.ErrNotObject, b[4]))
}
