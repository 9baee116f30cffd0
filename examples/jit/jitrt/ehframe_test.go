package jitrt

import (
	"encoding/binary"
	"testing"

	"github.com/stackmaps/stackmaps/stackmap"
)

// ehFrameFixture is an .eh_frame as LLVM writes it for an x86_64 function
// that keeps a frame pointer and saves rbx and r14, at address 0x1000 and
// the code at 0x2000 (0x40 bytes):
//
//	CIE: "zR", code align 1, data align -8, RA 16, FDE encoding pcrel|sdata4;
//	     def_cfa rsp+8, offset rip at CFA-8
//	FDE: advance 1, def_cfa_offset 16, offset rbp at CFA-16,
//	     advance 3, def_cfa_register rbp,
//	     advance 7, offset rbx at CFA-32, offset r14 at CFA-24
func ehFrameFixture() []byte {
	cie := []byte{
		0, 0, 0, 0, // CIE id
		1,           // version
		'z', 'R', 0, // augmentation
		1,          // code align
		0x78,       // data align -8
		16,         // return address register
		1,          // augmentation data length
		0x1b,       // pcrel sdata4
		0x0c, 7, 8, // def_cfa rsp+8
		0x90, 1, // offset rip, 1*-8
		0, 0, // padding nops
	}
	var b []byte
	b = binary.LittleEndian.AppendUint32(b, uint32(len(cie)))
	b = append(b, cie...)
	fdeStart := len(b)
	fde := []byte{}
	fde = binary.LittleEndian.AppendUint32(fde, uint32(fdeStart+4)) // back to the CIE
	// pc_begin, pcrel: at section address 0x1000+fdeStart+8.
	fde = binary.LittleEndian.AppendUint32(fde, uint32(0x2000-(0x1000+fdeStart+8)))
	fde = binary.LittleEndian.AppendUint32(fde, 0x40)
	fde = append(fde, 0, // augmentation data length
		0x41, 0x0e, 16, 0x86, 2, // advance 1; def_cfa_offset 16; offset rbp -16
		0x43, 0x0d, 6, // advance 3; def_cfa_register rbp
		0x47, 0x83, 4, 0x8e, 3, // advance 7; offset rbx -32; offset r14 -24
		0, 0, 0)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(fde)))
	b = append(b, fde...)
	return append(b, 0, 0, 0, 0)
}

func TestCFIRow(t *testing.T) {
	eh := ehFrameFixture()
	for _, c := range []struct {
		pc       uint64
		reg      uint16
		off      int64
		rbp, rbx bool
	}{
		{0x2000, RegRSP, 8, false, false},
		{0x2001, RegRSP, 16, true, false},
		{0x2004, RegRBP, 16, true, false},
		{0x200b, RegRBP, 16, true, true},
		{0x203f, RegRBP, 16, true, true},
	} {
		row, err := cfiRow(eh, 0x1000, c.pc)
		if err != nil {
			t.Fatalf("pc %#x: %v", c.pc, err)
		}
		if row.cfaReg != c.reg || row.cfaOffset != c.off || row.has[RegRBP] != c.rbp || row.has[3] != c.rbx || !row.has[RegRIP] || row.saved[RegRIP] != -8 {
			t.Errorf("pc %#x: CFA r%d%+d, rbp %v, rbx %v, rip %v %d", c.pc, row.cfaReg, row.cfaOffset, row.has[RegRBP], row.has[3], row.has[RegRIP], row.saved[RegRIP])
		}
		if c.rbx && (row.saved[3] != -32 || row.saved[14] != -24 || row.saved[RegRBP] != -16) {
			t.Errorf("pc %#x: rbx at CFA%+d, r14 at CFA%+d, rbp at CFA%+d", c.pc, row.saved[3], row.saved[14], row.saved[RegRBP])
		}
	}
	if _, err := cfiRow(eh, 0x1000, 0x2040); err == nil {
		t.Error("pc past the FDE found a row")
	}
}

// TestEHFrameUnwind unwinds a frame of the fixture's function stopped at
// 0x2020 from a fake stack.
func TestEHFrameUnwind(t *testing.T) {
	m := &Module{Name: "m", CodeLo: 0x2000, CodeHi: 0x2040, EHFrame: ehFrameFixture(), EHFrameAddr: 0x1000}
	const rbp = 0x7000
	stack := make([]byte, 0x200) // memory 0x6f00..0x7100
	mem := &LiveStack{Lo: 0x6f00, Hi: 0x7100, Read: func(addr uint64, p []byte) {
		copy(p, stack[addr-0x6f00:])
	}}
	put := func(addr, v uint64) { binary.LittleEndian.PutUint64(stack[addr-0x6f00:], v) }
	put(rbp, 0x7080)       // saved rbp (CFA-16)
	put(rbp+8, 0x4242)     // return address (CFA-8)
	put(rbp+16-32, 0xb0b0) // rbx (CFA-32)
	put(rbp+16-24, 0x1414) // r14 (CFA-24)
	regs := stackmap.Registers{RegRBP: rbp, RegRSP: 0x6f80, 3: 1, 12: 0x1212, 14: 2}
	c, err := EHFrameUnwinder{}.Unwind(m, 0x2021, regs, mem)
	if err != nil {
		t.Fatal(err)
	}
	for reg, want := range map[uint16]uint64{RegRSP: rbp + 16, RegRBP: 0x7080, RegRIP: 0x4242, 3: 0xb0b0, 14: 0x1414, 12: 0x1212} {
		if got, ok := c.Register(reg); !ok || got != want {
			t.Errorf("register %d: %#x %v, want %#x", reg, got, ok, want)
		}
	}
	if _, ok := c.Register(0); ok {
		t.Error("rax (caller-saved) is known after unwinding")
	}
	fp, err := FramePointer{}.Unwind(m, 0x2021, regs, mem)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := fp.Register(RegRIP); v != 0x4242 {
		t.Errorf("frame pointer unwind: return address %#x", v)
	}
}

// TestCFINoPanic cuts and corrupts the fixture: errors, never a panic.
func TestCFINoPanic(t *testing.T) {
	eh := ehFrameFixture()
	for n := 0; n <= len(eh); n++ {
		cfiRow(eh[:n], 0x1000, 0x2010)
	}
	for i := range eh {
		for _, v := range []byte{0, 0x7f, 0x80, 0xff} {
			b := append([]byte(nil), eh...)
			b[i] = v
			cfiRow(b, 0x1000, 0x2010)
		}
	}
}
