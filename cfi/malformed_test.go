package cfi

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// walkAll decodes every FDE and every row; it returns the first error.
func walkAll(s *Section) (fdes int, err error) {
	var u Unwinder
	for f, err := range s.FDEs() {
		if err != nil {
			return fdes, err
		}
		fdes++
		for _, err := range s.Rows(&f, &u) {
			if err != nil {
				return fdes, err
			}
		}
	}
	return fdes, nil
}

// TestTruncatedRealSections cuts real sections at every length: decoding
// never panics, and a cut inside an entry is reported as ErrLength (the
// length field says more than is there) or ErrTruncated, at an offset
// inside the cut section.
func TestTruncatedRealSections(t *testing.T) {
	for _, rel := range []string{"cfi/build/aarch64/prog_pac.o", "cfi/build/s390x/frames_dwarf64.o"} {
		ef := openELF(t, rel)
		for _, full := range []*Section{ef.eh, ef.debug} {
			if full == nil {
				continue
			}
			n, err := walkAll(full)
			require.NoError(t, err)
			require.Greater(t, n, 0)
			data := full.Data()
			for cut := 0; cut < len(data); cut++ {
				s, err := New(Config{Kind: full.Kind(), Data: data[:cut], Order: full.Order(), PtrSize: full.PtrSize(), Addr: full.Addr()})
				require.NoError(t, err)
				_, err = walkAll(s)
				if err == nil {
					continue // cut at an entry boundary
				}
				var e *Error
				require.True(t, errors.As(err, &e), "%s cut %d: %v", rel, cut, err)
				require.True(t, errors.Is(err, ErrLength) || errors.Is(err, ErrTruncated), "%s cut %d: %v", rel, cut, err)
				require.LessOrEqual(t, e.Offset, uint64(cut), "%s cut %d: %v", rel, cut, err)
				require.Contains(t, e.Error(), "cfi: offset 0x")
			}
		}
	}
}

// TestCorruptedRealSections overwrites each byte of real sections with
// several values: never a panic, every error an *Error.
func TestCorruptedRealSections(t *testing.T) {
	for _, rel := range []string{"cfi/build/ppc64/frames.o", "cfi/build/riscv64/prog_debugframe.o"} {
		ef := openELF(t, rel)
		for _, full := range []*Section{ef.eh, ef.debug} {
			if full == nil {
				continue
			}
			for i := range full.Data() {
				for _, v := range []byte{0x00, 0x3f, 0x80, 0xff} {
					data := append([]byte(nil), full.Data()...)
					data[i] = v
					s, err := New(Config{Kind: full.Kind(), Data: data, Order: full.Order(), PtrSize: full.PtrSize()})
					require.NoError(t, err)
					if _, err := walkAll(s); err != nil {
						var e *Error
						require.True(t, errors.As(err, &e), "%v", err)
					}
				}
			}
		}
	}
}

func TestFDEErrors(t *testing.T) {
	le := binary.LittleEndian
	b := &builder{kind: EHFrame, order: le}
	c := b.cie(1, "zLR", 1, -8, 16, []byte{PEUData4, PEAbsPtr}, cieX86)
	// Augmentation data length larger than the FDE.
	bad := b.fde(c, cat(b.u64(0x1000), b.u64(0x10)), nil, []byte{0x20})
	// LSDA pointer truncated (aug length 2 < udata4).
	lsda := b.fde(c, cat(b.u64(0x2000), b.u64(0x10)), []byte{1, 2}, nil)
	// Range wrapping around.
	wrap := b.fde(c, cat(b.u64(^uint64(0)-1), b.u64(0x10)), []byte{}, nil)
	s := b.section(t, 0)
	_, err := s.ParseFDE(uint64(bad))
	requireCFIError(t, err, ErrTruncated, uint64(bad)+8+16+1)
	_, err = s.ParseFDE(uint64(lsda))
	requireCFIError(t, err, ErrTruncated, uint64(lsda)+8+16+1)
	_, err = s.ParseFDE(uint64(wrap))
	requireCFIError(t, err, ErrLength, uint64(wrap))
	_, err = s.ParseFDE(uint64(c))
	requireCFIError(t, err, ErrLength, uint64(c))
	_, err = s.ParseFDE(1 << 30)
	requireCFIError(t, err, ErrLength, 1<<30)
	_, err = s.ParseCIE(uint64(bad))
	requireCFIError(t, err, ErrCIEPointer, uint64(bad))
}

func TestAccessors(t *testing.T) {
	ef := openELF(t, "cfi/build/ppc64/pie")
	s := ef.eh
	require.Equal(t, EHFrame, s.Kind())
	require.Equal(t, ".eh_frame", s.Kind().String())
	require.Equal(t, ".debug_frame", DebugFrame.String())
	require.Equal(t, binary.BigEndian, s.Order())
	require.Equal(t, 8, s.PtrSize())
	require.NotZero(t, s.Addr())
	require.NotEmpty(t, s.Data())
	require.Equal(t, "offset", RuleOffset.String())
	require.Equal(t, "val_expression", RuleValExpression.String())
	require.Equal(t, "invalid", RuleKind(99).String())

	var u Unwinder
	var fde FDE
	for f, err := range s.FDEs() {
		require.NoError(t, err)
		fde = f
	}
	r, err := s.RowAt(fde.PCBegin, &u)
	require.NoError(t, err)
	require.Equal(t, fde.Offset, u.FDE().Offset)
	require.Equal(t, uint16(65), r.RAReg, "ppc64 returns through LR (65)")
	require.Equal(t, Rule{}, r.Rule(MaxRegs))
	require.Equal(t, CFARule{Kind: CFARegOffset, Reg: 1}, r.CFA)
}
