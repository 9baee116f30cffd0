//go:build linux

package liveproc_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/livetest"
	"github.com/stackmaps/stackmaps/liveproc"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
)

// BenchmarkLiveWalk walks one parked thread of testdata/live (13 frames:
// libc, park x3, the capture routines, the four llc frames with their
// records, live_thread, libc) through procwalk over the live process's
// memory, evaluating every deopt value and root (Walk.Start and Next):
// allocation-free once the stack's pages are in Memory's cache.
func BenchmarkLiveWalk(b *testing.B) {
	prog := livetest.Start(b, "statepoint")
	p, err := liveproc.Attach(prog.PID)
	if errors.Is(err, liveproc.ErrPermission) {
		b.Skipf("ptrace refused here: %v", err)
	}
	require.NoError(b, err)
	defer p.Detach()
	view, err := p.View()
	require.NoError(b, err)
	w, err := procwalk.Open(view, objfile.ProcessFiles{}, procwalk.Options{})
	require.NoError(b, err)
	defer w.Close()
	th := &view.Threads[len(view.Threads)-1]
	walk := func() int {
		n := 0
		for w.Start(th); w.Next(); n++ {
			fr := w.Frame()
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
		if err := w.Err(); err != nil {
			b.Fatal(err)
		}
		return n
	}
	frames := walk()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		walk()
	}
	b.ReportMetric(float64(frames), "frames/walk")
	b.StopTimer()
	require.NoError(b, p.Detach())
	prog.Finish(b)
}
