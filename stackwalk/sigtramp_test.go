package stackwalk_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// TestSigTrampByCode walks from a handler's return into a signal
// trampoline that no module covers, on each architecture: the code at
// the pc is the rt_sigreturn call, and the interrupted pc and stack
// pointer come from the ucontext where the kernel's (or qemu-user's)
// signal frame puts it. The interrupted pc is in no module: the walk
// stops there, and Stopped says where.
func TestSigTrampByCode(t *testing.T) {
	const (
		code = 0x10000
		sp   = 0x20000
		ipc  = 0x401234
		isp  = 0x21000
	)
	for _, tc := range []struct {
		name string
		arch regs.Arch
		insn []byte
		uc   uint64 // the ucontext's address
		// sregs: s390x svc 119, the pointer at sp+168 to the _sigregs
		sregs bool
		// ppc: uc_mcontext.regs points to gp_regs
		ppc bool
	}{
		{name: "x86_64", arch: regs.X86_64, insn: []byte{0x48, 0xc7, 0xc0, 0x0f, 0, 0, 0, 0x0f, 0x05}, uc: sp},
		{name: "aarch64", arch: regs.AArch64, insn: le32(0xd2801168, 0xd4000001), uc: sp + 128},
		{name: "riscv64", arch: regs.RISCV64, insn: le32(0x08b00893, 0x00000073), uc: sp + 128},
		{name: "ppc64le/kernel", arch: regs.PPC64LE, insn: le32(0x380000ac, 0x44000002), uc: sp + 128, ppc: true},
		{name: "ppc64le/qemu", arch: regs.PPC64LE, insn: le32(0x380000ac, 0x44000002), uc: sp + 144, ppc: true},
		{name: "ppc64/vdso", arch: regs.PPC64, insn: be32(0x38210080, 0x380000ac, 0x44000002), uc: sp + 128, ppc: true},
		{name: "s390x/rt", arch: regs.S390X, insn: []byte{0x0a, 0xad}, uc: sp + 296},
		{name: "s390x/sigreturn", arch: regs.S390X, insn: []byte{0x0a, 0x77}, uc: sp + 0x400 - 40, sregs: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			order := tc.arch.ByteOrder()
			stack := make([]byte, 0x2000)
			put := func(addr, v uint64) { order.PutUint64(stack[addr-sp:], v) }
			pcOff, ok := linuxregs.UcontextOffsets(tc.arch, func(r uint16, off int) {
				put(tc.uc+uint64(off), 0xAB00+uint64(r))
			})
			require.True(t, ok)
			put(tc.uc+uint64(pcOff), ipc)
			var s linuxregs.Set
			// The interrupted stack pointer, where DecodeUcontext finds it.
			spReg := regs.RolesOf(tc.arch).StackPointer
			linuxregs.UcontextOffsets(tc.arch, func(r uint16, off int) {
				if r == spReg {
					put(tc.uc+uint64(off), isp)
				}
			})
			require.NoError(t, linuxregs.DecodeUcontext(tc.arch, stack[tc.uc-sp:], &s))
			require.Equal(t, uint64(ipc), s.PC)
			require.Equal(t, uint64(isp), s.SP)
			if tc.ppc {
				put(tc.uc+224, tc.uc+232)
			}
			if tc.sregs {
				put(sp+168, tc.uc+40)
			}
			mem, err := stackmap.NewMemoryRegions(stackmap.Memory{Addr: code, Data: tc.insn}, stackmap.Memory{Addr: sp, Data: stack})
			require.NoError(t, err)
			w, err := stackwalk.NewWalker(stackwalk.Config{Arch: tc.arch, Memory: mem, SignalTrampolines: true})
			require.NoError(t, err)
			var rs stackwalk.RegisterSet
			rs.Set(spReg, sp)
			for round := range 2 {
				w.Start(code, &rs)
				require.True(t, w.Next(), "round %d: %v %v", round, w.End(), w.Err())
				fr := w.Frame()
				assert.True(t, fr.IsSignalFrame())
				assert.Nil(t, fr.Module)
				assert.Equal(t, uint64(sp)+regs.RolesOf(tc.arch).SPBelowCFA, fr.CFA)
				assert.False(t, w.Next())
				assert.Equal(t, stackwalk.EndNoModule, w.End(), "%v", w.Err())
				pc, gotSP := w.Stopped()
				assert.Equal(t, uint64(ipc), pc)
				assert.Equal(t, uint64(isp), gotSP)
			}
			if tc.arch == regs.AArch64 {
				// v8 (DWARF 72) comes from the fpsimd_context record only
				// when its header is there.
				w.Start(code, &rs)
				require.True(t, w.Next())
				assert.Equal(t, cfi.RuleUnspecified, w.Frame().Row().Regs[72].Kind, "no fpsimd_context")
				order.PutUint32(stack[tc.uc+464-sp:], 0x46508001)
				order.PutUint32(stack[tc.uc+468-sp:], 528)
				w.Start(code, &rs)
				require.True(t, w.Next())
				assert.Equal(t, cfi.Rule{Kind: cfi.RuleOffset, Offset: int64(tc.uc + 480 + 8*16 - sp)}, w.Frame().Row().Regs[72], "v8 from vregs[8]")
			}
			// Recognising the trampoline and entering its frame allocate
			// nothing (the end of this walk does: the reader's error for
			// the code at the interrupted pc, in no module).
			allocs := testing.AllocsPerRun(10, func() {
				w.Start(code, &rs)
				w.Next()
			})
			assert.Zero(t, allocs, "allocations a walk")
			if tc.ppc {
				// A regs pointer that does not point to gp_regs: no context.
				put(tc.uc+224, 0)
				w.Start(code, &rs)
				assert.False(t, w.Next(), "no trampoline: the pc is in no module")
			}
		})
	}
	// Other code is no trampoline.
	mem := stackmap.Memory{Addr: code, Data: make([]byte, 16)}
	w, err := stackwalk.NewWalker(stackwalk.Config{Arch: regs.AArch64, Memory: &mem, SignalTrampolines: true})
	require.NoError(t, err)
	var rs stackwalk.RegisterSet
	rs.Set(31, sp)
	w.Start(code, &rs)
	assert.False(t, w.Next())
}

// TestSigTrampOptIn: without Config.SignalTrampolines the walker reads no
// code where no module is; a walk that ends there allocates nothing, with
// a reader whose errors allocate.
func TestSigTrampOptIn(t *testing.T) {
	const code, sp = 0x10000, 0x20000
	insn := le32(0xd2801168, 0xd4000001)
	mem, err := stackmap.NewMemoryRegions(stackmap.Memory{Addr: code, Data: insn}, stackmap.Memory{Addr: sp, Data: make([]byte, 0x1000)})
	require.NoError(t, err)
	w, err := stackwalk.NewWalker(stackwalk.Config{Arch: regs.AArch64, Memory: mem})
	require.NoError(t, err)
	var rs stackwalk.RegisterSet
	rs.Set(31, sp)
	w.Start(code, &rs)
	assert.False(t, w.Next(), "no trampoline without the option: the pc is in no module")
}

func le32(v ...uint32) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

func be32(v ...uint32) []byte {
	var b []byte
	for _, x := range v {
		b = binary.BigEndian.AppendUint32(b, x)
	}
	return b
}
