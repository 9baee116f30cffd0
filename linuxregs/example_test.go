package linuxregs_test

import (
	"encoding/binary"
	"fmt"

	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/regs"
)

// Decode the general-purpose registers of an x86_64 thread, as a core's
// NT_PRSTATUS note holds them (from its pr_reg field) or as
// PTRACE_GETREGSET NT_PRSTATUS gives them, and look registers up by DWARF
// number.
func ExampleDecodeGPR() {
	b := make([]byte, linuxregs.GPRSize(regs.X86_64)) // struct user_regs_struct
	binary.LittleEndian.PutUint64(b[5*8:], 0x1122)    // rbx
	binary.LittleEndian.PutUint64(b[16*8:], 0x401000) // rip
	binary.LittleEndian.PutUint64(b[19*8:], 0x7ffe00) // rsp

	var s linuxregs.Set
	if err := linuxregs.DecodeGPR(regs.X86_64, b, &s); err != nil {
		fmt.Println(err)
		return
	}
	rbx, _ := regs.Lookup(regs.X86_64, "rbx")
	v, ok := s.Register(rbx)
	fmt.Printf("pc %#x sp %#x rbx %#x %v, %d registers\n", s.PC, s.SP, v, ok, s.Len())

	err := linuxregs.DecodeGPR(regs.X86_64, b[:100], &s)
	fmt.Println(err)
	// Output:
	// pc 0x401000 sp 0x7ffe00 rbx 0x1122 true, 20 registers
	// linuxregs: NT_PRSTATUS of x86_64: register set too short: 100 bytes, want 216
}
