package cfi

// CIE is a decoded common information entry. Byte slices are views into
// the section.
type CIE struct {
	// Offset is the section offset of the CIE's length field.
	Offset uint64
	// DWARF64 is true for the 64-bit DWARF format.
	DWARF64 bool
	// Version is 1, 3 or 4.
	Version uint8
	// Augmentation is the augmentation string, e.g. "zR" or "zPLR".
	Augmentation []byte
	// AddressSize and SegmentSize come from a version 4 CIE; otherwise
	// AddressSize is the configured pointer size and SegmentSize 0.
	AddressSize, SegmentSize uint8
	// CodeAlign is the code alignment factor that advance_loc operands
	// are multiplied by.
	CodeAlign uint64
	// DataAlign is the data alignment factor that factored offsets are
	// multiplied by.
	DataAlign int64
	// RAReg is the return address column.
	RAReg uint16
	// FDEEncoding is the DW_EH_PE encoding of FDE pc_begin/pc_range ("R";
	// PEAbsPtr when absent).
	FDEEncoding uint8
	// LSDAEncoding is the encoding of the FDE's LSDA pointer ("L"; PEOmit
	// when absent).
	LSDAEncoding uint8
	// Personality is the personality routine's address ("P"), or the
	// address of a pointer to it when PersonalityIndirect is set.
	Personality         uint64
	PersonalityEncoding uint8
	HasPersonality      bool
	PersonalityIndirect bool
	// SignalFrame ("S") marks a signal handler frame: the PC is not a
	// return address, so it is not decremented before a lookup.
	SignalFrame bool
	// BKey ("B", AArch64) says return addresses are signed with the B key.
	BKey bool
	// MTETagged ("G", AArch64) marks frames with memory-tagged stack.
	MTETagged bool
	// HasAugData is true for a "z" augmentation: FDEs carry augmentation
	// data with a length.
	HasAugData bool
	// Instructions are the initial instructions.
	Instructions []byte

	instrOff int // section offset of Instructions
}

// ParseCIE decodes the CIE whose length field is at the section offset off.
func (s *Section) ParseCIE(off uint64) (CIE, error) {
	var c CIE
	if off >= uint64(len(s.cfg.Data)) {
		return c, errAt(off, "CIE offset", ErrCIEPointer)
	}
	e, err := s.readEntry(int(off))
	if err != nil {
		return c, err
	}
	if e.term || !e.isCIE {
		return c, errAt(off, "CIE (entry is not a CIE)", ErrCIEPointer)
	}
	return s.parseCIE(e)
}

func (s *Section) parseCIE(e entry) (CIE, error) {
	c := CIE{Offset: uint64(e.off), DWARF64: e.is64, FDEEncoding: PEAbsPtr, LSDAEncoding: PEOmit}
	r := s.reader(e.body, e.end)
	var err error
	if c.Version, err = r.u8("CIE version"); err != nil {
		return c, err
	}
	switch {
	case c.Version == 1, c.Version == 3:
	case c.Version == 4 && s.cfg.Kind == DebugFrame:
	default:
		return c, errAt(uint64(r.pos-1), "CIE version", ErrVersion)
	}
	augPos := r.pos
	if c.Augmentation, err = r.cstring("CIE augmentation string"); err != nil {
		return c, err
	}
	aug := c.Augmentation
	c.AddressSize = uint8(s.cfg.PtrSize)
	if len(aug) >= 2 && aug[0] == 'e' && aug[1] == 'h' {
		// Old GCC: the address of the exception table follows.
		if _, err := r.uN(s.cfg.PtrSize, "CIE \"eh\" pointer"); err != nil {
			return c, err
		}
		aug = aug[2:]
	}
	if c.Version == 4 {
		if c.AddressSize, err = r.u8("CIE address_size"); err != nil {
			return c, err
		}
		if c.SegmentSize, err = r.u8("CIE segment_size"); err != nil {
			return c, err
		}
		switch c.AddressSize {
		case 2, 4, 8:
		default:
			return c, errAt(uint64(r.pos-2), "CIE address_size", ErrVersion)
		}
		switch c.SegmentSize {
		case 0, 1, 2, 4, 8:
		default:
			return c, errAt(uint64(r.pos-1), "CIE segment_size", ErrVersion)
		}
	}
	if c.CodeAlign, err = r.uleb("CIE code_alignment_factor"); err != nil {
		return c, err
	}
	if c.DataAlign, err = r.sleb("CIE data_alignment_factor"); err != nil {
		return c, err
	}
	if c.Version == 1 {
		ra, err := r.u8("CIE return_address_register")
		if err != nil {
			return c, err
		}
		c.RAReg = uint16(ra)
	} else {
		at := r.pos
		ra, err := r.uleb("CIE return_address_register")
		if err != nil {
			return c, err
		}
		if ra > maxRegNumber {
			return c, errAt(uint64(at), "CIE return_address_register", ErrRegister)
		}
		c.RAReg = uint16(ra)
	}
	if len(aug) > 0 {
		if aug[0] != 'z' {
			return c, errAt(uint64(augPos), "CIE augmentation string (no 'z')", ErrAugmentation)
		}
		if err := s.parseAugData(&c, &r, aug[1:], augPos); err != nil {
			return c, err
		}
	}
	c.instrOff = r.pos
	c.Instructions = s.cfg.Data[r.pos:e.end:e.end]
	return c, nil
}

// parseAugData reads the "z" augmentation data described by chars.
func (s *Section) parseAugData(c *CIE, r *reader, chars []byte, augPos int) error {
	c.HasAugData = true
	n, err := r.uleb("CIE augmentation data length")
	if err != nil {
		return err
	}
	if n > uint64(r.left()) {
		return errAt(uint64(r.pos), "CIE augmentation data", ErrTruncated)
	}
	end := r.pos + int(n)
	ar := *r
	ar.end = end
	for i, ch := range chars {
		switch ch {
		case 'L':
			if c.LSDAEncoding, err = ar.u8("CIE LSDA encoding"); err != nil {
				return err
			}
			if !validEncoding(c.LSDAEncoding) {
				return errAt(uint64(ar.pos-1), "CIE LSDA encoding", ErrEncoding)
			}
		case 'R':
			if c.FDEEncoding, err = ar.u8("CIE FDE pointer encoding"); err != nil {
				return err
			}
			if !validEncoding(c.FDEEncoding) || c.FDEEncoding == PEOmit || c.FDEEncoding&PEIndirect != 0 {
				return errAt(uint64(ar.pos-1), "CIE FDE pointer encoding", ErrEncoding)
			}
		case 'P':
			if c.PersonalityEncoding, err = ar.u8("CIE personality encoding"); err != nil {
				return err
			}
			if !validEncoding(c.PersonalityEncoding) || c.PersonalityEncoding == PEOmit {
				return errAt(uint64(ar.pos-1), "CIE personality encoding", ErrEncoding)
			}
			c.Personality, c.PersonalityIndirect, err = ar.readPointer(c.PersonalityEncoding, s.cfg.PtrSize, &s.bases, "CIE personality pointer")
			if err != nil {
				return err
			}
			c.HasPersonality = true
		case 'S':
			c.SignalFrame = true
		case 'B':
			c.BKey = true
		case 'G':
			c.MTETagged = true
		default:
			return errAt(uint64(augPos+1+i), "CIE augmentation character", ErrAugmentation)
		}
	}
	r.pos = end
	return nil
}
