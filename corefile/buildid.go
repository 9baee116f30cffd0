package corefile

import (
	"github.com/stackmaps/stackmaps/internal/elfnote"
)

// maxNoteBytes bounds the note segment BuildID reads of one image.
const maxNoteBytes = 1 << 16

// BuildID returns the GNU build ID of the ELF image the process had
// mapped at m (a mapping of its file's first byte: Offset 0), read from
// the core's memory: the image's ELF header and program headers, then
// the notes of its PT_NOTE segments that lie in the mapping. Linux writes
// the first page of every mapped ELF file into a core (bit 4 of
// /proc/PID/coredump_filter, on by default), and the linker puts the
// build ID note there. It returns nil when m is not at offset 0, the core
// does not hold the bytes, they are not a 64-bit ELF image of the core's
// byte order, or the image has no build ID; the bytes returned are the
// core's (not a copy).
func (f *File) BuildID(m Mapping) []byte {
	if m.Offset != 0 || m.End <= m.Start {
		return nil
	}
	size := m.End - m.Start
	h, err := f.Bytes(m.Start, ehdrSize)
	if err != nil || string(h[:4]) != "\x7fELF" || h[4] != 2 || h[5] != f.data[5] {
		return nil
	}
	o := f.ByteOrder
	phoff, phentsize, phnum := o.Uint64(h[32:]), uint64(o.Uint16(h[54:])), uint64(o.Uint16(h[56:]))
	if phentsize != phdrSize || phoff >= size || phnum > (size-phoff)/phdrSize {
		return nil
	}
	ph, err := f.Bytes(m.Start+phoff, int(phnum*phdrSize))
	if err != nil {
		return nil
	}
	for i := range phnum {
		p := ph[i*phdrSize:]
		if o.Uint32(p) != ptNote {
			continue
		}
		off, n := o.Uint64(p[8:]), o.Uint64(p[32:])
		if off >= size || n > size-off || n > maxNoteBytes {
			continue
		}
		b, err := f.Bytes(m.Start+off, int(n))
		if err != nil {
			continue
		}
		if id := elfnote.BuildID(b, o); id != nil {
			return id
		}
	}
	return nil
}
