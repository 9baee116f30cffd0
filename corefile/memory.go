package corefile

import (
	"encoding/binary"
	"sort"
)

// segment returns the index of the segment whose file bytes hold
// [addr, addr+n), or -1.
func (f *File) segment(addr uint64, n uint64) int {
	segs := f.Segments
	i := sort.Search(len(segs), func(i int) bool { return segs[i].Addr+segs[i].MemSize > addr })
	if i == len(segs) {
		return -1
	}
	s := &segs[i]
	if addr < s.Addr || addr-s.Addr > s.FileSize || s.FileSize-(addr-s.Addr) < n {
		return -1
	}
	return i
}

// Bytes returns the n bytes of the process's memory at addr, as a slice of
// the core file (not a copy: it must not be written, and is valid until
// Close). Bytes that no segment holds in the file are a *MemoryError.
func (f *File) Bytes(addr uint64, n int) ([]byte, error) {
	if n < 0 {
		return nil, &MemoryError{Addr: addr, Size: n}
	}
	i := f.segment(addr, uint64(n))
	if i < 0 {
		return nil, &MemoryError{Addr: addr, Size: n}
	}
	off := f.Segments[i].Offset + (addr - f.Segments[i].Addr)
	return f.data[off : off+uint64(n) : off+uint64(n)], nil
}

// ReadMemory copies the process's memory at addr into p: f is a
// stackmap.MemoryReader.
func (f *File) ReadMemory(addr uint64, p []byte) error {
	b, err := f.Bytes(addr, len(p))
	if err != nil {
		return err
	}
	copy(p, b)
	return nil
}

// ReadUint reads a size-byte (1 to 8) unsigned integer at addr in the
// given byte order without allocating: f is a stackmap.UintReader.
func (f *File) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	if size < 1 || size > 8 {
		return 0, &MemoryError{Addr: addr, Size: size}
	}
	i := f.segment(addr, uint64(size))
	if i < 0 {
		return 0, &MemoryError{Addr: addr, Size: size}
	}
	off := f.Segments[i].Offset + (addr - f.Segments[i].Addr)
	b := f.data[off : off+uint64(size)]
	switch size {
	case 1:
		return uint64(b[0]), nil
	case 2:
		return uint64(order.Uint16(b)), nil
	case 4:
		return uint64(order.Uint32(b)), nil
	case 8:
		return order.Uint64(b), nil
	}
	var v uint64
	if order == binary.BigEndian {
		for _, c := range b {
			v = v<<8 | uint64(c)
		}
	} else {
		for i := size - 1; i >= 0; i-- {
			v = v<<8 | uint64(b[i])
		}
	}
	return v, nil
}
