// Package minidump reads Windows minidump files (MDMP, as dbghelp's
// MiniDumpWriteDump, Windows Error Reporting, Crashpad and Breakpad write
// them) of 64-bit processes on x64 and ARM64: the stream directory, the
// threads (ThreadListStream, ThreadExListStream) with their registers
// decoded from the thread contexts (CONTEXT for AMD64, ARM64_NT_CONTEXT),
// the loaded modules (ModuleListStream: base address, size, name), the
// exception (ExceptionStream: the faulting thread and its context at the
// fault), the processor architecture (SystemInfoStream) and the process's
// memory (MemoryListStream, Memory64ListStream).
//
// A thread's registers are a linuxregs.Set by DWARF register number, the
// numbering every unwinder of this module speaks (x64: rax 0, rdx 1,
// rcx 2, rbx 3, rsi 4, rdi 5, rbp 6, rsp 7, r8-r15 8-15, rip 16,
// xmm0-xmm15 17-32 by their low 64 bits; ARM64: x0-x30 0-30, sp 31,
// v0-v31 64-95 by their low 64 bits), so that package procwalk walks a
// minidump's threads as it walks a Linux core's.
//
// Memory is read without copying, from the bytes the File was read from
// (Open maps the file): Bytes gives a slice of it, ReadMemory and
// ReadUint (a stackmap.MemoryReader and stackmap.UintReader, through
// stackmap.MemoryRegions) copy from it without allocating.
//
// Every count and location the file claims is checked against the file's
// size and its stream's size before anything is allocated, so a hostile
// dump is refused cheaply; overlapping memory ranges and a stream type
// given twice are refused. Errors about the file's structure are
// *stackmap.FileError naming what was being read (the stream, the entry)
// and its file offset, and match ErrFormat.
package minidump
