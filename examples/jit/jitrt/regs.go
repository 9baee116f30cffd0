package jitrt

// x86_64 DWARF register numbers the walk uses.
const (
	RegRBP = 6
	RegRSP = 7
	RegRIP = 16
)

// SaveWords is the number of 64-bit words in a SaveArea.
const SaveWords = 33

// SaveArea is the register file the x86_64 capture routine stores, indexed
// by DWARF register number: 0-15 the general registers (rax rdx rcx rbx rsi
// rdi rbp rsp r8-r15; rsp as it is at the return address), 16 the return
// address, 17-32 the low 64 bits of xmm0-xmm15. It is a
// stackmap.RegisterFile.
type SaveArea [SaveWords]uint64

// Register returns the value of DWARF register reg.
func (s *SaveArea) Register(reg uint16) (uint64, bool) {
	if int(reg) < len(s) {
		return s[reg], true
	}
	return 0, false
}

// RetAddr returns the return address of the call into the capture routine.
func (s *SaveArea) RetAddr() uint64 { return s[RegRIP] }

// CallerRegs is the register file of a caller frame, recovered by
// unwinding: a register is known when Known has its bit.
type CallerRegs struct {
	Val   [SaveWords]uint64
	Known uint64 // bit n: DWARF register n is known
}

// Register returns the value of DWARF register reg if the unwinder
// recovered it.
func (c *CallerRegs) Register(reg uint16) (uint64, bool) {
	if int(reg) < len(c.Val) && c.Known&(1<<reg) != 0 {
		return c.Val[reg], true
	}
	return 0, false
}

// Set records the value of DWARF register reg.
func (c *CallerRegs) Set(reg uint16, v uint64) {
	if int(reg) < len(c.Val) {
		c.Val[reg] = v
		c.Known |= 1 << reg
	}
}
