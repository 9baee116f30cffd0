package pesection

import (
	"debug/pe"
	"encoding/binary"
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
		sect := codeSectionOf(f, rva)
		if sect == 0 {
			continue
		}
		name := m.cstring(le.Uint32(names[4*i:]))
		if name == "" {
			continue
		}
		out = append(out, export{name, rva, sect})
	}
	return out
}

// codeSectionOf returns the number of the code section holding rva, 0 for
// none.
func codeSectionOf(f *pe.File, rva uint32) int16 {
	for i, s := range f.Sections {
		n := max(s.VirtualSize, s.Size)
		if s.Characteristics&(scnCntCode|scnMemExecute) != 0 && rva >= s.VirtualAddress && rva-s.VirtualAddress < n {
			return int16(i + 1)
		}
	}
	return 0
}

// memory is an image's sections by RVA, read on demand.
type memory struct {
	f    *pe.File
	data map[int][]byte
}

func imageMemory(f *pe.File) *memory { return &memory{f: f, data: map[int][]byte{}} }

// at returns the bytes from rva to the end of the section holding rva's
// bytes in the file, or nil.
func (m *memory) at(rva uint32) []byte {
	for i, s := range m.f.Sections {
		if rva < s.VirtualAddress || rva-s.VirtualAddress >= s.Size {
			continue
		}
		d, ok := m.data[i]
		if !ok {
			var err error
			if d, err = s.Data(); err != nil {
				d = nil
			}
			m.data[i] = d
		}
		if off := int(rva - s.VirtualAddress); off < len(d) {
			return d[off:]
		}
		return nil
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
