package stackmap

import "encoding/binary"

// Function is one function record of a table: a view into the table's
// bytes, three words long (its table; in little-endian tables of versions
// 2 and 3 its record's bytes, which let Address, StackSize and RecordCount
// inline to one load each; its record's offset), read field by field
// through its methods (as Record is). What
// the file says about the function once relocations and symbols are
// applied (see SectionData) comes from Address, Entry, Symbol, Name,
// Addend and Size; for a section parsed from bare bytes Address and Entry
// are the stored address and Symbol is empty.
//
// The zero Function (what Table.Function returns for an index out of
// range) belongs to no table: every method returns a zero value.
type Function struct {
	t *Table
	// rec is the function record of a little-endian version 2 or 3 table
	// (nil for others): its fields are plain loads at constant offsets,
	// so StackSize and RecordCount inline to one load each.
	rec   *[functionSizeV3]byte
	off   uint32 // table offset of the function record, worked out once
	plain bool   // rec is set and there is no SectionData: Address is the stored field
}

// functionSizeV3 is the size of a function record of versions 2 and 3.
const functionSizeV3 = 24

// functionAt returns function i of t, which must be in range.
func functionAt(t *Table, i int) Function {
	off := t.functionOff(i)
	f := Function{t: t, off: uint32(off)}
	if !t.ord.Big && t.version != Version1 {
		f.rec = (*[functionSizeV3]byte)(t.data[off : off+functionSizeV3]) // in range: the header's check covers every function record
		f.plain = t.sd == nil
	}
	return f
}

// Table returns the table the function belongs to (nil for the zero
// Function).
func (f Function) Table() *Table { return f.t }

// Index returns the function's position in its table's function list.
func (f Function) Index() int {
	if f.t == nil {
		return 0
	}
	return (int(f.off) - headerSize) / f.t.version.functionSize()
}

// Offset returns the byte offset of the function record (its address
// field) in the section.
func (f Function) Offset() int {
	if f.t == nil {
		return 0
	}
	return int(f.t.base) + int(f.off)
}

// StoredAddress returns the address field as stored in the section, before
// relocation (what llvm-readobj prints).
func (f Function) StoredAddress() uint64 {
	if f.t == nil {
		return 0
	}
	return f.t.ord.U64(f.t.data, int(f.off))
}

// StackSize returns the function's frame size in bytes, or
// DynamicStackSize.
func (f Function) StackSize() uint64 {
	if f.rec != nil {
		return binary.LittleEndian.Uint64(f.rec[8:])
	}
	if f.t == nil {
		return 0
	}
	return f.t.ord.U64(f.t.data, int(f.off)+8)
}

// DynamicStack reports whether the function's frame size is not static.
func (f Function) DynamicStack() bool { return f.t != nil && f.StackSize() == DynamicStackSize }

// HasRecordCount reports whether the table's version has a record count
// (versions 2 and 3).
func (f Function) HasRecordCount() bool { return f.t != nil && f.t.version.hasRecordCount() }

// RecordCount returns the number of records that belong to the function
// (versions 2 and 3; 0 for version 1).
func (f Function) RecordCount() uint64 {
	if f.rec != nil {
		return binary.LittleEndian.Uint64(f.rec[16:])
	}
	if !f.HasRecordCount() {
		return 0
	}
	return f.t.ord.U64(f.t.data, int(f.off)+16)
}

// Address returns the address field's value once relocated: the symbol's
// value plus the addend in relocatable objects, the stored address when
// nothing relocates it.
func (f Function) Address() uint64 {
	if f.plain { // inlines: the walk of a section from bare bytes makes no call
		return binary.LittleEndian.Uint64(f.rec[:])
	}
	return f.relocatedAddress()
}

// Entry returns the function's code address: Address, except for PowerPC
// ELFv1, whose function records hold the address of a function descriptor
// that points to the code.
func (f Function) Entry() uint64 {
	stored := f.StoredAddress()
	if f.t == nil || f.t.sd == nil {
		return stored
	}
	return f.t.sd.entry(f.Offset(), stored)
}

// CodeSection returns the section of a relocatable object the function's
// code is in, as the relocation of its address field says (on 64-bit
// PowerPC ELFv1, of its descriptor's entry field), or the zero
// CodeSection when unknown: linked files, bare bytes. Address and Entry
// are offsets in that section; in an object built with function sections
// every function has its own (see SectionData.NumCodeSections).
func (f Function) CodeSection() CodeSection {
	if f.t == nil || f.t.sd == nil {
		return CodeSection{}
	}
	fx, ok := f.t.sd.Fixup(f.Offset())
	return f.t.sd.codeSection(fx, ok)
}

// Symbol returns the raw name of the function's symbol, "" when unknown.
func (f Function) Symbol() string { return f.resolve().Symbol }

// Name returns the function's symbol as people know it: Symbol less the
// underscore Mach-O adds to C names.
func (f Function) Name() string { return f.resolve().Name }

// Named reports whether name is the function's symbol, as the file spells
// it (Symbol) or as people know it (Name: "foo" names Mach-O's "_foo"). A
// function without a symbol has no name.
func (f Function) Named(name string) bool {
	r := f.resolve()
	return r.Symbol != "" && (r.Symbol == name || r.Name == name)
}

// Addend returns the addend to Symbol of the relocation of the address
// field (0 when no relocation names the symbol).
func (f Function) Addend() int64 { return f.resolve().Addend }

// Size returns the size of the function's symbol, 0 when unknown.
func (f Function) Size() uint64 { return f.resolve().Size }

// resolve works out what the file says about the function.
func (f Function) resolve() ResolvedFunction {
	if f.t == nil || f.t.sd == nil {
		return ResolvedFunction{}
	}
	return f.t.sd.ResolveFunction(f.Offset(), f.StoredAddress())
}

// codeRange returns the function's entry and symbol size (0 when unknown),
// resolving the function once.
func (f Function) codeRange() (entry, size uint64) {
	if f.t == nil || f.t.sd == nil {
		return f.StoredAddress(), 0
	}
	r := f.resolve()
	return r.Entry, r.Size
}

// relocatedAddress is Address in every case but the plain one (and for
// the zero Function): big-endian bytes, relocations.
func (f Function) relocatedAddress() uint64 {
	stored := f.StoredAddress()
	if f.t == nil || f.t.sd == nil {
		return stored
	}
	return f.t.sd.address(f.Offset(), stored)
}
