package main

import (
	"fmt"
	"io"
	"slices"
)

// formats maps --format names to their writers; each lives in its own
// format_*.go file.
var formats = map[string]formatter{"json": writeJSON, "llvm": writeLLVM, "text": writeText}

const dumpUsage = `Usage: stackmaps dump [flags] FILE...

Print the stack maps in each FILE: an ELF, Mach-O (thin or universal) or COFF
object, executable or shared library, or with --raw the bytes of a section
dumped from memory. A section that holds several tables (a linked binary) is
printed table after table.

Formats (--format):
  text   (default) for people: per table its constants, per function its
         symbol, address and stack size, then the function's records: ID in
         decimal and hex, address (function entry + instruction offset), each
         location in words with register names, and live-outs:
           Function #0 kinds_register at 0x0, stack size 8, 1 record
             Record ID 100 (0x64) at 0x7 (+0x7), 3 locations
               #0 Register rax, 8 bytes
               #1 Register esi, 4 bytes
               #2 Register rdx, 8 bytes
         Version 1 tables with several functions list their records after
         the functions (the format does not say which function owns them).
  json   one compact JSON document per file, one a line (JSON Lines; --pretty
         indents); statepoint records spelled out; field names and
         meanings are listed in "stackmaps dump --help-json"
  llvm   exactly what "llvm-readobj --stackmap FILE" prints from its line
         "LLVM StackMap Version: ..." on, for each table in turn

Filters (text and json):
  --function NAME  only this function (symbol name, with or without the
                   leading underscore of Mach-O)
  --id N           only records with this ID (decimal or 0x hex)

--disasm (text and json) shows the instruction at each record's address and,
for a record at a return address (statepoints), the call just before it.
Call and branch targets are named as llvm-objdump names them: <f> or
<f+0x10> from the symbol table (ELF, Mach-O, COFF/PE), in an object the
symbol of the relocation at the instruction, <f@plt> for an ELF PLT stub,
<_f> for a Mach-O __stubs stub.

--unwind (text and json) adds to each record the call frame information
that holds there: the CFA rule and every register the function has saved
by then, with its save slot, from .eh_frame (.debug_frame when no .eh_frame
FDE covers the address; Mach-O: __eh_frame and compact unwind; x64 COFF
and PE: .pdata), relocated in objects as the function addresses are. A statepoint's address is a return address: its
row is the one at address-1, the call (as unwinders look rows up); other
records get the row at their address. Text adds one line per record:
      unwind: CFA=rsp+16 saved: rbx@CFA-24 rbp@CFA-16 rip@CFA-8
(reg@CFA-N saved at CFA-N; reg=CFA-N its value; reg=other in another
register; @expression/=expression DWARF expressions; =undefined), or
"unwind: none (no CFI covers ADDR)". JSON adds "unwind" to every record
(see --help-json). --raw input and - have no CFI: --unwind is an error
for them (exit 2). With --format=llvm, --unwind on a COFF object or PE
image prints, after the stack maps, its Windows x64 unwind data as
llvm-readobj --unwind does (the UnwindInformation block, line for line);
on other files it is an error (exit 1).

Examples:
  stackmaps dump testdata/objects/llvm22/x86_64-elf/kinds.o
  stackmaps dump --function kinds_indirect --id 0x66 testdata/objects/llvm22/x86_64-elf/kinds.o
  stackmaps dump --disasm testdata/linked/x86_64-elf/exe
  stackmaps dump --unwind testdata/objects/llvm22/x86_64-elf/kinds.o
  stackmaps dump --format=json testdata/objects/llvm22/x86_64-elf/kinds.o | python3 -m json.tool
  stackmaps dump --format=llvm testdata/objects/llvm22/x86_64-elf/kinds.o   # = llvm-readobj --stackmap
  stackmaps dump --raw --arch s390x testdata/objects/llvm22/s390x-elf/kinds.stackmaps.bin
  llvm-objcopy-22 --dump-section .llvm_stackmaps=/dev/stdout testdata/objects/llvm22/x86_64-elf/kinds.o | stackmaps dump --raw -

--faultmap prints the fault maps instead (llc -enable-implicit-null-checks:
per function, each faulting load or store and the pc a SIGSEGV handler
resumes at): text, json, or llvm, which is exactly what "llvm-objdump
--fault-map-section FILE" prints from its line "FaultMap table:" on (the
first table of the section, addresses as stored; text and json show every
table, relocated). With --raw FILE is a bare fault map section
(little-endian unless --big-endian).

FILE "-" reads standard input (an object file, or with --raw a section).
--raw finds the section's byte order from its bytes (and says which on
stderr) unless --big-endian or --little-endian says it; --arch names the
registers.

Exit status: 0 success, 1 a file could not be read or decoded (the message
names the byte offset) or --function/--id matched nothing, 2 bad usage.

Flags:
`

func runDump(args []string, stdout, stderr io.Writer) int {
	c := newFileCommand("dump", dumpUsage, []string{"text", "json", "llvm"}, stderr)
	disasm := c.fs.Bool("disasm", false, "text and json formats: show the instruction at each record (and the call before a return address)")
	unwind := c.fs.Bool("unwind", false, "text and json formats: show each record's CFA rule and saved registers, from the file's call frame information; llvm format (COFF and PE): the unwind data as llvm-readobj --unwind prints it")
	c.withBias("load bias added to every code address shown")
	faultMap := c.fs.Bool("faultmap", false, "print the fault maps (.llvm_faultmaps, __LLVM_FAULTMAPS,__llvm_faultmaps) instead of the stack maps; text, json or llvm (as llvm-objdump --fault-map-section)")
	helpJSON := c.fs.Bool("help-json", false, "describe the JSON format's fields and exit")
	files, status, ok := c.parse(args, stdout, stderr)
	if !ok {
		return status
	}
	if *helpJSON {
		io.WriteString(stdout, jsonHelp)
		return exitOK
	}
	if *faultMap {
		if *disasm || *unwind || c.filter.active() || *c.input.archName != "" {
			say(stderr, "stackmaps dump: --faultmap takes no --disasm, --unwind, --function, --id or --arch\n")
			return exitUsage
		}
		w, err := c.openOutput(stdout)
		if err != nil {
			say(stderr, "stackmaps dump: -o: %v\n", err)
			return exitFail
		}
		return c.closeOutput(w, runDumpFaultMap(files, *c.format, c.prettyJSON(), c.input, w, stderr), stderr)
	}
	if *disasm && (*c.format == "llvm" || *c.input.raw || slices.Contains(files, "-")) {
		say(stderr, "stackmaps dump: --disasm needs --format=text or json and an object file by name (not --raw, not -)\n")
		return exitUsage
	}
	if *unwind && (*c.input.raw || slices.Contains(files, "-")) {
		say(stderr, "stackmaps dump: --unwind needs an object file by name (not --raw, not -)\n")
		return exitUsage
	}
	if *c.format == "llvm" && c.filter.active() {
		say(stderr, "stackmaps dump: --function and --id apply to the text and json formats, not llvm\n")
		return exitUsage
	}
	bias := c.bias
	if bias != 0 && *c.format == "llvm" {
		say(stderr, "stackmaps dump: --bias applies to the text and json formats, not llvm\n")
		return exitUsage
	}
	write := formats[*c.format]
	opts := &dumpOptions{format: *c.format, filter: c.filter, disasm: *disasm, unwind: *unwind, pretty: c.prettyJSON()}
	matched := false // a formatter's filters kept a table of some file
	status = c.run(files, stdout, stderr, func(w io.Writer, in *dumpInput) error {
		in.Bias = bias
		if err := in.prepare(opts); err != nil {
			return err
		}
		kept, err := write(w, in, opts)
		matched = matched || kept
		if err == nil && opts.unwind && opts.format == "llvm" {
			err = writeLLVMUnwind(w, in)
		}
		for _, uw := range in.Unwind {
			if uw.err != nil && err == nil {
				err = fmt.Errorf("--unwind: %w", uw.err)
			}
		}
		return err
	})
	if c.filter.active() && !matched && status != exitUsage {
		say(stderr, "stackmaps dump: no function or record matches %s\n", c.filter)
		status = exitFail
	}
	return status
}

// prepare reads what the formats print beside the stack maps: the unwind
// tables (--unwind) and the code readers (--disasm), from the file opened
// once, so that formatters only write.
func (in *dumpInput) prepare(opts *dumpOptions) error {
	var err error
	if opts.unwind {
		if in.Unwind, err = openUnwind(in); err != nil {
			return fmt.Errorf("--unwind: %w", err)
		}
	}
	if opts.disasm && opts.format != "llvm" {
		if in.Code, err = openCode(in); err != nil {
			return err
		}
	}
	return nil
}
