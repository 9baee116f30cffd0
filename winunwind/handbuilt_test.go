package winunwind_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/winunwind"
)

// Hand-built images: .text at 0x1000, UNWIND_INFO records at 0x2000,
// .pdata at 0x3000, for the codes and shapes llc does not emit.
const (
	textRVA  = 0x1000
	xdataRVA = 0x2000
	pdataRVA = 0x3000
)

type built struct {
	text, xdata, pdata []byte
}

// slot is one unwind code slot: offset, operation, operation info.
func slot(off byte, op winunwind.Op, info byte) []byte { return []byte{off, byte(op) | info<<4} }

func u16(v uint16) []byte { return binary.LittleEndian.AppendUint16(nil, v) }

// info appends an UNWIND_INFO (codes padded to an even slot count, then
// tail) and returns its RVA.
func (b *built) info(version, flags, prolog, frameReg, frameOff byte, codes [][]byte, tail ...byte) uint32 {
	rva := xdataRVA + uint32(len(b.xdata))
	n := 0
	var body []byte
	for _, c := range codes {
		body = append(body, c...)
		n += len(c) / 2
	}
	b.xdata = append(b.xdata, version|flags<<3, prolog, byte(n), frameReg|frameOff<<4)
	b.xdata = append(b.xdata, body...)
	if n%2 != 0 {
		b.xdata = append(b.xdata, 0, 0)
	}
	b.xdata = append(b.xdata, tail...)
	for len(b.xdata)%4 != 0 {
		b.xdata = append(b.xdata, 0)
	}
	return rva
}

func (b *built) fn(begin, end, info uint32) {
	for _, v := range []uint32{begin, end, info} {
		b.pdata = binary.LittleEndian.AppendUint32(b.pdata, v)
	}
}

func rf(begin, end, info uint32) []byte {
	var p []byte
	for _, v := range []uint32{begin, end, info} {
		p = binary.LittleEndian.AppendUint32(p, v)
	}
	return p
}

func (b *built) table(t *testing.T) *winunwind.Table {
	t.Helper()
	tab, err := winunwind.NewX64(b.pdata, pdataRVA, []winunwind.Section{
		{RVA: textRVA, Data: b.text}, {RVA: xdataRVA, Data: b.xdata}, {RVA: pdataRVA, Data: b.pdata}})
	require.NoError(t, err)
	return tab
}

func rule(t *testing.T, tab *winunwind.Table, rva uint32, atInst bool) string {
	t.Helper()
	var r winunwind.Rule
	require.NoError(t, tab.RuleAt(rva, atInst, &r), "%#x", rva)
	return ruleText(&r)
}

func nops(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = 0x90
	}
	return b
}

// TestHandBuiltCodes covers the codes llc does not emit: SAVE_NONVOL and
// its far form, SAVE_XMM128_FAR, ALLOC_LARGE's 32-bit form beside the
// frame register, PUSH_MACHFRAME with and without an error code.
func TestHandBuiltCodes(t *testing.T) {
	var b built
	b.text = nops(0x100)
	// f1 [0x1000,0x1020): sub rsp,0x28 (4 bytes, ends at 4); mov [rsp+0x10],rbx (ends at 9).
	b.fn(0x1000, 0x1020, b.info(1, 0, 9, 0, 0, [][]byte{
		slot(9, winunwind.OpSaveNonvol, 3), u16(2),
		slot(4, winunwind.OpAllocSmall, 4)}))
	// f2 [0x1020,0x1040): sub rsp,0x20000 (ALLOC_LARGE 32-bit); save r12 far and xmm7 far.
	b.fn(0x1020, 0x1040, b.info(1, 0, 0x18, 0, 0, [][]byte{
		slot(0x18, winunwind.OpSaveXMM128Far, 7), u16(0x0020), u16(0x0001),
		slot(0x10, winunwind.OpSaveNonvolFar, 12), u16(0x2345), u16(0x0001),
		slot(0x07, winunwind.OpAllocLarge, 1), u16(0x0000), u16(0x0002)}))
	// f3 [0x1040,0x1060): push rbp (1); sub rsp,0x1000 (ALLOC_LARGE 16-bit, 8); lea rbp,[rsp+0x20] (13);
	// mov [rbp-0x20+8],rsi (17).
	b.fn(0x1040, 0x1060, b.info(1, 0, 17, 5, 2, [][]byte{
		slot(17, winunwind.OpSaveNonvol, 6), u16(1),
		slot(13, winunwind.OpSetFPReg, 0),
		slot(8, winunwind.OpAllocLarge, 0), u16(0x1000 / 8),
		slot(1, winunwind.OpPushNonvol, 5)}))
	// f4 [0x1060,0x1070): an interrupt handler: machine frame with error code, push rax... as ALLOC_SMALL 8.
	b.fn(0x1060, 0x1070, b.info(1, 0, 1, 0, 0, [][]byte{
		slot(1, winunwind.OpAllocSmall, 0),
		slot(0, winunwind.OpPushMachFrame, 1)}))
	// f5 [0x1070,0x1080): machine frame without error code.
	b.fn(0x1070, 0x1080, b.info(1, 0, 0, 0, 0, [][]byte{slot(0, winunwind.OpPushMachFrame, 0)}))
	tab := b.table(t)
	for _, c := range []struct {
		rva  uint32
		want string
	}{
		{0x1004, "prolog cfa=rsp+48 ra=rsp+40"},
		{0x1009, "body cfa=rsp+48 ra=rsp+40 rbx=rsp+16"},
		{0x1038, "body cfa=rsp+131080 ra=rsp+131072 xmm7=rsp+65568 r12=rsp+74565"},
		{0x1048, "prolog cfa=rsp+4112 ra=rsp+4104 rbp=rsp+4096"},
		{0x104d, "prolog cfa=rbp+4080 ra=rbp+4072 rbp=rbp+4064"},
		{0x1052, "body cfa=rbp+4080 ra=rbp+4072 rsi=rbp-24 rbp=rbp+4064"},
		{0x1060, "prolog cfa=[rsp+32] ra=rsp+8"},
		{0x1068, "body cfa=[rsp+40] ra=rsp+16"},
		{0x1078, "body cfa=[rsp+24] ra=rsp+0"},
	} {
		assert.Equal(t, c.want, rule(t, tab, c.rva, true), "%#x", c.rva)
	}
}

// TestHandBuiltChains covers chained entries (a function's cold part
// continuing with its parent's codes) and indirect entries.
func TestHandBuiltChains(t *testing.T) {
	var b built
	b.text = nops(0x100)
	parent := b.info(1, 0, 1, 0, 0, [][]byte{slot(1, winunwind.OpPushNonvol, 3)})
	b.fn(0x1000, 0x1010, parent)
	// The cold part allocates 0x20 more, then the parent's push applies.
	b.fn(0x1010, 0x1020, b.info(1, winunwind.FlagChainInfo, 0, 0, 0, [][]byte{slot(0, winunwind.OpAllocSmall, 3)}, rf(0x1000, 0x1010, parent)...))
	// An indirect entry: shares the parent's entry (at .pdata offset 0).
	b.fn(0x1020, 0x1030, pdataRVA|1)
	tab := b.table(t)
	assert.Equal(t, "prolog cfa=rsp+8 ra=rsp+0", rule(t, tab, 0x1000, true))
	assert.Equal(t, "body cfa=rsp+48 ra=rsp+40 rbx=rsp+32", rule(t, tab, 0x1015, true))
	assert.Equal(t, "body cfa=rsp+16 ra=rsp+8 rbx=rsp+0", rule(t, tab, 0x1025, true))

	// A chain that names itself ends after 32 links.
	var c built
	c.text = nops(0x20)
	self := xdataRVA
	c.fn(0x1000, 0x1010, c.info(1, winunwind.FlagChainInfo, 0, 0, 0, nil, rf(0x1000, 0x1010, uint32(self))...))
	var r winunwind.Rule
	err := c.table(t).RuleAt(0x1004, false, &r)
	require.ErrorIs(t, err, winunwind.ErrFormat)
	assert.Contains(t, err.Error(), "more than 32 chained entries")
}

// TestHandBuiltEpilogs covers version 1 epilogs llc's test functions do
// not have: lea rsp,[fp+disp], a tail jump out of the function (an
// epilog), a jump inside it (not one), jmp [rip+x], and version 2
// epilogs not at the end.
func TestHandBuiltEpilogs(t *testing.T) {
	var b built
	// f1 [0x1000,0x1020): push rbp; push rbx; lea rbp,[rsp+0x10] (frame offset 1).
	// Epilog at 0x1010: lea rsp,[rbp-0x10]; pop rbx; pop rbp; ret.
	t1 := append(nops(0x10), 0x48, 0x8d, 0x65, 0xf0, 0x5b, 0x5d, 0xc3)
	// f2 [0x1020,0x1040): push rbx; sub rsp,0x20. 0x1030: add rsp,0x20; pop rbx; jmp rel32 to 0x1000;
	// 0x1038: jmp rel8 to 0x1022 (inside: no epilog); 0x103a: jmp [rip+0].
	t2 := append(nops(0x10), 0x48, 0x83, 0xc4, 0x20, 0x5b, 0xe9, 0, 0, 0, 0, 0xeb, 0xe8, 0xff, 0x25, 0, 0, 0, 0)
	// Fix the rel32: target 0x1000 from next 0x103a.
	rel := int32(0x1000 - 0x103a)
	binary.LittleEndian.PutUint32(t2[0x16:], uint32(rel))
	b.text = append(append(t1, nops(0x20-len(t1))...), t2...)
	b.text = append(b.text, nops(0x40)...)
	b.fn(0x1000, 0x1020, b.info(1, 0, 6, 5, 1, [][]byte{
		slot(6, winunwind.OpSetFPReg, 0), slot(2, winunwind.OpPushNonvol, 3), slot(1, winunwind.OpPushNonvol, 5)}))
	b.fn(0x1020, 0x1040, b.info(1, 0, 5, 0, 0, [][]byte{
		slot(5, winunwind.OpAllocSmall, 3), slot(1, winunwind.OpPushNonvol, 3)}))
	// f3 [0x1060,0x1080), version 2: push rbx; push r12; epilogs of 3 bytes (pop r12; pop rbx... as 2+1)
	// 0x10 and 0x08 before the end; none at the end.
	b.fn(0x1060, 0x1080, b.info(2, 0, 3, 0, 0, [][]byte{
		slot(4, winunwind.OpEpilog, 0), slot(0x10, winunwind.OpEpilog, 0), slot(0x08, winunwind.OpEpilog, 0), slot(0, winunwind.OpEpilog, 0),
		slot(3, winunwind.OpPushNonvol, 12), slot(1, winunwind.OpPushNonvol, 3)}))
	tab := b.table(t)
	for _, c := range []struct {
		rva  uint32
		want string
	}{
		{0x1008, "body cfa=rbp+8 ra=rbp+0 rbx=rbp-16 rbp=rbp-8"},
		{0x1010, "epilog cfa=rbp+8 ra=rbp+0 rbx=rbp-16 rbp=rbp-8"},
		{0x1014, "epilog cfa=rsp+24 ra=rsp+16 rbx=rsp+0 rbp=rsp+8"},
		{0x1016, "epilog cfa=rsp+8 ra=rsp+0"},
		{0x1030, "epilog cfa=rsp+48 ra=rsp+40 rbx=rsp+32"},
		{0x1035, "epilog cfa=rsp+8 ra=rsp+0"},
		{0x103a, "body cfa=rsp+48 ra=rsp+40 rbx=rsp+32"},
		{0x103c, "epilog cfa=rsp+8 ra=rsp+0"},
		{0x1068, "body cfa=rsp+24 ra=rsp+16 r12=rsp+0 rbx=rsp+8"},
		{0x1070, "epilog cfa=rsp+24 ra=rsp+16 r12=rsp+0 rbx=rsp+8"},
		{0x1072, "epilog cfa=rsp+16 ra=rsp+8 rbx=rsp+0"},
		{0x1073, "epilog cfa=rsp+8 ra=rsp+0"},
		{0x1078, "epilog cfa=rsp+24 ra=rsp+16 r12=rsp+0 rbx=rsp+8"},
		{0x107c, "body cfa=rsp+24 ra=rsp+16 r12=rsp+0 rbx=rsp+8"},
	} {
		assert.Equal(t, c.want, rule(t, tab, c.rva, true), "%#x", c.rva)
	}
}

// TestMalformed: each broken record is refused with a *FormatError that
// says what is wrong, never a rule.
func TestMalformed(t *testing.T) {
	for _, c := range []struct {
		name  string
		build func(b *built)
		want  string
	}{
		{"version 3", func(b *built) { b.fn(0x1000, 0x1010, b.info(3, 0, 0, 0, 0, nil)) }, "version 3"},
		{"odd epilog codes", func(b *built) {
			b.fn(0x1000, 0x1010, b.info(2, 0, 0, 0, 0, [][]byte{slot(1, winunwind.OpEpilog, 1), slot(1, winunwind.OpPushNonvol, 3)}))
		}, "odd number"},
		{"truncated ALLOC_LARGE", func(b *built) {
			b.fn(0x1000, 0x1010, b.info(1, 0, 0, 0, 0, [][]byte{slot(1, winunwind.OpAllocLarge, 1), u16(1)}))
		}, "needs 3 slots"},
		{"push rsp", func(b *built) {
			b.fn(0x1000, 0x1010, b.info(1, 0, 0, 0, 0, [][]byte{slot(1, winunwind.OpPushNonvol, 4)}))
		}, "PUSH_NONVOL of rsp"},
		{"reserved op", func(b *built) {
			b.fn(0x1000, 0x1010, b.info(1, 0, 0, 0, 0, [][]byte{slot(1, 11, 0)}))
		}, "reserved"},
		{"epilog in v1", func(b *built) {
			b.fn(0x1000, 0x1010, b.info(1, 0, 0, 0, 0, [][]byte{slot(1, winunwind.OpEpilog, 0), slot(1, winunwind.OpEpilog, 0)}))
		}, "version 1"},
		{"frame register without SET_FPREG", func(b *built) { b.fn(0x1000, 0x1010, b.info(1, 0, 0, 5, 0, nil)) }, "no SET_FPREG"},
		{"outside the image", func(b *built) { b.fn(0x1000, 0x1010, 0x9000) }, "not in any section"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b built
			b.text = nops(0x20)
			c.build(&b)
			var r winunwind.Rule
			err := b.table(t).RuleAt(0x1004, true, &r)
			var fe *winunwind.FormatError
			require.True(t, errors.As(err, &fe), "%v", err)
			require.ErrorIs(t, err, winunwind.ErrFormat)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	// The table itself: unsorted or overlapping entries, a partial entry.
	_, err := winunwind.NewX64(append(rf(0x1010, 0x1020, 0), rf(0x1000, 0x1010, 0)...), pdataRVA, nil)
	assert.ErrorContains(t, err, "sorted")
	_, err = winunwind.NewX64(make([]byte, 13), pdataRVA, nil)
	assert.ErrorContains(t, err, "whole number")
	var r winunwind.Rule
	tab, err := winunwind.NewX64(rf(0x1000, 0x1010, xdataRVA), pdataRVA, nil)
	require.NoError(t, err)
	assert.ErrorIs(t, tab.RuleAt(0x1010, true, &r), winunwind.ErrNotFound)
	assert.ErrorIs(t, tab.RuleAt(0xfff, true, &r), winunwind.ErrNotFound)
}

// packedEntry encodes an ARM64 packed .pdata entry's second word.
func packedEntry(flag, length, regF, regI, h, cr, frameSize uint32) uint32 {
	return flag | length/4<<2 | regF<<13 | regI<<16 | h<<20 | cr<<21 | frameSize/16<<23
}

// packedTable is a table of one packed entry for the function at 0x1000.
func packedTable(t *testing.T, word uint32) *winunwind.ARM64Table {
	pdata := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, textRVA), word)
	tab, err := winunwind.NewARM64(pdata, pdataRVA, []winunwind.Section{{RVA: pdataRVA, Data: pdata}})
	require.NoError(t, err)
	return tab
}

// TestPackedHandBuiltARM64: the packed shapes llc-22 does not emit, each
// instruction's rule as the canonical prolog and epilog of Microsoft's
// ARM64 exception-handling document run them.
func TestPackedHandBuiltARM64(t *testing.T) {
	rules := func(t *testing.T, word uint32, want map[int]string) {
		tab := packedTable(t, word)
		var r winunwind.Rule
		for k, w := range want {
			require.NoError(t, tab.RuleAt(textRVA+uint32(4*k), &r), "instruction %d", k)
			assert.Equal(t, w, arm64Text(&r), "instruction %d", k)
		}
	}
	t.Run("CR3 H large frame", func(t *testing.T) {
		// stp x19,x20,[sp,#-80]!; four stp x0-x7 (homing); sub sp,sp,#4080;
		// sub sp,sp,#80; stp x29,lr,[sp,#0]; mov x29,sp; 16 body
		// instructions; ldp x29,lr,[sp,#0]; add sp,sp,#80;
		// add sp,sp,#4080; ldp x19,x20,[sp],#80; ret.
		const x1920 = " x19=sp+4160 x20=sp+4168"
		rules(t, packedEntry(1, 120, 0, 2, 1, 3, 4240), map[int]string{
			0:  "prolog cfa=sp+0 ra=lr",
			1:  "prolog cfa=sp+80 ra=lr x19=sp+0 x20=sp+8",
			5:  "prolog cfa=sp+80 ra=lr x19=sp+0 x20=sp+8",
			6:  "prolog cfa=sp+4160 ra=lr x19=sp+4080 x20=sp+4088",
			7:  "prolog cfa=sp+4240 ra=lr" + x1920,
			8:  "prolog cfa=sp+4240 ra=sp+8 x29=sp+0 x30=sp+8" + x1920,
			9:  "body cfa=x29+4240 ra=x29+8 x29=x29+0 x30=x29+8 x19=x29+4160 x20=x29+4168",
			24: "body cfa=x29+4240 ra=x29+8 x29=x29+0 x30=x29+8 x19=x29+4160 x20=x29+4168",
			25: "epilog cfa=sp+4240 ra=sp+8 x29=sp+0 x30=sp+8" + x1920,
			26: "epilog cfa=sp+4240 ra=lr" + x1920,
			27: "epilog cfa=sp+4160 ra=lr x19=sp+4080 x20=sp+4088",
			28: "epilog cfa=sp+80 ra=lr x19=sp+0 x20=sp+8",
			29: "epilog cfa=sp+0 ra=lr",
		})
	})
	t.Run("CR3 medium frame", func(t *testing.T) {
		// stp x19,x20,[sp,#-16]!; sub sp,sp,#1024; stp x29,lr,[sp,#0];
		// mov x29,sp.
		rules(t, packedEntry(1, 64, 0, 2, 0, 3, 1040), map[int]string{
			2: "prolog cfa=sp+1040 ra=lr x19=sp+1024 x20=sp+1032",
			4: "body cfa=x29+1040 ra=x29+8 x29=x29+0 x30=x29+8 x19=x29+1024 x20=x29+1032",
		})
	})
	t.Run("odd RegI, RegF, locals", func(t *testing.T) {
		// CR 0: str x19,[sp,#-32]!; stp d8,d9,[sp,#8]; sub sp,sp,#16;
		// body; add sp,sp,#16; ldp d8,d9,[sp,#8]; ldr x19,[sp],#32; ret.
		rules(t, packedEntry(1, 40, 1, 1, 0, 0, 48), map[int]string{
			1: "prolog cfa=sp+32 ra=lr x19=sp+0",
			2: "prolog cfa=sp+32 ra=lr d8=sp+8 d9=sp+16 x19=sp+0",
			3: "body cfa=sp+48 ra=lr d8=sp+24 d9=sp+32 x19=sp+16",
			6: "epilog cfa=sp+48 ra=lr d8=sp+24 d9=sp+32 x19=sp+16",
			7: "epilog cfa=sp+32 ra=lr d8=sp+8 d9=sp+16 x19=sp+0",
			8: "epilog cfa=sp+32 ra=lr x19=sp+0",
			9: "epilog cfa=sp+0 ra=lr",
		})
	})
	t.Run("RegF 7, odd RegI with lr", func(t *testing.T) {
		// CR 1, RegI 3, d8-d15: stp x19,x20,[sp,#-96]!; stp x21,lr,[sp,#16];
		// stp d8,d9,[sp,#32] ... stp d14,d15,[sp,#80].
		rules(t, packedEntry(1, 80, 7, 3, 0, 1, 96), map[int]string{
			2: "prolog cfa=sp+96 ra=sp+24 x21=sp+16 x30=sp+24 x19=sp+0 x20=sp+8",
			6: "body cfa=sp+96 ra=sp+24 d14=sp+80 d15=sp+88 d12=sp+64 d13=sp+72 d10=sp+48 d11=sp+56 d8=sp+32 d9=sp+40 x21=sp+16 x30=sp+24 x19=sp+0 x20=sp+8",
		})
	})
	t.Run("fragment", func(t *testing.T) {
		// Flag 2: no prolog, no epilog; every instruction is body.
		const body = "body cfa=sp+32 ra=sp+16 x30=sp+16 x19=sp+0 x20=sp+8"
		rules(t, packedEntry(2, 16, 0, 2, 0, 1, 32), map[int]string{0: body, 1: body, 3: body})
	})
	for _, c := range []struct {
		name string
		word uint32
		want error
	}{
		{"Flag 3", packedEntry(3, 16, 0, 2, 0, 1, 32), winunwind.ErrFormat},
		{"RegI 11", packedEntry(1, 64, 0, 11, 0, 0, 96), winunwind.ErrFormat},
		{"FrameSize below the saves", packedEntry(1, 64, 0, 4, 0, 0, 16), winunwind.ErrFormat},
		{"CR 3 without room for the frame record", packedEntry(1, 64, 0, 2, 0, 3, 16), winunwind.ErrFormat},
		{"CR 1 RegI 1", packedEntry(1, 64, 0, 1, 0, 1, 16), winunwind.ErrUnsupported},
		{"H alone", packedEntry(1, 64, 0, 0, 1, 0, 64), winunwind.ErrUnsupported},
		{"CR 2 (pacibsp)", packedEntry(1, 64, 0, 0, 0, 2, 16), winunwind.ErrUnsupported},
	} {
		t.Run(c.name, func(t *testing.T) {
			tab := packedTable(t, c.word)
			var r winunwind.Rule
			err := tab.RuleAt(textRVA+8, &r)
			require.ErrorIs(t, err, c.want)
			var fe *winunwind.FormatError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, uint32(textRVA), fe.RVA)
		})
	}
}

// TestXdataHandBuiltARM64: the .xdata codes no checked-in image holds
// (save_regp_x, save_reg_x, save_fregp_x, save_freg_x, save_fplr_x,
// set_fp; an epilog scope instead of the packed epilog), and end_c and
// pac_sign_lr, which no rule expresses.
func TestXdataHandBuiltARM64(t *testing.T) {
	// The prolog, in instruction order: stp x19,x20,[sp,#-32]!;
	// str x21,[sp,#-16]!; stp d10,d11,[sp,#-16]!; str d8,[sp,#-16]!;
	// stp x29,lr,[sp,#-16]!; mov x29,sp. The epilog at instruction 10
	// undoes it: ldp x29,lr,[sp],#16 ... ldp x19,x20,[sp],#32; ret.
	prolog := []byte{0xe1, 0x81, 0xde, 0x01, 0xda, 0x81, 0xd4, 0x41, 0xcc, 0x03, 0xe4}
	epilog := []byte{0x81, 0xde, 0x01, 0xda, 0x81, 0xd4, 0x41, 0xcc, 0x03, 0xe4}
	codes := append(append(append([]byte{}, prolog...), epilog...), 0, 0, 0)
	var xdata []byte
	xdata = binary.LittleEndian.AppendUint32(xdata, 16|1<<22|uint32(len(codes)/4)<<27)
	xdata = binary.LittleEndian.AppendUint32(xdata, 10|uint32(len(prolog))<<22) // the epilog scope
	xdata = append(xdata, codes...)
	endC := uint32(xdataRVA + len(xdata))
	xdata = binary.LittleEndian.AppendUint32(xdata, 4|1<<27)
	xdata = append(xdata, 0xe5, 0xe4, 0, 0)
	pac := uint32(xdataRVA + len(xdata))
	xdata = binary.LittleEndian.AppendUint32(xdata, 4|1<<27)
	xdata = append(xdata, 0xfc, 0xe4, 0, 0)
	var pdata []byte
	for _, v := range []uint32{textRVA, xdataRVA, textRVA + 0x40, endC, textRVA + 0x50, pac} {
		pdata = binary.LittleEndian.AppendUint32(pdata, v)
	}
	tab, err := winunwind.NewARM64(pdata, pdataRVA, []winunwind.Section{{RVA: xdataRVA, Data: xdata}, {RVA: pdataRVA, Data: pdata}})
	require.NoError(t, err)
	in, err := tab.ParseARM64Info(xdataRVA)
	require.NoError(t, err)
	require.Equal(t, 1, in.NumScopes())
	assert.Equal(t, winunwind.ARM64Scope{Offset: 40, StartIndex: 11}, in.Scope(0))
	var ops []string
	for i := 0; i < len(in.Codes); {
		c, err := in.Code(i)
		require.NoError(t, err)
		ops = append(ops, c.Op.String())
		i += c.Size
		if c.Op == winunwind.ARM64End {
			break
		}
	}
	assert.Equal(t, []string{"set_fp", "save_fplr_x", "save_freg_x", "save_fregp_x", "save_reg_x", "save_regp_x", "end"}, ops)
	const saves = " x29=%[1]s+0 x30=%[1]s+8 d8=%[1]s+16 d10=%[1]s+32 d11=%[1]s+40 x21=%[1]s+48 x19=%[1]s+64 x20=%[1]s+72"
	for k, want := range map[int]string{
		0:  "prolog cfa=sp+0 ra=lr",
		2:  "prolog cfa=sp+48 ra=lr x21=sp+0 x19=sp+16 x20=sp+24",
		5:  "prolog cfa=sp+96 ra=sp+8" + fmt.Sprintf(saves, "sp"),
		6:  "body cfa=x29+96 ra=x29+8" + fmt.Sprintf(saves, "x29"),
		10: "epilog cfa=sp+96 ra=sp+8" + fmt.Sprintf(saves, "sp"),
		13: "epilog cfa=sp+48 ra=lr x21=sp+0 x19=sp+16 x20=sp+24",
		15: "epilog cfa=sp+0 ra=lr",
	} {
		var r winunwind.Rule
		require.NoError(t, tab.RuleAt(textRVA+uint32(4*k), &r), "instruction %d", k)
		assert.Equal(t, want, arm64Text(&r), "instruction %d", k)
	}
	// end_c's function from its first instruction; pac_sign_lr's once
	// pacibsp has run (before, the rule is lr's).
	var r winunwind.Rule
	require.NoError(t, tab.RuleAt(textRVA+0x50, &r))
	assert.Equal(t, "prolog cfa=sp+0 ra=lr", arm64Text(&r))
	for _, rva := range []uint32{textRVA + 0x40, textRVA + 0x54} {
		var r winunwind.Rule
		assert.ErrorIs(t, tab.RuleAt(rva, &r), winunwind.ErrUnsupported, "%#x", rva)
	}
}
