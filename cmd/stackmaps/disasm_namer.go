package main

import (
	"sort"
	"strconv"
)

// targetNamer names the branch and call targets --disasm prints, for one
// object file format, the way llvm-objdump -d does. Each format builds its
// tables once per file (codeFile.namer) and keeps them.
type targetNamer interface {
	// targetName returns " <name>" for an instruction of length bytes at
	// pc, whose branch target is target, or "" when nothing names it. pc
	// and target are addresses as the stack map's function entries count
	// them (a section offset in ELF and COFF relocatable objects); sec is
	// the code section holding the instruction (*elf.Section,
	// *macho.Section or *pe.Section), nil when unknown.
	targetName(sec any, pc, length, target uint64) string
}

// namer returns the naming tables of the file the last function's code
// came from (the slice of a universal Mach-O file), built the first time,
// or nil.
func (c *codeFile) namer() targetNamer {
	switch {
	case c.elf != nil:
		return c.names()
	case c.pe != nil:
		if c.peNames == nil {
			c.peNames = newPENames(c.pe)
		}
		return c.peNames
	case c.machoFile != nil:
		n, ok := c.machoNames[c.machoFile]
		if !ok {
			n = newMachONames(c.machoFile)
			if c.machoNames == nil {
				c.machoNames = map[any]*machoNames{}
			}
			c.machoNames[c.machoFile] = n
		}
		return n
	}
	return nil
}

// targetName names the target of the instruction at pc in the last
// function's code section: see targetNamer.
func (c *codeFile) targetName(pc, length, target uint64) string {
	n := c.namer()
	if n == nil {
		return ""
	}
	return n.targetName(c.sec, pc, length, target)
}

// addrSym is a symbol's address and name.
type addrSym struct {
	addr uint64
	name string
}

// sortSyms sorts symbols as llvm-objdump orders them: by address, then by
// name. Of several symbols at one address it names a target after the
// last (an arm64 Mach-O object's "ltmp0" rather than "_f" at 0).
func sortSyms(s []addrSym) {
	sort.Slice(s, func(i, j int) bool {
		if s[i].addr != s[j].addr {
			return s[i].addr < s[j].addr
		}
		return s[i].name < s[j].name
	})
}

// symName returns " <sym>" or " <sym+0x10>" for the last of syms (sorted
// by sortSyms) at or before target, or "" when none is.
func symName(syms []addrSym, target uint64) string {
	i := sort.Search(len(syms), func(i int) bool { return syms[i].addr > target }) - 1
	if i < 0 {
		return ""
	}
	s := syms[i]
	if s.addr == target {
		return " <" + s.name + ">"
	}
	return " <" + s.name + "+0x" + strconv.FormatUint(target-s.addr, 16) + ">"
}

// offReloc is a relocation's offset in its section and the name of what it
// refers to.
type offReloc struct {
	off  uint64
	name string
}

// relocAt returns " <name>" for the first of rs (sorted by offset) inside
// the instruction at section offset off, length bytes long, or "".
func relocAt(rs []offReloc, off, length uint64) string {
	i := sort.Search(len(rs), func(i int) bool { return rs[i].off >= off })
	if i < len(rs) && rs[i].off < off+length {
		return " <" + rs[i].name + ">"
	}
	return ""
}
