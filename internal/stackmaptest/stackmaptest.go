// Package stackmaptest encodes stack map sections from a plain Go description,
// in any version and byte order. Tests use it to build sections LLVM no
// longer emits (versions 1 and 2), large synthetic sections, and sections
// with planted faults.
package stackmaptest

import (
	"encoding/binary"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Location is one location to encode. Reserved fields are written as given.
type Location struct {
	Kind      uint8
	Size      uint16 // versions 1 and 2 keep only the low 8 bits
	Reg       uint16
	Offset    int32
	Reserved0 uint8  // version 3 only
	Reserved1 uint16 // version 3 only
}

// LiveOut is one live-out register to encode.
type LiveOut struct {
	Reg      uint16
	Reserved uint8
	Size     uint8
}

// Record is one call site record to encode.
type Record struct {
	ID                uint64
	InstructionOffset uint32
	Flags             uint16
	Locations         []Location
	LiveOutPadding    uint16
	LiveOuts          []LiveOut
}

// Function is one function record to encode. RecordCount is not written
// for version 1.
type Function struct {
	Address, StackSize, RecordCount uint64
}

// Table is one complete table to encode.
type Table struct {
	Version   uint8
	Reserved0 uint8
	Reserved1 uint16
	Functions []Function
	Constants []uint64
	Records   []Record
	// NumRecords, when non-zero, is written instead of len(Records), to
	// plant a wrong count.
	NumRecords uint32
}

// Encode returns the tables back to back, as a linker concatenates them.
func Encode(order binary.AppendByteOrder, tables ...Table) []byte {
	var b []byte
	for _, t := range tables {
		b = t.Append(b, order)
	}
	return b
}

// Append appends the encoded table to b. Padding is relative to the start
// of the table, which must itself start 8-aligned within the section.
func (t Table) Append(b []byte, o binary.AppendByteOrder) []byte {
	start := len(b)
	pad := func() {
		for (len(b)-start)%8 != 0 {
			b = append(b, 0)
		}
	}
	nr := t.NumRecords
	if nr == 0 {
		nr = uint32(len(t.Records))
	}
	b = append(b, t.Version, t.Reserved0)
	b = o.AppendUint16(b, t.Reserved1)
	b = o.AppendUint32(b, uint32(len(t.Functions)))
	b = o.AppendUint32(b, uint32(len(t.Constants)))
	b = o.AppendUint32(b, nr)
	for _, f := range t.Functions {
		b = o.AppendUint64(b, f.Address)
		b = o.AppendUint64(b, f.StackSize)
		if t.Version != 1 {
			b = o.AppendUint64(b, f.RecordCount)
		}
	}
	for _, c := range t.Constants {
		b = o.AppendUint64(b, c)
	}
	for _, r := range t.Records {
		b = o.AppendUint64(b, r.ID)
		b = o.AppendUint32(b, r.InstructionOffset)
		b = o.AppendUint16(b, r.Flags)
		b = o.AppendUint16(b, uint16(len(r.Locations)))
		for _, l := range r.Locations {
			if t.Version == 3 {
				b = append(b, l.Kind, l.Reserved0)
				b = o.AppendUint16(b, l.Size)
				b = o.AppendUint16(b, l.Reg)
				b = o.AppendUint16(b, l.Reserved1)
			} else {
				b = append(b, l.Kind, uint8(l.Size))
				b = o.AppendUint16(b, l.Reg)
			}
			b = o.AppendUint32(b, uint32(l.Offset))
		}
		if t.Version == 3 {
			pad()
		}
		b = o.AppendUint16(b, r.LiveOutPadding)
		b = o.AppendUint16(b, uint16(len(r.LiveOuts)))
		for _, lo := range r.LiveOuts {
			b = o.AppendUint16(b, lo.Reg)
			b = append(b, lo.Reserved, lo.Size)
		}
		pad()
	}
	return b
}

// FromTable describes a decoded table, so that its content can be
// re-encoded in another version or byte order.
func FromTable(t *stackmap.Table) Table {
	out := Table{Version: uint8(t.Version())}
	out.Reserved0, out.Reserved1 = t.Reserved()
	for _, f := range t.Functions() {
		out.Functions = append(out.Functions, Function{f.Address(), f.StackSize(), f.RecordCount()})
	}
	for i := 0; i < t.NumConstants(); i++ {
		c, _ := t.Constant(i)
		out.Constants = append(out.Constants, c)
	}
	for _, r := range t.Records() {
		rec := Record{ID: r.ID(), InstructionOffset: r.StoredInstructionOffset(), Flags: r.Flags(), LiveOutPadding: r.LiveOutPadding()}
		for i, l := range r.Locations() {
			r0, r1, _ := r.LocationReserved(i)
			rec.Locations = append(rec.Locations, Location{uint8(l.Kind), l.Size, l.Reg, l.Offset, r0, r1})
		}
		for _, lo := range r.LiveOuts() {
			rec.LiveOuts = append(rec.LiveOuts, LiveOut(lo))
		}
		out.Records = append(out.Records, rec)
	}
	return out
}
