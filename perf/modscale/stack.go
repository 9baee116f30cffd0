package main

import (
	"encoding/binary"
	"errors"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// The stack walked: frames of one x86_64 function at funcAddr that calls
// itself and returns to retAddr, where a statepoint record lies. Its
// prologue is push %rbp; mov %rsp,%rbp; push %rbx; sub $24,%rsp: every
// frame is frameSize bytes, the return address at SP+40, the caller's rbp
// at SP+32 and rbx at SP+24. Module copy k runs the function at
// funcAddr + k*spacing (load bias k*spacing).
const (
	funcAddr  = 0x1000
	funcSize  = 0x100
	retAddr   = 0x1050
	frameSize = 48
	stackBase = 0x7ff000000000
	spacing   = 0x10000
)

// ehFrame is the .eh_frame of copies of the function at funcAddr +
// k*spacing, k in at (one copy, at 0, for a module of its own): a CIE
// (version 1, no augmentation, CFA = rsp+8, rip at CFA-8) and an FDE per
// copy with absolute addresses.
func ehFrame(at []int) []byte {
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
	for _, k := range at {
		fde := binary.LittleEndian.AppendUint32(nil, uint32(len(out)+4))
		fde = binary.LittleEndian.AppendUint64(fde, funcAddr+uint64(k)*spacing)
		fde = binary.LittleEndian.AppendUint64(fde, funcSize)
		// advance 1, CFA rsp+16, rbp at CFA-16; advance 3, CFA rbp;
		// advance 1, rbx at CFA-24.
		fde = pad(append(fde, 0x41, 0x0e, 16, 0x86, 2, 0x43, 0x0d, 6, 0x41, 0x83, 3))
		out = binary.LittleEndian.AppendUint32(out, uint32(len(fde)))
		out = append(out, fde...)
	}
	return append(out, 0, 0, 0, 0)
}

// stackmaps is the statepoint record at retAddr of each copy of the
// function in at: a GC pointer at [rsp+0] and one deopt value in rbx.
func stackmaps(at []int) (*stackmap.Index, error) {
	c := func(v int32) stackmaptest.Location {
		return stackmaptest.Location{Kind: uint8(stackmap.Constant), Size: 8, Offset: v}
	}
	ind := stackmaptest.Location{Kind: uint8(stackmap.Indirect), Size: 8, Reg: 7}
	t := stackmaptest.Table{Version: 3}
	for _, k := range at {
		t.Functions = append(t.Functions, stackmaptest.Function{Address: funcAddr + uint64(k)*spacing, StackSize: 40, RecordCount: 1})
		t.Records = append(t.Records, stackmaptest.Record{ID: 0xABCDEF00, InstructionOffset: retAddr - funcAddr, Locations: []stackmaptest.Location{
			c(0), c(0), c(1), {Kind: uint8(stackmap.Register), Size: 8, Reg: 3}, ind, ind,
		}})
	}
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, t), binary.LittleEndian)
	if err != nil {
		return nil, err
	}
	return stackmap.NewIndex(sec), nil
}

// modules returns n copies of the function's module.
func modules(n int) ([]*stackwalk.Module, error) {
	ut, err := unwind.New(unwind.Sources{Arch: regs.X86_64, EHFrame: cfi.Config{Kind: cfi.EHFrame, Data: ehFrame([]int{0}), Addr: 0x2000, Order: binary.LittleEndian, PtrSize: 8}})
	if err != nil {
		return nil, err
	}
	idx, err := stackmaps([]int{0})
	if err != nil {
		return nil, err
	}
	out := make([]*stackwalk.Module, n)
	for k := range out {
		bias := uint64(k) * spacing
		out[k] = &stackwalk.Module{Name: "jit", Arch: regs.X86_64, Bias: bias, Start: funcAddr + bias, End: funcAddr + funcSize + bias, Unwind: ut, Stackmaps: idx}
	}
	return out, nil
}

// wideModule returns one module holding the copies of the function at
// at (sorted, distinct), where the n modules of modules(n) hold one copy
// each: the same code at the same addresses in a single module.
func wideModule(at []int) (*stackwalk.Module, error) {
	ut, err := unwind.New(unwind.Sources{Arch: regs.X86_64, EHFrame: cfi.Config{Kind: cfi.EHFrame, Data: ehFrame(at), Addr: 0x2000, Order: binary.LittleEndian, PtrSize: 8}})
	if err != nil {
		return nil, err
	}
	idx, err := stackmaps(at)
	if err != nil {
		return nil, err
	}
	last := uint64(at[len(at)-1])
	return &stackwalk.Module{Name: "wide", Arch: regs.X86_64, Start: funcAddr, End: funcAddr + last*spacing + funcSize, Unwind: ut, Stackmaps: idx}, nil
}

// stack is the memory of a frames-deep stack whose frame i runs in module
// copy in(i) (frame 0 in copy in(0): the start pc), and the innermost
// frame's registers.
func stack(frames int, in func(i int) int) (*memory, uint64, *stackwalk.RegisterSet) {
	mem := &memory{b: make([]byte, frameSize*frames+64)}
	for i := range frames {
		sp := uint64(frameSize * i)
		binary.LittleEndian.PutUint64(mem.b[sp:], 0x10000+uint64(i))
		binary.LittleEndian.PutUint64(mem.b[sp+24:], 0xB000+uint64(i)+1)
		binary.LittleEndian.PutUint64(mem.b[sp+32:], stackBase+sp+2*frameSize-16)
		if i+1 < frames {
			binary.LittleEndian.PutUint64(mem.b[sp+40:], retAddr+uint64(in(i+1))*spacing)
		}
	}
	var rs stackwalk.RegisterSet
	rs.Set(7, stackBase)
	rs.Set(6, stackBase+frameSize-16)
	rs.Set(3, 0xB000)
	return mem, retAddr + uint64(in(0))*spacing, &rs
}

// memory is the stack: bytes from stackBase.
type memory struct{ b []byte }

var errOutside = errors.New("outside the stack")

// ReadMemory reads len(p) bytes at addr.
func (m *memory) ReadMemory(addr uint64, p []byte) error {
	off := addr - stackBase
	if addr < stackBase || off > uint64(len(m.b)) || uint64(len(p)) > uint64(len(m.b))-off {
		return errOutside
	}
	copy(p, m.b[off:])
	return nil
}

// ReadUint reads a little-endian integer at addr without allocating.
func (m *memory) ReadUint(addr uint64, size int, _ binary.ByteOrder) (uint64, error) {
	off := addr - stackBase
	if addr < stackBase || size > 8 || off > uint64(len(m.b)) || uint64(size) > uint64(len(m.b))-off {
		return 0, errOutside
	}
	var buf [8]byte
	copy(buf[:], m.b[off:off+uint64(size)])
	return binary.LittleEndian.Uint64(buf[:]), nil
}
