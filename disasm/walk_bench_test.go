package disasm

import (
	"debug/elf"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
)

// BenchmarkWalkerSite asks for the Site at every 8th instruction of the
// checked-in x86_64 executable's .text, in order, as --disasm asks for a
// function's records: one op is one pass (the walk starts again at each
// pass; formatted texts are kept).
func BenchmarkWalkerSite(b *testing.B) {
	f, err := elf.Open(td + "linked/x86_64-elf/exe")
	require.NoError(b, err)
	defer f.Close()
	text, err := f.Section(".text").Data()
	require.NoError(b, err)
	var offs []uint32
	for p, n := 0, 0; p < len(text); n++ {
		in, ok := decode(regs.X86_64, nil, text[p:], 0, false)
		if !ok {
			in.Len = 1
		}
		if n%8 == 0 {
			offs = append(offs, uint32(p))
		}
		p += in.Len
	}
	c := &Code{Arch: regs.X86_64, Bytes: text, Entry: f.Section(".text").Addr, Section: -1}
	var w Walker
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, off := range offs {
			w.Site(c, off)
		}
	}
	b.ReportMetric(float64(len(offs)), "sites/op")
}
