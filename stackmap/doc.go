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
// Malformed input never panics: [Parse] returns a *[DecodeError] that names
// the byte offset, table, record and location at fault. Use errors.Is with
// [ErrMalformed], [ErrTruncated] or [ErrUnsupportedVersion] to classify it.
package stackmap
