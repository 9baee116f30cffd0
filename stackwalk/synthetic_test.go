package stackwalk_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// The synthetic stack: N frames of one x86_64 function at 0x1000 that
// calls itself, returning to 0x1050, with a statepoint record there. Its
// prologue is push %rbp; mov %rsp,%rbp; push %rbx; sub $24,%rsp, so every
// frame is 48 bytes:
//
//	SP+0   a GC pointer, 0x10000+i       (root: Indirect [rsp+0])
//	SP+8   a deopt value, 7*i            (Indirect [rsp+8])
//	SP+24  the caller's rbx, 0xB000+i+1  (CFA-24)
//	SP+32  the caller's rbp              (CFA-16)
//	SP+40  the return address            (CFA-8; 0 in the outermost frame)
//
// Frame i's rbx (deopt value 0: Register rbx) is 0xB000+i.
const (
	synFunc  = 0x1000
	synRet   = 0x1050
	synFrame = 48
	synBase  = 0x7ff000000000
)

// flatMem is target memory in one byte slice, little-endian.
type flatMem struct {
	base uint64
	b    []byte
}

func (m *flatMem) ReadMemory(addr uint64, p []byte) error {
	if addr < m.base || addr-m.base > uint64(len(m.b)) || uint64(len(p)) > uint64(len(m.b))-(addr-m.base) {
		return fmt.Errorf("address %#x outside memory", addr)
	}
	copy(p, m.b[addr-m.base:])
	return nil
}

func (m *flatMem) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	if addr < m.base || addr-m.base > uint64(len(m.b)) || uint64(size) > uint64(len(m.b))-(addr-m.base) || size > 8 {
		return 0, errOutside
	}
	var buf [8]byte
	copy(buf[:], m.b[addr-m.base:addr-m.base+uint64(size)])
	return binary.LittleEndian.Uint64(buf[:]), nil
}

var errOutside = fmt.Errorf("outside memory")

// synEHFrame is the function's .eh_frame (CIE version 1, no augmentation,
// absolute FDE addresses).
func synEHFrame() []byte {
	pad := func(b []byte) []byte {
		for (len(b)+4)%8 != 0 {
			b = append(b, 0) // DW_CFA_nop
		}
		return b
	}
	cie := pad([]byte{0, 0, 0, 0, 1, 0, 1, 0x78, 16, 0x0c, 7, 8, 0x90, 1})
	var out []byte
	out = binary.LittleEndian.AppendUint32(out, uint32(len(cie)))
	out = append(out, cie...)
	fde := binary.LittleEndian.AppendUint32(nil, uint32(len(out)+4))
	fde = binary.LittleEndian.AppendUint64(fde, synFunc)
	fde = binary.LittleEndian.AppendUint64(fde, 0x100)
	fde = pad(append(fde, 0x41, 0x0e, 16, 0x86, 2, 0x43, 0x0d, 6, 0x41, 0x83, 3))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(fde)))
	out = append(out, fde...)
	return append(out, 0, 0, 0, 0)
}

// synStackmaps is the statepoint record at 0x1050.
func synStackmaps(t testing.TB) *stackmap.Index {
	c := func(v int32) stackmaptest.Location {
		return stackmaptest.Location{Kind: uint8(stackmap.Constant), Size: 8, Offset: v}
	}
	ind := func(off int32) stackmaptest.Location {
		return stackmaptest.Location{Kind: uint8(stackmap.Indirect), Size: 8, Reg: 7, Offset: off}
	}
	data := stackmaptest.Encode(binary.LittleEndian, stackmaptest.Table{
		Version:   3,
		Functions: []stackmaptest.Function{{Address: synFunc, StackSize: 40, RecordCount: 1}},
		Records: []stackmaptest.Record{{ID: 0xABCDEF00, InstructionOffset: synRet - synFunc, Locations: []stackmaptest.Location{
			c(0), c(0), c(2),
			{Kind: uint8(stackmap.Register), Size: 8, Reg: 3}, ind(8),
			ind(0), ind(0),
		}}},
	})
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	require.NoError(t, err)
	return stackmap.NewIndex(sec)
}

// synthetic returns a module, the memory of an n-frame stack and the
// innermost frame's registers.
func synthetic(t testing.TB, n int) (*stackwalk.Module, *flatMem, *stackwalk.RegisterSet) {
	ut, err := unwind.New(unwind.Sources{Arch: regs.X86_64, EHFrame: cfi.Config{Kind: cfi.EHFrame, Data: synEHFrame(), Addr: 0x2000, Order: binary.LittleEndian, PtrSize: 8}})
	require.NoError(t, err)
	m := &stackwalk.Module{Name: "synthetic", Arch: regs.X86_64, Start: synFunc, End: synFunc + 0x100, Unwind: ut, Stackmaps: synStackmaps(t)}
	mem := &flatMem{base: synBase, b: make([]byte, synFrame*n+64)}
	put := func(addr, v uint64) { binary.LittleEndian.PutUint64(mem.b[addr-synBase:], v) }
	for i := range n {
		sp := uint64(synBase + synFrame*i)
		cfa := sp + synFrame
		put(sp, 0x10000+uint64(i))
		put(sp+8, 7*uint64(i))
		put(sp+24, 0xB000+uint64(i)+1)
		put(sp+32, cfa+synFrame-16)
		if i+1 < n {
			put(sp+40, synRet)
		}
	}
	var rs stackwalk.RegisterSet
	rs.Set(7, synBase)
	rs.Set(6, synBase+synFrame-16)
	rs.Set(3, 0xB000)
	rs.Set(0, 0x1234) // rax: caller-saved, unknown in outer frames
	return m, mem, &rs
}
