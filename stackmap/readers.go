package stackmap

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// Memory is target memory held in a byte slice: Data[i] is the byte at
// address Addr+i. A *Memory is a MemoryReader and a UintReader, so
// evaluating an Indirect location over it allocates nothing: what a
// runtime that copied a thread's stack, or a test that built one, passes
// to Record.Evaluate (as &stack) and to the stack walker
// (stackwalk.Config.Memory). The methods have pointer receivers so that
// only a pointer satisfies the interfaces: a Memory passed by value would
// be copied to the heap on every call. The byte order is the stack map
// table's, which Evaluate passes to ReadUint.
type Memory struct {
	Addr uint64
	Data []byte
}

// AddressError says which bytes a Memory or MemoryRegions does not hold.
// It matches ErrMemory.
type AddressError struct {
	Addr uint64 // the first byte asked for
	Size int    // how many bytes were asked for
}

// Error names the range.
func (e AddressError) Error() string {
	return fmt.Sprintf("stackmap: %d bytes at 0x%x are outside the memory given", e.Size, e.Addr)
}

// Unwrap returns ErrMemory.
func (e AddressError) Unwrap() error { return ErrMemory }

// slice returns the n bytes at addr, or false when any of them is outside
// m.
func (m *Memory) slice(addr uint64, n int) ([]byte, bool) {
	off := addr - m.Addr
	if addr < m.Addr || off > uint64(len(m.Data)) || uint64(n) > uint64(len(m.Data))-off {
		return nil, false
	}
	return m.Data[off : off+uint64(n) : off+uint64(n)], true
}

// ReadMemory fills p with the bytes at addr.
func (m *Memory) ReadMemory(addr uint64, p []byte) error {
	b, ok := m.slice(addr, len(p))
	if !ok {
		return AddressError{addr, len(p)}
	}
	copy(p, b)
	return nil
}

// ReadUint reads an unsigned integer of 1 to 8 bytes at addr in the given
// byte order.
func (m *Memory) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	if size < 1 || size > 8 {
		return 0, fmt.Errorf("stackmap: cannot read a %d-byte integer: %w", size, ErrMemory)
	}
	b, ok := m.slice(addr, size)
	if !ok {
		return 0, AddressError{addr, size}
	}
	return readUint(b, order), nil
}

// byteOrderProbe tells a big-endian order from a little-endian one.
var byteOrderProbe = [2]byte{0, 1}

// readUint decodes b (1 to 8 bytes) in the given order.
func readUint(b []byte, order binary.ByteOrder) uint64 {
	switch len(b) {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(order.Uint16(b))
	case 4:
		return uint64(order.Uint32(b))
	case 8:
		return order.Uint64(b)
	}
	var buf [8]byte
	if order.Uint16(byteOrderProbe[:]) == 1 { // big-endian
		copy(buf[8-len(b):], b)
		return binary.BigEndian.Uint64(buf[:])
	}
	copy(buf[:], b)
	return binary.LittleEndian.Uint64(buf[:])
}

// MemoryRegions is target memory in several regions (a thread's stack and
// the other memory its frames point into, each a Memory), sorted by
// address, for reads that fall in any one of them. A read that spans two
// regions, even adjacent ones, fails: give memory that is read as one
// piece as one region. Like Memory it is a MemoryReader and a UintReader
// that allocate nothing. Build it with NewMemoryRegions.
type MemoryRegions struct {
	regions []Memory
}

// ErrOverlap means two regions given to NewMemoryRegions share an address.
var ErrOverlap = errors.New("memory regions overlap")

// NewMemoryRegions returns the regions sorted by address, or an error
// matching ErrOverlap when two of them share an address. Empty regions are
// dropped. The regions' bytes are not copied.
func NewMemoryRegions(regions ...Memory) (*MemoryRegions, error) {
	rs := make([]Memory, 0, len(regions))
	for _, r := range regions {
		if len(r.Data) > 0 {
			if r.Addr+uint64(len(r.Data))-1 < r.Addr {
				return nil, fmt.Errorf("stackmap: region at 0x%x (%d bytes) wraps around the address space: %w", r.Addr, len(r.Data), ErrOverlap)
			}
			rs = append(rs, r)
		}
	}
	slices.SortFunc(rs, func(a, b Memory) int {
		switch {
		case a.Addr < b.Addr:
			return -1
		case a.Addr > b.Addr:
			return 1
		}
		return 0
	})
	for i := 1; i < len(rs); i++ {
		if p := rs[i-1]; rs[i].Addr-p.Addr < uint64(len(p.Data)) {
			return nil, fmt.Errorf("stackmap: region at 0x%x (%d bytes) and region at 0x%x: %w", p.Addr, len(p.Data), rs[i].Addr, ErrOverlap)
		}
	}
	return &MemoryRegions{regions: rs}, nil
}

// Regions returns the regions, sorted by address.
func (m *MemoryRegions) Regions() []Memory { return m.regions }

// find returns the region that starts last at or before addr.
func (m *MemoryRegions) find(addr uint64) *Memory {
	lo, hi := 0, len(m.regions)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if m.regions[mid].Addr <= addr {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return nil
	}
	return &m.regions[lo-1]
}

// ReadMemory fills p with the bytes at addr, which must lie in one region.
func (m *MemoryRegions) ReadMemory(addr uint64, p []byte) error {
	if r := m.find(addr); r != nil {
		if b, ok := r.slice(addr, len(p)); ok {
			copy(p, b)
			return nil
		}
	}
	return AddressError{addr, len(p)}
}

// ReadUint reads an unsigned integer of 1 to 8 bytes at addr, which must
// lie in one region, in the given byte order.
func (m *MemoryRegions) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	if size < 1 || size > 8 {
		return 0, fmt.Errorf("stackmap: cannot read a %d-byte integer: %w", size, ErrMemory)
	}
	if r := m.find(addr); r != nil {
		if b, ok := r.slice(addr, size); ok {
			return readUint(b, order), nil
		}
	}
	return 0, AddressError{addr, size}
}

// The readers satisfy both interfaces.
var (
	_ UintReader   = (*Memory)(nil)
	_ MemoryReader = (*Memory)(nil)
	_ UintReader   = (*MemoryRegions)(nil)
	_ MemoryReader = (*MemoryRegions)(nil)
)
