package main

import (
	"sort"
)

// targetNamer names the branch and call targets --disasm prints, for one
// object file format, the way llvm-objdump -d does. Each format builds its
// tables once per file (codeFile.namer) and keeps them.
type targetNamer interface {
	// target names the branch target target of an instruction of length
	// bytes at pc, and reports false when nothing names it. pc
	// and target are addresses as the stack map's function entries count
	// them (a section offset in ELF and COFF relocatable objects); sec is
	// the code section holding the instruction (*elf.Section,
	// *macho.Section or *pe.Section), nil when unknown.
	target(sec any, pc, length, target uint64) (targetRef, bool)
}

// targetRef names a branch target: a symbol and the offset from it.
type targetRef struct {
	name string
	off  uint64
}

// write writes " <name>" or " <name+0x10>", as llvm-objdump does, without
// allocating.
func (r targetRef) write(w *outBuf) {
	w.WriteString(" <")
	w.WriteString(r.name)
	if r.off != 0 {
		w.WriteByte('+')
		writeHex(w, r.off)
	}
	w.WriteByte('>')
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

// writeTargetName writes the name of the branch target of the instruction
// at pc in the last function's code section (see targetNamer), if it has
// one.
func (c *codeFile) writeTargetName(w *outBuf, pc, length, target uint64) {
	if n := c.namer(); n != nil {
		if r, ok := n.target(c.sec, pc, length, target); ok {
			r.write(w)
		}
	}
}

// targetName is writeTargetName's text, "" for none.
func (c *codeFile) targetName(pc, length, target uint64) string {
	var w outBuf
	c.writeTargetName(&w, pc, length, target)
	return string(w.b)
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

// symRef names target after the last of syms (sorted by sortSyms) at or
// before it, and reports false when none is.
func symRef(syms []addrSym, target uint64) (targetRef, bool) {
	i := sort.Search(len(syms), func(i int) bool { return syms[i].addr > target }) - 1
	if i < 0 {
		return targetRef{}, false
	}
	return targetRef{syms[i].name, target - syms[i].addr}, true
}

// offReloc is a relocation's offset in its section and the name of what it
// refers to.
type offReloc struct {
	off  uint64
	name string
}

// relocAt names the symbol of the first of rs (sorted by offset) inside
// the instruction at section offset off, length bytes long, and reports
// false when none is.
func relocAt(rs []offReloc, off, length uint64) (targetRef, bool) {
	i := sort.Search(len(rs), func(i int) bool { return rs[i].off >= off })
	if i < len(rs) && rs[i].off < off+length {
		return targetRef{name: rs[i].name}, true
	}
	return targetRef{}, false
}
