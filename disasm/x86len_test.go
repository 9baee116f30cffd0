package disasm

import (
	"debug/elf"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/arch/x86/x86asm"
)

// checkX86Len requires that x86Len, when it answers for code, says what
// x86asm decodes there. It reports whether x86Len answered.
func checkX86Len(t *testing.T, code []byte, where string) bool {
	t.Helper()
	n, call, known := x86Len(code)
	if !known {
		return false
	}
	in, err := x86asm.Decode(code, 64)
	if err != nil {
		t.Fatalf("%s: % x: x86Len says %d bytes, x86asm: %v", where, code[:min(len(code), 15)], n, err)
	}
	if in.Len != n || (in.Op == x86asm.CALL) != call {
		t.Fatalf("%s: % x: x86Len says %d bytes, call %v; x86asm: %d bytes, %v", where, code[:min(len(code), 15)], n, call, in.Len, in)
	}
	return true
}

// TestX86LenObjects walks the code of every checked-in x86_64 ELF file
// instruction by instruction (as --disasm does) and checks x86Len at each
// boundary. It must answer for most of them: the rest are AVX (VEX and
// EVEX encodings), left to x86asm.
func TestX86LenObjects(t *testing.T) {
	var files []string
	for _, glob := range []string{"objects/*/x86_64-elf/*.o", "linked/x86_64-elf/*", "reloc/*/x86_64-elf*.o"} {
		m, err := filepath.Glob(filepath.Join(td, glob))
		require.NoError(t, err)
		files = append(files, m...)
	}
	total, known := 0, 0
	for _, name := range files {
		if strings.Contains(filepath.Base(name), ".") && !strings.HasSuffix(name, ".o") {
			continue // dumps and listings beside the binaries
		}
		f, err := elf.Open(name)
		if err != nil {
			continue
		}
		for _, s := range f.Sections {
			if s.Flags&elf.SHF_EXECINSTR == 0 || s.Type != elf.SHT_PROGBITS {
				continue
			}
			code, err := s.Data()
			require.NoError(t, err)
			for p := 0; p < len(code); {
				total++
				if checkX86Len(t, code[p:], name+" "+s.Name) {
					known++
				}
				in, err := x86asm.Decode(code[p:], 64)
				if err != nil || in.Len == 0 {
					p++
					continue
				}
				p += in.Len
			}
		}
		f.Close()
	}
	t.Logf("%d instructions in %d files, x86Len knew %d", total, len(files), known)
	require.Greater(t, total, 1000)
	require.Greater(t, known*100, total*80, "x86Len should know at least 80%% of the instructions")
}

// TestX86LenEncodings checks x86Len against x86asm over every one- and
// two-byte opcode with every ModRM byte under a set of prefixes, and over
// random bytes biased towards prefixes.
func TestX86LenEncodings(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	tail := make([]byte, 16)
	prefixes := [][]byte{nil, {0xf2}, {0xf3}, {0xf2, 0x48}, {0x66, 0xf3}, {0xf3, 0x66}, {0x48}, {0x41}, {0x4c}, {0x66}, {0x66, 0x48}, {0x2e}, {0x66, 0x2e}, {0x66, 0x66, 0x2e}, {0x64, 0x48}, {0x40}}
	buf := make([]byte, 0, 32)
	known := 0
	for _, pre := range prefixes {
		for _, twoByte := range []bool{false, true} {
			for op := 0; op < 256; op++ {
				for modrm := 0; modrm < 256; modrm++ {
					rng.Read(tail)
					buf = append(append(buf[:0], pre...), 0)
					if twoByte {
						buf[len(buf)-1] = 0x0f
						buf = append(buf, 0)
					}
					buf[len(buf)-1] = byte(op)
					buf = append(append(buf, byte(modrm)), tail...)
					if checkX86Len(t, buf, "encoding") {
						known++
					}
					for k := 0; k < len(buf); k++ { // truncated: never more than there is
						if n, _, ok := x86Len(buf[:k]); ok && n > k {
							t.Fatalf("% x: %d bytes claimed", buf[:k], n)
						}
					}
				}
			}
		}
	}
	require.Greater(t, known, 100000)
	picks := []byte{0x66, 0x67, 0xf0, 0xf2, 0xf3, 0x2e, 0x3e, 0x26, 0x36, 0x64, 0x65, 0x40, 0x41, 0x48, 0x49, 0x4c, 0x4f, 0x0f, 0xff, 0xe8, 0xc7, 0xf7}
	n := 200000
	if testing.Short() || os.Getenv("STACKMAPS_QUICK") != "" {
		n = 20000
	}
	for range n {
		code := make([]byte, 1+rng.Intn(18))
		rng.Read(code)
		for i := range code {
			if rng.Intn(3) == 0 {
				code[i] = picks[rng.Intn(len(picks))]
			}
		}
		checkX86Len(t, code, "random")
	}
}

// BenchmarkX86Len compares x86Len with x86asm.Decode over the checked-in
// linked binary's code.
func BenchmarkX86Len(b *testing.B) {
	f, err := elf.Open(filepath.Join(td, "linked/x86_64-elf/exe"))
	require.NoError(b, err)
	defer f.Close()
	code, err := f.Section(".text").Data()
	require.NoError(b, err)
	walk := func(b *testing.B, step func([]byte) int) {
		b.ReportAllocs()
		for range b.N {
			for p := 0; p < len(code); {
				p += max(step(code[p:]), 1)
			}
		}
	}
	b.Run("x86Len", func(b *testing.B) {
		walk(b, func(c []byte) int {
			if n, _, ok := x86Len(c); ok {
				return n
			}
			in, _ := x86asm.Decode(c, 64)
			return in.Len
		})
	})
	b.Run("x86asm", func(b *testing.B) {
		walk(b, func(c []byte) int { in, _ := x86asm.Decode(c, 64); return in.Len })
	})
}
