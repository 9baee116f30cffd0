// Package faultmap decodes LLVM fault map sections (.llvm_faultmaps in
// ELF, __LLVM_FAULTMAPS,__llvm_faultmaps in Mach-O), version 1.
//
// llc -enable-implicit-null-checks folds a null check whose branch
// carries !make.implicit metadata into the load or store that follows
// it: the instruction faults (SIGSEGV) when the pointer is null, and the
// runtime's signal handler resumes at the handler pc, the code of the
// null branch. The fault map tells the handler, for every such faulting
// instruction, the kind of access and where to resume. HotSpot-style
// runtimes on LLVM read it beside the stack maps.
//
// The layout (llvm/lib/CodeGen/FaultMaps.cpp writes it,
// llvm/include/llvm/Object/FaultMapParser.h reads it), in the target's
// byte order:
//
//	header      version u8 (1), reserved u8 (0), reserved u16 (0), function count u32
//	function    address u64, fault count u32, reserved u32 (0)
//	fault       kind u32 (1 load, 2 load-store, 3 store),
//	            faulting pc offset u32, handler pc offset u32
//
// The offsets count from the function's address. A linked file holds one
// table per object that had one, concatenated: packed, as llc gives the
// section an alignment of 1 (zero bytes up to an 8-byte boundary between
// tables are skipped, should a linker pad). llvm-objdump reads only the
// first table, and always little-endian; llc writes the target's byte
// order (big-endian for aarch64_be), which Parse takes.
//
// Parse validates the bytes once and keeps them (zero-copy): functions
// and faults are read in place. In relocatable objects a function's
// address is filled by a relocation; NewSection takes the
// stackmap.SectionData a locator (elfsection, machosection, objfile) gives
// for the section and applies it, as for stack maps. An Index answers
// "which fault, and where to resume, at this pc" without allocating.
package faultmap
