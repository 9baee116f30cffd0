package liveproc_test

import (
	"errors"
	"fmt"
	"log"

	"github.com/stackmaps/stackmaps/liveproc"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
)

// Stop a running process, print every thread's frames with their stack
// map records' GC roots, and let it run on.
func Example() {
	pid := 4242 // the process to look at
	p, err := liveproc.Attach(pid)
	switch {
	case errors.Is(err, liveproc.ErrPermission):
		log.Fatalf("not allowed to trace %d: %v", pid, err)
	case err != nil:
		log.Fatal(err)
	}
	defer p.Detach() // the threads run on

	view, err := p.View()
	if err != nil {
		log.Fatal(err)
	}
	w, err := procwalk.Open(view, objfile.ProcessFiles{}, procwalk.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	for i := range view.Threads {
		th := &view.Threads[i]
		fmt.Printf("thread %d\n", th.TID)
		for fr, err := range w.Frames(th) {
			if err != nil {
				fmt.Println("  walk failed:", err)
				break
			}
			name, off, _ := w.FrameSymbol(fr)
			fmt.Printf("  #%d %#x %s+%#x cfa %#x\n", fr.Index, fr.PC, name, off, fr.CFA)
			for r := range fr.NumRoots() {
				root, err := fr.Root(r)
				if err != nil {
					fmt.Printf("    root %d: %v\n", r, err)
					continue
				}
				addr, inMemory := root.Base.UpdateAddr()
				fmt.Printf("    root %d: %#x (in memory %v at %#x)\n", r, root.Base.Bits, inMemory, addr)
			}
		}
	}
}
