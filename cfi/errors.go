package cfi

import (
	"errors"
	"fmt"
)

// Sentinel errors, matched with errors.Is against an *Error.
var (
	// ErrTruncated: a read ran past the end of an entry or the section.
	ErrTruncated = errors.New("truncated")
	// ErrLength: an entry's length field is inconsistent with the section.
	ErrLength = errors.New("bad length")
	// ErrCIEPointer: an FDE's CIE pointer does not lead to a CIE.
	ErrCIEPointer = errors.New("bad CIE pointer")
	// ErrVersion: a CIE or .eh_frame_hdr version is not supported.
	ErrVersion = errors.New("unsupported version")
	// ErrAugmentation: a CIE augmentation string holds an unknown character.
	ErrAugmentation = errors.New("unknown augmentation")
	// ErrEncoding: a DW_EH_PE pointer encoding is invalid or unusable here.
	ErrEncoding = errors.New("bad pointer encoding")
	// ErrOpcode: an unknown DW_CFA instruction.
	ErrOpcode = errors.New("unknown CFA instruction")
	// ErrRegister: a register number at or above MaxRegs.
	ErrRegister = errors.New("register number out of range")
	// ErrStateStack: DW_CFA_restore_state with nothing remembered, or
	// DW_CFA_remember_state nested deeper than MaxStateDepth.
	ErrStateStack = errors.New("remember/restore state stack")
	// ErrCFARule: an instruction that needs a register-based CFA rule
	// found an expression (or no rule), or an instruction not allowed in
	// a CIE.
	ErrCFARule = errors.New("bad CFA rule")
	// ErrLocation: DW_CFA_set_loc or an advance moved the location
	// backwards or overflowed.
	ErrLocation = errors.New("bad location")
	// ErrNotFound: no FDE covers the PC.
	ErrNotFound = errors.New("no FDE covers the address")
	// ErrConfig: the Config passed to New is unusable.
	ErrConfig = errors.New("bad configuration")
	// ErrLEB128: a LEB128 number has significant bits past the 64th.
	ErrLEB128 = errors.New("LEB128 number does not fit in 64 bits")
	// ErrHdrOrder: the .eh_frame_hdr table is not sorted by
	// initial_location, so a binary search would miss FDEs; see
	// Section.HdrErr.
	ErrHdrOrder = errors.New(".eh_frame_hdr table not sorted")
	// ErrExpr: a DWARF expression could not be evaluated.
	ErrExpr = errors.New("bad DWARF expression")
)

// Error describes a decoding failure: where it happened and what was being
// read.
type Error struct {
	// Offset is the byte offset in the section (or in .eh_frame_hdr when
	// What says so) where the faulty item starts.
	Offset uint64
	// What names the item being read, e.g. "FDE pc_begin" or
	// "DW_CFA_advance_loc1 operand".
	What string
	// Err is one of the package's sentinel errors.
	Err error
}

// Error implements error.
func (e *Error) Error() string {
	return fmt.Sprintf("cfi: offset %#x: %s: %v", e.Offset, e.What, e.Err)
}

// Unwrap returns the sentinel, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

func errAt(off uint64, what string, err error) error {
	return &Error{Offset: off, What: what, Err: err}
}
