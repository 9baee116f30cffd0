// Package liveproc stops a running Linux process with ptrace and shows it
// as package procwalk reads it: its architecture, every thread with its
// registers, its file mappings and its memory, so that procwalk walks every
// thread's stack, each frame's stack map record with its deopt values and
// GC roots, while the process waits.
//
//	p, err := liveproc.Attach(pid)
//	if err != nil { ... } // errors.Is(err, liveproc.ErrPermission), ...
//	defer p.Detach()
//	view, err := p.View()
//	w, err := procwalk.Open(view, objfile.ProcessFiles{}, procwalk.Options{})
//	...
//
// Attach seizes every thread (PTRACE_SEIZE, then PTRACE_INTERRUPT) and
// waits until each has stopped; AttachThread stops one thread only. The
// registers come from PTRACE_GETREGSET NT_PRSTATUS (and NT_FPREGSET),
// decoded by package linuxregs, the same decoder a core file's notes use;
// memory is read through /proc/PID/mem, the mappings from /proc/PID/maps
// and the threads from /proc/PID/task. Detach lets every thread run on as
// it was, with any signal that arrived while it was stopped.
//
// Every ptrace request of a Process is made from one locked OS thread of
// its own, as the kernel wants of a tracer. The process must be of the
// machine's own architecture (ptrace is not available under qemu-user):
// x86_64, where the tests run, and the other 64-bit hosts linuxregs
// decodes (AArch64, PowerPC64, s390x, RISC-V 64: the same calls, untested).
//
// Failures are *Error values naming the process, the thread, the step and
// why: errors.Is matches ErrNoProcess, ErrPermission, ErrNotStoppable,
// ErrUnsupported, ErrDetached, and, for memory, stackmap.ErrMemory.
package liveproc
