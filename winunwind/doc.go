// Package winunwind decodes Windows unwind data. x64 (NewX64): the RUNTIME_FUNCTION
// entries of a .pdata section and the UNWIND_INFO records (versions 1
// and 2) they point to, with every unwind code, chained entries and the
// epilog codes of version 2. It states what they say at any code address
// of a function (in the prolog, partly executed; in the body; in an
// epilog) as a Rule: where the canonical frame address (the caller's stack
// pointer) and the return address are, and where each saved register is,
// every location a DWARF register plus an offset, as package cfi and
// unwind speak of them.
//
// The semantics are those of the Windows unwinder (RtlVirtualUnwind): the
// prolog codes whose instruction has run apply; an epilog is recognized
// from the instructions at the address (version 1: add/lea rsp, pops, and
// a ret or a jump out of the function) or from the epilog codes (version
// 2), and is emulated forward; chained entries continue with their
// parent's codes.
//
// ARM64 (NewARM64): the 8-byte .pdata entries and their .xdata records
// (epilog scopes or the packed epilog, every unwind code, save_next runs);
// every code is one instruction, so the instruction index of an address
// says how much of the prolog has run or where in an epilog it is. Packed
// entries (no .xdata) stand for the canonical prolog and epilog of
// Microsoft's document (ARM64Packed.Prolog), decoded the same way.
//
// Decoding is zero-copy: a Table is a view over the .pdata bytes and the
// image's sections (by relative virtual address, RVA), checked when it is
// made and per record when a lookup reads it. Lookups allocate nothing and
// take O(log n). Malformed input never panics: a *FormatError names the
// RVA, the record and what is wrong; it wraps ErrFormat.
//
// The package reads no file format: the caller (package objfile) hands
// it the sections of a PE image, or of a COFF object laid out and
// relocated as an image.
package winunwind
