package elfsection

import (
	"encoding/binary"
	"fmt"

	"github.com/stackmaps/stackmaps/internal/bounds"
)

// header is what the ELF header says about where the section headers
// are, and where the program headers are.
type header struct {
	shoff     int64 // file offset of the section header table, -1 when unknown
	shentsize int64
	// phoff is the file offset of the program header table, or, when
	// the file has none, of the ELF header's e_phnum (which says so);
	// -1 when unknown.
	phoff int64
}

// sectionHeader returns the file offset of section header i, or -1.
func (h header) sectionHeader(i int) int64 {
	if h.shoff < 0 {
		return -1
	}
	return h.shoff + int64(i)*h.shentsize
}

// Sizes of ELF structures, by class.
type layout struct {
	ehdr, phentsize, shentsize, chdr uint64
}

var (
	layout32 = layout{ehdr: 52, phentsize: 32, shentsize: 40, chdr: 12}
	layout64 = layout{ehdr: 64, phentsize: 56, shentsize: 64, chdr: 24}
)

// Special section indexes and flags the header checks need.
const (
	shnXindex     = 0xffff // SHN_XINDEX: the real index is elsewhere
	shnLoreserve  = 0xff00 // SHN_LORESERVE
	shfCompressed = 0x800  // SHF_COMPRESSED
)

// ehdr is the fields of the ELF header the checks use.
type ehdr struct {
	bo                   binary.ByteOrder
	l                    layout
	phoff, shoff         uint64
	phentsize, phnum     uint64
	shentsize, shnum     uint64
	shstrndx             uint64
	shnumAt, shstrndxAt  int64 // file offsets of e_shnum and e_shstrndx
	shentsizeAt, phnumAt int64
}

// readHeader reads the ELF header from the file and checks every size and
// count it claims (program and section header tables, extended counts,
// the section name table, compression headers) against the file's size,
// so that debug/elf is only handed a file whose tables are there.
func readHeader(bf *bounds.File) (header, error) {
	e, err := readEhdr(bf)
	if err != nil {
		return header{}, err
	}
	if e.phnum > 0 {
		if e.phentsize < e.l.phentsize {
			return header{}, bf.Errorf("ELF header", e.phnumAt-2, "e_phentsize %d is less than %d", e.phentsize, e.l.phentsize)
		}
		if err := bf.NeedTable("program header table", e.phoff, e.phnum, e.phentsize); err != nil {
			return header{}, err
		}
	}
	phoff := e.phnumAt
	if e.phnum > 0 {
		phoff = int64(e.phoff) // in the file: NeedTable checked it
	}
	if e.shoff == 0 {
		if e.shnum != 0 {
			return header{}, bf.Errorf("ELF header", e.shnumAt, "e_shnum %d with no section header table (e_shoff 0)", e.shnum)
		}
		return header{shoff: 0, shentsize: int64(e.shentsize), phoff: phoff}, nil
	}
	if e.shentsize < e.l.shentsize {
		return header{}, bf.Errorf("ELF header", e.shentsizeAt, "e_shentsize %d is less than %d", e.shentsize, e.l.shentsize)
	}
	if e.shoff > 1<<62 {
		return header{}, bf.Need("section header table", e.shoff, e.l.shentsize)
	}
	h := header{shoff: int64(e.shoff), shentsize: int64(e.shentsize), phoff: phoff}
	if e.shnum == 0 || e.shstrndx == shnXindex {
		// Extended numbering: the real count is section 0's sh_size,
		// the real name table index its sh_link.
		sh, err := readShdr(bf, e, 0)
		if err != nil {
			return header{}, err
		}
		if e.shnum == 0 {
			e.shnum = sh.size
		}
		if e.shstrndx == shnXindex {
			e.shstrndx = uint64(sh.link)
			if e.shstrndx < shnLoreserve {
				return header{}, bf.Errorf("section header 0", h.shoff, "sh_link %d holds the section name table's index, but e_shstrndx is SHN_XINDEX only for indexes from 0xff00", sh.link)
			}
		}
	}
	if err := bf.NeedTable("section header table", e.shoff, e.shnum, e.shentsize); err != nil {
		return header{}, err
	}
	if e.shstrndx >= e.shnum && e.shstrndx != 0 {
		return header{}, bf.Errorf("ELF header", e.shstrndxAt, "section name table index %d names no section (the file has %d)", e.shstrndx, e.shnum)
	}
	// debug/elf reads every compressed section's header and the whole
	// name table while opening the file.
	for i := uint64(0); i < e.shnum; i++ {
		sh, err := readShdr(bf, e, i)
		if err != nil {
			return header{}, err
		}
		what := fmt.Sprintf("section %d", i)
		switch {
		case sh.typ == shtNobits:
		case sh.flags&shfCompressed != 0:
			if sh.size < e.l.chdr {
				return header{}, bf.Errorf("section header "+fmt.Sprint(i), int64(e.shoff+i*e.shentsize), "compressed section of %d bytes is too small for its %d-byte compression header", sh.size, e.l.chdr)
			}
			if err := bf.Need(what+"'s compression header", sh.off, e.l.chdr); err != nil {
				return header{}, err
			}
			if i == e.shstrndx {
				return header{}, bf.Errorf(what, int64(min(sh.off, 1<<62)), "the section name table is compressed")
			}
		case i == e.shstrndx && i != 0:
			if err := bf.Need(what+" (section name table)", sh.off, sh.size); err != nil {
				return header{}, err
			}
		}
	}
	return h, nil
}

// readEhdr reads and decodes the ELF header.
func readEhdr(bf *bounds.File) (ehdr, error) {
	var b [64]byte
	n, _ := bf.Reader().ReadAt(b[:], 0)
	if n < 16 || string(b[:4]) != "\x7fELF" {
		return ehdr{}, bf.Errorf("ELF identification", 0, "no ELF magic in %d bytes", n)
	}
	var e ehdr
	switch b[5] {
	case 1:
		e.bo = binary.LittleEndian
	case 2:
		e.bo = binary.BigEndian
	default:
		return ehdr{}, bf.Errorf("ELF identification", 5, "data encoding %d is neither 1 (little-endian) nor 2 (big-endian)", b[5])
	}
	bo := e.bo
	switch b[4] {
	case 1: // ELFCLASS32
		e.l = layout32
		if n < int(e.l.ehdr) {
			return ehdr{}, bf.Need("32-bit ELF header", 0, e.l.ehdr)
		}
		e.phoff, e.shoff = uint64(bo.Uint32(b[28:])), uint64(bo.Uint32(b[32:]))
		e.phnumAt, e.shentsizeAt, e.shnumAt, e.shstrndxAt = 44, 46, 48, 50
	case 2: // ELFCLASS64
		e.l = layout64
		if n < int(e.l.ehdr) {
			return ehdr{}, bf.Need("64-bit ELF header", 0, e.l.ehdr)
		}
		e.phoff, e.shoff = bo.Uint64(b[32:]), bo.Uint64(b[40:])
		e.phnumAt, e.shentsizeAt, e.shnumAt, e.shstrndxAt = 56, 58, 60, 62
	default:
		return ehdr{}, bf.Errorf("ELF identification", 4, "ELF class %d is neither 1 (32-bit) nor 2 (64-bit)", b[4])
	}
	e.phentsize = uint64(bo.Uint16(b[e.phnumAt-2:]))
	e.phnum = uint64(bo.Uint16(b[e.phnumAt:]))
	e.shentsize = uint64(bo.Uint16(b[e.shentsizeAt:]))
	e.shnum = uint64(bo.Uint16(b[e.shnumAt:]))
	e.shstrndx = uint64(bo.Uint16(b[e.shstrndxAt:]))
	return e, nil
}

// shdr is the fields of a section header the checks use.
type shdr struct {
	typ, link uint32
	flags     uint64
	off, size uint64
}

// shtNobits is SHT_NOBITS.
const shtNobits = 8

// readShdr reads section header i.
func readShdr(bf *bounds.File, e ehdr, i uint64) (shdr, error) {
	at := e.shoff + i*e.shentsize
	what := fmt.Sprintf("section header %d", i)
	if err := bf.Need(what, at, e.l.shentsize); err != nil {
		return shdr{}, err
	}
	var b [64]byte
	if _, err := bf.Reader().ReadAt(b[:e.l.shentsize], int64(at)); err != nil {
		return shdr{}, bf.Wrap(what, int64(at), err)
	}
	bo := e.bo
	if e.l == layout32 {
		return shdr{typ: bo.Uint32(b[4:]), flags: uint64(bo.Uint32(b[8:])), off: uint64(bo.Uint32(b[16:])),
			size: uint64(bo.Uint32(b[20:])), link: bo.Uint32(b[24:])}, nil
	}
	return shdr{typ: bo.Uint32(b[4:]), flags: bo.Uint64(b[8:]), off: bo.Uint64(b[24:]),
		size: bo.Uint64(b[32:]), link: bo.Uint32(b[40:])}, nil
}
