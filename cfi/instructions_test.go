package cfi

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// oneFDE builds an .eh_frame with a CIE (version 1, no augmentation,
// code alignment caf, data alignment -8, RA register 16, initial
// instructions cieInstrs) and one FDE covering [0x1000, 0x1100) with instrs.
func oneFDE(t *testing.T, order binary.AppendByteOrder, caf uint64, cieInstrs, instrs []byte) (*Section, FDE) {
	t.Helper()
	b := &builder{kind: EHFrame, order: order}
	c := b.cie(1, "", caf, -8, 16, nil, cieInstrs)
	b.fde(c, cat(b.u64(0x1000), b.u64(0x100)), nil, instrs)
	s := b.section(t, 0)
	f, err := s.FindFDE(0x1000)
	require.NoError(t, err)
	return s, f
}

var cieX86 = cat([]byte{OpDefCFA}, uleb(7), uleb(8), []byte{OpOffset | 16}, uleb(1))

func rowAt(t *testing.T, s *Section, f FDE, pc uint64) *Row {
	t.Helper()
	var u Unwinder
	r, err := s.FDERow(&f, pc, &u)
	require.NoError(t, err)
	cp := *r
	return &cp
}

func TestInstructionsEveryOpcode(t *testing.T) {
	expr := []byte{0x77, 0x08} // DW_OP_breg7 +8
	program := func(o binary.AppendByteOrder) []byte {
		return cat(
			[]byte{OpAdvanceLoc | 1},         // 0x1001
			[]byte{OpDefCFAOffset}, uleb(16), // CFA r7+16
			[]byte{OpOffset | 6}, uleb(2), // r6 at CFA-16
			[]byte{OpAdvanceLoc1, 3},          // 0x1004
			[]byte{OpDefCFARegister}, uleb(6), // CFA r6+16
			[]byte{OpOffsetExtended}, uleb(3), uleb(3), // r3 at CFA-24
			[]byte{OpOffsetExtendedSF}, uleb(12), sleb(-4), // r12 at CFA+32? (-4*-8 = 32)
			[]byte{OpValOffset}, uleb(13), uleb(1), // r13 = CFA-8
			[]byte{OpValOffsetSF}, uleb(14), sleb(1), // r14 = CFA-8
			[]byte{OpRegister}, uleb(15), uleb(5), // r15 in r5
			[]byte{OpAdvanceLoc2}, o.AppendUint16(nil, 0x10), // 0x1014
			[]byte{OpSameValue}, uleb(1), // r1 same
			[]byte{OpUndefined}, uleb(2), // r2 undefined
			[]byte{OpExpression}, uleb(4), uleb(2), expr, // r4 at [breg7+8]
			[]byte{OpValExpression}, uleb(5), uleb(2), expr, // r5 = breg7+8
			[]byte{OpGNUArgsSize}, uleb(32),
			[]byte{OpGNUNegOffsetExtnd}, uleb(9), uleb(2), // r9 at CFA+16
			[]byte{OpNegateRAState},
			[]byte{OpAdvanceLoc4}, o.AppendUint32(nil, 0x10), // 0x1024
			[]byte{OpRememberState},
			[]byte{OpDefCFASF}, uleb(7), sleb(-1), // CFA r7+8
			[]byte{OpRestore | 6},
			[]byte{OpRestoreExtended}, uleb(16), // back to CIE rule
			[]byte{OpMIPSAdvanceLoc8}, o.AppendUint64(nil, 8), // 0x102c
			[]byte{OpRestoreState},
			[]byte{OpDefCFAExpression}, uleb(2), expr,
			[]byte{OpSetLoc}, o.AppendUint64(nil, 0x1040),
			[]byte{OpNop, OpNop},
		)
	}
	for _, order := range []binary.AppendByteOrder{binary.LittleEndian, binary.BigEndian} {
		prog := program(order)
		s, f := oneFDE(t, order, 1, cieX86, prog)

		r := rowAt(t, s, f, 0x1000)
		require.Equal(t, CFARule{Kind: CFARegOffset, Reg: 7, Offset: 8}, r.CFA)
		require.Equal(t, Rule{Kind: RuleOffset, Offset: -8}, r.RA())
		require.Equal(t, uint64(0x1000), r.Start)
		require.Equal(t, uint64(0x1001), r.End)

		r = rowAt(t, s, f, 0x1003)
		require.Equal(t, CFARule{Kind: CFARegOffset, Reg: 7, Offset: 16}, r.CFA)
		require.Equal(t, Rule{Kind: RuleOffset, Offset: -16}, r.Regs[6])

		r = rowAt(t, s, f, 0x1004)
		require.Equal(t, CFARule{Kind: CFARegOffset, Reg: 6, Offset: 16}, r.CFA)
		require.Equal(t, Rule{Kind: RuleOffset, Offset: -24}, r.Regs[3])
		require.Equal(t, Rule{Kind: RuleOffset, Offset: 32}, r.Regs[12])
		require.Equal(t, Rule{Kind: RuleValOffset, Offset: -8}, r.Regs[13])
		require.Equal(t, Rule{Kind: RuleValOffset, Offset: -8}, r.Regs[14])
		require.Equal(t, Rule{Kind: RuleRegister, Reg: 5}, r.Regs[15])
		require.Equal(t, uint64(0x1014), r.End)

		r = rowAt(t, s, f, 0x1014)
		require.Equal(t, RuleSameValue, r.Regs[1].Kind)
		require.Equal(t, RuleUndefined, r.Regs[2].Kind)
		require.Equal(t, Rule{Kind: RuleExpression, Expr: expr}, r.Regs[4])
		require.Equal(t, Rule{Kind: RuleValExpression, Expr: expr}, r.Regs[5])
		require.Equal(t, uint64(32), r.ArgsSize)
		require.Equal(t, Rule{Kind: RuleOffset, Offset: 16}, r.Regs[9])
		require.True(t, r.RASigned)
		require.True(t, r.RASignStateSet)

		r = rowAt(t, s, f, 0x1024)
		require.Equal(t, CFARule{Kind: CFARegOffset, Reg: 7, Offset: 8}, r.CFA)
		require.Equal(t, RuleUnspecified, r.Regs[6].Kind, "restore to the CIE's (no) rule")
		require.Equal(t, Rule{Kind: RuleOffset, Offset: -8}, r.Regs[16])
		require.Equal(t, uint64(0x102c), r.End)

		r = rowAt(t, s, f, 0x103f)
		require.Equal(t, CFARule{Kind: CFAExpression, Expr: expr}, r.CFA, "restore_state brings back the CFA too, then def_cfa_expression")
		require.Equal(t, Rule{Kind: RuleOffset, Offset: -16}, r.Regs[6])
		require.Equal(t, uint64(0x102c), r.Start)
		require.Equal(t, uint64(0x1040), r.End)

		r = rowAt(t, s, f, 0x10ff)
		require.Equal(t, uint64(0x1040), r.Start)
		require.Equal(t, uint64(0x1100), r.End)

		// Rows enumerates the same boundaries.
		var starts []uint64
		var u Unwinder
		for r, err := range s.Rows(&f, &u) {
			require.NoError(t, err)
			starts = append(starts, r.Start)
		}
		require.Equal(t, []uint64{0x1000, 0x1001, 0x1004, 0x1014, 0x1024, 0x102c, 0x1040}, starts)
	}
}

func TestCodeAlignmentFactor(t *testing.T) {
	s, f := oneFDE(t, binary.BigEndian, 4, cieX86, cat([]byte{OpAdvanceLoc | 2, OpDefCFAOffset}, uleb(32)))
	r := rowAt(t, s, f, 0x1007)
	require.Equal(t, int64(8), r.CFA.Offset)
	r = rowAt(t, s, f, 0x1008)
	require.Equal(t, int64(32), r.CFA.Offset)
}

func requireCFIError(t *testing.T, err error, sentinel error, off uint64) {
	t.Helper()
	require.Error(t, err)
	require.ErrorIs(t, err, sentinel)
	var e *Error
	require.True(t, errors.As(err, &e), "%T", err)
	require.Equal(t, off, e.Offset, "%v", err)
	require.NotEmpty(t, e.What)
}

func TestInstructionErrors(t *testing.T) {
	// CIE: 4+4 header, version, "\0", caf, daf, ra, then cieX86 (5 bytes)
	// = 8+1+1+1+1+1+5 = 18 bytes. The FDE starts at 18, its instructions
	// at 18+8+16 = 42.
	const fdeInstr = 42
	cases := []struct {
		name     string
		cie      []byte
		fde      []byte
		sentinel error
		off      uint64
	}{
		{"truncated advance_loc1", cieX86, []byte{OpAdvanceLoc1}, ErrTruncated, fdeInstr + 1},
		{"truncated advance_loc2", cieX86, []byte{OpNop, OpAdvanceLoc2, 1}, ErrTruncated, fdeInstr + 2},
		{"truncated uleb", cieX86, []byte{OpDefCFAOffset, 0x80}, ErrTruncated, fdeInstr + 1},
		{"restore_state with nothing remembered", cieX86, []byte{OpRestoreState}, ErrStateStack, fdeInstr},
		{"remember_state too deep", cieX86, []byte{OpRememberState, OpRememberState, OpRememberState, OpRememberState, OpRememberState, OpRememberState, OpRememberState, OpRememberState, OpRememberState}, ErrStateStack, fdeInstr + 8},
		{"unknown opcode", cieX86, []byte{OpNop, 0x3f}, ErrOpcode, fdeInstr + 1},
		{"register out of range", cieX86, cat([]byte{OpOffsetExtended}, uleb(MaxRegs), uleb(1)), ErrRegister, fdeInstr},
		// Register numbers are uint16: a CFA register or a DW_CFA_register
		// source past 65535 is refused, not truncated.
		{"def_cfa register past uint16", cieX86, cat([]byte{OpDefCFA}, uleb(1<<16), uleb(8)), ErrRegister, fdeInstr},
		{"def_cfa_register past uint16", cieX86, cat([]byte{OpDefCFARegister}, uleb(1<<16+6)), ErrRegister, fdeInstr},
		{"register source past uint16", cieX86, cat([]byte{OpRegister, 3}, uleb(1<<16)), ErrRegister, fdeInstr},
		// A LEB128 operand with bits past the 64th.
		{"uleb past 64 bits", cieX86, []byte{OpDefCFAOffset, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, ErrLEB128, fdeInstr + 1},
		{"def_cfa_offset after an expression CFA", cieX86, []byte{OpDefCFAExpression, 1, 0x30, OpDefCFAOffset, 8}, ErrCFARule, fdeInstr + 3},
		{"expression longer than the FDE", cieX86, []byte{OpDefCFAExpression, 9, 0x30}, ErrTruncated, fdeInstr + 2},
		{"set_loc backwards", cieX86, cat([]byte{OpSetLoc}, make([]byte, 8)), ErrLocation, fdeInstr},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, f := oneFDE(t, binary.LittleEndian, 1, c.cie, c.fde)
			require.Equal(t, uint64(fdeInstr), uint64(f.instrOff))
			var u Unwinder
			_, err := s.FDERow(&f, 0x10ff, &u)
			requireCFIError(t, err, c.sentinel, c.off)
			for _, err = range s.Rows(&f, &u) {
				if err != nil {
					break
				}
			}
			requireCFIError(t, err, c.sentinel, c.off)
		})
	}
	// Instructions only allowed in an FDE.
	for _, op := range [][]byte{{OpAdvanceLoc | 1}, {OpRestore | 3}, {OpAdvanceLoc1, 1}} {
		s, f := oneFDE(t, binary.LittleEndian, 1, op, nil)
		var u Unwinder
		_, err := s.FDERow(&f, 0x1000, &u)
		requireCFIError(t, err, ErrCFARule, 13)
	}
}

// An FDE that was not decoded from the section is refused, not trusted.
func TestForeignFDE(t *testing.T) {
	s, f := oneFDE(t, binary.LittleEndian, 1, cieX86, nil)
	var u Unwinder
	forged := FDE{PCBegin: 0, PCEnd: 10, Instructions: make([]byte, 100), CIE: f.CIE}
	_, err := s.FDERow(&forged, 5, &u)
	requireCFIError(t, err, ErrConfig, 0)
	forged = FDE{PCBegin: 0, PCEnd: 10}
	forged.CIE.Instructions = make([]byte, 1000)
	for _, err = range s.Rows(&forged, &u) {
		if err != nil {
			break
		}
	}
	require.Error(t, err)
}
