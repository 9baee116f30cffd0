//go:build linux && amd64

package linuxregs

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"syscall"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
)

// TestX86_64AgainstPtraceRegs decodes the bytes of the standard library's
// syscall.PtraceRegs (the kernel's struct user_regs_struct, which
// PTRACE_GETREGSET NT_PRSTATUS fills) and checks every named field against
// the DWARF number of the register it holds.
func TestX86_64AgainstPtraceRegs(t *testing.T) {
	var pr syscall.PtraceRegs
	v := reflect.ValueOf(&pr).Elem()
	for i := range v.NumField() {
		v.Field(i).SetUint(0x100 + uint64(i))
	}
	var buf bytes.Buffer
	require.NoError(t, binary.Write(&buf, binary.LittleEndian, &pr))
	require.Equal(t, int(unsafe.Sizeof(pr)), GPRSize(regs.X86_64))
	var s Set
	require.NoError(t, DecodeGPR(regs.X86_64, buf.Bytes(), &s))
	names := map[string]string{"Rax": "rax", "Rdx": "rdx", "Rcx": "rcx", "Rbx": "rbx", "Rsi": "rsi", "Rdi": "rdi",
		"Rbp": "rbp", "Rsp": "rsp", "R8": "r8", "R9": "r9", "R10": "r10", "R11": "r11", "R12": "r12", "R13": "r13",
		"R14": "r14", "R15": "r15", "Rip": "rip"}
	for field, name := range names {
		r, ok := regs.Lookup(regs.X86_64, name)
		require.True(t, ok, name)
		got, ok := s.Register(r)
		assert.True(t, ok, name)
		assert.Equal(t, v.FieldByName(field).Uint(), got, name)
	}
	assert.Equal(t, pr.Rip, s.PC)
	assert.Equal(t, pr.Rsp, s.SP)
}
