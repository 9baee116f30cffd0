package jitrt

import "github.com/stackmaps/stackmaps/stackwalk"

// x86_64 DWARF register numbers of the save area.
const (
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

// Fill sets rs to the registers of the innermost JIT'd frame at its call
// into the capture routine: the general registers (rsp as the caller has
// it at the return address) and the xmm registers. The return address is
// the walk's start pc, not a register of the frame.
func (s *SaveArea) Fill(rs *stackwalk.RegisterSet) {
	rs.Clear()
	for r, v := range s {
		if r != RegRIP {
			rs.Set(uint16(r), v)
		}
	}
}
