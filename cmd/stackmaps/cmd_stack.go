package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/stackmaps/stackmaps/corefile"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

const stackUsage = `Usage: stackmaps stack --core CORE [EXE] [flags]
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
foreign architecture's, e.g. /usr/aarch64-linux-gnu).

--format json writes JSON Lines: one "module" object per mapped file (its
load bias, code range, whether it has stack maps, or why it could not be
used), then per thread one "thread" object, one "frame" object per frame
and one "end" object saying why its walk ended; numbers that are addresses or values are hex strings; a module path
or symbol that is not valid UTF-8 also comes as module_hex, symbol_hex.

Examples:
  stackmaps stack --core core ./prog
  stackmaps stack --core qemu_prog.core prog --sysroot /usr/aarch64-linux-gnu --format json
  stackmaps stack --pid 4242 --thread 4245

Flags:
`

// stackOptions are the flags of "stackmaps stack".
type stackOptions struct {
	thread int
	frames int
	json   bool
}

// runStack implements "stackmaps stack".
func runStack(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("stack", stackUsage, stderr)
	core := fs.String("core", "", "core file to walk")
	pid := fs.Int("pid", 0, "live process to stop, walk and let run on (Linux)")
	sysroot := fs.String("sysroot", "", "directory tried first for the process's libraries")
	thread := fs.Int("thread", 0, "walk only the thread with this id (default: every thread)")
	frames := fs.Int("frames", 0, "print at most N frames per thread (default: all)")
	format := fs.String("format", "text", "output format: text or json (JSON Lines)")
	output := fs.String("o", "", "write the output to this file (default: standard output)")
	pos, status, ok := parseCommandLine(fs, args, stdout)
	if !ok {
		return status
	}
	if *output != "" && *output != "-" {
		f, err := os.Create(*output)
		if err != nil {
			say(stderr, "stackmaps stack: -o: %v\n", err)
			return exitFail
		}
		defer func() {
			if err := f.Close(); err != nil {
				say(stderr, "stackmaps stack: -o: %v\n", err)
			}
		}()
		stdout = f
	}
	usageErr := func(msg string) int {
		say(stderr, "stackmaps stack: %s (see stackmaps stack --help)\n", msg)
		return exitUsage
	}
	switch {
	case *core == "" && *pid == 0:
		return usageErr("--core is required (or --pid PID, a live process)")
	case *core != "" && *pid != 0:
		return usageErr("--core and --pid exclude each other")
	case *pid < 0:
		return usageErr("--pid must be positive")
	case *pid != 0 && len(pos) > 0:
		return usageErr(fmt.Sprintf("unexpected argument %q (--pid reads the process's executable itself)", pos[0]))
	case len(pos) > 1:
		return usageErr(fmt.Sprintf("unexpected argument %q", pos[1]))
	case *format != "text" && *format != "json":
		return usageErr(fmt.Sprintf("unknown format %q (text or json)", *format))
	case *frames < 0:
		return usageErr("--frames must not be negative")
	}
	opts := procwalk.Options{Sysroot: *sysroot}
	if len(pos) == 1 {
		opts.Exe = pos[0]
	}
	so := stackOptions{thread: *thread, frames: *frames, json: *format == "json"}
	if *pid != 0 {
		return runStackLive(*pid, opts, so, stdout, stderr)
	}
	cf, err := corefile.Open(*core)
	if err != nil {
		say(stderr, "stackmaps stack: %s\n", textout.Escape(err.Error()))
		return exitFail
	}
	defer cf.Close()
	if cf.Truncated {
		say(stderr, "stackmaps stack: warning: %s is truncated: memory past its end reads as not in the core\n", textout.Escape(*core))
	}
	p := procwalk.FromCore(cf)
	return walkProcess(p, opts, so, stdout, stderr)
}

// walkProcess opens the process's modules and writes every thread's walk.
func walkProcess(p *procwalk.Process, opts procwalk.Options, so stackOptions, stdout, stderr io.Writer) int {
	w, err := procwalk.Open(p, opts)
	if err != nil {
		say(stderr, "stackmaps stack: %s\n", textout.Escape(err.Error()))
		return exitFail
	}
	defer w.Close()
	for _, m := range w.Modules() {
		if m.Err != nil {
			say(stderr, "stackmaps stack: warning: %s: %s\n", textout.Escape(m.Path), textout.Escape(m.Err.Error()))
		}
	}
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
			if n := signalName(t.Signal); n != "" {
				out.WriteString(" (" + n + ")")
			}
		}
		if t.Crashed {
			out.WriteString(", crashed")
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
	if walkErr != nil {
		out.WriteString(": ")
		out.WriteString(textout.Escape(walkErr.Error()))
	}
	out.WriteString("\n\n")
	return walkErr
}

// frameModule returns the base name of the module that holds fr's pc.
func frameModule(w *procwalk.Walk, fr *stackwalk.Frame) string {
	if fr.Module == nil {
		return ""
	}
	return filepath.Base(fr.Module.Name)
}

func writeFrameText(out *textout.Buffer, w *procwalk.Walk, arch regs.Arch, fr *stackwalk.Frame) {
	out.WriteString("  #")
	out.Int(int64(fr.Index))
	out.WriteByte(' ')
	out.HexDigits(fr.PC, 16)
	out.WriteByte(' ')
	if m := frameModule(w, fr); m != "" {
		out.WriteString(textout.Escape(m))
	} else {
		out.WriteByte('?')
	}
	out.WriteByte(' ')
	if name, off, ok := w.FrameSymbol(fr); ok {
		out.WriteString(textout.Escape(name))
		out.WriteByte('+')
		out.Hex(off)
	} else {
		out.WriteByte('?')
	}
	out.WriteString(" cfa ")
	out.Hex(fr.CFA)
	rec, ok := fr.Record()
	if !ok {
		out.WriteString(" (no stack map)\n")
		return
	}
	out.WriteString("\n      record id ")
	out.Hex(rec.ID())
	if fr.IsStatepoint() {
		out.WriteString(", statepoint")
	} else {
		out.WriteString(", patchpoint/stackmap")
	}
	if !fr.RecordExact() {
		out.WriteString(", before the return address")
	}
	out.WriteByte('\n')
	sp, isSP := fr.Statepoint()
	for i := range fr.NumDeopt() {
		out.WriteString("      deopt ")
		out.Int(int64(i))
		out.WriteString(": ")
		loc := deoptLocation(rec, sp, isSP, i)
		writeLocation(out, arch, rec, loc)
		s, err := fr.Deopt(i)
		writeSlotText(out, arch, s, err)
	}
	for i := range fr.NumRoots() {
		r, err := fr.Root(i)
		base, derived, _ := sp.GCPair(i)
		out.WriteString("      root ")
		out.Int(int64(i))
		out.WriteString(" base: ")
		writeLocation(out, arch, rec, base)
		writeSlotText(out, arch, r.Base, err)
		out.WriteString("             derived: ")
		writeLocation(out, arch, rec, derived)
		writeSlotText(out, arch, r.Derived, err)
	}
}

// deoptLocation returns the location of deopt value i.
func deoptLocation(rec stackmap.Record, sp stackmap.Statepoint, isSP bool, i int) stackmap.Location {
	if isSP {
		l, _ := sp.Deopt(i)
		return l
	}
	l, _ := rec.Location(i)
	return l
}

// writeSlotText writes " = VALUE (HOME)" or " = unknown (why)" and ends the
// line.
func writeSlotText(out *textout.Buffer, arch regs.Arch, s stackwalk.Slot, err error) {
	out.WriteString(" = ")
	if err != nil {
		out.WriteString("unknown (")
		out.WriteString(textout.Escape(unknownReason(err)))
		out.WriteString(")\n")
		return
	}
	out.Hex(s.Bits)
	out.WriteString(" (")
	writeHome(out, arch, s.Home)
	out.WriteString(")\n")
}

// writeHome writes where a value lives: "in rbx", "at 0x7ffe0010",
// "computed".
func writeHome(out *textout.Buffer, arch regs.Arch, h stackwalk.Home) {
	switch h.Kind {
	case stackwalk.HomeRegister:
		out.WriteString("in ")
		writeRegBase(out, arch, h.Reg)
	case stackwalk.HomeMemory:
		out.WriteString("at ")
		out.Hex(h.Addr)
	default:
		out.WriteString(h.Kind.String())
	}
}

// unknownReason says why a value could not be evaluated.
func unknownReason(err error) string {
	switch {
	case errors.Is(err, stackmap.ErrNoRegister):
		return "register not preserved in this frame"
	case errors.Is(err, stackmap.ErrMemory):
		return "memory not readable"
	}
	return err.Error()
}

func writeFrameJSON(out *textout.Buffer, w *procwalk.Walk, arch regs.Arch, t *procwalk.Thread, fr *stackwalk.Frame) {
	j := textout.NewJSON(out)
	j.OpenObject()
	j.Key("type")
	j.String("frame")
	j.Key("tid")
	j.Int(int64(t.TID))
	j.Key("index")
	j.Int(int64(fr.Index))
	j.Key("pc")
	j.Hex(fr.PC)
	j.Key("cfa")
	j.Hex(fr.CFA)
	j.Key("sp")
	j.Hex(fr.SP)
	if fr.Module != nil {
		writeLosslessString(j, "module", fr.Module.Name)
	} else {
		j.Key("module")
		j.Null()
	}
	name, off, ok := w.FrameSymbol(fr)
	if ok {
		writeLosslessString(j, "symbol", name)
	} else {
		j.Key("symbol")
		j.Null()
	}
	j.Key("offset")
	if ok {
		j.Hex(off)
	} else {
		j.Null()
	}
	rec, has := fr.Record()
	j.Key("record")
	if !has {
		j.Null()
		j.CloseObject()
		out.WriteByte('\n')
		return
	}
	sp, isSP := fr.Statepoint()
	j.OpenObject()
	j.Key("id")
	j.Hex(rec.ID())
	j.Key("statepoint")
	j.Bool(fr.IsStatepoint())
	j.Key("exact")
	j.Bool(fr.RecordExact())
	j.CloseObject()
	j.Key("deopt")
	j.OpenArray()
	for i := range fr.NumDeopt() {
		j.Elem()
		s, err := fr.Deopt(i)
		writeSlotJSON(j, arch, deoptLocation(rec, sp, isSP, i), s, err)
	}
	j.CloseArray()
	j.Key("roots")
	j.OpenArray()
	for i := range fr.NumRoots() {
		r, err := fr.Root(i)
		base, derived, _ := sp.GCPair(i)
		j.Elem()
		j.OpenObject()
		j.Key("base")
		writeSlotJSON(j, arch, base, r.Base, err)
		j.Key("derived")
		writeSlotJSON(j, arch, derived, r.Derived, err)
		j.CloseObject()
	}
	j.CloseArray()
	j.CloseObject()
	out.WriteByte('\n')
}

// writeModuleJSON writes one "module" line: a mapped file, the file read
// for it, its load bias and code range, whether it has stack maps, or why
// it could not be used.
func writeModuleJSON(out *textout.Buffer, m procwalk.ModuleInfo) {
	j := textout.NewJSON(out)
	j.OpenObject()
	j.Key("type")
	j.String("module")
	writeLosslessString(j, "path", m.Path)
	writeLosslessString(j, "file", m.File)
	j.Key("bias")
	j.Hex(m.Bias)
	if m.Module != nil {
		j.Key("start")
		j.Hex(m.Module.Start)
		j.Key("end")
		j.Hex(m.Module.End)
	}
	j.Key("stackmaps")
	j.Bool(m.Stackmaps)
	j.Key("error")
	if m.Err != nil {
		j.String(m.Err.Error())
	} else {
		j.Null()
	}
	j.CloseObject()
	out.WriteByte('\n')
}

// writeSlotJSON writes one evaluated location: its kind, register, offset
// and size, and its value and home, or "known": false and why not.
func writeSlotJSON(j *textout.JSON, arch regs.Arch, loc stackmap.Location, s stackwalk.Slot, err error) {
	j.OpenObject()
	j.Key("kind")
	j.String(loc.Kind.String())
	j.Key("reg")
	j.Int(int64(loc.Reg))
	j.Key("offset")
	j.Int(int64(loc.Offset))
	j.Key("size")
	j.Int(int64(loc.Size))
	j.Key("known")
	j.Bool(err == nil)
	if err != nil {
		j.Key("why")
		j.String(unknownReason(err))
		j.CloseObject()
		return
	}
	j.Key("value")
	j.Hex(s.Bits)
	j.Key("home")
	j.String(s.Home.Kind.String())
	switch s.Home.Kind {
	case stackwalk.HomeRegister:
		j.Key("home_reg")
		j.Int(int64(s.Home.Reg))
		if n, ok := regs.PreferredName(arch, s.Home.Reg); ok {
			j.Key("home_reg_name")
			j.String(n)
		}
	case stackwalk.HomeMemory:
		j.Key("home_addr")
		j.Hex(s.Home.Addr)
	}
	j.CloseObject()
}

// writeLosslessString writes member key with the string s, which came
// from a file; when s is not valid UTF-8 (which JSON strings cannot hold
// as it is) key_hex gives its bytes as well.
func writeLosslessString(j *textout.JSON, key, s string) {
	j.Key(key)
	j.String(s)
	if !utf8.ValidString(s) {
		j.Key(key + "_hex")
		j.HexBytes([]byte(s))
	}
}

// signalName names the Linux signals a crash comes with.
func signalName(sig int) string {
	switch sig {
	case 4:
		return "SIGILL"
	case 5:
		return "SIGTRAP"
	case 6:
		return "SIGABRT"
	case 7:
		return "SIGBUS"
	case 8:
		return "SIGFPE"
	case 11:
		return "SIGSEGV"
	case 19:
		return "SIGSTOP"
	}
	return ""
}
