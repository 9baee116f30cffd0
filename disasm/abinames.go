package disasm

import (
	"strings"

	"github.com/stackmaps/stackmaps/regs"
)

// riscvABINames rewrites the architectural register names x/arch prints
// (x1, x10, f8) into the ABI names the rest of the output and llvm-objdump
// use (ra, a0, fs0): one naming scheme per architecture. Anything else in
// the text is left as it is.
func riscvABINames(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		c := text[i]
		j := i + 1
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		boundary := (i == 0 || !isWordByte(text[i-1])) && (j == len(text) || !isWordByte(text[j]))
		if (c == 'x' || c == 'f') && j > i+1 && j-i <= 3 && boundary {
			n := 0
			for _, d := range text[i+1 : j] {
				n = n*10 + int(d-'0')
			}
			if c == 'f' {
				n += 32 // DWARF f0 is 32
			}
			if name, ok := regs.PreferredName(regs.RISCV64, uint16(n)); ok && n < 64 {
				b.WriteString(name)
				i = j
				continue
			}
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
