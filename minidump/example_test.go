package minidump_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/stackmaps/stackmaps/minidump"
)

// Example reads the minidump a test program wrote of itself under wine
// (testdata/windows/minidump): its architecture, threads, exception and
// first module.
func Example() {
	f, err := minidump.Open("../testdata/windows/minidump/crash.dmp")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	fmt.Println(f.Arch, len(f.Threads), "threads", len(f.Modules), "modules")
	e := f.Exception
	fmt.Printf("exception 0x%x at 0x%x (write to 0x%x)\n", e.Code, e.Address, e.Information[1])
	for _, t := range f.Threads {
		if t.Excepted {
			fmt.Printf("faulting thread: pc 0x%x\n", t.Regs.PC)
		}
	}
	m := f.Modules[0]
	fmt.Printf("0x%x %s\n", m.Base, m.Name[strings.LastIndex(m.Name, `\`)+1:])
	// Output:
	// x86_64 2 threads 8 modules
	// exception 0xc0000005 at 0x140001c7a (write to 0x0)
	// faulting thread: pc 0x140001c7a
	// 0x140000000 dump.exe
}
