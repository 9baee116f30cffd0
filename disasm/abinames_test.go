package disasm

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
