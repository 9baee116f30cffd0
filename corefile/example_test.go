package corefile_test

import (
	"fmt"
	"log"

	"github.com/stackmaps/stackmaps/corefile"
)

// Open a core file, say which thread crashed and where every thread
// stopped, and read the word at the crashed thread's stack pointer. (The
// core comes from the command line in a real program; this example is
// compiled, not run: a core is made by crashing a program, see
// testdata/core.)
func ExampleOpen() {
	f, err := corefile.Open("core")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	fmt.Printf("%s core of %s, %d threads\n", f.Arch, f.ProgName, len(f.Threads))
	for i, t := range f.Threads {
		crashed := ""
		if i == f.Crashed() {
			crashed = ", crashed"
		}
		fmt.Printf("thread %d signal %d pc %#x sp %#x%s\n", t.TID, t.Signal, t.Regs.PC, t.Regs.SP, crashed)
	}
	c := f.Crashed()
	if c < 0 {
		return // no thread received a signal (gdb's core of a live process)
	}
	t := f.Threads[c]
	top, err := f.ReadUint(t.Regs.SP, 8, f.ByteOrder)
	if err != nil {
		log.Fatal(err) // a *corefile.MemoryError: the address is not in the core
	}
	fmt.Printf("word at sp: %#x\n", top)
}
