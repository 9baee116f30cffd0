// Command importcost imports every package a runtime reading stack maps
// may import (stackmap, unwind, stackwalk, objfile, the locators, regs,
// and the fault map and core file readers) and does nothing
// else. The objfile tests build it and run it with GODEBUG=inittrace=1 to
// show that importing them allocates nothing at initialization.
package main

import (
	_ "github.com/stackmaps/stackmaps/corefile"
	_ "github.com/stackmaps/stackmaps/elfsection"
	_ "github.com/stackmaps/stackmaps/faultmap"
	_ "github.com/stackmaps/stackmaps/linuxregs"
	_ "github.com/stackmaps/stackmaps/machosection"
	_ "github.com/stackmaps/stackmaps/objfile"
	_ "github.com/stackmaps/stackmaps/pesection"
	_ "github.com/stackmaps/stackmaps/regs"
	_ "github.com/stackmaps/stackmaps/stackmap"
	_ "github.com/stackmaps/stackmaps/stackwalk"
	_ "github.com/stackmaps/stackmaps/unwind"
)

func main() {}
