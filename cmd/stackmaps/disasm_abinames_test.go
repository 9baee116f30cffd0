package main

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRISCVABINames(t *testing.T) {
	for in, want := range map[string]string{
		"ld x1,40(x2)": "ld ra,40(sp)",
		"mv x10,x8":    "mv a0,s0",
		"jalr x1":      "jalr ra",
		"fld f8,0(x2)": "fld fs0,0(sp)",
		"addi x0,x0,0": "addi zero,zero,0",
		"csrr x5,fcsr": "csrr t0,fcsr",
		"lui x31,0x12": "lui t6,0x12",
	} {
		assert.Equal(t, want, riscvABINames(in), in)
	}
}

// No architectural x or f name is left in a riscv64 --disasm dump.
func TestRISCVDisasmUsesABINames(t *testing.T) {
	out, stderr, status := runTool("dump", "--disasm", objectPath("llvm22/riscv64-elf/kinds.o"))
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "jalr ra")
	assert.NotRegexp(t, regexp.MustCompile(`\b[xf][0-9]{1,2}\b`), out)
}
