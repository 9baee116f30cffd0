// Package corefile reads Linux ELF core files of 64-bit processes (x86_64,
// AArch64, PowerPC64 in both byte orders, s390x, RISC-V 64), as the kernel,
// gdb's generate-core-file and qemu-user write them: the threads with their
// registers (NT_PRSTATUS, NT_FPREGSET, decoded by package linuxregs), the
// signal, the auxiliary vector (NT_AUXV), the mapped files (NT_FILE) and the
// process's memory from the PT_LOAD segments.
//
// Memory is read without copying, from a read-only mapping of the core file
// (Open maps it; a core under 1 MiB is read onto the heap once): Bytes gives
// a slice of it, ReadMemory and ReadUint (a stackmap.MemoryReader and
// stackmap.UintReader) copy from it. An address that no PT_LOAD segment holds
// in the file (not dumped, or not mapped) is an error naming the address.
//
// Every size and count the file claims (segments, notes, NT_FILE entries) is
// checked against the file's size before anything is allocated: a hostile
// core is refused cheaply. Errors about the file's structure are
// *stackmap.FileError naming what was being read and its file offset, and
// match ErrFormat.
package corefile
