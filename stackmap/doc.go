// Package stackmap decodes LLVM stack map sections: the `.llvm_stackmaps`
// section (ELF, COFF) or `__LLVM_STACKMAPS,__llvm_stackmaps` (Mach-O) that
// llvm.experimental.stackmap, llvm.experimental.patchpoint and gc.statepoint
// make LLVM emit.
//
// The decoder is zero-copy: [Parse] validates the section once, then every
// value it hands out ([Table], [Record], [Function], [Location], [LiveOut])
// is read from the caller's bytes in place. Iterating records, locations and
// live-outs allocates nothing.
//
// A section holds one or more tables back to back (a linked binary
// concatenates the tables of the objects it was linked from). Versions 1
// (LLVM 3.5 to 3.9), 2 (LLVM 4) and 3 (LLVM 5 and later) are supported; see
// the package's Version constants for how they differ.
//
// An [Index] finds records by code address. Its one policy for "which
// record describes the call whose return address is pc" is [Index.At]:
// the records at pc exactly (a statepoint's record is at its call's
// return address), else a patchpoint's or stackmap's record before pc
// inside its function's known extent. Extents come from symbol sizes for
// sections read from files; a runtime holding bare bytes gives the code
// extents it knows to [NewIndexOptions], and without them gets exact
// answers only. [Record.Statepoint] is the one rule for "is this record a
// statepoint?" (see its documentation for the rule and its limits).
//
// Malformed input never panics: [Parse] returns a *[DecodeError] that names
// the byte offset, table, record and location at fault. Use errors.Is with
// [ErrMalformed], [ErrTruncated] or [ErrUnsupportedVersion] to classify it.
package stackmap
