package minidump

import (
	"encoding/binary"
	"sort"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Memory returns the process's memory the dump holds (MemoryListStream and
// Memory64ListStream), sorted by address; its bytes are the file's.
func (f *File) Memory() *stackmap.MemoryRegions { return f.mem }

// Bytes returns the n bytes of the process's memory at addr, as a slice of
// the dump (not a copy: it must not be written, and is valid until Close).
// Bytes that no memory range holds are an error matching ErrMemory.
func (f *File) Bytes(addr uint64, n int) ([]byte, error) {
	rs := f.mem.Regions()
	i := sort.Search(len(rs), func(i int) bool { return rs[i].Addr > addr }) - 1
	if n >= 0 && i >= 0 {
		r := rs[i]
		if o := addr - r.Addr; o <= uint64(len(r.Data)) && uint64(len(r.Data))-o >= uint64(n) {
			return r.Data[o : o+uint64(n) : o+uint64(n)], nil
		}
	}
	return nil, stackmap.AddressError{Addr: addr, Size: n}
}

// ReadMemory copies the process's memory at addr into p, without
// allocating: f is a stackmap.MemoryReader.
func (f *File) ReadMemory(addr uint64, p []byte) error { return f.mem.ReadMemory(addr, p) }

// ReadUint reads a size-byte (1 to 8) unsigned integer at addr in the
// given byte order without allocating: f is a stackmap.UintReader.
func (f *File) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	return f.mem.ReadUint(addr, size, order)
}

var (
	_ stackmap.MemoryReader = (*File)(nil)
	_ stackmap.UintReader   = (*File)(nil)
)
