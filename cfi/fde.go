package cfi

import "iter"

// FDE is a decoded frame description entry, with its CIE.
type FDE struct {
	// Offset is the section offset of the FDE's length field.
	Offset uint64
	// CIE is the entry's common information entry.
	CIE CIE
	// PCBegin and PCEnd delimit the code the FDE covers: [PCBegin, PCEnd).
	PCBegin, PCEnd uint64
	// LSDA is the language-specific data area address (or, with
	// LSDAIndirect, the address of a pointer to it); HasLSDA says whether
	// the FDE has one.
	LSDA         uint64
	HasLSDA      bool
	LSDAIndirect bool
	// Instructions are the FDE's call frame instructions.
	Instructions []byte

	instrOff int
}

// Contains reports whether pc lies in [PCBegin, PCEnd).
func (f *FDE) Contains(pc uint64) bool { return pc >= f.PCBegin && pc < f.PCEnd }

// ParseFDE decodes the FDE whose length field is at section offset off.
func (s *Section) ParseFDE(off uint64) (FDE, error) {
	var f FDE
	err := s.parseFDEAt(off, nil, &f)
	return f, err
}

// parseFDEAt is ParseFDE into f, taking the FDE's CIE from u's memo when
// u last decoded that CIE of s (u may be nil).
func (s *Section) parseFDEAt(off uint64, u *Unwinder, f *FDE) error {
	if off >= uint64(len(s.cfg.Data)) {
		*f = FDE{}
		return errAt(off, "FDE offset", ErrLength)
	}
	e, err := s.readEntry(int(off))
	if err != nil {
		*f = FDE{}
		return err
	}
	if e.term || e.isCIE {
		*f = FDE{}
		return errAt(off, "FDE (entry is not an FDE)", ErrLength)
	}
	return s.parseFDEInto(e, u, f)
}

// parseFDE decodes the FDE of entry e.
func (s *Section) parseFDE(e entry) (FDE, error) {
	var f FDE
	err := s.parseFDEInto(e, nil, &f)
	return f, err
}

// parseFDEInto decodes the FDE of entry e into f (a lookup's FDE is
// written where the Unwinder keeps it: no copy of it). Its CIE comes from
// u's memo when u (which may be nil) last decoded the same CIE of s: a
// section has few CIEs, and a walk's frames mostly share one, which then
// costs a copy instead of a parse.
func (s *Section) parseFDEInto(e entry, u *Unwinder, f *FDE) error {
	*f = FDE{Offset: uint64(e.off)}
	var err error
	if u != nil && u.cieOf == s && u.cie.Offset == e.cieOff {
		f.CIE = u.cie
	} else {
		if e.cieOff >= uint64(len(s.cfg.Data)) {
			return errAt(uint64(e.idPos), "FDE CIE pointer (past the section end)", ErrCIEPointer)
		}
		ce, err := s.readEntry(int(e.cieOff))
		if err != nil {
			return errAt(uint64(e.idPos), "FDE CIE pointer (no valid entry there)", ErrCIEPointer)
		}
		if ce.term || !ce.isCIE {
			return errAt(uint64(e.idPos), "FDE CIE pointer (entry there is not a CIE)", ErrCIEPointer)
		}
		if f.CIE, err = s.parseCIE(ce); err != nil {
			return err
		}
		if u != nil {
			u.cie, u.cieOf = f.CIE, s
		}
	}
	c := &f.CIE
	r := s.reader(e.body, e.end)
	if s.cfg.Kind == DebugFrame {
		if c.SegmentSize > 0 {
			if _, err := r.uN(int(c.SegmentSize), "FDE segment selector"); err != nil {
				return err
			}
		}
		if f.PCBegin, err = r.uN(int(c.AddressSize), "FDE initial_location"); err != nil {
			return err
		}
		size, err := r.uN(int(c.AddressSize), "FDE address_range")
		if err != nil {
			return err
		}
		f.PCEnd = f.PCBegin + size
	} else {
		if f.PCBegin, _, err = r.readPointer(c.FDEEncoding, s.cfg.PtrSize, &s.bases, "FDE pc_begin"); err != nil {
			return err
		}
		size, err := r.readRaw(c.FDEEncoding&0x0f, s.cfg.PtrSize, "FDE pc_range")
		if err != nil {
			return err
		}
		if s.cfg.PtrSize == 4 {
			size &= 0xffffffff
		}
		f.PCEnd = f.PCBegin + size
	}
	if f.PCEnd < f.PCBegin {
		return errAt(uint64(e.off), "FDE pc range (wraps around)", ErrLength)
	}
	if c.HasAugData {
		n, err := r.uleb("FDE augmentation data length")
		if err != nil {
			return err
		}
		if n > uint64(r.left()) {
			return errAt(uint64(r.pos), "FDE augmentation data", ErrTruncated)
		}
		end := r.pos + int(n)
		if c.LSDAEncoding != PEOmit && n > 0 {
			ar := r
			ar.end = end
			b := s.bases
			b.fn = f.PCBegin
			if f.LSDA, f.LSDAIndirect, err = ar.readPointer(c.LSDAEncoding, s.cfg.PtrSize, &b, "FDE LSDA pointer"); err != nil {
				return err
			}
			f.HasLSDA = true
		}
		r.pos = end
	}
	f.instrOff = r.pos
	f.Instructions = s.cfg.Data[r.pos:e.end:e.end]
	return nil
}

// FDEs iterates over every FDE of the section in section order. CIEs are
// skipped (each FDE carries its own). On a malformed entry it yields the
// error once and stops. It allocates nothing.
func (s *Section) FDEs() iter.Seq2[FDE, error] {
	return func(yield func(FDE, error) bool) {
		off := 0
		for off < len(s.cfg.Data) {
			e, err := s.readEntry(off)
			if err != nil {
				yield(FDE{}, err)
				return
			}
			if e.term {
				if s.cfg.Kind == EHFrame {
					return
				}
				off = e.end
				continue
			}
			off = e.end
			if e.isCIE {
				continue
			}
			f, err := s.parseFDE(e)
			if err != nil {
				yield(FDE{}, err)
				return
			}
			if !yield(f, nil) {
				return
			}
		}
	}
}

// FindFDE returns the FDE covering pc, by binary search in .eh_frame_hdr
// when the Section has a usable one, otherwise by a linear scan. It returns
// an error wrapping ErrNotFound when no FDE covers pc. Where several FDEs
// cover pc (FDEs that overlap or nest, or start together), the answer is
// the package's rule (see Index): the FDE that starts last, and of those
// that start together the first in the section; zero-length FDEs cover
// nothing.
func (s *Section) FindFDE(pc uint64) (FDE, error) {
	var f FDE
	err := s.findFDE(pc, nil, &f)
	return f, err
}

// findFDE is FindFDE into f, with u's CIE memo (u may be nil).
func (s *Section) findFDE(pc uint64, u *Unwinder, f *FDE) (err error) {
	if s.hdr.usable {
		return s.hdr.find(s, pc, u, f)
	}
	*f, err = s.scanFDE(pc)
	return err
}

// scanFDE is the linear search: every FDE is read, the rule's FDE kept.
// A malformed entry ends the scan: the FDE found before it is the answer,
// or else the error is (the functions before a malformed entry keep their
// rows).
func (s *Section) scanFDE(pc uint64) (FDE, error) {
	var best FDE
	found := false
	for f, err := range s.FDEs() {
		if err != nil {
			if found {
				return best, nil
			}
			return FDE{}, err
		}
		if f.Contains(pc) && (!found || f.PCBegin > best.PCBegin) {
			best, found = f, true
		}
	}
	if found {
		return best, nil
	}
	return FDE{}, errAt(0, "FDE search", ErrNotFound)
}
