package cfi

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestAugmentationZPLR(t *testing.T) {
	for _, order := range []binary.AppendByteOrder{binary.LittleEndian, binary.BigEndian} {
		b := &builder{kind: EHFrame, order: order}
		// "zPLR": personality indirect|pcrel|sdata4, LSDA pcrel|sdata4,
		// FDE pcrel|sdata4 — what GCC writes for C++.
		augData := cat([]byte{PEIndirect | PEPCRel | PESData4}, b.u32(0x100), []byte{PEPCRel | PESData4, PEPCRel | PESData4})
		c := b.cie(1, "zPLR", 1, -8, 16, augData, cieX86)
		// The CIE's personality field sits at: 8 header + 1 version +
		// 5 "zPLR\0" + 3 (caf, daf, ra) + 1 aug length + 1 enc = 19.
		fdeOff := len(b.buf)
		// pc_begin at fdeOff+8 (pcrel): want 0x5000 → value 0x5000 - (addr + fdeOff + 8).
		const addr = 0x4000
		pcField := uint32(0x5000 - (addr + fdeOff + 8))
		lsdaField := uint32(0x7000 - (addr + fdeOff + 8 + 4 + 4 + 1))
		b.fde(c, cat(b.u32(pcField), b.u32(0x40)), b.u32(lsdaField), []byte{OpNop})
		s, err := New(Config{Kind: EHFrame, Data: b.buf, Addr: addr, Order: order.(binary.ByteOrder), PtrSize: 8})
		require.NoError(t, err)
		f, err := s.FindFDE(0x5010)
		require.NoError(t, err)
		require.Equal(t, "zPLR", string(f.CIE.Augmentation))
		require.True(t, f.CIE.HasPersonality)
		require.True(t, f.CIE.PersonalityIndirect)
		require.Equal(t, uint64(addr+19+0x100), f.CIE.Personality)
		require.Equal(t, uint8(PEPCRel|PESData4), f.CIE.LSDAEncoding)
		require.Equal(t, uint8(PEPCRel|PESData4), f.CIE.FDEEncoding)
		require.Equal(t, uint64(0x5000), f.PCBegin)
		require.Equal(t, uint64(0x5040), f.PCEnd)
		require.True(t, f.HasLSDA)
		require.Equal(t, uint64(0x7000), f.LSDA)
		require.Equal(t, []byte{OpNop}, f.Instructions)
	}
}

func TestAugmentationFlags(t *testing.T) {
	for _, c := range []struct {
		aug                     string
		signal, bkey, mte, isEH bool
	}{
		{aug: "zRS", signal: true},
		{aug: "zRB", bkey: true},
		{aug: "zRG", mte: true},
		{aug: "zRSBG", signal: true, bkey: true, mte: true},
	} {
		b := &builder{kind: EHFrame, order: binary.LittleEndian}
		off := b.cie(3, c.aug, 4, -8, 30, []byte{PEAbsPtr}, nil)
		s := b.section(t, 0)
		cie, err := s.ParseCIE(uint64(off))
		require.NoError(t, err, c.aug)
		require.Equal(t, uint8(3), cie.Version)
		require.Equal(t, uint16(30), cie.RAReg)
		require.Equal(t, c.signal, cie.SignalFrame, c.aug)
		require.Equal(t, c.bkey, cie.BKey, c.aug)
		require.Equal(t, c.mte, cie.MTETagged, c.aug)
	}
	// Old GCC "eh": a pointer follows the augmentation string.
	b := &builder{kind: EHFrame, order: binary.BigEndian}
	body := cat([]byte{1}, []byte("eh\x00"), b.u64(0xdead), uleb(1), sleb(-4), []byte{65}, []byte{OpDefCFA, 1, 0})
	off := b.entry(0, body)
	s, err := New(Config{Kind: EHFrame, Data: b.buf, Order: binary.BigEndian, PtrSize: 8})
	require.NoError(t, err)
	cie, err := s.ParseCIE(uint64(off))
	require.NoError(t, err)
	require.Equal(t, int64(-4), cie.DataAlign)
	require.Equal(t, uint16(65), cie.RAReg)
	require.Equal(t, []byte{OpDefCFA, 1, 0}, cie.Instructions)
}

func TestCIEErrors(t *testing.T) {
	b := &builder{kind: EHFrame, order: binary.LittleEndian}
	unknown := b.cie(1, "zRX", 1, -8, 16, []byte{0}, nil)
	noZ := b.cie(1, "R", 1, -8, 16, nil, nil)
	badVersion := b.entry(0, []byte{2, 0, 1, 0x78, 16})
	badEnc := b.cie(1, "zR", 1, -8, 16, []byte{0x07}, nil)
	s := b.section(t, 0)
	_, err := s.ParseCIE(uint64(unknown))
	requireCFIError(t, err, ErrAugmentation, uint64(unknown)+9+2)
	_, err = s.ParseCIE(uint64(noZ))
	requireCFIError(t, err, ErrAugmentation, uint64(noZ)+9)
	_, err = s.ParseCIE(uint64(badVersion))
	requireCFIError(t, err, ErrVersion, uint64(badVersion)+8)
	_, err = s.ParseCIE(uint64(badEnc))
	requireCFIError(t, err, ErrEncoding, uint64(badEnc)+8+1+3+3+1)
	_, err = s.ParseCIE(1 << 20)
	requireCFIError(t, err, ErrCIEPointer, 1<<20)
}

func TestEntryErrors(t *testing.T) {
	le := binary.LittleEndian
	// An FDE whose CIE pointer points before the section.
	b := &builder{kind: EHFrame, order: le}
	b.entry(100, make([]byte, 16))
	s := b.section(t, 0)
	for _, err := range s.FDEs() {
		requireCFIError(t, err, ErrCIEPointer, 4)
	}
	// An FDE whose CIE pointer leads to another FDE.
	b = &builder{kind: EHFrame, order: le}
	c := b.cie(1, "", 1, -8, 16, nil, nil)
	f1 := b.fde(c, make([]byte, 16), nil, nil)
	b.entry(uint64(len(b.buf)+4-f1), make([]byte, 16))
	s = b.section(t, 0)
	n := 0
	for _, err := range s.FDEs() {
		if n == 1 {
			requireCFIError(t, err, ErrCIEPointer, uint64(f1+28))
		}
		n++
	}
	require.Equal(t, 2, n)
	// A length past the end.
	s, err := New(Config{Data: []byte{0xff, 0, 0, 0, 0}, Order: le, PtrSize: 8})
	require.NoError(t, err)
	_, err = s.FindFDE(0)
	requireCFIError(t, err, ErrLength, 0)
	// Reserved length values, truncated 64-bit length.
	s, _ = New(Config{Data: []byte{0xf0, 0xff, 0xff, 0xff}, Order: le, PtrSize: 8})
	_, err = s.FindFDE(0)
	requireCFIError(t, err, ErrLength, 0)
	s, _ = New(Config{Data: []byte{0xff, 0xff, 0xff, 0xff, 1, 2}, Order: le, PtrSize: 8})
	_, err = s.FindFDE(0)
	requireCFIError(t, err, ErrTruncated, 4)
	// Bad configurations.
	for _, cfg := range []Config{{Order: le, PtrSize: 2}, {PtrSize: 8}, {Order: le, PtrSize: 8, Kind: 7}} {
		_, err := New(cfg)
		requireCFIError(t, err, ErrConfig, 0)
	}
}

// TestDebugFrame64 builds a 64-bit DWARF, big-endian .debug_frame with a
// version 4 CIE that has a segment selector, and a zero-length entry.
func TestDebugFrame64(t *testing.T) {
	b := &builder{kind: DebugFrame, order: binary.BigEndian, is64: true}
	body := cat([]byte{4, 0, 4, 2}, uleb(2), sleb(-4), uleb(65), []byte{OpDefCFA, 1, 0})
	c := b.entry(^uint64(0), body)
	b.buf = append(b.buf, 0, 0, 0, 0) // a zero length: skipped in .debug_frame
	f := b.fde(c, cat([]byte{0, 7}, b.u32(0x10000), b.u32(0x80)), nil, cat([]byte{OpAdvanceLoc | 3, OpDefCFAOffsetSF}, sleb(-28), []byte{OpOffsetExtendedSF}, uleb(65), sleb(-4)))
	s, err := New(Config{Kind: DebugFrame, Data: b.buf, Order: binary.BigEndian, PtrSize: 8})
	require.NoError(t, err)
	fde, err := s.FindFDE(0x1007f)
	require.NoError(t, err)
	require.Equal(t, uint64(f), fde.Offset)
	require.True(t, fde.CIE.DWARF64)
	require.Equal(t, uint8(4), fde.CIE.AddressSize)
	require.Equal(t, uint8(2), fde.CIE.SegmentSize)
	require.Equal(t, uint64(0x10000), fde.PCBegin)
	require.Equal(t, uint64(0x10080), fde.PCEnd)
	var u Unwinder
	r, err := s.FDERow(&fde, 0x10006, &u)
	require.NoError(t, err)
	require.Equal(t, CFARule{Kind: CFARegOffset, Reg: 1, Offset: 112}, r.CFA)
	require.Equal(t, Rule{Kind: RuleOffset, Offset: 16}, r.Regs[65])
	require.Equal(t, uint64(0x10006), r.Start)
	_, err = s.FindFDE(0x10080)
	require.ErrorIs(t, err, ErrNotFound)
}

// TestEHFrame64 builds a 64-bit DWARF .eh_frame: 12-byte length fields,
// but 4-byte CIE ids and CIE pointers (as LLVM's and GCC's readers expect).
func TestEHFrame64(t *testing.T) {
	for _, order := range []binary.AppendByteOrder{binary.LittleEndian, binary.BigEndian} {
		b := &builder{kind: EHFrame, order: order, is64: true}
		c := b.cie(1, "zR", 4, -8, 65, []byte{PEPCRel | PESData8}, cat([]byte{OpDefCFA, 1, 0}))
		fdeOff := len(b.buf)
		const addr = 0x100000
		field := uint64(0x2000) - uint64(addr+fdeOff+12+4)
		f := b.fde(c, cat(b.u64(field), b.u64(0x100)), []byte{}, []byte{OpAdvanceLoc | 1, OpDefCFAOffset, 0x70, OpOffsetExtendedSF, 65, 0x7e})
		s, err := New(Config{Kind: EHFrame, Data: b.buf, Addr: addr, Order: order.(binary.ByteOrder), PtrSize: 8})
		require.NoError(t, err)
		var u Unwinder
		r, err := s.RowAt(0x2004, &u)
		require.NoError(t, err)
		require.Equal(t, uint64(f), u.FDE().Offset)
		require.True(t, u.FDE().CIE.DWARF64)
		require.Equal(t, uint64(0x2000), u.FDE().PCBegin)
		require.Equal(t, CFARule{Kind: CFARegOffset, Reg: 1, Offset: 112}, r.CFA)
		require.Equal(t, Rule{Kind: RuleOffset, Offset: 16}, r.RA())
	}
}
