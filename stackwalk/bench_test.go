package stackwalk_test

import (
	"strings"
	"testing"

	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// BenchmarkWalk100 walks a 100-frame stack: per frame, the module, the
// CFI row (FDE index), the CFA, the caller's registers and the stack map
// record. With "roots", it also evaluates every frame's deopt values and
// GC roots. With "flat", memory is a stackmap.Memory (which the walker
// reads without interface calls) rather than a MemoryReader of the test's
// own.
func BenchmarkWalk100(b *testing.B) {
	const n = 100
	for _, mode := range []string{"frames", "roots", "frames-flat", "roots-flat"} {
		roots := strings.HasPrefix(mode, "roots")
		b.Run(mode, func(b *testing.B) {
			m, mem, rs := synthetic(b, n)
			var memory stackmap.MemoryReader = mem
			if strings.HasSuffix(mode, "flat") {
				memory = &stackmap.Memory{Addr: mem.base, Data: mem.b}
			}
			w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: memory})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				w.Start(synRet, rs)
				frames := 0
				for w.Next() {
					fr := w.Frame()
					frames++
					if !roots {
						continue
					}
					for i := range fr.NumDeopt() {
						if _, err := fr.Deopt(i); err != nil {
							b.Fatal(err)
						}
					}
					for i := range fr.NumRoots() {
						if _, err := fr.Root(i); err != nil {
							b.Fatal(err)
						}
					}
				}
				if frames != n || w.Err() != nil {
					b.Fatalf("%d frames, %v", frames, w.Err())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/frame")
		})
	}
}
