package cfi

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/require"
)

type fakeMachine struct {
	regs map[uint16]uint64
	mem  map[uint64]uint64
}

func (m *fakeMachine) Reg(r uint16) (uint64, bool) { v, ok := m.regs[r]; return v, ok }
func (m *fakeMachine) Load(a uint64, size int) (uint64, bool) {
	v, ok := m.mem[a]
	return v, ok
}

// TestEvalExprReal evaluates the CFA expressions llc and GCC/ld really
// emit: the x86_64 PLT rule and RISC-V's scalable-vector frame rule.
func TestEvalExprReal(t *testing.T) {
	ef := openELF(t, "cfi/build/x86_64/exe")
	var u Unwinder
	var plt *Row
	for f, err := range ef.eh.FDEs() {
		require.NoError(t, err)
		for r, err := range ef.eh.Rows(&f, &u) {
			require.NoError(t, err)
			if r.CFA.Kind == CFAExpression && plt == nil {
				cp := *r
				plt = &cp
			}
		}
	}
	require.NotNil(t, plt)
	// CFA = rsp + 8 + ((rip & 15) >= 11) << 3
	for rip, want := range map[uint64]uint64{0x401030: 0x7000 + 8, 0x40103a: 0x7000 + 8, 0x40103b: 0x7000 + 16, 0x40103f: 0x7000 + 16} {
		m := &fakeMachine{regs: map[uint16]uint64{7: 0x7000, 16: rip}}
		got, err := EvalExpr(plt.CFA.Expr, binary.LittleEndian, 8, 0, false, m)
		require.NoError(t, err)
		require.Equal(t, want, got, "rip %#x", rip)
	}

	ef = openELF(t, "objects/llvm22/riscv64-elf/vectors_rv64gcv.o")
	var rv *Row
	for f, err := range ef.eh.FDEs() {
		require.NoError(t, err)
		for r, err := range ef.eh.Rows(&f, &u) {
			require.NoError(t, err)
			if r.CFA.Kind == CFAExpression && rv == nil {
				cp := *r
				rv = &cp
			}
		}
	}
	require.NotNil(t, rv)
	// CFA = sp + 48 + 1 * vlenb (register 7202)
	m := &fakeMachine{regs: map[uint16]uint64{2: 0x10000, 7202: 16}}
	got, err := EvalExpr(rv.CFA.Expr, binary.LittleEndian, 8, 0, false, m)
	require.NoError(t, err)
	require.Equal(t, uint64(0x10000+48+16), got)
}

func TestEvalExprOps(t *testing.T) {
	m := &fakeMachine{regs: map[uint16]uint64{6: 100}, mem: map[uint64]uint64{0x1008: 42}}
	le := binary.LittleEndian
	for _, c := range []struct {
		name string
		expr []byte
		push bool
		want uint64
	}{
		{"pushed CFA plus_uconst deref", []byte{0x23, 8, 0x06}, true, 42},
		{"const1s neg abs", []byte{0x09, 0xfb, 0x19}, false, 5},
		{"const2u const4s minus", []byte{0x0a, 0x10, 0x00, 0x0d, 0x01, 0, 0, 0, 0x1c}, false, 15},
		{"const8u", []byte{0x0e, 1, 2, 3, 4, 5, 6, 7, 8}, false, 0x0807060504030201},
		{"constu consts mul", cat([]byte{0x10}, uleb(300), []byte{0x11}, sleb(-2), []byte{0x1e}), false, ^uint64(599)},
		{"over swap drop dup", []byte{0x31, 0x32, 0x14, 0x16, 0x13, 0x22, 0x12, 0x22}, false, 4},
		{"pick rot", []byte{0x31, 0x32, 0x33, 0x15, 2, 0x17, 0x13}, false, 2},
		{"div mod or xor", []byte{0x3a, 0x33, 0x1b, 0x35, 0x1d, 0x38, 0x21, 0x31, 0x27}, false, 10},
		{"shr shra not", []byte{0x40, 0x32, 0x25, 0x20, 0x31, 0x26}, false, ^uint64(2)},
		{"comparisons", []byte{0x31, 0x32, 0x2d, 0x31, 0x32, 0x2b, 0x22, 0x33, 0x33, 0x29, 0x22, 0x33, 0x34, 0x2e, 0x22, 0x34, 0x33, 0x2c, 0x22}, false, 3},
		{"breg", cat([]byte{0x76}, sleb(-4)), false, 96},
		{"bregx deref_size", cat([]byte{0x92}, uleb(6), sleb(0xfa4), []byte{0x94, 8}), false, 42},
		{"skip", []byte{0x31, 0x2f, 1, 0, 0x13, 0x96}, false, 1},
		{"bra taken", []byte{0x35, 0x31, 0x28, 1, 0, 0x13}, false, 5},
		{"addr", []byte{0x03, 0x08, 0x10, 0, 0, 0, 0, 0, 0}, false, 0x1008},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := EvalExpr(c.expr, le, 8, 0x1000, c.push, m)
			require.NoError(t, err)
			require.Equal(t, c.want, got)
		})
	}
	for _, c := range []struct {
		name string
		expr []byte
		off  uint64
	}{
		{"underflow", []byte{0x22}, 0},
		{"empty", nil, 0},
		{"unknown register", []byte{0x71, 0}, 0},
		{"unreadable memory", []byte{0x30, 0x06}, 1},
		{"division by zero", []byte{0x31, 0x30, 0x1b}, 2},
		{"unsupported", []byte{0xe0}, 0},
		{"branch outside", []byte{0x2f, 0x10, 0}, 0},
		{"endless loop", []byte{0x2f, 0xfd, 0xff}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := EvalExpr(c.expr, le, 8, 0, false, m)
			requireCFIError(t, err, ErrExpr, c.off)
		})
	}
	_, err := EvalExpr([]byte{0x0c, 1}, le, 8, 0, false, m)
	requireCFIError(t, err, ErrTruncated, 1)
	overflow := make([]byte, MaxExprStack+1)
	for i := range overflow {
		overflow[i] = 0x30
	}
	_, err = EvalExpr(overflow, le, 8, 0, false, m)
	requireCFIError(t, err, ErrExpr, MaxExprStack)
}

type anyMachine struct{}

func (anyMachine) Reg(r uint16) (uint64, bool)            { return uint64(r) * 0x1000, r < 200 }
func (anyMachine) Load(a uint64, size int) (uint64, bool) { return a ^ 0x5555, a%3 != 0 }

// FuzzExpr evaluates fuzzed DWARF expressions: no panic, no endless loop,
// every error an *Error.
func FuzzExpr(f *testing.F) {
	f.Add([]byte{0x77, 0x08, 0x80, 0x00, 0x3f, 0x1a, 0x3b, 0x2a, 0x33, 0x24, 0x22}, uint64(0), false)
	f.Add([]byte{0x72, 0x00, 0x11, 0x30, 0x22, 0x11, 0x08, 0x92, 0xa2, 0x38, 0x00, 0x1e, 0x22}, uint64(0), false)
	f.Add([]byte{0x35, 0x31, 0x28, 1, 0, 0x13, 0x2f, 0xfd, 0xff}, uint64(7), true)
	f.Fuzz(func(t *testing.T, expr []byte, initial uint64, push bool) {
		_, err := EvalExpr(expr, binary.BigEndian, 8, initial, push, anyMachine{})
		if err != nil {
			checkErr(t, err)
		}
	})
}
