package main

import (
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/corefile"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/minidump"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/stackwalk"
)

const stackUsage = `Usage: stackmaps stack --core CORE [EXE] [flags]
       stackmaps stack --core MINIDUMP [IMAGE...] [flags]
       stackmaps stack --pid PID [flags]

Walk every thread of a crashed process from its core file, or of a running
process stopped for the walk (--pid: ptrace, Linux, the machine's own
architecture; the process runs on afterwards), and print, for
each frame, its pc, module, function+offset and CFA, and, where a stack map
record describes the frame's return address, the record's ID, each deopt
value and each GC root (base, derived) with its value and its home (the
register of the innermost frame that still holds it, or the address of the
stack slot or callee's save slot it lives at). Values the frame cannot know
(caller-saved registers of outer frames) are printed as unknown. Frames of
code without stack maps (the C library) are walked through with their unwind
tables.

The files the process had mapped are read from disk: EXE replaces the
executable's path, and --sysroot DIR is tried first for every library (a
foreign architecture's, e.g. /usr/aarch64-linux-gnu). A mapped object file
that cannot be read is a warning on stderr; mapped files that are not
object files (locale files, caches) are skipped quietly (--verbose names
them, in one line).

--format json writes JSON Lines: one "module" object per mapped file (its
load bias, code range, whether it has stack maps, or why it could not be
used), then per thread one "thread" object, one "frame" object per frame
and one "end" object saying why its walk ended; numbers that are addresses or values are hex strings; a module path
or symbol that is not valid UTF-8 also comes as module_hex, symbol_hex.

A walk crosses signal handlers: the C library's or the kernel's signal
trampoline is marked "[signal frame]" (JSON "signal_frame": true), and the
frame the signal interrupted "[interrupted]" (JSON "pc_is_return_address":
false): its pc is the instruction the signal stopped, looked up as it is,
not pc-1. Which signal the handler ran for is not said: the kernel writes
its siginfo into the signal frame only for SA_SIGINFO handlers.

A Windows minidump (MDMP: dbghelp's MiniDumpWriteDump, Windows Error
Reporting; x64 and ARM64) is walked the same way: its modules are those of
its module list, each read from the IMAGE argument of the same file name
(case-insensitively) or from the file of that name in --sysroot DIR; a
module without a file is a warning. The thread of the exception stream is
marked crashed and walked from the exception's context: the faulting
instruction, looked up as it is, not pc-1.

Examples:
  stackmaps stack --core core ./prog
  stackmaps stack --core crash.dmp prog.exe lib.dll
  stackmaps stack --core qemu_prog.core prog --sysroot /usr/aarch64-linux-gnu --format json
  stackmaps stack --pid 4242 --thread 4245

Flags:
`

// stackOptions are the flags of "stackmaps stack".
type stackOptions struct {
	thread  int
	frames  int
	json    bool
	verbose bool // --verbose: name the mapped files that are not object files
}

// runStack implements "stackmaps stack".
func runStack(args []string, stdout, stderr io.Writer) (status int) {
	fs := newFlagSet("stack", stackUsage, stderr)
	core := fs.String("core", "", "core file to walk")
	pid := fs.Int("pid", 0, "live process to stop, walk and let run on (Linux)")
	sysroot := fs.String("sysroot", "", "directory tried first for the process's libraries")
	thread := fs.Int("thread", 0, "walk only the thread with this id (default: every thread)")
	frames := fs.Int("frames", 0, "print at most N frames per thread (default: all)")
	format := fs.String("format", "text", "output format: text, json (JSON Lines)")
	verbose := fs.Bool("verbose", false, "also say which mapped files are not object files (locale files, caches), in one line")
	output := fs.String("o", "", "write the output to this file (default: standard output)")
	pos, status, ok := parseCommandLine(fs, args, stdout)
	if !ok {
		return status
	}
	out, err := openOutput(*output, stdout)
	if err != nil {
		say(stderr, "stackmaps stack: -o: %v\n", err)
		return exitFail
	}
	defer func() {
		if err := out.Close(); err != nil {
			say(stderr, "stackmaps stack: writing the output: %v\n", err)
			status = max(status, exitFail)
		}
	}()
	stdout = out
	usageErr := func(msg string) int {
		say(stderr, "stackmaps stack: %s (see stackmaps stack --help)\n", msg)
		return exitUsage
	}
	isMinidump := *core != "" && minidump.IsFile(*core)
	switch {
	case *core == "" && *pid == 0:
		return usageErr("--core is required (or --pid PID, a live process)")
	case *core != "" && *pid != 0:
		return usageErr("--core and --pid exclude each other")
	case *pid < 0:
		return usageErr("--pid must be positive")
	case *pid != 0 && len(pos) > 0:
		return usageErr(fmt.Sprintf("unexpected argument \"%s\" (--pid reads the process's executable itself)", pos[0]))
	case len(pos) > 1 && !isMinidump:
		return usageErr(fmt.Sprintf("unexpected argument \"%s\" (more than one file is for a Windows minidump)", pos[1]))
	case *format != "text" && *format != "json":
		return usageErr(fmt.Sprintf("unknown format \"%s\" (text or json)", *format))
	case *frames < 0:
		return usageErr("--frames must not be negative")
	}
	opts := procwalk.Options{Sysroot: *sysroot}
	if len(pos) == 1 {
		opts.Exe = pos[0]
	}
	so := stackOptions{thread: *thread, frames: *frames, json: *format == "json", verbose: *verbose}
	if *pid != 0 {
		return runStackLive(*pid, opts, so, stdout, stderr)
	}
	if isMinidump {
		opts.Exe, opts.Images = "", pos
		md, err := minidump.Open(*core)
		if err != nil {
			say(stderr, "stackmaps stack: %v\n", err)
			return exitFail
		}
		defer md.Close()
		return walkProcess(procwalk.FromMinidump(md), opts, so, stdout, stderr)
	}
	cf, err := corefile.Open(*core)
	if err != nil {
		say(stderr, "stackmaps stack: %v\n", err)
		return exitFail
	}
	defer cf.Close()
	if cf.Truncated {
		say(stderr, "stackmaps stack: warning: %s is truncated: memory past its end reads as not in the core\n", *core)
	}
	p := procwalk.FromCore(cf)
	return walkProcess(p, opts, so, stdout, stderr)
}

// maxModuleWarnings is how many unusable mapped files stack names on
// stderr before it counts the rest in one line.
const maxModuleWarnings = 10

// walkProcess opens the process's modules and writes every thread's walk.
func walkProcess(p *procwalk.Process, opts procwalk.Options, so stackOptions, stdout, stderr io.Writer) int {
	w, err := procwalk.Open(p, objfile.ProcessFiles{}, opts)
	if err != nil {
		say(stderr, "stackmaps stack: %v\n", err)
		return exitFail
	}
	defer w.Close()
	warnModules(w.Modules(), so.verbose, stderr)
	out := textout.NewBuffer(stdout)
	if so.json {
		for _, m := range w.Modules() {
			writeModuleJSON(out, m)
		}
	}
	found := false
	status := exitOK
	for i := range p.Threads {
		t := &p.Threads[i]
		if so.thread != 0 && t.TID != so.thread {
			continue
		}
		found = true
		if err := writeThread(out, w, t, so); err != nil {
			status = exitFail
		}
		out.FlushIfFull()
	}
	if err := out.Flush(); err != nil {
		say(stderr, "stackmaps stack: %v\n", err)
		return exitFail
	}
	if !found {
		say(stderr, "stackmaps stack: no thread %d (the process has %s)\n", so.thread, textout.Plural(len(p.Threads), "thread"))
		return exitFail
	}
	return status
}

// writeThread walks one thread and writes its frames; it returns the error
// that ended the walk, if any.
func writeThread(out *textout.Buffer, w *procwalk.Walk, t *procwalk.Thread, so stackOptions) error {
	arch := w.Process().Arch
	var j *textout.JSON
	if so.json {
		j = textout.NewJSON(out)
		j.OpenObject()
		j.Key("type")
		j.String("thread")
		j.Key("tid")
		j.Int(int64(t.TID))
		j.Key("signal")
		j.Int(int64(t.Signal))
		j.Key("crashed")
		j.Bool(t.Crashed)
		if t.Exception != 0 {
			j.Key("exception")
			j.Hex(uint64(t.Exception))
		}
		j.Key("pc")
		j.Hex(t.Regs.PC)
		j.Key("sp")
		j.Hex(t.Regs.SP)
		j.CloseObject()
		out.WriteByte('\n')
	} else {
		out.WriteString("thread ")
		out.Int(int64(t.TID))
		if t.Signal != 0 {
			out.WriteString(" signal ")
			out.Int(int64(t.Signal))
			if n := linuxregs.SignalName(t.Signal); n != "" {
				out.WriteString(" (" + n + ")")
			}
		}
		if t.Crashed {
			out.WriteString(", crashed")
		}
		if t.Exception != 0 {
			out.WriteString(", exception ")
			out.Hex(uint64(t.Exception))
		}
		out.WriteByte('\n')
	}
	var walkErr error
	n := 0
	for fr, err := range w.Frames(t) {
		if err != nil {
			walkErr = err
			break
		}
		if so.frames > 0 && n >= so.frames {
			break
		}
		n++
		if so.json {
			writeFrameJSON(out, w, arch, t, fr)
		} else {
			writeFrameText(out, w, arch, fr)
		}
		out.FlushIfFull()
	}
	end := w.End().String()
	if so.frames > 0 && n >= so.frames && w.End() == stackwalk.Walking {
		end = "frame limit"
	}
	if n == 0 && walkErr == nil && w.End() == stackwalk.EndNoModule {
		// The library ends such a walk (another unwinder may know the
		// code); for the tool a thread with no frame is a failure.
		pc, _ := w.Stopped()
		walkErr = fmt.Errorf("the thread's pc %#x is in no module the process maps", pc)
	}
	if so.json {
		j.OpenObject()
		j.Key("type")
		j.String("end")
		j.Key("tid")
		j.Int(int64(t.TID))
		j.Key("frames")
		j.Int(int64(n))
		j.Key("reason")
		j.String(end)
		j.Key("error")
		if walkErr != nil {
			j.String(walkErr.Error())
		} else {
			j.Null()
		}
		j.CloseObject()
		out.WriteByte('\n')
		return walkErr
	}
	out.WriteString("  end: ")
	out.WriteString(end)
	if pc, _ := w.Stopped(); pc != 0 && (w.End() == stackwalk.EndNoCFI || w.End() == stackwalk.EndNoModule) {
		out.WriteString(" at ")
		out.Hex(pc)
	}
	if walkErr != nil {
		out.WriteString(": ")
		out.WriteString(textout.Escape(walkErr.Error()))
	}
	out.WriteString("\n\n")
	return walkErr
}
