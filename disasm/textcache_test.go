package disasm

import (
	"debug/elf"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
)

// TestInsnTextsSameAsDecoding: at every instruction of the checked-in
// x86_64 ELF files' code, the cache gives what formatting the instruction
// there gives, both when it formats (a miss) and when it remembers (a hit
// from the same bytes at another address, as for another function: each
// instruction is decoded at its own address, then 0x70000000 on).
func TestInsnTextsSameAsDecoding(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(td, "objects/*/x86_64-elf/*.o"))
	require.NoError(t, err)
	files = append(files, filepath.Join(td, "linked/x86_64-elf/exe"))
	var c insnTexts
	checked := 0
	for _, name := range files {
		f, err := elf.Open(name)
		require.NoError(t, err)
		for _, s := range f.Sections {
			if s.Flags&elf.SHF_EXECINSTR == 0 || s.Type != elf.SHT_PROGBITS {
				continue
			}
			code, err := s.Data()
			require.NoError(t, err)
			for p := 0; p < len(code); {
				for _, pc := range []uint64{s.Addr + uint64(p), 0x7000_0000 + uint64(p)} {
					got, gotOK := c.decode(regs.X86_64, nil, code[p:], pc)
					want, wantOK := decode(regs.X86_64, nil, code[p:], pc, true)
					require.Equal(t, wantOK, gotOK, "%s %s+%#x", name, s.Name, p)
					require.Equal(t, want, got, "%s %s+%#x", name, s.Name, p)
					checked++
				}
				n := 1
				if in, ok := decode(regs.X86_64, nil, code[p:], 0, false); ok && in.Len > 0 {
					n = in.Len
				}
				p += n
			}
		}
		f.Close()
	}
	t.Logf("%d decodes, %d cached entries", checked, len(c.m))
	assert.Greater(t, len(c.m), 100)
	assert.Greater(t, checked, 2000)
}
