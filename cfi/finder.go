package cfi

// Finder finds the FDE covering a pc and the unwind row there. Both
// *Section and *Index are Finders.
type Finder interface {
	// FindFDE returns the FDE covering pc, or an error wrapping
	// ErrNotFound when none does.
	FindFDE(pc uint64) (FDE, error)
	// RowAt returns the row for pc of the FDE covering it; the FDE is
	// then u.FDE(). The row points into u (see Section.RowAt).
	RowAt(pc uint64, u *Unwinder) (*Row, error)
}

// NewFinder returns the fastest Finder for many lookups in s: s itself
// when it has a usable .eh_frame_hdr (a binary search, nothing to build),
// otherwise a new Index of it (.debug_frame, relocatable objects, a
// linked .eh_frame without its table), so that lookups never scan the
// section. The error is NewIndex's: the first malformed entry.
func (s *Section) NewFinder() (Finder, error) {
	if s.HasHdr() {
		return s, nil
	}
	x, err := s.NewIndex()
	if err != nil {
		return nil, err // not a nil *Index in a non-nil Finder
	}
	return x, nil
}
