package pesection

import (
	"cmp"
	"debug/pe"
	"encoding/binary"
	"slices"
	"sort"
)

// exportDirSize is the size of IMAGE_EXPORT_DIRECTORY.
const exportDirSize = 40

// maxExportName bounds an exported name's length (the PE format sets
// none; the names LLVM's tools print are C identifiers or mangled C++).
const maxExportName = 4096

// export is a function an image exports by name.
type export struct {
	name string
	rva  uint32
	sect int16 // COFF section number (from 1) holding rva
}

// exports reads the export table of an image: every function exported
// by name, with its RVA (forwarders, whose RVA points into the export
// directory, and RVAs outside every code section are left out). Damaged
// tables give what decodes: the names are only labels, never
// addresses.
func exports(f *pe.File) []export {
	var dir pe.DataDirectory
	switch oh := f.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		if len(oh.DataDirectory) > pe.IMAGE_DIRECTORY_ENTRY_EXPORT {
			dir = oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_EXPORT]
		}
	case *pe.OptionalHeader32:
		if len(oh.DataDirectory) > pe.IMAGE_DIRECTORY_ENTRY_EXPORT {
			dir = oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_EXPORT]
		}
	}
	if dir.Size < exportDirSize {
		return nil
	}
	m := imageMemory(f)
	d := m.bytes(dir.VirtualAddress, exportDirSize)
	if d == nil {
		return nil
	}
	le := binary.LittleEndian
	nfuncs, nnames := le.Uint32(d[20:]), le.Uint32(d[24:])
	funcs := m.bytes(le.Uint32(d[28:]), 4*int(min(nfuncs, 1<<24)))
	names := m.bytes(le.Uint32(d[32:]), 4*int(min(nnames, 1<<24)))
	ords := m.bytes(le.Uint32(d[36:]), 2*int(min(nnames, 1<<24)))
	if funcs == nil || names == nil || ords == nil {
		return nil
	}
	code := codeSections(f)
	var out []export
	for i := range int(min(nnames, 1<<24)) {
		ord := uint32(le.Uint16(ords[2*i:]))
		if ord >= nfuncs {
			continue
		}
		rva := le.Uint32(funcs[4*ord:])
		if rva >= dir.VirtualAddress && rva-dir.VirtualAddress < dir.Size {
			continue // a forwarder ("dll.name")
		}
		sp, ok := find(code, rva)
		if !ok {
			continue
		}
		name := m.cstring(le.Uint32(names[4*i:]))
		if name == "" {
			continue
		}
		out = append(out, export{name, rva, int16(sp.number)})
	}
	return out
}

// span is a section's range of RVAs [start, end) and its number (from 1).
type span struct {
	start, end uint32
	number     int
}

// spans lists f's sections that keep reports, sorted by RVA, each
// [VirtualAddress, VirtualAddress+size(s)).
func spans(f *pe.File, keep func(*pe.Section) bool, size func(*pe.Section) uint32) []span {
	var out []span
	for i, s := range f.Sections {
		if keep(s) {
			out = append(out, span{s.VirtualAddress, s.VirtualAddress + size(s), i + 1})
		}
	}
	slices.SortFunc(out, func(a, b span) int { return cmp.Compare(a.start, b.start) })
	return out
}

// find returns the span holding rva.
func find(ss []span, rva uint32) (span, bool) {
	k := sort.Search(len(ss), func(i int) bool { return ss[i].start > rva })
	if k > 0 && rva-ss[k-1].start < ss[k-1].end-ss[k-1].start {
		return ss[k-1], true
	}
	return span{}, false
}

// codeSections are an image's code sections.
func codeSections(f *pe.File) []span {
	return spans(f, func(s *pe.Section) bool { return s.Characteristics&(scnCntCode|scnMemExecute) != 0 },
		func(s *pe.Section) uint32 { return max(s.VirtualSize, s.Size) })
}

// memory is an image's sections by RVA, read on demand.
type memory struct {
	f     *pe.File
	spans []span // by the bytes each has in the file
	data  map[int][]byte
}

func imageMemory(f *pe.File) *memory {
	return &memory{f: f, data: map[int][]byte{},
		spans: spans(f, func(*pe.Section) bool { return true }, func(s *pe.Section) uint32 { return s.Size })}
}

// at returns the bytes from rva to the end of the section holding rva's
// bytes in the file, or nil.
func (m *memory) at(rva uint32) []byte {
	sp, ok := find(m.spans, rva)
	if !ok {
		return nil
	}
	d, ok := m.data[sp.number]
	if !ok {
		var err error
		if d, err = m.f.Sections[sp.number-1].Data(); err != nil {
			d = nil
		}
		m.data[sp.number] = d
	}
	if off := int(rva - sp.start); off < len(d) {
		return d[off:]
	}
	return nil
}

// bytes returns n bytes at rva, or nil.
func (m *memory) bytes(rva uint32, n int) []byte {
	if b := m.at(rva); len(b) >= n {
		return b[:n]
	}
	return nil
}

// cstring returns the NUL-terminated string at rva ("" when it does not
// end within maxExportName bytes of its section).
func (m *memory) cstring(rva uint32) string {
	b := m.at(rva)
	for i, c := range b[:min(len(b), maxExportName)] {
		if c == 0 {
			return string(b[:i])
		}
	}
	return ""
}
