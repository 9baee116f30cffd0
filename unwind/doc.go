// Package unwind gives the unwind row at a code address of one image
// (an executable, a shared library, a relocatable object, or code a JIT
// emitted) from whatever unwind tables the image has: DWARF call frame
// information (.eh_frame with its .eh_frame_hdr, .debug_frame) and Mach-O
// compact unwind (an image's __unwind_info, an object's
// __compact_unwind), including compact entries that defer to an
// __eh_frame FDE (DWARF mode) and x86_64 STACK_IND entries whose stack
// size is read from the function's code, and Windows x64 unwind data
// (.pdata, decoded by package winunwind), whose epilogs are recognized
// for interrupted frames ([Table.RowForFrame]).
//
// A [Table] is built once from [Sources] and answers [Table.RowAt] for
// any number of addresses without allocating; the caller supplies a
// [Context] for the scratch state, one per goroutine. Every answer is a
// [Row]: the CFA rule and the saved registers' rules as a *cfi.Row,
// whichever table gave them, plus which table that was.
//
// Return addresses: a frame suspended in a call has a return address as
// its pc, the address after the call instruction, which may already
// belong to the next function (a call to a noreturn callee ends its
// function). Its row is the one at pc-1, the call itself. [LookupPC]
// states that rule once, and [Table.RowForReturnAddress] applies it; only
// the innermost frame of a walk begun at an interrupted instruction (a
// signal, a preemption) is looked up at its pc.
//
// Relocatable objects built with function sections (llc
// -function-sections, clang -ffunction-sections, rustc) put every function
// at offset 0 of its own code section: an address alone is an offset in
// each of them. There [Table.RowAt] and [Table.RowForReturnAddress] refuse
// an address an FDE covers with an [*AmbiguousError] (errors.Is
// [ErrAmbiguousAddress]) naming the candidate sections, rather than answer
// with another function's row; [Table.RowInSection] takes the section, and
// [Table.RowForRecord] answers for a stack map record in one call (its
// function's code section, and the return-address rule for statepoints).
//
// The package reads no file format: the bytes come from the caller (the
// objfile package, or a JIT runtime that registers its own .eh_frame).
package unwind
