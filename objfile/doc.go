// Package objfile opens any object file this library reads, once, and
// answers what tools and runtimes ask of it: its LLVM stack map sections,
// its unwind tables (through the format's reader: ELF, MachO, PE), a
// symbol map (address -> function name and offset) and its code bytes.
// ELF, Mach-O (thin, and universal with one image per slice), COFF objects
// and PE images are told apart by their content, not their name:
//
//	f, err := objfile.Open("prog.o")
//	if err != nil { ... }
//	defer f.Close()
//	for _, sd := range f.Sections {
//		sec, err := sd.Parse()
//		...
//	}
//
// What is decoded from a File stays valid after Close (see File.Close).
//
// Failures match the same sentinels whatever the format: errors.Is(err,
// objfile.ErrNoSection) for an object file without stack maps,
// errors.Is(err, objfile.ErrNotObject) for bytes that are not an object
// file this package reads. Errors about the file's structure are
// *stackmap.FileError, naming what was being read and its file offset.
//
// The format-specific readers (packages elfsection, machosection and
// pesection) do the work; use them directly to start from a debug/elf,
// debug/macho or debug/pe file of your own (their FromFile).
//
// # Layout
//
// objfile is the top of the file layer: a question about a file is asked
// of objfile, which answers it once for every format, through one
// unexported adapter per format. The module's packages keep these rules,
// which TestLayout checks over every non-test file (whatever its build
// tags):
//
//   - debug/* is imported by the three locators only: elfsection,
//     machosection and pesection.
//   - golang.org/x/arch is imported by disasm only.
//   - Nothing below objfile imports a locator or objfile, directly or
//     not. Below objfile are regs, cfi, compactunwind, stackmap, unwind,
//     lint, stackwalk, faultmap, frameslots, linuxregs, disasm, the
//     internal packages (but objfile's import cost probe), and the
//     process readers: corefile and liveproc (which
//     read cores and /proc themselves) and procwalk, which objfile
//     imports (procwalk opens a process's files through the
//     procwalk.Files that ProcessFiles implements). Only objfile and the
//     clients (the tool under cmd/, examples/, perf/) import a locator.
//   - No package but objfile and the locators calls ELF(), MachO() or
//     PE(): the format's own reader is objfile's to ask.
//   - Nothing imports cmd/ or perf/.
//
// A known exception is listed in TestLayout with its reason
// (examples/deopt reads a data symbol through debug/elf).
package objfile
