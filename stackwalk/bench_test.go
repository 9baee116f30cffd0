package stackwalk_test

import (
	"testing"

	"github.com/stackmaps/stackmaps/stackwalk"
)

// BenchmarkWalk100 walks a 100-frame stack: per frame, the module, the
// CFI row (FDE index), the CFA, the caller's registers and the stack map
// record. With "roots", it also evaluates every frame's deopt values and
// GC roots.
func BenchmarkWalk100(b *testing.B) {
	const n = 100
	for _, roots := range []bool{false, true} {
		name := "frames"
		if roots {
			name = "roots"
		}
		b.Run(name, func(b *testing.B) {
			m, mem, rs := synthetic(b, n)
			w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: mem})
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
