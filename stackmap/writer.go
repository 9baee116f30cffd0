package stackmap

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
)

// TableSpec is one stack map table as plain values: what AppendTable
// encodes and Table.Spec decodes. AppendTable writes it exactly as given
// (constants in the listed order, ConstantIndex locations holding indexes
// into Constants, live-outs in the listed order), so that encoding a
// decoded table gives back its bytes; a Builder fills one in by LLVM's
// rules (constants deduplicated in first-use order, live-outs sorted by
// register).
type TableSpec struct {
	Version   Version        // Version1, Version2 or Version3; 0 means Version3 (Table.Spec and Builder say 3)
	Functions []FunctionSpec // in table order
	Constants []uint64       // the constants table, in order
	Records   []RecordSpec   // in table order: versions 2 and 3 group them by function
}

// FunctionSpec is one function record.
type FunctionSpec struct {
	Address     uint64 // the address field as stored (0 in relocatable objects)
	StackSize   uint64 // frame size in bytes, or DynamicStackSize
	RecordCount uint64 // records that belong to the function (versions 2 and 3; must be 0 in version 1)
}

// RecordSpec is one call site record.
type RecordSpec struct {
	ID                uint64
	InstructionOffset uint32 // as stored
	Flags             uint16 // the reserved flags field (0 in everything LLVM writes)
	// Locations: a ConstantIndex location's Offset is an index into the
	// table's Constants.
	Locations []Location
	LiveOuts  []LiveOut
}

// ErrEncode matches every error AppendTable and AppendSection return: the
// spec cannot be written as a stack map table.
var ErrEncode = errors.New("stack map spec cannot be encoded")

// EncodeError says which part of a TableSpec cannot be encoded and why.
// Indexes that do not apply are -1.
type EncodeError struct {
	Table    int    // index of the table in the section
	Function int    // index of the function
	Record   int    // index of the record
	Location int    // index of the location within its record
	LiveOut  int    // index of the live-out within its record
	Field    string // the field at fault, as the spec names it ("Size", "RecordCount"), "" for the whole part
	Detail   string // what is wrong, in words
}

// Error says where the fault is and what it is, e.g. "stackmap: encode:
// table 0, record 2, location 1, Size: 300 does not fit version 1's 8
// bits".
func (e *EncodeError) Error() string {
	var b strings.Builder
	b.WriteString("stackmap: encode: ")
	for _, p := range []struct {
		name string
		i    int
	}{{"table", e.Table}, {"function", e.Function}, {"record", e.Record}, {"location", e.Location}, {"live-out", e.LiveOut}} {
		if p.i >= 0 {
			fmt.Fprintf(&b, "%s %d, ", p.name, p.i)
		}
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Detail)
	return b.String()
}

// Is reports whether target is ErrEncode.
func (e *EncodeError) Is(target error) bool { return target == ErrEncode }

func encodeFault(table int) *EncodeError {
	return &EncodeError{Table: table, Function: -1, Record: -1, Location: -1, LiveOut: -1}
}

func functionFault(table, function int) *EncodeError {
	e := encodeFault(table)
	e.Function = function
	return e
}

func locationFault(table, record, location int) *EncodeError {
	e := encodeFault(table)
	e.Record, e.Location = record, location
	return e
}

func (e *EncodeError) with(field, format string, args ...any) *EncodeError {
	e.Field, e.Detail = field, fmt.Sprintf(format, args...)
	return e
}

// AppendSection appends the tables, back to back as a linker leaves them,
// to dst in the given byte order and returns the extended slice. Every
// table is a multiple of 8 bytes long, so none needs padding before the
// next.
func AppendSection(dst []byte, tables []TableSpec, byteOrder binary.ByteOrder) ([]byte, error) {
	for i := range tables {
		var err error
		if dst, err = appendTable(dst, &tables[i], i, byteOrder); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// AppendTable appends t's bytes, in the given byte order, to dst and
// returns the extended slice. It writes what LLVM's emitter
// (StackMaps::serializeToStackMapSection) writes for the same contents:
// the header, the function records, the constants, then each record with
// its locations, zero padding to 8 bytes (version 3), its live-outs and
// zero padding to 8 bytes; every reserved field is 0. A record of more than
// 65,535 locations or live-outs is written as LLVM writes it: ID
// 0xFFFFFFFFFFFFFFFF, its instruction offset, and nothing else.
//
// It refuses (with an *EncodeError matching ErrEncode) what no reader
// could decode: an unknown version, record counts that do not sum to the
// number of records, a location kind outside 1 to 5, a constant index out
// of range, a field too wide for the version (a version 1 or 2 location
// size above 255). Offsets, registers and sizes are otherwise written as
// given, as llc writes them without judging them.
func AppendTable(dst []byte, t *TableSpec, byteOrder binary.ByteOrder) ([]byte, error) {
	return appendTable(dst, t, 0, byteOrder)
}

// EncodedSize returns the number of bytes AppendTable writes for t, or an
// error for a spec it would refuse.
func EncodedSize(t *TableSpec) (int, error) {
	v, err := checkSpec(t, 0)
	if err != nil {
		return 0, err
	}
	return specSize(t, v), nil
}

func specSize(t *TableSpec, v Version) int {
	return headerSize + len(t.Functions)*v.functionSize() + len(t.Constants)*constantSize + recordsSize(t.Records, v)
}

// oversized reports whether LLVM replaces the record by an empty one.
func oversized(r *RecordSpec) bool {
	return len(r.Locations) > math.MaxUint16 || len(r.LiveOuts) > math.MaxUint16
}

// checkSpec checks what AppendTable refuses and returns the version to
// write.
func checkSpec(t *TableSpec, table int) (Version, error) {
	v, err := checkHead(t, len(t.Records), table)
	if err != nil {
		return 0, err
	}
	return v, checkRecords(t.Records, 0, v, len(t.Constants), table)
}

// checkHead checks the version, the counts and the function records of a
// table of numRecords records, and returns the version to write.
func checkHead(t *TableSpec, numRecords, table int) (Version, error) {
	v := t.Version
	if v == 0 {
		v = Version3
	}
	if v != Version1 && v != Version2 && v != Version3 {
		return 0, encodeFault(table).with("Version", "version %d is not 1, 2 or 3", t.Version)
	}
	if n, field := max(len(t.Functions), len(t.Constants), numRecords), "Functions, Constants or Records"; uint64(n) > math.MaxUint32 {
		return 0, encodeFault(table).with(field, "%d entries do not fit the header's 32-bit count", n)
	}
	var sum uint64
	for i, f := range t.Functions {
		if v == Version1 && f.RecordCount != 0 {
			return 0, functionFault(table, i).with("RecordCount", "version 1 function records have no record count (%d given)", f.RecordCount)
		}
		if f.RecordCount > uint64(numRecords)-sum {
			return 0, functionFault(table, i).with("RecordCount", "record counts exceed the table's %d records", numRecords)
		}
		sum += f.RecordCount
	}
	if v != Version1 && sum != uint64(numRecords) {
		return 0, encodeFault(table).with("Records", "function record counts sum to %d, the table has %d records", sum, numRecords)
	}
	return v, nil
}

// checkRecords checks records, the first of index first in their table
// of version v with numConstants constants.
func checkRecords(records []RecordSpec, first int, v Version, numConstants, table int) error {
	for i := range records {
		r := &records[i]
		if oversized(r) {
			continue
		}
		for j, l := range r.Locations {
			switch {
			case !l.Kind.Valid():
				return locationFault(table, first+i, j).with("Kind", "location kind %d is not 1 to 5", uint8(l.Kind))
			case l.Kind == ConstantIndex && uint64(uint32(l.Offset)) >= uint64(numConstants):
				return locationFault(table, first+i, j).with("Offset", "constant index %d, the table has %d constants", uint32(l.Offset), numConstants)
			case v != Version3 && l.Size > math.MaxUint8:
				return locationFault(table, first+i, j).with("Size", "%d does not fit version %d's 8 bits", l.Size, v)
			}
		}
	}
	return nil
}

func appendTable(dst []byte, t *TableSpec, table int, bo binary.ByteOrder) ([]byte, error) {
	if bo == nil {
		return dst, errors.New("stackmap: encode: no byte order")
	}
	v, err := checkSpec(t, table)
	if err != nil {
		return dst, err
	}
	start := len(dst)
	dst = growTo(dst, specSize(t, v))
	w := specWriter{b: dst, big: orderOf(bo).Big, off: start}
	w.head(t, len(t.Records), v)
	w.records(t.Records, v)
	return w.b, nil
}

// AppendTableHead appends what AppendTable writes of t before its records,
// for a table of numRecords records: the header, the function records and
// the constants; t.Records is not read. AppendRecords then appends the
// records. Together they write what AppendTable writes, so that a writer
// of a large table can encode its records a batch at a time instead of
// keeping every RecordSpec (stackmaps build does). The functions' record
// counts are checked against numRecords.
func AppendTableHead(dst []byte, t *TableSpec, numRecords int, byteOrder binary.ByteOrder) ([]byte, error) {
	if byteOrder == nil {
		return dst, errors.New("stackmap: encode: no byte order")
	}
	v, err := checkHead(t, numRecords, 0)
	if err != nil {
		return dst, err
	}
	start := len(dst)
	dst = growTo(dst, headerSize+len(t.Functions)*v.functionSize()+len(t.Constants)*constantSize)
	w := specWriter{b: dst, big: orderOf(byteOrder).Big, off: start}
	w.head(t, numRecords, v)
	return w.b, nil
}

// AppendRecords appends records as AppendTable writes them in a table of
// version v (0 for Version3) with numConstants constants, and returns the
// extended slice; first is the index of records[0] in the table, for
// errors (an *EncodeError, as AppendTable's). The records must start a
// multiple of 8 bytes from the table's start, as they do after
// AppendTableHead and after other records.
func AppendRecords(dst []byte, records []RecordSpec, first int, v Version, numConstants int, byteOrder binary.ByteOrder) ([]byte, error) {
	if byteOrder == nil {
		return dst, errors.New("stackmap: encode: no byte order")
	}
	if v == 0 {
		v = Version3
	}
	if v != Version1 && v != Version2 && v != Version3 {
		return dst, encodeFault(0).with("Version", "version %d is not 1, 2 or 3", v)
	}
	if err := checkRecords(records, first, v, numConstants, 0); err != nil {
		return dst, err
	}
	start := len(dst)
	dst = growTo(dst, recordsSize(records, v))
	w := specWriter{b: dst, big: orderOf(byteOrder).Big, off: start}
	w.records(records, v)
	return w.b, nil
}

// recordsSize is the size of records in a table of version v.
func recordsSize(records []RecordSpec, v Version) int {
	n := 0
	for i := range records {
		r := &records[i]
		if oversized(r) {
			n += minRecordSize
			continue
		}
		n += align8(recordHeaderSize+len(r.Locations)*v.locationSize()) + align8(liveOutHeader+len(r.LiveOuts)*liveOutSize)
	}
	return n
}

// head writes the header, the function records and the constants.
func (w *specWriter) head(t *TableSpec, numRecords int, v Version) {
	w.u8(uint8(v))
	w.off += 3 // reserved
	w.u32(uint32(len(t.Functions)))
	w.u32(uint32(len(t.Constants)))
	w.u32(uint32(numRecords))
	for _, f := range t.Functions {
		w.u64(f.Address)
		w.u64(f.StackSize)
		if v != Version1 {
			w.u64(f.RecordCount)
		}
	}
	for _, c := range t.Constants {
		w.u64(c)
	}
}

// records writes records, from a multiple of 8 bytes from the table's
// start.
func (w *specWriter) records(records []RecordSpec, v Version) {
	start := w.off
	for i := range records {
		r := &records[i]
		if oversized(r) {
			w.u64(math.MaxUint64)
			w.u32(r.InstructionOffset)
			w.off += minRecordSize - 12 // flags, no locations, no live-outs, padding
			continue
		}
		w.u64(r.ID)
		w.u32(r.InstructionOffset)
		w.u16(r.Flags)
		w.u16(uint16(len(r.Locations)))
		for _, l := range r.Locations {
			w.u8(uint8(l.Kind))
			if v == Version3 {
				w.off++ // reserved
				w.u16(l.Size)
				w.u16(l.Reg)
				w.off += 2 // reserved
			} else {
				w.u8(uint8(l.Size))
				w.u16(l.Reg)
			}
			w.u32(uint32(l.Offset))
		}
		w.align(start)
		w.off += 2 // padding
		w.u16(uint16(len(r.LiveOuts)))
		for _, lo := range r.LiveOuts {
			w.u16(lo.Reg)
			w.u8(lo.Reserved)
			w.u8(lo.Size)
		}
		w.align(start)
	}
}

// growTo extends dst by n zero bytes.
func growTo(dst []byte, n int) []byte {
	if cap(dst)-len(dst) >= n {
		dst = dst[:len(dst)+n]
		clear(dst[len(dst)-n:])
		return dst
	}
	out := make([]byte, len(dst)+n)
	copy(out, dst)
	return out
}

// specWriter writes fixed-size fields into b, which is already long enough
// and zero where nothing is written. It calls the byte order's functions
// directly (not through binary.ByteOrder) so that they inline.
type specWriter struct {
	b   []byte
	big bool
	off int
}

func (w *specWriter) u8(v uint8) { w.b[w.off] = v; w.off++ }

func (w *specWriter) u16(v uint16) {
	if w.big {
		binary.BigEndian.PutUint16(w.b[w.off:], v)
	} else {
		binary.LittleEndian.PutUint16(w.b[w.off:], v)
	}
	w.off += 2
}

func (w *specWriter) u32(v uint32) {
	if w.big {
		binary.BigEndian.PutUint32(w.b[w.off:], v)
	} else {
		binary.LittleEndian.PutUint32(w.b[w.off:], v)
	}
	w.off += 4
}

func (w *specWriter) u64(v uint64) {
	if w.big {
		binary.BigEndian.PutUint64(w.b[w.off:], v)
	} else {
		binary.LittleEndian.PutUint64(w.b[w.off:], v)
	}
	w.off += 8
}

// align moves to the next multiple of 8 from the table's start.
func (w *specWriter) align(start int) { w.off = start + align8(w.off-start) }
