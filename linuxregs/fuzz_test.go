package linuxregs

import (
	"testing"

	"github.com/stackmaps/stackmaps/regs"
)

// FuzzDecode decodes arbitrary bytes as each architecture's register sets
// and ucontext_t:
// a set is refused when short, never a panic, and a decoded set's SP is its
// stack pointer register. Seeds: testdata/fuzz/FuzzDecode.
func FuzzDecode(f *testing.F) {
	f.Add(uint8(regs.X86_64), make([]byte, 216))
	f.Add(uint8(regs.S390X), make([]byte, 100))
	f.Fuzz(func(t *testing.T, arch uint8, b []byte) {
		a := regs.Arch(arch)
		var s Set
		if err := DecodeGPR(a, b, &s); err != nil {
			if len(b) >= GPRSize(a) && GPRSize(a) != 0 {
				t.Fatalf("refused %d bytes: %v", len(b), err)
			}
			return
		}
		sp := regs.RolesOf(a).StackPointer
		if v, ok := s.Register(sp); !ok || v != s.SP {
			t.Fatalf("SP %#x, register %d %#x %v", s.SP, sp, v, ok)
		}
		_ = DecodeFP(a, b, &s)
		if err := DecodeUcontext(a, b, &s); err == nil && len(b) < UcontextSize(a) {
			t.Fatalf("decoded a ucontext_t from %d bytes", len(b))
		}
		_, _ = UcontextFPAddr(a, b)
	})
}
