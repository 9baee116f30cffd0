// Package procwalk walks every thread of a stopped Linux process, from
// whatever shows it: a core file (package corefile) or a live process under
// ptrace, and every thread of a Windows process from its minidump
// (package minidump, FromMinidump: the modules of its module list, each
// found by its file name among Options.Images or in Options.Sysroot). The
// readers fill the same Process: the architecture, the threads
// with their registers (package linuxregs decodes them), the file mappings
// or the loaded images with their load biases, and a memory reader.
//
// procwalk reads no file format: Open opens each mapped file once through
// a Files (objfile.ProcessFiles opens ELF files and PE images from disk, under
// Options.Sysroot for a foreign architecture's libraries, and the vDSO
// from the process's memory) and asks it the file's load bias from its
// mappings, its walk module (stackwalk.Module) and its symbols.
// Walk.Frames then walks one thread with package stackwalk from the
// registers it was stopped with:
//
//	w, err := procwalk.Open(p, objfile.ProcessFiles{}, procwalk.Options{})
//	if err != nil { ... }
//	defer w.Close()
//	for i := range p.Threads {
//		for fr, err := range w.Frames(&p.Threads[i]) {
//			if err != nil { ... }
//			name, off, _ := w.FrameSymbol(fr)
//			...
//		}
//	}
//
// Frames of code without stack maps (the C library, a runtime's own) are
// walked through with their unwind tables; their Frame has no record.
//
// procwalk sits below objfile (which imports it for Mapping, ErrNoBias and
// the Files it implements) and imports no locator: `go list -deps` of it
// lists no debug/* package.
//
// Walks cross signal handlers: a signal trampoline's frame (with CFI "S",
// or recognised by its code: stackwalk.Config.SignalTrampolines, which
// Open sets) is a signal frame (stackwalk.Frame.IsSignalFrame), and the
// frame above it, the one the signal interrupted, is looked up at its pc,
// not pc-1 (FrameSymbol follows stackwalk.Frame.PCIsReturnAddress).
package procwalk
