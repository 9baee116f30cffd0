package stackmap

// Spec returns the table as plain values, exactly as stored: AppendTable
// of the result in the table's byte order gives back Bytes() whenever the
// table's reserved fields and padding are zero (as in everything LLVM
// writes). Function addresses and instruction offsets are the fields the
// Section decoded: as stored, except in a relocated copy (see
// Section.Bytes).
//
// Empty lists are nil, as in a Builder's Spec, so that the spec a Builder
// built and the one decoded from its bytes are equal (reflect.DeepEqual).
//
// It allocates the spec's slices; it is meant for tools and tests, not
// for hot paths.
func (t *Table) Spec() TableSpec {
	s := TableSpec{
		Version:   t.version,
		Functions: makeOrNil[FunctionSpec](int(t.numFunctions)),
		Constants: makeOrNil[uint64](int(t.numConstants)),
		Records:   makeOrNil[RecordSpec](int(t.numRecords)),
	}
	for i, f := range t.Functions() {
		s.Functions[i] = FunctionSpec{Address: f.StoredAddress(), StackSize: f.StackSize(), RecordCount: f.RecordCount()}
	}
	for i := range s.Constants {
		s.Constants[i], _ = t.Constant(i)
	}
	for i, r := range t.Records() {
		rs := &s.Records[i]
		rs.ID, rs.InstructionOffset, rs.Flags = r.ID(), r.InstructionOffset(), r.Flags()
		rs.Locations = makeOrNil[Location](r.NumLocations())
		for j, l := range r.Locations() {
			rs.Locations[j] = l
		}
		rs.LiveOuts = makeOrNil[LiveOut](r.NumLiveOuts())
		for j, lo := range r.LiveOuts() {
			rs.LiveOuts[j] = lo
		}
	}
	return s
}

// Specs returns every table of the section as plain values (see
// Table.Spec); AppendSection of the result gives back the section's bytes.
func (s *Section) Specs() []TableSpec {
	out := make([]TableSpec, len(s.tables))
	for i := range s.tables {
		out[i] = s.tables[i].Spec()
	}
	return out
}

// makeOrNil returns a slice of n zero values, nil when n is 0.
func makeOrNil[T any](n int) []T {
	if n == 0 {
		return nil
	}
	return make([]T, n)
}
