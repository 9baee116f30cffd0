// Command gen writes the data perf/run.sh measures on. Nothing it writes
// belongs in the repository: run.sh puts it in a temporary directory.
//
//	gen synth  -o OUT [-records N] [-seed S] [-regular]   synthetic single-table v3 section
//	gen repeat -o OUT [-mb M] SECTION.bin...   real tables repeated to about M megabytes
//	gen ir     -o OUT [-funcs N] [-per K]      IR for llc-22: N functions, K stackmaps each
//
// Every generator is deterministic: the same flags give the same bytes. Each
// prints one key=value line about what it wrote.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "synth":
		err = runSynth(args)
	case "repeat":
		err = runRepeat(args)
	case "ir":
		err = runIR(args)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: gen synth|repeat|ir -o OUT [flags] (see the package comment)")
	os.Exit(2)
}
