package coretest

import (
	"encoding/binary"
	"testing"

	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// Value is one evaluated location of a walked frame, as the library or the
// JSON output gives it.
type Value struct {
	Kind     stackmap.Kind
	Reg      uint16
	Size     int
	Known    bool
	Bits     uint64
	InMemory bool   // the home is memory, at HomeAddr
	HomeAddr uint64 // InMemory: the address
}

// Frame is one walked frame, as the library or the JSON output gives it.
type Frame struct {
	Index       int
	PC, CFA, SP uint64
	Func        string // the function holding the frame's pc ("" unknown)
	// Signal: the frame is a signal trampoline's; Interrupted: its pc is
	// an interrupted instruction, not a return address.
	Signal, Interrupted bool
	HasRecord           bool
	ID                  uint64
	Statepoint          bool
	Deopt               []Value
	Roots               [][2]Value // base, derived
}

// Stats counts what Check compared.
type Stats struct {
	Frames, Values, Roots, Skipped int
	LostFP                         int // values in FP registers of a core without them
}

// isFP reports whether DWARF register r of arch is a floating-point or
// vector register.
func isFP(arch string, r uint16) bool {
	switch arch {
	case "x86_64":
		return r >= 17 && r <= 32 || r >= 67 && r <= 82
	case "aarch64":
		return r >= 64 && r <= 95
	case "ppc64", "ppc64le":
		return r >= 32 && r <= 63 || r >= 77 && r <= 108
	case "s390x":
		return r >= 16 && r <= 31 || r >= 68 && r <= 83
	}
	return r >= 32 && r <= 63
}

// Check compares a walk of the crashed thread with what the program
// recorded: the crashing frame, then for walk_d, walk_c, walk_b, walk_a and
// main each frame's function, CFA and stack pointer, record, every deopt
// value and every GC root. Values held only in caller-saved registers
// (which no outer frame can know) must be unknown and are counted as
// skipped; so are values in floating-point registers when the core has
// none (hasFP false: qemu-user's cores). mem reads the core's memory, to
// check each memory home.
func Check(t testing.TB, b Build, rec *walktest.File, frames []Frame, mem stackmap.UintReader, hasFP bool) Stats {
	t.Helper()
	var st Stats
	order := rec.Order
	k := -1
	for i, fr := range frames {
		if fr.Func == "walk_d" {
			k = i
			break
		}
	}
	if k < 1 {
		t.Fatalf("no walk_d frame above the crash in %d frames", len(frames))
	}
	if b.Crash == "segv" && frames[0].Func != "core_crash" {
		t.Errorf("SIGSEGV: innermost frame is %q, want core_crash", frames[0].Func)
	}
	if b.Crash == "abort" && frames[0].Func == "core_crash" {
		t.Errorf("SIGABRT: innermost frame is core_crash, want the C library's")
	}
	crash := frames[k-1]
	if crash.Func != "core_crash" {
		t.Errorf("frame %d below walk_d is %q, want core_crash", k-1, crash.Func)
	}
	if want := rec.Frames[0].CallSP + walktest.CFAOffset(rec.Arch); crash.CFA != want {
		t.Errorf("core_crash CFA %#x, want %#x", crash.CFA, want)
	}
	if len(frames) < k+len(rec.Frames) {
		t.Fatalf("walk has %d frames, walk_d at %d, want %d more", len(frames), k, len(rec.Frames))
	}
	for i := range rec.Frames {
		want := &rec.Frames[i]
		fr := frames[k+i]
		st.Frames++
		if fr.Func != want.Func {
			t.Errorf("frame %d: function %q, want %q", fr.Index, fr.Func, want.Func)
		}
		cfa, _ := rec.ExpectedCFA(i)
		if fr.CFA != cfa {
			t.Errorf("frame %d (%s): CFA %#x, want %#x", fr.Index, want.Func, fr.CFA, cfa)
		}
		if fr.SP != want.CallSP {
			t.Errorf("frame %d (%s): SP %#x, want %#x", fr.Index, want.Func, fr.SP, want.CallSP)
		}
		if !want.IsLLC() {
			if fr.HasRecord {
				t.Errorf("frame %d (main) has a record", fr.Index)
			}
			continue
		}
		if !fr.HasRecord {
			t.Errorf("frame %d (%s): no record at pc %#x", fr.Index, want.Func, fr.PC)
			continue
		}
		if fr.ID != want.ID {
			t.Errorf("frame %d (%s): record ID %#x, want %#x", fr.Index, want.Func, fr.ID, want.ID)
		}
		if fr.Statepoint != (rec.Mode == "statepoint") {
			t.Errorf("frame %d (%s): statepoint %v in %s mode", fr.Index, want.Func, fr.Statepoint, rec.Mode)
		}
		gcWant := map[uint64]bool{}
		n := 0
		for _, e := range want.Expect {
			if e.Kind == "gc" {
				gcWant[e.Value] = true
				continue
			}
			n++
			if e.Index >= len(fr.Deopt) {
				t.Errorf("frame %d (%s): no %s %d", fr.Index, want.Func, e.Kind, e.Index)
				continue
			}
			v := fr.Deopt[e.Index]
			if !v.Known {
				if v.Kind == stackmap.Register && !walktest.CalleeSaved(rec.Arch, v.Reg) {
					st.Skipped++
					continue
				}
				if v.Kind == stackmap.Register && !hasFP && isFP(rec.Arch, v.Reg) {
					st.LostFP++
					continue
				}
				t.Errorf("frame %d (%s): %s %d (%v reg %d) unknown", fr.Index, want.Func, e.Kind, e.Index, v.Kind, v.Reg)
				continue
			}
			st.Values++
			if !e.Matches(v.Bits) {
				t.Errorf("frame %d (%s): %s %d (%v reg %d): %#x, want %#x", fr.Index, want.Func, e.Kind, e.Index, v.Kind, v.Reg, v.Bits, e.Value)
			}
			checkHome(t, fr, v, mem, order)
		}
		if len(fr.Deopt) != n {
			t.Errorf("frame %d (%s): %d deopt values, want %d", fr.Index, want.Func, len(fr.Deopt), n)
		}
		if rec.Mode != "statepoint" {
			continue
		}
		if len(fr.Roots) == 0 {
			t.Errorf("frame %d (%s): no roots", fr.Index, want.Func)
		}
		seen := map[uint64]bool{}
		for i, r := range fr.Roots {
			for _, v := range r {
				if !v.Known || !gcWant[v.Bits] {
					t.Errorf("frame %d (%s) root %d: %#x (known %v) is not one of the frame's gc values", fr.Index, want.Func, i, v.Bits, v.Known)
				}
				seen[v.Bits] = true
				checkHome(t, fr, v, mem, order)
			}
			st.Roots++
		}
		if len(seen) != len(gcWant) {
			t.Errorf("frame %d (%s): roots hold %d of the %d gc values", fr.Index, want.Func, len(seen), len(gcWant))
		}
	}
	return st
}

// checkHome checks that a value with a memory home is at that address in
// the core.
func checkHome(t testing.TB, fr Frame, v Value, mem stackmap.UintReader, order binary.ByteOrder) {
	t.Helper()
	if !v.InMemory {
		return
	}
	size := min(v.Size, 8)
	if v.Kind == stackmap.Register || size <= 0 {
		size = 8 // a callee saved the whole register
	}
	got, err := mem.ReadUint(v.HomeAddr, size, order)
	if err != nil {
		t.Errorf("frame %d: home %#x of %#x: %v", fr.Index, v.HomeAddr, v.Bits, err)
		return
	}
	if v.Size > 0 && v.Size < 8 {
		got &= 1<<(8*uint(v.Size)) - 1
	}
	if got != v.Bits {
		t.Errorf("frame %d: value %#x not at its home %#x (%#x there)", fr.Index, v.Bits, v.HomeAddr, got)
	}
}

// CheckSignal checks the frames of a program that died inside its signal
// handler (Build.Handler): below the llc frames, exactly one signal frame,
// whose caller is core_on_signal's handler frame below it and, above it,
// the frame the signal interrupted, at the pc and stack pointer the
// handler read from its ucontext, in the function the build faults in.
// Every other frame but the innermost is suspended in a call.
func CheckSignal(t testing.TB, b Build, c *Core, frames []Frame) {
	t.Helper()
	if c.Interrupted == nil {
		t.Fatalf("the handler recorded no interrupted registers")
	}
	s := -1
	for i, fr := range frames {
		if fr.Signal {
			if s >= 0 {
				t.Errorf("frames %d and %d are both signal frames", s, i)
			}
			s = i
		}
	}
	if s < 1 || s+1 >= len(frames) {
		t.Fatalf("signal frame at %d of %d frames", s, len(frames))
	}
	if frames[s-1].Func != "core_on_signal" {
		t.Errorf("frame %d below the signal frame is %q, want core_on_signal", s-1, frames[s-1].Func)
	}
	in := frames[s+1]
	if !in.Interrupted {
		t.Errorf("frame %d above the signal frame: pc %#x is taken for a return address", in.Index, in.PC)
	}
	if in.PC != c.Interrupted.PC || in.SP != c.Interrupted.SP {
		t.Errorf("interrupted frame %d: pc %#x sp %#x, the handler's ucontext says %#x %#x", in.Index, in.PC, in.SP, c.Interrupted.PC, c.Interrupted.SP)
	}
	want := map[string]string{"sigsegv": "core_crash", "push": "core_fault_push", "first": "core_fault_first"}[b.Crash]
	switch {
	case want != "" && in.Func != want:
		t.Errorf("interrupted frame %d is %q, want %q", in.Index, in.Func, want)
	case want == "" && in.Func == "core_crash":
		// raise's system call, in the C library (a local function, often
		// unnamed: its symbols are not in .dynsym).
		t.Errorf("interrupted frame %d is core_crash, want the C library's raise", in.Index)
	}
	for i, fr := range frames {
		if i != 0 && i != s+1 && fr.Interrupted {
			t.Errorf("frame %d (%s): pc %#x is taken for an interrupted instruction", i, fr.Func, fr.PC)
		}
	}
	if c.Interrupted.Signal != b.HandledSignal() {
		t.Errorf("the handler caught signal %d, want %d", c.Interrupted.Signal, b.HandledSignal())
	}
}

// FrameOf turns a frame of a library walk into what Check compares; name
// is the function holding the frame's pc.
func FrameOf(fr *stackwalk.Frame, name string) Frame {
	out := Frame{Index: fr.Index, PC: fr.PC, CFA: fr.CFA, SP: fr.SP, Func: name,
		Signal: fr.IsSignalFrame(), Interrupted: !fr.PCIsReturnAddress()}
	rec, ok := fr.Record()
	if !ok {
		return out
	}
	out.HasRecord, out.ID, out.Statepoint = true, rec.ID(), fr.IsStatepoint()
	sp, isSP := fr.Statepoint()
	for i := range fr.NumDeopt() {
		var loc stackmap.Location
		if isSP {
			loc, _ = sp.Deopt(i)
		} else {
			loc, _ = rec.Location(i)
		}
		s, err := fr.Deopt(i)
		out.Deopt = append(out.Deopt, valueOf(loc, s, err))
	}
	for i := range fr.NumRoots() {
		base, derived, _ := sp.GCPair(i)
		r, err := fr.Root(i)
		out.Roots = append(out.Roots, [2]Value{valueOf(base, r.Base, err), valueOf(derived, r.Derived, err)})
	}
	return out
}

// valueOf is one evaluated location of FrameOf.
func valueOf(loc stackmap.Location, s stackwalk.Slot, err error) Value {
	v := Value{Kind: loc.Kind, Reg: loc.Reg, Size: int(loc.Size), Known: err == nil}
	if err == nil {
		v.Bits = s.Bits
		v.InMemory, v.HomeAddr = s.Home.Kind == stackwalk.HomeMemory, s.Home.Addr
	}
	return v
}
