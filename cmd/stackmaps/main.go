// Command stackmaps decodes and inspects LLVM stack map sections in object
// files, linked binaries and raw section dumps.
//
// Usage:
//
//	stackmaps <command> [flags] [arguments]
//
// Run "stackmaps --help" for the list of commands and "stackmaps <command>
// --help" for each command's flags and examples.
//
// Exit status: 0 on success, 1 when a file cannot be read or decoded (or a
// check has findings), 2 on bad usage; lookup and diff answer as grep
// does: 0 every address had a record (no difference), 1 some had none
// (the builds differ), 2 an error.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// command is one subcommand of the tool.
type command struct {
	name    string
	summary string
	formats []string // the --format values, the default first (nil: no --format)
	run     func(args []string, stdout, stderr io.Writer) int
}

// commands lists the subcommands in alphabetical order, as --help and the
// completion scripts show them. Each is implemented in its own cmd_*.go
// file.
var commands = []command{
	{name: "build", summary: "write a stack map section from the JSON dump --format=json writes", run: runBuild},
	{name: "check", summary: "lint stack maps: duplicate functions and records, records past their function, unused constants, bad statepoints, impossible registers and sizes",
		formats: []string{"text", "json"}, run: runCheck},
	{name: "completion", summary: "print a bash, zsh or fish completion script", run: runCompletion},
	{name: "diff", summary: "compare the stack maps of two builds: functions, records and their locations, live-outs, statepoints",
		formats: []string{"text", "json"}, run: runDiff},
	{name: "dump", summary: "print the stack maps of object files, binaries or raw sections", formats: []string{"text", "json", "llvm"}, run: runDump},
	{name: "frame", summary: "draw the stack frame at a record: saved registers and the slots its locations point at",
		formats: []string{"text", "json"}, run: runFrame},
	{name: "lookup", summary: "answer code addresses (or a backtrace on stdin): the function and stack map record(s) at each",
		formats: []string{"text", "json", "line"}, run: runLookup},
	{name: "regs", summary: "print an architecture's DWARF register numbers and names", run: runRegs},
	{name: "stack", summary: "walk every thread of a core file or a live process: each frame's stack map record, deopt values and GC roots",
		formats: []string{"text", "json"}, run: runStack},
	{name: "stats", summary: "count functions, records, locations and bytes per table", formats: []string{"text", "json"}, run: runStats},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command line args, writing to stdout and stderr, and
// returns the exit status. A failed write to stdout (a full disk, a closed
// pipe) that the command did not report itself is reported here: no
// command exits 0 with its output lost.
func run(args []string, stdout, stderr io.Writer) int {
	out := &output{w: stdout}
	status := runCommand(args, out, stderr)
	if err := out.Close(); err != nil && status == exitOK {
		say(stderr, "stackmaps: writing the output: %v\n", err)
		status = exitFail
	}
	return status
}

func runCommand(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-version", "--version", "version":
		writeVersion(stdout)
		return exitOK
	case "-h", "-help", "--help", "help":
		if len(args) > 1 && args[0] == "help" {
			return runCommand([]string{args[1], "--help"}, stdout, stderr)
		}
		usage(stdout)
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	say(stderr, "stackmaps: unknown command \"%s\" (commands: %s; see stackmaps --help)\n", args[0], commandList())
	return exitUsage
}

// commandList names the commands, comma-separated.
func commandList() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

func usage(w io.Writer) {
	fmt.Fprint(w, `stackmaps decodes LLVM stack map sections (.llvm_stackmaps in ELF and COFF,
__LLVM_STACKMAPS,__llvm_stackmaps in Mach-O) from object files, linked
binaries and raw section dumps.

Usage:
  stackmaps <command> [flags] [arguments]

Commands:
`)
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprint(w, `
Examples:
  stackmaps dump testdata/objects/llvm22/x86_64-elf/kinds.o        # readable text
  stackmaps dump --format=json testdata/linked/x86_64-elf/exe      # JSON Lines
  stackmaps dump --format=llvm testdata/linked/x86_64-elf/exe      # = llvm-readobj --stackmap
  stackmaps dump --disasm --function la_hidden testdata/linked/x86_64-elf/exe
  stackmaps check testdata/linked/x86_64-elf/libstackmaps.so       # lint: exit 1 on findings
  stackmaps stats testdata/linked/x86_64-elf/libstackmaps.so       # what the stack maps cost
  stackmaps dump --raw testdata/linked/x86_64-elf/exe.stackmaps.bin  # a section from memory
  stackmaps lookup testdata/linked/x86_64-elf/exe 0x401237         # the record(s) at an address
  stackmaps diff testdata/objects/llvm19/x86_64-elf/constants.o testdata/objects/llvm22/x86_64-elf/constants.o
  cat testdata/linked/x86_64-elf/exe | stackmaps dump -            # FILE - is standard input
(paths are files of the source repository's testdata)

Run "stackmaps <command> --help" for a command's flags, "stackmaps
--version" for the version.
Exit status: 0 success, 1 unreadable or undecodable input (or check findings),
2 bad usage; lookup and diff: 0 every address had a record / no difference,
1 some had none / the builds differ, 2 an error.
`)
}
