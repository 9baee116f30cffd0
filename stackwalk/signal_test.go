package stackwalk_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// A signal trampoline at sigTramp (its FDE starts one byte before it, as
// glibc's __restore_rt's does, so that the handler's return address is
// looked up inside it), whose CIE has the augmentation "S". Its frame is
// 32 bytes, the interrupted frame's registers saved in it (a small
// ucontext): rip at SP+0, rsp at SP+8, rbp at SP+16, rbx at SP+24.
const (
	sigTramp = synFunc + 0x100
	sigSP    = synBase
	sigISP   = synBase + 0x100 // the interrupted frame's stack pointer
)

// sigEHFrame is synEHFrame's function and the trampoline, each with its
// CIE (the trampoline's "zS").
func sigEHFrame() []byte {
	pad := func(b []byte) []byte {
		for (len(b)+4)%8 != 0 {
			b = append(b, 0) // DW_CFA_nop
		}
		return b
	}
	var out []byte
	entry := func(body []byte) int {
		off := len(out)
		body = pad(body)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(body)))
		out = append(out, body...)
		return off
	}
	fde := func(cie int, start, size uint64, aug bool, instrs ...byte) {
		b := binary.LittleEndian.AppendUint32(nil, uint32(len(out)+4-cie))
		b = binary.LittleEndian.AppendUint64(b, start)
		b = binary.LittleEndian.AppendUint64(b, size)
		if aug {
			b = append(b, 0) // augmentation data length
		}
		entry(append(b, instrs...))
	}
	// CIE: code align 1, data align -8, RA column 16, CFA = rsp+8, rip at CFA-8.
	plain := entry([]byte{0, 0, 0, 0, 1, 0, 1, 0x78, 16, 0x0c, 7, 8, 0x90, 1})
	fde(plain, synFunc, 0x100, false, 0x41, 0x0e, 16, 0x86, 2, 0x43, 0x0d, 6, 0x41, 0x83, 3)
	sig := entry([]byte{0, 0, 0, 0, 1, 'z', 'S', 0, 1, 0x78, 16, 0})
	// CFA = rsp+32; rip at CFA-32, rsp at CFA-24, rbp at CFA-16, rbx at CFA-8.
	fde(sig, sigTramp-1, 0x11, true, 0x0c, 7, 32, 0x90, 4, 0x87, 3, 0x86, 2, 0x83, 1)
	return append(out, 0, 0, 0, 0)
}

// TestSignalFrame walks from a signal handler's return into the
// trampoline (a signal frame) and on to the frame the signal interrupted,
// at the instruction right after a push (pc-1 has the row before the
// push: a CFA 8 bytes off) and at a function's first instruction (pc-1 is
// in no function): that frame's row is the one at its pc, its pc is no
// return address, and every register the trampoline's frame saved is
// known again; also when the handler ran on another stack above the
// interrupted one (sigaltstack). Twice, the second walk from the recipe
// cache.
func TestSignalFrame(t *testing.T) {
	ut, err := unwind.New(unwind.Sources{Arch: regs.X86_64, EHFrame: cfi.Config{Kind: cfi.EHFrame, Data: sigEHFrame(), Addr: 0x4000, Order: binary.LittleEndian, PtrSize: 8}})
	require.NoError(t, err)
	m := &stackwalk.Module{Name: "signal", Arch: regs.X86_64, Start: synFunc, End: sigTramp + 0x10, Unwind: ut}
	for _, tc := range []struct {
		name       string
		pc         uint64 // the interrupted instruction
		cfaOff     uint64 // the interrupted frame's CFA - its stack pointer
		sigSP, isp uint64 // the trampoline's and the interrupted frame's stack pointers
	}{
		{"after push", synFunc + 1, 16, sigSP, sigISP},
		{"first instruction", synFunc, 8, sigSP, sigISP},
		// The handler ran on another stack (sigaltstack), above the
		// interrupted one: no "stack pointer does not move outward".
		{"sigaltstack", synFunc + 1, 16, sigSP + 0x100, sigSP},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mem := &flatMem{base: synBase, b: make([]byte, 0x200)}
			put := func(addr, v uint64) { binary.LittleEndian.PutUint64(mem.b[addr-synBase:], v) }
			put(tc.sigSP, tc.pc)
			put(tc.sigSP+8, tc.isp)
			put(tc.sigSP+16, 0xBB00)
			put(tc.sigSP+24, 0xB000)
			// The interrupted frame's return address: 0 ends the walk.
			w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: mem})
			require.NoError(t, err)
			var rs stackwalk.RegisterSet
			rs.Set(7, tc.sigSP)
			for round := range 2 {
				w.Start(sigTramp, &rs)
				require.True(t, w.Next(), "round %d", round)
				fr := w.Frame()
				assert.True(t, fr.IsSignalFrame(), "the trampoline")
				assert.True(t, fr.PCIsReturnAddress(), "the trampoline's pc is the handler's return address")
				assert.Equal(t, tc.sigSP+32, fr.CFA)
				require.True(t, w.Next(), "round %d: %v %v", round, w.End(), w.Err())
				fr = w.Frame()
				assert.False(t, fr.IsSignalFrame())
				assert.False(t, fr.PCIsReturnAddress(), "the interrupted frame")
				assert.Equal(t, tc.pc, fr.PC)
				assert.Equal(t, tc.isp, fr.SP)
				assert.Equal(t, tc.isp+tc.cfaOff, fr.CFA, "round %d", round)
				assert.Equal(t, stackwalk.Reg{Value: 0xB000, Home: stackwalk.Home{Kind: stackwalk.HomeMemory, Addr: tc.sigSP + 24}}, fr.Reg(3))
				assert.Equal(t, stackwalk.Reg{Value: 0xBB00, Home: stackwalk.Home{Kind: stackwalk.HomeMemory, Addr: tc.sigSP + 16}}, fr.Reg(6))
				assert.False(t, w.Next())
				assert.Equal(t, stackwalk.EndReturnAddress, w.End(), "round %d: %v", round, w.Err())
			}
		})
	}
}
