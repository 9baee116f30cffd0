// Package stackwalk walks a thread's stack from a captured register file,
// frame by frame across the loaded modules, with each module's unwind
// table (package unwind: DWARF call frame information, Mach-O compact
// unwind), and reads every frame's stack map record
// (package stackmap): its deopt values and its GC roots, evaluated with
// the registers recovered for that frame.
//
// A runtime describes each loaded module (a [Module]: its code range, load
// bias, unwind table and stack map index; objfile.OpenModule fills one from
// an ELF or Mach-O file, and a JIT builds one by hand, see the Module
// example; a JIT that adds and frees code while walks go on keeps its
// modules in a [ModuleSet]),
// makes a [Walker] once per thread and, for every walk, gives it the
// innermost frame's registers ([Walker.Start]) and iterates:
//
//	w.Start(pc, &regs)
//	for fr, err := range w.Frames() {
//		if err != nil { ... }
//		if !fr.HasRecord() { continue } // a C frame or the runtime's own
//		for i := range fr.NumRoots() {
//			root, err := fr.Root(i)
//			...
//		}
//	}
//
// Every frame gives its pc, CFA and stack pointer, and each register's
// value with its home ([Home]): still in a register of the innermost
// frame, saved in a stack slot by a callee (its address), or computed
// (the stack pointer, derived from the CFA). Registers that the calling
// convention does not preserve across calls are unknown in outer frames.
//
// Stepping to the next frame allocates nothing: the Walker owns the
// register state of the current frame and the unwind scratch space, and the
// *[Frame] it yields is only valid until the next step.
//
// A Walker caches, per module and pc, what a frame there takes (its CFA
// rule, register rules, return address column and record), so that a pc
// it has seen before costs no unwind table search, no CFA instructions
// and no record lookup: a runtime that walks its threads at every
// collection finds most frames in the cache. Rows with DWARF expressions
// are not cached. perf/walk.sh compares the walk with libgcc's and
// libunwind's unwinders over the same frames.
//
// # Signals
//
// A walk crosses a signal handler: the C library's signal trampoline
// (glibc's __restore_rt, whose CIE has the augmentation "S") is a frame of
// its own ([Frame.IsSignalFrame]), whose CFI restores every register of
// the frame the signal interrupted; that frame is looked up at its pc
// itself, not pc-1 ([Frame.PCIsReturnAddress] is false), and its values in
// caller-saved registers are known.
//
// A runtime that stops its threads for a safepoint by a signal (a SIGUSR
// handler that parks the thread until the collector is done) walks each
// parked thread from the context its handler received, not from the
// handler's own frame: the handler (SA_SIGINFO) publishes its ucontext_t;
// the collector decodes it (linuxregs.DecodeUcontext: the interrupted
// pc, stack pointer and every general register, and the floating-point
// registers where the context holds them; on x86_64 behind
// uc_mcontext.fpregs, linuxregs.UcontextFPAddr) into a [RegisterSet] and
// walks with [Walker.StartAsync] from the interrupted pc, over the
// thread's stack (memory the thread does not change while parked). Every
// register is trustworthy there, caller-saved ones included: the
// interrupted frame is at an arbitrary instruction, so its own values are
// found by the record lookup's nearest-record rule only where a record
// covers that instruction (a statepoint's does not); its callers are
// suspended at calls, with exact records. Registers the handler itself
// changed are not in the context and do not matter.
//
// Supported targets: x86_64, AArch64, PowerPC64 (both byte orders; ELFv1
// and ELFv2), s390x and RISC-V 64. The package reads no file format.
package stackwalk
