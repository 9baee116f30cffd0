package cfi

import (
	"encoding/binary"

	"github.com/stackmaps/stackmaps/internal/endian"
)

// ExprContext gives EvalExpr the machine state it reads.
type ExprContext interface {
	// Reg returns the value of DWARF register reg, or false if unknown.
	Reg(reg uint16) (uint64, bool)
	// Load reads size (1, 2, 4 or 8) bytes at addr, or returns false.
	Load(addr uint64, size int) (uint64, bool)
}

// Evaluation bounds of EvalExpr.
const (
	MaxExprStack = 64    // stack entries
	MaxExprSteps = 10000 // operations executed (branches can loop)
)

// EvalExpr evaluates a DWARF expression from a CFA rule, with the common
// operations: DW_OP_lit*, const*, constu/consts, addr, breg*/bregx,
// deref/deref_size, stack operations (dup, drop, over, pick, swap, rot),
// arithmetic and logic (plus, plus_uconst, minus, mul, div, mod, neg, abs,
// and, or, xor, not, shl, shr, shra), comparisons, skip, bra and nop. For
// DW_CFA_expression and DW_CFA_val_expression rules pass the CFA as
// initial with push=true; for DW_CFA_def_cfa_expression push=false. The
// result is the top of the stack. Errors wrap ErrExpr (or ErrTruncated);
// their Offset is the byte offset in expr.
func EvalExpr(expr []byte, order binary.ByteOrder, ptrSize int, initial uint64, push bool, ctx ExprContext) (uint64, error) {
	var stack [MaxExprStack]uint64
	sp := 0
	if push {
		stack[0] = initial
		sp = 1
	}
	r := reader{b: expr, end: len(expr), ord: endian.Of(order)}
	fail := func(at int, what string) (uint64, error) { return 0, errAt(uint64(at), what, ErrExpr) }
	for steps := 0; r.pos < r.end; steps++ {
		if steps >= MaxExprSteps {
			return fail(r.pos, "DWARF expression (too many steps)")
		}
		at := r.pos
		op := expr[r.pos]
		r.pos++
		// Operations that pop; check the depth first.
		need := exprPops(op)
		if sp < need {
			return fail(at, "DWARF expression (stack underflow)")
		}
		var v uint64
		var err error
		pushed := true
		switch {
		case op >= 0x30 && op <= 0x4f: // lit
			v = uint64(op - 0x30)
		case op >= 0x70 && op <= 0x8f, op == 0x92: // breg, bregx
			reg := uint64(op - 0x70)
			if op == 0x92 {
				if reg, err = r.uleb("DW_OP_bregx register"); err != nil {
					return 0, err
				}
				if reg > maxRegNumber {
					return fail(at, "DW_OP_bregx register (past 65535)")
				}
			}
			off, err := r.sleb("DW_OP_breg offset")
			if err != nil {
				return 0, err
			}
			rv, ok := ctx.Reg(uint16(reg))
			if !ok {
				return fail(at, "DW_OP_breg (register value unknown)")
			}
			v = rv + uint64(off)
		default:
			switch op {
			case 0x03: // addr
				v, err = r.uN(ptrSize, "DW_OP_addr operand")
			case 0x08, 0x0a, 0x0c, 0x0e: // constNu
				v, err = r.uN(1<<((op-0x08)/2), "DW_OP_const operand")
			case 0x09, 0x0b, 0x0d, 0x0f: // constNs
				n := 1 << ((op - 0x09) / 2)
				v, err = r.uN(n, "DW_OP_const operand")
				if n < 8 {
					shift := uint(64 - 8*n)
					v = uint64(int64(v<<shift) >> shift)
				}
			case 0x10:
				v, err = r.uleb("DW_OP_constu operand")
			case 0x11:
				var s int64
				s, err = r.sleb("DW_OP_consts operand")
				v = uint64(s)
			case 0x06, 0x94: // deref, deref_size
				size := ptrSize
				if op == 0x94 {
					var n uint8
					if n, err = r.u8("DW_OP_deref_size operand"); err != nil {
						return 0, err
					}
					size = int(n)
					if size != 1 && size != 2 && size != 4 && size != 8 {
						return fail(at, "DW_OP_deref_size (size)")
					}
				}
				var ok bool
				if v, ok = ctx.Load(stack[sp-1], size); !ok {
					return fail(at, "DW_OP_deref (memory unreadable)")
				}
				sp--
			case 0x12: // dup
				v = stack[sp-1]
			case 0x13: // drop
				sp--
				pushed = false
			case 0x14: // over
				v = stack[sp-2]
			case 0x15: // pick
				var n uint8
				if n, err = r.u8("DW_OP_pick operand"); err != nil {
					return 0, err
				}
				if int(n) >= sp {
					return fail(at, "DW_OP_pick (index beyond the stack)")
				}
				v = stack[sp-1-int(n)]
			case 0x16: // swap
				stack[sp-1], stack[sp-2] = stack[sp-2], stack[sp-1]
				pushed = false
			case 0x17: // rot
				stack[sp-1], stack[sp-2], stack[sp-3] = stack[sp-2], stack[sp-3], stack[sp-1]
				pushed = false
			case 0x19, 0x1f, 0x20: // abs, neg, not
				x := stack[sp-1]
				sp--
				switch op {
				case 0x19:
					if int64(x) < 0 {
						x = -x
					}
				case 0x1f:
					x = -x
				default:
					x = ^x
				}
				v = x
			case 0x23: // plus_uconst
				var c uint64
				if c, err = r.uleb("DW_OP_plus_uconst operand"); err != nil {
					return 0, err
				}
				v = stack[sp-1] + c
				sp--
			case 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x21, 0x22, 0x24, 0x25, 0x26, 0x27,
				0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e:
				b, a := stack[sp-1], stack[sp-2]
				sp -= 2
				if v, err = binaryOp(op, a, b, at); err != nil {
					return 0, err
				}
			case 0x2f, 0x28: // skip, bra
				var d uint16
				if d, err = r.u16("DW_OP_skip/bra operand"); err != nil {
					return 0, err
				}
				pushed = false
				take := true
				if op == 0x28 {
					take = stack[sp-1] != 0
					sp--
				}
				if take {
					target := r.pos + int(int16(d))
					if target < 0 || target > r.end {
						return fail(at, "DW_OP_skip/bra (target outside the expression)")
					}
					r.pos = target
				}
			case 0x96: // nop
				pushed = false
			default:
				return fail(at, "DWARF expression (unsupported operation)")
			}
		}
		if err != nil {
			return 0, err
		}
		if pushed {
			if sp >= MaxExprStack {
				return fail(at, "DWARF expression (stack overflow)")
			}
			stack[sp] = v
			sp++
		}
	}
	if sp == 0 {
		return fail(len(expr), "DWARF expression (empty stack at the end)")
	}
	return stack[sp-1], nil
}

// exprPops returns how many stack entries op needs.
func exprPops(op byte) int {
	switch op {
	case 0x06, 0x94, 0x12, 0x13, 0x19, 0x1f, 0x20, 0x23, 0x28:
		return 1
	case 0x14, 0x16, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x21, 0x22, 0x24, 0x25, 0x26, 0x27,
		0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e:
		return 2
	case 0x17:
		return 3
	}
	return 0
}

func binaryOp(op byte, a, b uint64, at int) (uint64, error) {
	boolean := func(c bool) uint64 {
		if c {
			return 1
		}
		return 0
	}
	switch op {
	case 0x1a:
		return a & b, nil
	case 0x1b, 0x1d: // div (signed), mod
		if b == 0 || (op == 0x1b && int64(b) == -1 && int64(a) == -1<<63) {
			return 0, errAt(uint64(at), "DW_OP_div/mod (division by zero or overflow)", ErrExpr)
		}
		if op == 0x1b {
			return uint64(int64(a) / int64(b)), nil
		}
		return a % b, nil
	case 0x1c:
		return a - b, nil
	case 0x1e:
		return a * b, nil
	case 0x21:
		return a | b, nil
	case 0x22:
		return a + b, nil
	case 0x24:
		if b >= 64 {
			return 0, nil
		}
		return a << b, nil
	case 0x25:
		if b >= 64 {
			return 0, nil
		}
		return a >> b, nil
	case 0x26:
		if b >= 64 {
			b = 63
		}
		return uint64(int64(a) >> b), nil
	case 0x27:
		return a ^ b, nil
	case 0x29:
		return boolean(a == b), nil
	case 0x2a:
		return boolean(int64(a) >= int64(b)), nil
	case 0x2b:
		return boolean(int64(a) > int64(b)), nil
	case 0x2c:
		return boolean(int64(a) <= int64(b)), nil
	case 0x2d:
		return boolean(int64(a) < int64(b)), nil
	default: // 0x2e
		return boolean(a != b), nil
	}
}
