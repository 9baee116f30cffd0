// Package cfi decodes DWARF call frame information: the .eh_frame section
// (with its .eh_frame_hdr search table) and the .debug_frame section.
//
// A [Section] is a zero-copy view over the section bytes. It finds the
// frame description entry (FDE) that covers a program counter
// ([Section.FindFDE], a binary search through .eh_frame_hdr when one is
// given, a linear scan otherwise, or through an [Index] built once;
// [Section.NewFinder] picks the table or an Index). [New] checks the
// .eh_frame_hdr table's order once: an unsorted one is not trusted
// ([Section.HdrErr], [ErrHdrOrder]). A Section also computes the unwind
// row for a PC ([Section.RowAt]): the rule for the canonical frame address (CFA) and a rule
// for every register (undefined, same value, saved at CFA+N, value CFA+N, in
// another register, or a DWARF expression). Row computation allocates
// nothing: the caller supplies an [Unwinder], which holds the row, the CIE's
// initial row (for DW_CFA_restore) and a fixed-depth DW_CFA_remember_state
// stack.
//
// Supported: 32- and 64-bit DWARF, both byte orders, CIE versions 1, 3 and 4,
// every DW_EH_PE pointer encoding, the augmentations "z", "R", "P", "L",
// "S", "B", "G" and the old "eh", and every DW_CFA instruction that LLVM and
// GCC emit (including DW_CFA_MIPS_advance_loc8, DW_CFA_GNU_args_size,
// DW_CFA_GNU_negative_offset_extended and AArch64's negate_ra_state, 0x2d).
// DWARF expressions are kept as byte slices into the section; [EvalExpr]
// evaluates the common operations.
//
// Register numbers are uint16, as everywhere in this module (packages regs,
// stackmap, stackwalk); a larger one in a rule is an error. LEB128 numbers
// with significant bits past the 64th are errors ([ErrLEB128]), not
// truncated.
//
// Bounds: register rules are kept for DWARF register numbers below [MaxRegs]
// (128), which covers the general purpose, floating point and vector
// registers of x86_64, AArch64, PowerPC64, s390x and RISC-V; a rule for a
// higher register number is an error ([ErrRegister]). DW_CFA_remember_state
// nests at most [MaxStateDepth] deep ([ErrStateStack]).
//
// Relocatable objects: the section bytes are used as they are. Their
// .eh_frame pc_begin fields (and, in .debug_frame, CIE pointers and
// addresses) are relocated by the linker; apply the relocations first
// (with sections at their intended addresses) or the FDE ranges are the
// unrelocated field values. elfsection's File.Frames does that for
// ELF objects, with every section at 0 as for stack map function
// addresses.
//
// Malformed input never panics. Every error is a *[Error] carrying the byte
// offset in the section, what was being read, and a sentinel for errors.Is.
package cfi
