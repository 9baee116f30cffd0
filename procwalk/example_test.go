package procwalk_test

import (
	"fmt"
	"log"

	"github.com/stackmaps/stackmaps/corefile"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
)

// Walk the crashed thread of a core file and print every frame that has a
// stack map record, with its deopt values. The executable is given (its
// path in the core may not exist here); libraries are read from their
// paths, or under Options.Sysroot for a foreign architecture's.
func Example() {
	f, err := corefile.Open("core")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	p := procwalk.FromCore(f)
	w, err := procwalk.Open(p, objfile.ProcessFiles{}, procwalk.Options{Exe: "./prog"})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	t := &p.Threads[max(f.Crashed(), 0)]
	for w.Start(t); w.Next(); { // no allocation per frame
		fr := w.Frame()
		name, off, _ := w.FrameSymbol(fr)
		fmt.Printf("#%d %#x %s+%#x cfa %#x\n", fr.Index, fr.PC, name, off, fr.CFA)
		if !fr.HasRecord() {
			continue
		}
		for i := range fr.NumDeopt() {
			v, err := fr.Deopt(i)
			if err != nil {
				fmt.Printf("    deopt %d: unknown (%v)\n", i, err)
				continue
			}
			fmt.Printf("    deopt %d = %#x (%v)\n", i, v.Bits, v.Home)
		}
	}
	if err := w.Err(); err != nil {
		fmt.Println("walk failed:", err)
	}
}
