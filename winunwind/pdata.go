package winunwind

import "fmt"

// RuntimeFunctionSize is the size of an x64 RUNTIME_FUNCTION.
const RuntimeFunctionSize = 12

// RuntimeFunction is one .pdata entry: the function's code is
// [Begin, End) and its UNWIND_INFO is at UnwindInfo (all RVAs). An
// UnwindInfo with its low bit set names, at UnwindInfo-1, another
// RUNTIME_FUNCTION whose unwind data this one shares.
type RuntimeFunction struct {
	Begin, End, UnwindInfo uint32
}

// Indirect reports whether UnwindInfo names a RUNTIME_FUNCTION (low bit
// set) instead of an UNWIND_INFO.
func (f RuntimeFunction) Indirect() bool { return f.UnwindInfo&1 != 0 }

// Contains reports whether rva is in [Begin, End).
func (f RuntimeFunction) Contains(rva uint32) bool { return rva >= f.Begin && rva < f.End }

func runtimeFunction(b []byte) RuntimeFunction {
	return RuntimeFunction{le.Uint32(b), le.Uint32(b[4:]), le.Uint32(b[8:])}
}

// Table holds an image's x64 unwind data: its .pdata entries and the
// sections their UNWIND_INFO records and code are in. It is immutable and
// safe for concurrent use.
type Table struct {
	pdata    []byte
	pdataRVA uint32
	mem      memory
}

// NewX64 makes a Table from the bytes of .pdata (mapped at pdataRVA) and
// the image's sections, which must hold the UNWIND_INFO records and, for
// epilog recognition in version 1 records, the code. It checks that the
// entries are whole, each non-empty, and sorted without overlap (lookups
// binary-search them); their UNWIND_INFO records are checked when a
// lookup reads them. Trailing zero entries (padding) are ignored.
func NewX64(pdata []byte, pdataRVA uint32, sections []Section) (*Table, error) {
	if len(pdata)%RuntimeFunctionSize != 0 {
		return nil, formatErr(pdataRVA, ".pdata", "%d bytes is not a whole number of %d-byte RUNTIME_FUNCTION entries", len(pdata), RuntimeFunctionSize)
	}
	mem, err := newMemory(sections)
	if err != nil {
		return nil, err
	}
	n := len(pdata) / RuntimeFunctionSize
	for n > 0 && runtimeFunction(pdata[(n-1)*RuntimeFunctionSize:]) == (RuntimeFunction{}) {
		n--
	}
	t := &Table{pdata: pdata[:n*RuntimeFunctionSize], pdataRVA: pdataRVA, mem: mem}
	var prev RuntimeFunction
	for i := range n {
		f := t.At(i)
		if f.Begin >= f.End {
			return nil, formatErr(t.entryRVA(i), entryName(i), "begin %#x is not below end %#x", f.Begin, f.End)
		}
		if i > 0 && f.Begin < prev.End {
			return nil, formatErr(t.entryRVA(i), entryName(i), "begin %#x is below the previous entry's end %#x (entries must be sorted and disjoint)", f.Begin, prev.End)
		}
		prev = f
	}
	return t, nil
}

func entryName(i int) string { return fmt.Sprintf("RUNTIME_FUNCTION %d", i) }

func (t *Table) entryRVA(i int) uint32 { return t.pdataRVA + uint32(i*RuntimeFunctionSize) }

// Bytes returns the n bytes of the image at rva, nil when no section
// holds them all. The slice points into the caller's sections.
func (t *Table) Bytes(rva uint32, n int) []byte { return t.mem.bytes(rva, n) }

// Len returns the number of entries.
func (t *Table) Len() int { return len(t.pdata) / RuntimeFunctionSize }

// At returns entry i (0 <= i < Len()).
func (t *Table) At(i int) RuntimeFunction {
	return runtimeFunction(t.pdata[i*RuntimeFunctionSize:])
}

// Lookup returns the entry whose code covers rva and its index.
func (t *Table) Lookup(rva uint32) (RuntimeFunction, int, bool) {
	n := t.Len()
	lo, hi := 0, n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.At(m).Begin <= rva {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return RuntimeFunction{}, -1, false
	}
	f := t.At(lo - 1)
	if !f.Contains(rva) {
		return RuntimeFunction{}, -1, false
	}
	return f, lo - 1, true
}
