package elfsection

import (
	"debug/elf"
	"fmt"
	"slices"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Dynamic tags the dynamic symbol table is found with.
const (
	dtNull    = 0
	dtHash    = 4
	dtStrtab  = 5
	dtSymtab  = 6
	dtRela    = 7
	dtRelasz  = 8
	dtStrsz   = 10
	dtSyment  = 11
	dtRel     = 17
	dtRelsz   = 18
	dtGNUHash = 0x6ffffef5
)

// maxDynamic bounds the entries of PT_DYNAMIC read, and maxDynSyms the
// symbols of a dynamic symbol table, whatever the headers claim (they are
// also checked against the file's size first).
const (
	maxDynamic = 1 << 16
	maxDynSyms = 1 << 24
)

// dynSym is an entry of the dynamic symbol table.
type dynSym struct {
	name        string
	value, size uint64
	info        byte
	shndx       uint16
}

// dynamicMarks returns the marking symbols the dynamic symbol table of a
// file without section headers defines (nil when none).
func (x *file) dynamicMarks() (*marks, error) {
	syms, at, err := x.dynamicSymbols()
	if err != nil || syms == nil {
		return nil, err
	}
	m := &marks{value: map[string]uint64{}, where: "dynamic symbol table (DT_SYMTAB)", at: at}
	for _, s := range syms {
		x.addMark(m, s.name, s.value, s.shndx != uint16(elf.SHN_UNDEF))
	}
	if len(m.value) == 0 {
		return nil, nil
	}
	slices.Sort(m.addrs)
	return m, nil
}

// dynamicTags reads PT_DYNAMIC's entries (the first of each tag), with
// the pointer size; nil when the file has no PT_DYNAMIC.
func (x *file) dynamicTags() (map[uint64]uint64, *elf.Prog, uint64, error) {
	var dyn *elf.Prog
	for _, p := range x.f.Progs {
		if p.Type == elf.PT_DYNAMIC {
			dyn = p
			break
		}
	}
	ptr := uint64(8)
	if x.f.Class == elf.ELFCLASS32 {
		ptr = 4
	}
	if dyn == nil {
		return nil, nil, ptr, nil
	}
	entries, err := x.readTable("PT_DYNAMIC", dyn.Off, dyn.Filesz/(2*ptr), 2*ptr, maxDynamic)
	if err != nil {
		return nil, nil, ptr, err
	}
	tags := map[uint64]uint64{}
	for i := uint64(0); i+2*ptr <= uint64(len(entries)); i += 2 * ptr {
		tag, val := x.word(entries[i:], ptr), x.word(entries[i+ptr:], ptr)
		if tag == dtNull {
			break
		}
		if _, seen := tags[tag]; !seen {
			tags[tag] = val
		}
	}
	return tags, dyn, ptr, nil
}

// word reads a ptr-byte word.
func (x *file) word(b []byte, ptr uint64) uint64 {
	if ptr == 4 {
		return uint64(x.f.ByteOrder.Uint32(b))
	}
	return x.f.ByteOrder.Uint64(b)
}

// dynamicSymbols reads the dynamic symbol table of a file without section
// headers, through PT_DYNAMIC (DT_SYMTAB, DT_STRTAB, DT_STRSZ, and DT_HASH
// or DT_GNU_HASH for the number of symbols) and the PT_LOAD segments, and
// the table's file offset. It returns nil when the file has none. Entry 0
// (the null symbol) is kept.
func (x *file) dynamicSymbols() ([]dynSym, int64, error) {
	tags, dyn, ptr, err := x.dynamicTags()
	if err != nil || tags == nil {
		return nil, 0, err
	}
	symtab, strtab, strsz := tags[dtSymtab], tags[dtStrtab], tags[dtStrsz]
	if symtab == 0 || strtab == 0 {
		return nil, 0, nil
	}
	syment := uint64(24) // Elf64_Sym
	if ptr == 4 {
		syment = 16 // Elf32_Sym
	}
	if v, ok := tags[dtSyment]; ok && v != syment {
		return nil, 0, x.err("PT_DYNAMIC", int64(dyn.Off), fmt.Errorf("%w: DT_SYMENT %d, not %d", stackmap.ErrNotObject, v, syment))
	}
	n, err := x.dynSymCount(tags, ptr)
	if err != nil {
		return nil, 0, err
	}
	if n == 0 && strtab > symtab {
		n = (strtab - symtab) / syment // the usual layout: .dynstr follows .dynsym
	}
	symOff, err := x.fileOffset("DT_SYMTAB", symtab, 0)
	if err != nil {
		return nil, 0, err
	}
	table, err := x.readTable("dynamic symbol table (DT_SYMTAB)", symOff, n, syment, maxDynSyms)
	if err != nil {
		return nil, 0, err
	}
	strOff, err := x.fileOffset("DT_STRTAB", strtab, strsz)
	if err != nil {
		return nil, 0, err
	}
	strs, err := x.readTable("dynamic string table (DT_STRTAB)", strOff, strsz, 1, 1<<30)
	if err != nil {
		return nil, 0, err
	}
	bo := x.f.ByteOrder
	out := make([]dynSym, 0, n)
	for i := uint64(0); i+syment <= uint64(len(table)); i += syment {
		e := table[i:]
		var s dynSym
		if ptr == 8 {
			s = dynSym{name: cstr(strs, uint64(bo.Uint32(e))), info: e[4], shndx: bo.Uint16(e[6:]), value: bo.Uint64(e[8:]), size: bo.Uint64(e[16:])}
		} else {
			s = dynSym{name: cstr(strs, uint64(bo.Uint32(e))), value: uint64(bo.Uint32(e[4:])), size: uint64(bo.Uint32(e[8:])), info: e[12], shndx: bo.Uint16(e[14:])}
		}
		out = append(out, s)
	}
	return out, int64(symOff), nil
}

// cstr returns the NUL-terminated string at off in b ("" when off is out
// of range).
func cstr(b []byte, off uint64) string {
	if off >= uint64(len(b)) {
		return ""
	}
	b = b[off:]
	if i := slices.Index(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// dynSymCount returns the number of dynamic symbols DT_HASH (nchain) or
// DT_GNU_HASH (one past the highest symbol a chain reaches) gives, 0 when
// the file has neither.
func (x *file) dynSymCount(tags map[uint64]uint64, ptr uint64) (uint64, error) {
	bo := x.f.ByteOrder
	if h, ok := tags[dtHash]; ok {
		off, err := x.fileOffset("DT_HASH", h, 8)
		if err != nil {
			return 0, err
		}
		b, err := x.readTable("DT_HASH", off, 2, 4, 2)
		if err != nil {
			return 0, err
		}
		return uint64(bo.Uint32(b[4:])), nil
	}
	h, ok := tags[dtGNUHash]
	if !ok {
		return 0, nil
	}
	off, err := x.fileOffset("DT_GNU_HASH", h, 16)
	if err != nil {
		return 0, err
	}
	b, err := x.readTable("DT_GNU_HASH", off, 4, 4, 4)
	if err != nil {
		return 0, err
	}
	nbuckets, symoffset, bloomSize := uint64(bo.Uint32(b)), uint64(bo.Uint32(b[4:])), uint64(bo.Uint32(b[8:]))
	if bloomSize > maxDynSyms || nbuckets > maxDynSyms {
		return 0, x.err("DT_GNU_HASH", int64(off), fmt.Errorf("%w: %d buckets, %d bloom words", stackmap.ErrTooLarge, nbuckets, bloomSize))
	}
	bucketsOff := off + 16 + bloomSize*ptr
	buckets, err := x.readTable("DT_GNU_HASH buckets", bucketsOff, nbuckets, 4, maxDynSyms)
	if err != nil {
		return 0, err
	}
	last := uint64(0)
	for i := uint64(0); i < nbuckets; i++ {
		last = max(last, uint64(bo.Uint32(buckets[4*i:])))
	}
	if last < symoffset {
		return symoffset, nil // no hashed symbols
	}
	chainOff := bucketsOff + 4*nbuckets
	for n := uint64(0); last-symoffset+n < maxDynSyms; n++ {
		b, err := x.readTable("DT_GNU_HASH chain", chainOff+4*(last-symoffset), 1, 4, 1)
		if err != nil {
			return 0, err
		}
		if bo.Uint32(b)&1 != 0 {
			return last + 1, nil
		}
		last++
	}
	return 0, x.err("DT_GNU_HASH", int64(off), fmt.Errorf("%w: a chain runs past %d symbols", stackmap.ErrTooLarge, maxDynSyms))
}

// fileOffset returns the file offset of address addr, whose n bytes must
// lie in one PT_LOAD segment's file bytes.
func (x *file) fileOffset(what string, addr, n uint64) (uint64, error) {
	for _, p := range x.f.Progs {
		if p.Type != elf.PT_LOAD || addr < p.Vaddr || addr-p.Vaddr >= p.Filesz || n > p.Filesz-(addr-p.Vaddr) {
			continue
		}
		return p.Off + (addr - p.Vaddr), nil
	}
	return 0, x.err(what+" (program headers)", x.h.phoff, fmt.Errorf("%w: no PT_LOAD segment holds %d bytes at %#x in the file", stackmap.ErrNotObject, n, addr))
}

// readTable reads count entries of size bytes at file offset off, after
// checking count against limit and the bytes against the file's size.
func (x *file) readTable(what string, off, count, size, limit uint64) ([]byte, error) {
	if count > limit {
		return nil, x.err(what, int64(min(off, 1<<62)), fmt.Errorf("%w: %d entries, over the bound of %d", stackmap.ErrTooLarge, count, limit))
	}
	if x.bf == nil {
		return nil, x.err(what, int64(min(off, 1<<62)), fmt.Errorf("%w: no file size to check a table without section headers against (use NewFile)", stackmap.ErrNotObject))
	}
	if err := x.bf.NeedTable(what, off, count, size); err != nil {
		return nil, err
	}
	b := make([]byte, count*size)
	if _, err := x.bf.Reader().ReadAt(b, int64(off)); err != nil {
		return nil, x.bf.Wrap(what, int64(off), err)
	}
	return b, nil
}

// dynamicFunctions returns the defined STT_FUNC and STT_GNU_IFUNC
// symbols of the dynamic symbol table of a file without section headers.
func (x *file) dynamicFunctions() ([]stackmap.Symbol, error) {
	syms, _, err := x.dynamicSymbols()
	if err != nil {
		return nil, err
	}
	var out []stackmap.Symbol
	for _, s := range syms {
		typ, bind := elf.SymType(s.info&0xf), elf.SymBind(s.info>>4)
		if s.name == "" || s.shndx == uint16(elf.SHN_UNDEF) || (typ != elf.STT_FUNC && typ != elf.STT_GNU_IFUNC) {
			continue
		}
		out = append(out, stackmap.Symbol{Name: s.name, Value: s.value, Size: s.size, Global: bind == elf.STB_GLOBAL || bind == elf.STB_WEAK})
	}
	return out, nil
}
