package pesection

import (
	"encoding/binary"
	"fmt"

	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Sizes of COFF structures.
const (
	fileHeaderSize    = 20
	sectionHeaderSize = 40
	symbolSize        = 18
	relocSize         = 10
	dosHeaderRead     = 96 // debug/pe reads this much at offset 0 whatever the file
)

// checkHeaders checks every size and count the headers of a COFF object
// or PE image claim against the file's size before debug/pe reads (and
// allocates) what they claim: the PE signature, the file and optional
// headers, the section table, the symbol and string tables, every
// section's relocations and long section names. It returns the file
// offset of the COFF file header.
func checkHeaders(bf *bounds.File) (int64, error) {
	le := binary.LittleEndian
	r := bf.Reader()
	if !bf.Has(0, dosHeaderRead) {
		return 0, bf.Errorf("file header", 0, "too short for a COFF object or PE image (%d bytes at least)", dosHeaderRead)
	}
	var dos [dosHeaderRead]byte
	if _, err := r.ReadAt(dos[:], 0); err != nil {
		return 0, bf.Wrap("file header", 0, err)
	}
	base := uint64(0)
	bf.SetFormat(stackmap.FormatCOFF)
	if dos[0] == 'M' && dos[1] == 'Z' {
		bf.SetFormat(stackmap.FormatPE)
		lfanew := uint64(le.Uint32(dos[0x3c:]))
		if err := bf.Need("PE signature", lfanew, 4); err != nil {
			return 0, err
		}
		var sig [4]byte
		if _, err := r.ReadAt(sig[:], int64(lfanew)); err != nil {
			return 0, bf.Wrap("PE signature", int64(lfanew), err)
		}
		if sig != [4]byte{'P', 'E', 0, 0} {
			return 0, bf.Errorf("PE signature", int64(lfanew), "% x is not \"PE\\0\\0\"", sig)
		}
		base = lfanew + 4
	}
	if err := bf.Need("COFF file header", base, fileHeaderSize); err != nil {
		return 0, err
	}
	var fh [fileHeaderSize]byte
	if _, err := r.ReadAt(fh[:], int64(base)); err != nil {
		return 0, bf.Wrap("COFF file header", int64(base), err)
	}
	nsect := uint64(le.Uint16(fh[2:]))
	symPtr, nsyms := uint64(le.Uint32(fh[8:])), uint64(le.Uint32(fh[12:]))
	optSize := uint64(le.Uint16(fh[16:]))

	strtab := uint64(0) // string table size, its 4-byte length included
	if symPtr != 0 {
		if err := bf.NeedTable("COFF symbol table", symPtr, nsyms, symbolSize); err != nil {
			return 0, err
		}
		at := symPtr + symbolSize*nsyms
		if at > 1<<32-5 {
			return 0, bf.Errorf("COFF symbol table", int64(symPtr), "%d symbols from offset 0x%x end past 4 GiB, where no 32-bit offset reaches", nsyms, symPtr)
		}
		if err := bf.Need("COFF string table", at, 4); err != nil {
			return 0, err
		}
		var l [4]byte
		if _, err := r.ReadAt(l[:], int64(at)); err != nil {
			return 0, bf.Wrap("COFF string table", int64(at), err)
		}
		strtab = uint64(le.Uint32(l[:]))
		if strtab > 4 {
			if err := bf.Need("COFF string table", at, strtab); err != nil {
				return 0, err
			}
		}
	}
	if err := bf.Need("optional header", base+fileHeaderSize, optSize); err != nil {
		return 0, err
	}
	table := base + fileHeaderSize + optSize
	if err := bf.NeedTable("section table", table, nsect, sectionHeaderSize); err != nil {
		return 0, err
	}
	headers := make([]byte, nsect*sectionHeaderSize)
	if _, err := r.ReadAt(headers, int64(table)); err != nil {
		return 0, bf.Wrap("section table", int64(table), err)
	}
	for i := uint64(0); i < nsect; i++ {
		h := headers[i*sectionHeaderSize:]
		at := int64(table + i*sectionHeaderSize)
		what := fmt.Sprintf("section header %d", i)
		if err := checkName(h[:8], strtab); err != nil {
			return 0, bf.Error(what, at, err)
		}
		if n := uint64(le.Uint16(h[32:])); n > 0 {
			name := fmt.Sprintf("relocations of section %d", i)
			if err := bf.NeedTable(name, uint64(le.Uint32(h[24:])), n, relocSize); err != nil {
				return 0, err
			}
		}
	}
	return int64(base), nil
}

// checkName checks a section header's name field: a long name is "/"
// and the decimal offset of the name in the string table (of size
// strtab, its length field included).
func checkName(name []byte, strtab uint64) error {
	if name[0] != '/' {
		return nil
	}
	off := uint64(0)
	digits := 0
	for _, c := range name[1:] {
		if c == 0 {
			break
		}
		if c < '0' || c > '9' {
			return &bounds.Damaged{Detail: fmt.Sprintf("name %q: a long name is \"/\" and a decimal string table offset", cstring(name))}
		}
		off = off*10 + uint64(c-'0')
		digits++
	}
	if digits == 0 {
		return &bounds.Damaged{Detail: fmt.Sprintf("name %q has no string table offset after \"/\"", cstring(name))}
	}
	if off < 4 || off >= strtab {
		return &bounds.Damaged{Detail: fmt.Sprintf("name %q: string table offset %d is outside the string table (%d bytes)", cstring(name), off, strtab)}
	}
	return nil
}

// cstring returns b up to its first NUL.
func cstring(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
