package disasm

// x86_64 instruction lengths without golang.org/x/arch: --disasm walks
// every instruction of a function from its start to its last record, to
// find the boundaries the records sit on, and only formats the one or two
// it prints. x86asm.Decode decodes all operands, which made the walk most
// of --disasm's cost. x86Len reads just the length of the common
// general-purpose instructions compilers emit, and says when it does not
// know: the walk then asks x86asm. A test checks, over every checked-in
// x86_64 object and random bytes, that whenever x86Len answers, x86asm
// decodes the same length and call-ness.

// Flags of x86Op1 and x86Op2, one entry per opcode byte.
const (
	x86Known   = 1 << iota // the length rules below cover the opcode
	x86ModRM               // a ModRM byte (and SIB, displacement) follows
	x86Imm8                // an 8-bit immediate or displacement follows
	x86ImmZ                // 16-bit with a 0x66 prefix (and no REX.W), else 32-bit
	x86ImmV                // as x86ImmZ, but 64-bit with REX.W (mov r64, imm64)
	x86No66                // not with a 0x66 prefix: left to x86asm
	x86MemOnly             // ModRM must name memory (lea)
	x86NoRexW              // not with REX.W (x86asm has no 64-bit nop)
	x86SSE                 // may have an 0xf2 or 0xf3 prefix (SSE scalar forms)
)

// x86Op1 describes the one-byte opcode map, x86Op2 the 0x0f map.
var x86Op1, x86Op2 [256]uint16

// x86Reg1 and x86Reg2 restrict, for ModRM opcodes, the ModRM reg field
// (bit r set: reg r is covered); 0 means any.
var x86Reg1, x86Reg2 [256]uint8

func init() {
	const (
		k   = x86Known
		m   = x86Known | x86ModRM
		n66 = x86No66
	)
	set := func(tab *[256]uint16, f uint16, ops ...int) {
		for _, o := range ops {
			tab[o] = f
		}
	}
	// ALU: add, or, adc, sbb, and, sub, xor, cmp.
	for b := 0x00; b < 0x40; b += 8 {
		set(&x86Op1, m, b, b+1, b+2, b+3)
		set(&x86Op1, k|x86Imm8, b+4)
		set(&x86Op1, k|x86ImmZ, b+5)
	}
	for b := 0x50; b < 0x60; b++ {
		x86Op1[b] = k | n66 // push, pop
	}
	set(&x86Op1, m, 0x63, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b)
	x86Op1[0x8d] = m | x86MemOnly // lea
	set(&x86Op1, k|x86ImmZ|n66, 0x68)
	x86Op1[0x69] = m | x86ImmZ
	x86Op1[0x6a] = k | x86Imm8 | n66
	x86Op1[0x6b] = m | x86Imm8
	for b := 0x70; b < 0x80; b++ {
		x86Op1[b] = k | x86Imm8 | n66 // jcc rel8
	}
	set(&x86Op1, m|x86Imm8, 0x80, 0x83)
	x86Op1[0x81] = m | x86ImmZ
	x86Op1[0x90] = k // nop
	set(&x86Op1, k|n66, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0xc3, 0xc9, 0xcc, 0xf4, 0xfa, 0xfb)
	x86Op1[0xa8] = k | x86Imm8
	x86Op1[0xa9] = k | x86ImmZ
	for b := 0xb0; b < 0xb8; b++ {
		x86Op1[b] = k | x86Imm8
		x86Op1[b+8] = k | x86ImmV
	}
	const notSix = 0xff &^ (1 << 6) // shifts: /6 is left to x86asm
	set(&x86Op1, m|x86Imm8, 0xc0, 0xc1)
	set(&x86Op1, m, 0xd0, 0xd1, 0xd2, 0xd3)
	for _, o := range []int{0xc0, 0xc1, 0xd0, 0xd1, 0xd2, 0xd3} {
		x86Reg1[o] = notSix
	}
	x86Op1[0xc6], x86Reg1[0xc6] = m|x86Imm8, 1 // mov r/m8, imm8
	x86Op1[0xc7], x86Reg1[0xc7] = m|x86ImmZ, 1 // mov r/m, imm
	set(&x86Op1, k|n66|x86ImmZ, 0xe8, 0xe9)    // call, jmp rel32
	x86Op1[0xeb] = k | n66 | x86Imm8           // jmp rel8
	set(&x86Op1, m, 0xf6, 0xf7)                // test (with an immediate: below), not, neg, mul, imul, div, idiv
	x86Reg1[0xf6], x86Reg1[0xf7] = 0xfd, 0xfd
	x86Op1[0xfe], x86Reg1[0xfe] = m, 0x03                         // inc, dec r/m8
	x86Op1[0xff], x86Reg1[0xff] = m|n66, 1<<0|1<<1|1<<2|1<<4|1<<6 // inc, dec, call, jmp, push

	set(&x86Op2, k, 0x05, 0x0b, 0xa2)            // syscall, ud2, cpuid
	x86Op2[0x1f], x86Reg2[0x1f] = m|x86NoRexW, 1 // nop r/m
	for b := 0x40; b < 0x50; b++ {
		x86Op2[b] = m // cmovcc
	}
	for b := 0x80; b < 0x90; b++ {
		x86Op2[b] = k | n66 | x86ImmZ // jcc rel32
	}
	for b := 0x90; b < 0xa0; b++ {
		x86Op2[b] = m // setcc
	}
	set(&x86Op2, m, 0xa3, 0xab, 0xaf, 0xb3, 0xb6, 0xb7, 0xbb, 0xbe, 0xbf)
	x86Op2[0xba], x86Reg2[0xba] = m|x86Imm8, 0xf0 // bt, bts, btr, btc imm8
	// SSE moves and arithmetic: ps without a prefix, pd with 0x66, ss
	// with 0xf3, sd with 0xf2.
	set(&x86Op2, m|x86SSE, 0x10, 0x11, 0x51, 0x58, 0x59, 0x5c, 0x5d, 0x5e, 0x5f)
	set(&x86Op2, m, 0x28, 0x29, 0x2e, 0x2f, 0x54, 0x57)
}

// x86Len returns the length of the x86_64 instruction at the start of
// code and whether it is a call, as x86asm.Decode(code, 64) would find
// them; known is false when code does not start with an instruction x86Len
// covers (or is too short for it), and the caller asks x86asm.
func x86Len(code []byte) (n int, call, known bool) {
	i := 0
	has66, hasF2F3, rexW := false, false, false
	// Legacy prefixes: operand size, segments, and f2/f3 for SSE.
prefixes:
	for ; i < len(code); i++ {
		switch code[i] {
		case 0x66:
			has66 = true
		case 0xf2, 0xf3:
			if hasF2F3 {
				return 0, false, false
			}
			hasF2F3 = true
		case 0x26, 0x2e, 0x36, 0x3e, 0x64, 0x65:
		default:
			break prefixes
		}
	}
	if i < len(code) && code[i]&0xf0 == 0x40 { // REX
		rexW = code[i]&8 != 0
		i++
	}
	if i >= len(code) {
		return 0, false, false
	}
	op := code[i]
	i++
	f, regs := x86Op1[op], x86Reg1[op]
	map2 := op == 0x0f
	if map2 {
		if i >= len(code) {
			return 0, false, false
		}
		op = code[i]
		i++
		f, regs = x86Op2[op], x86Reg2[op]
	}
	if f&x86Known == 0 || has66 && f&x86No66 != 0 || rexW && f&x86NoRexW != 0 ||
		hasF2F3 && (f&x86SSE == 0 || !map2 || has66) {
		return 0, false, false
	}
	if f&x86ModRM != 0 {
		if i >= len(code) {
			return 0, false, false
		}
		modrm := code[i]
		i++
		mod, reg, rm := modrm>>6, modrm>>3&7, modrm&7
		if regs != 0 && regs&(1<<reg) == 0 || mod == 3 && f&x86MemOnly != 0 {
			return 0, false, false
		}
		if op == 0xff && !map2 {
			call = reg == 2
		}
		if op&0xfe == 0xf6 && !map2 && reg == 0 { // test r/m, imm
			if op == 0xf6 {
				f |= x86Imm8
			} else {
				f |= x86ImmZ
			}
		}
		if mod != 3 {
			if rm == 4 { // SIB
				if i >= len(code) {
					return 0, false, false
				}
				if mod == 0 && code[i]&7 == 5 {
					i += 4 // no base: disp32
				}
				i++
			} else if mod == 0 && rm == 5 {
				i += 4 // rip-relative disp32
			}
			switch mod {
			case 1:
				i++
			case 2:
				i += 4
			}
		}
	} else if op == 0xe8 && !map2 {
		call = true
	}
	switch {
	case f&x86Imm8 != 0:
		i++
	case f&x86ImmV != 0 && rexW:
		i += 8
	case f&(x86ImmZ|x86ImmV) != 0 && has66 && !rexW:
		i += 2
	case f&(x86ImmZ|x86ImmV) != 0:
		i += 4
	}
	if i > len(code) || i > 15 {
		return 0, false, false
	}
	return i, call, true
}
