package winunwind

import (
	"cmp"
	"encoding/binary"
	"slices"
)

var le = binary.LittleEndian

// Section is a range of an image's memory: Data as it is mapped at RVA
// (relative virtual address). The unwind data, the code and the .pdata
// may each be in any section.
type Section struct {
	RVA  uint32
	Data []byte
}

// memory is an image's sections sorted by RVA.
type memory []Section

// newMemory sorts a copy of secs and checks that they do not overlap.
func newMemory(secs []Section) (memory, error) {
	m := slices.Clone(secs)
	slices.SortFunc(m, func(a, b Section) int { return cmp.Compare(a.RVA, b.RVA) })
	for i := range m {
		if uint64(m[i].RVA)+uint64(len(m[i].Data)) > 1<<32 {
			return nil, formatErr(m[i].RVA, "section", "%d bytes at rva %#x pass the 4 GiB an RVA reaches", len(m[i].Data), m[i].RVA)
		}
		if i > 0 && uint64(m[i-1].RVA)+uint64(len(m[i-1].Data)) > uint64(m[i].RVA) {
			return nil, formatErr(m[i].RVA, "section", "overlaps the section at rva %#x", m[i-1].RVA)
		}
	}
	return m, nil
}

// at returns the bytes from rva to the end of the section holding it, or
// nil.
func (m memory) at(rva uint32) []byte {
	i, found := slices.BinarySearchFunc(m, rva, func(s Section, r uint32) int { return cmp.Compare(s.RVA, r) })
	if !found {
		if i == 0 {
			return nil
		}
		i--
	}
	s := &m[i]
	if off := uint64(rva) - uint64(s.RVA); off < uint64(len(s.Data)) {
		return s.Data[off:]
	}
	return nil
}

// bytes returns n bytes at rva, or nil when the section holding rva ends
// before.
func (m memory) bytes(rva uint32, n int) []byte {
	b := m.at(rva)
	if len(b) < n {
		return nil
	}
	return b[:n]
}
