package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDisasmPPC64ELFv1Object: in a 64-bit PowerPC ELFv1 object the
// function symbols name descriptors in .opd; --disasm must find the code in
// .text at each descriptor's entry. The instructions are those
// powerpc64-linux-gnu-objdump -d shows at 0x14 and 0x54.
func TestDisasmPPC64ELFv1Object(t *testing.T) {
	out, stderr, status := runTool("dump", "--disasm", "../../testdata/objects/llvm14/ppc64-elf/kinds.o")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "Record ID 100 (0x64) at 0x14 (+0x14), 3 locations\n      insn   0x14: addi r1,r1,64\n")
	assert.Contains(t, out, "Function #1 kinds_direct at 0x18 (entry 0x34)")
	assert.Contains(t, out, "insn   0x54: addi r1,r1,160\n")
	assert.NotContains(t, out, "no code")
}
