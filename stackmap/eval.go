package stackmap

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// RegisterFile gives register values by DWARF register number, as a
// runtime captured them at a call site.
type RegisterFile interface {
	// Register returns the value of the register with the given DWARF
	// number, and false when the file does not hold it.
	Register(dwarf uint16) (uint64, bool)
}

// Registers is a RegisterFile held in a map.
type Registers map[uint16]uint64

// Register returns the value of the register with the given DWARF number.
func (r Registers) Register(dwarf uint16) (uint64, bool) {
	v, ok := r[dwarf]
	return v, ok
}

// MemoryReader reads target memory: it fills p from address addr, or
// returns an error if it cannot.
type MemoryReader interface {
	ReadMemory(addr uint64, p []byte) error
}

// UintReader is an optional extension of MemoryReader: it reads an
// unsigned integer of 1 to 8 bytes at addr in the given byte order.
// Evaluate uses it when the reader has it, so that no buffer crosses an
// interface: with ReadMemory, the 8-byte buffer escapes to the heap and
// every Indirect location costs an allocation.
type UintReader interface {
	ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error)
}

// load reads a size-byte unsigned integer from target memory.
func (t *Table) load(mem MemoryReader, addr uint64, size int) (uint64, error) {
	if ur, ok := mem.(UintReader); ok {
		return ur.ReadUint(addr, size, t.ord.ByteOrder())
	}
	var buf [8]byte
	if err := mem.ReadMemory(addr, buf[:size]); err != nil {
		return 0, err
	}
	return t.ord.Uint(buf[:size]), nil
}

// Errors of location evaluation, matched by errors.Is on an *EvalError.
var (
	// ErrNoRegister means the register file lacks a register the location
	// needs.
	ErrNoRegister = errors.New("register not in the register file")
	// ErrMemory means the memory reader could not provide the bytes an
	// Indirect location loads.
	ErrMemory = errors.New("memory not readable")
)

// EvalError says which location could not be evaluated, and why.
type EvalError struct {
	Record   int    // index of the record in its table
	Location int    // index of the location in its record
	Reg      uint16 // the location's DWARF register number
	Addr     uint64 // the address an Indirect location loads from
	Err      error  // ErrNoRegister or ErrMemory (wrapping the reader's error)
}

// Error names the record, location, register and address.
func (e *EvalError) Error() string {
	return fmt.Sprintf("stackmap: record %d, location %d (register %d, address 0x%x): %v", e.Record, e.Location, e.Reg, e.Addr, e.Err)
}

// Unwrap returns the cause.
func (e *EvalError) Unwrap() error { return e.Err }

// Value is an evaluated location.
type Value struct {
	Bits uint64 // the value: for Direct the address; otherwise the low Size bytes, zero-extended (Constant: sign-extended)
	Addr uint64 // Indirect: the address the value was loaded from (0 otherwise)
	Size int    // the location's size in bytes
	// InMemory reports whether the value lives in memory at Addr (Indirect)
	// rather than in a register or the record itself: a moving collector
	// can update it in place.
	InMemory bool
}

// Evaluate computes the value of location i of r from a register file and
// memory:
//   - Register: the register's value; a value of Size 4 (or 1, 2) is the low
//     bytes of the register, whatever the byte order. A PowerPC location
//     numbered 1200+N (LLVM's number for the 32-bit half of rN) reads rN
//     when the register file has no entry of its own for 1200+N.
//   - Direct: the address register + Offset.
//   - Indirect: Size bytes loaded from register + Offset, in the table's
//     byte order. A slot wider than 8 bytes (x86_64 spills an xmm register
//     holding a double as 16 bytes; vectors spill whole) gives its first 8
//     bytes, element 0 of the vector, with Size saying how wide it is and
//     Addr where to read the rest.
//   - Constant: Offset, sign-extended. ConstantIndex: the constants table entry.
//
// mem may be nil when no location is Indirect. A reader that is also a
// UintReader (a *Memory, as in r.Evaluate(i, regs, &stack), or a
// *MemoryRegions) is read without allocating.
func (r Record) Evaluate(i int, regs RegisterFile, mem MemoryReader) (Value, error) {
	l, ok := r.Location(i)
	if !ok {
		return Value{}, fmt.Errorf("stackmap: record %d has no location %d", r.Index(), i)
	}
	return r.EvaluateLocation(i, l, regs, mem)
}

// EvaluateLocation is Evaluate for a caller that has already decoded
// location i as l (Location(i)): the location is not decoded again. l
// must be location i of r.
func (r Record) EvaluateLocation(i int, l Location, regs RegisterFile, mem MemoryReader) (Value, error) {
	fail := func(addr uint64, err error) (Value, error) {
		return Value{}, &EvalError{Record: r.Index(), Location: i, Reg: l.Reg, Addr: addr, Err: err}
	}
	var base uint64
	if l.InRegister() {
		var ok bool
		if base, ok = register(regs, l.Reg); !ok {
			return fail(0, ErrNoRegister)
		}
	}
	v, load := r.Resolve(l, base)
	if load {
		if mem == nil {
			return fail(v.Addr, ErrMemory)
		}
		bits, err := r.t.load(mem, v.Addr, min(v.Size, 8))
		if err != nil {
			return fail(v.Addr, fmt.Errorf("%w: %w", ErrMemory, err))
		}
		v.Bits = bits
	}
	return v, nil
}

// Resolve is the rule of Evaluate without its registers and memory, for a
// runtime that reads them itself: base is the value of the location's
// register (l.Reg, or for PowerPC's 1200+N the register PPCHalf names;
// ignored for constants). It returns the location's value, except that
// an Indirect location's value is not loaded: then load is true, v.Addr
// and v.InMemory are set, and the caller reads min(v.Size, 8) bytes at
// v.Addr in the table's byte order into v.Bits. l must be a location of
// r (ConstantIndex reads r's constants table).
func (r Record) Resolve(l Location, base uint64) (v Value, load bool) {
	if l.InRegister() {
		return l.ResolveRegister(base)
	}
	return Value{Bits: r.constant(l), Size: int(l.Size)}, false
}

// ResolveRegister is Resolve for a location that names a register
// (Register, Direct, Indirect: InRegister), which needs no table: small
// enough for the compiler to inline into a runtime's loop. For a constant
// it returns the zero Value.
func (l Location) ResolveRegister(base uint64) (v Value, load bool) {
	v.Size = int(l.Size)
	addr := base + uint64(int64(l.Offset))
	switch l.Kind {
	case Register:
		v.Bits = lowBytes(base, v.Size)
	case Direct:
		v.Bits = addr
	case Indirect:
		v.Addr, v.InMemory, load = addr, true, true
	default:
		v.Size = 0
	}
	return v, load
}

// constant returns a Constant or ConstantIndex location's value (0 for
// an index past the constants table, which Parse refuses).
func (r Record) constant(l Location) uint64 {
	v, _ := r.ConstantValue(l)
	return v
}

// PPCHalf reports whether DWARF register number n is one LLVM gives a
// 32-bit value in a 64-bit PowerPC GPR (1200+N, the SPE super-register's
// number; no other target uses 1200-1231), and returns N: the register a
// runtime's register file holds it in.
func PPCHalf(n uint16) (gpr uint16, ok bool) {
	if n >= ppcHalfBase && n < ppcHalfBase+32 {
		return n - ppcHalfBase, true
	}
	return n, false
}

// ppcHalfBase is the first of the DWARF numbers 1200-1231 that LLVM gives a
// 32-bit value in a 64-bit PowerPC GPR rN (1200+N, the SPE super-register's
// number). No other target uses these numbers.
const ppcHalfBase = 1200

// register reads register n from regs. For 1200+N it falls back to rN,
// which is what a runtime's register file holds.
func register(regs RegisterFile, n uint16) (uint64, bool) {
	if regs == nil {
		return 0, false
	}
	if v, ok := regs.Register(n); ok {
		return v, true
	}
	if gpr, ok := PPCHalf(n); ok {
		return regs.Register(gpr)
	}
	return 0, false
}

// lowBytes keeps the low size bytes of v (all of it for sizes of 8 and more).
func lowBytes(v uint64, size int) uint64 {
	if size <= 0 || size >= 8 {
		return v
	}
	return v & (1<<(8*uint(size)) - 1)
}
