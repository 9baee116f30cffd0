package compactunwind

import (
	"fmt"
	"sort"
)

// ObjectEntrySize is the size of a 64-bit __compact_unwind entry: function
// address u64, length u32, encoding u32, personality u64, LSDA u64.
const ObjectEntrySize = 32

// ObjectEntry is one entry of an object's __LD,__compact_unwind section.
type ObjectEntry struct {
	Function    uint64 // the function's address in the object (relocated)
	Length      uint32
	Encoding    Encoding
	Personality uint64 // the personality pointer's address, 0 for none (relocated)
	LSDA        uint64 // the LSDA's address, 0 for none (relocated)
	Offset      uint32 // the entry's section offset
}

// Object is a decoded 64-bit __compact_unwind section. Its addresses are
// object addresses: the caller applies the section's relocations to the
// bytes first (machosection.CompactUnwind does), as if every section were
// at its address in the object.
type Object struct {
	data   []byte
	sorted []uint32 // entry indexes by function address
}

// ParseObject decodes a relocated __compact_unwind section. Every entry
// must be whole; entries may come in any order (Lookup sorts them once).
func ParseObject(data []byte) (*Object, error) {
	if len(data)%ObjectEntrySize != 0 {
		n := len(data) / ObjectEntrySize * ObjectEntrySize
		return nil, &FormatError{Section: SectionCompactUnwind, Offset: uint64(n), What: fmt.Sprintf("entry %d", n/ObjectEntrySize),
			Detail: fmt.Sprintf("%d bytes left, an entry has %d", len(data)-n, ObjectEntrySize)}
	}
	o := &Object{data: data, sorted: make([]uint32, len(data)/ObjectEntrySize)}
	for i := range o.sorted {
		o.sorted[i] = uint32(i)
	}
	sort.SliceStable(o.sorted, func(a, b int) bool { return o.fn(o.sorted[a]) < o.fn(o.sorted[b]) })
	return o, nil
}

func (o *Object) fn(i uint32) uint64 { return le.Uint64(o.data[i*ObjectEntrySize:]) }

// NumEntries returns the number of entries.
func (o *Object) NumEntries() int { return len(o.sorted) }

// Entry returns entry i in section order (0 <= i < NumEntries()).
func (o *Object) Entry(i int) ObjectEntry {
	b := o.data[i*ObjectEntrySize:]
	return ObjectEntry{
		Function:    le.Uint64(b),
		Length:      le.Uint32(b[8:]),
		Encoding:    Encoding(le.Uint32(b[12:])),
		Personality: le.Uint64(b[16:]),
		LSDA:        le.Uint64(b[24:]),
		Offset:      uint32(i * ObjectEntrySize),
	}
}

// Lookup returns the entry whose function covers addr (Function <= addr <
// Function+Length). It allocates nothing.
func (o *Object) Lookup(addr uint64) (ObjectEntry, bool) {
	lo, hi := 0, len(o.sorted)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if o.fn(o.sorted[m]) <= addr {
			lo = m + 1
		} else {
			hi = m
		}
	}
	// Entries of zero length can share an address with the next function:
	// look back for one whose range holds addr.
	for i := lo - 1; i >= 0; i-- {
		e := o.Entry(int(o.sorted[i]))
		if addr-e.Function < uint64(e.Length) {
			return e, true
		}
		if e.Length != 0 {
			break
		}
	}
	return ObjectEntry{}, false
}
