package machosection

import (
	"encoding/binary"
	"fmt"

	"github.com/stackmaps/stackmaps/internal/bounds"
)

// Load commands whose sizes and tables the checks look at.
const (
	lcSegment   = 0x1
	lcSymtab    = 0x2
	lcDysymtab  = 0xb
	lcLoadDylib = 0xc
	lcSegment64 = 0x19
	lcRpath     = 0x8000001c
)

// minCmdSize is the size of the fixed part of the load commands debug/macho
// decodes: a shorter command cannot be read.
var minCmdSize = map[uint32]uint32{
	lcSegment: 56, lcSegment64: 72, lcSymtab: 24, lcDysymtab: 80,
	lcLoadDylib: 24, lcRpath: 12, lcDyldChainedFixups: 16,
}

// thinMagic returns the byte order and header size of a thin Mach-O
// header's magic, or ok false.
func thinMagic(m [4]byte) (bo binary.ByteOrder, hdr uint64, is64, ok bool) {
	switch binary.BigEndian.Uint32(m[:]) {
	case 0xfeedface:
		return binary.BigEndian, 28, false, true
	case 0xfeedfacf:
		return binary.BigEndian, 32, true, true
	case 0xcefaedfe:
		return binary.LittleEndian, 28, false, true
	case 0xcffaedfe:
		return binary.LittleEndian, 32, true, true
	}
	return nil, 0, false, false
}

// checkThin checks every size and count the header and load commands of
// a thin Mach-O file claim against the file's size, before debug/macho
// reads (and allocates) what they claim: the load commands, each
// command's size and section count, every section's relocations, the
// symbol and string tables, the indirect symbol table and the chained
// fixups.
func checkThin(bf *bounds.File) error {
	var m [4]byte
	if err := bf.Need("Mach-O header", 0, 4); err != nil {
		return err
	}
	if _, err := bf.Reader().ReadAt(m[:], 0); err != nil {
		return bf.Wrap("Mach-O header", 0, err)
	}
	bo, hdr, is64, ok := thinMagic(m)
	if !ok {
		return bf.Errorf("Mach-O header", 0, "magic % x is not a Mach-O header's", m)
	}
	if err := bf.Need("Mach-O header", 0, hdr); err != nil {
		return err
	}
	var h [32]byte
	if _, err := bf.Reader().ReadAt(h[:hdr], 0); err != nil {
		return bf.Wrap("Mach-O header", 0, err)
	}
	ncmds, sizeofcmds := uint64(bo.Uint32(h[16:])), uint64(bo.Uint32(h[20:]))
	if err := bf.Need("load commands", hdr, sizeofcmds); err != nil {
		return err
	}
	if ncmds > sizeofcmds/8 {
		return bf.Errorf("Mach-O header", 16, "%d load commands cannot fit in sizeofcmds %d bytes (8 bytes each at least)", ncmds, sizeofcmds)
	}
	cmds := make([]byte, sizeofcmds)
	if _, err := bf.Reader().ReadAt(cmds, int64(hdr)); err != nil {
		return bf.Wrap("load commands", int64(hdr), err)
	}
	at := uint64(0)
	for i := uint64(0); i < ncmds; i++ {
		off := int64(hdr + at)
		what := fmt.Sprintf("load command %d", i)
		if uint64(len(cmds))-at < 8 {
			return bf.Errorf(what, off, "past sizeofcmds (%d bytes)", sizeofcmds)
		}
		cmd, size := bo.Uint32(cmds[at:]), bo.Uint32(cmds[at+4:])
		if size < 8 || uint64(size) > uint64(len(cmds))-at {
			return bf.Errorf(what, off, "cmdsize %d is not between 8 and the %d bytes left of sizeofcmds", size, uint64(len(cmds))-at)
		}
		if size < minCmdSize[cmd] {
			return bf.Errorf(what, off, "cmdsize %d of command 0x%x is less than its %d fixed bytes", size, cmd, minCmdSize[cmd])
		}
		if err := checkCommand(bf, what, off, bo, cmd, cmds[at:at+uint64(size)], is64); err != nil {
			return err
		}
		at += uint64(size)
	}
	return nil
}

// checkCommand checks the tables one load command (c, at file offset off)
// points at.
func checkCommand(bf *bounds.File, what string, off int64, bo binary.ByteOrder, cmd uint32, c []byte, is64 bool) error {
	switch cmd {
	case lcSegment, lcSegment64:
		fixed, sectSize, nsectAt, relAt := uint64(56), uint64(68), 48, 48
		if cmd == lcSegment64 {
			fixed, sectSize, nsectAt, relAt = 72, 80, 64, 56
		}
		nsects := uint64(bo.Uint32(c[nsectAt:]))
		if nsects > (uint64(len(c))-fixed)/sectSize {
			return bf.Errorf(what, off, "%d sections of %d bytes do not fit in the segment command's %d bytes", nsects, sectSize, len(c))
		}
		for j := uint64(0); j < nsects; j++ {
			s := c[fixed+j*sectSize:]
			reloff, nreloc := uint64(bo.Uint32(s[relAt:])), uint64(bo.Uint32(s[relAt+4:]))
			if nreloc == 0 {
				continue
			}
			name := fmt.Sprintf("relocations of section %s,%s", cstring(s[16:32]), cstring(s[:16]))
			if err := bf.NeedTable(name, reloff, nreloc, 8); err != nil {
				return err
			}
		}
	case lcSymtab:
		symoff, nsyms := uint64(bo.Uint32(c[8:])), uint64(bo.Uint32(c[12:]))
		stroff, strsize := uint64(bo.Uint32(c[16:])), uint64(bo.Uint32(c[20:]))
		entsize := uint64(12)
		if is64 {
			entsize = 16
		}
		if err := bf.NeedTable("symbol table", symoff, nsyms, entsize); err != nil {
			return err
		}
		return bf.Need("string table", stroff, strsize)
	case lcDysymtab:
		return bf.NeedTable("indirect symbol table", uint64(bo.Uint32(c[56:])), uint64(bo.Uint32(c[60:])), 4)
	case lcDyldChainedFixups:
		return bf.Need("LC_DYLD_CHAINED_FIXUPS data", uint64(bo.Uint32(c[8:])), uint64(bo.Uint32(c[12:])))
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
