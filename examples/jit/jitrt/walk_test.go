package jitrt

import (
	"debug/elf"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// fixture is a checked-in x86_64 capture (testdata/walk/captures/
// x86_64-nopie-statepoint: walk_d -> walk_c -> walk_b -> walk_a -> main,
// every llc frame stopped at a gc.statepoint) seen as a JIT would see it:
// one Module made by hand from the binary's .eh_frame, .llvm_stackmaps and
// the code range of the four llc functions, so that main is outside every
// module, like the C code that calls into the JIT.
type fixture struct {
	cap   *walktest.File
	mod   *Module
	save  SaveArea
	stack LiveStack
}

func loadFixture(t testing.TB) *fixture {
	t.Helper()
	dir := filepath.Join(walktest.Dir(), "captures", "x86_64-nopie-statepoint")
	c, err := walktest.ParseFile(filepath.Join(dir, "capture.txt"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(filepath.Join(dir, "walk"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	section := func(name string) ([]byte, uint64) {
		s := f.Section(name)
		if s == nil {
			t.Fatalf("walk: no %s", name)
		}
		b, err := s.Data()
		if err != nil {
			t.Fatal(err)
		}
		return b, s.Addr
	}
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	var lo, hi uint64
	for _, s := range syms {
		switch s.Name {
		case "walk_a", "walk_b", "walk_c", "walk_d":
			if lo == 0 || s.Value < lo {
				lo = s.Value
			}
			hi = max(hi, s.Value+s.Size)
		}
	}
	smb, _ := section(".llvm_stackmaps")
	maps, err := stackmap.Parse(smb, f.ByteOrder)
	if err != nil {
		t.Fatal(err)
	}
	eh, ehAddr := section(".eh_frame")
	m, err := NewModule("walk", lo, hi, maps, eh, ehAddr)
	if err != nil {
		t.Fatal(err)
	}
	x := &fixture{cap: c, mod: m}
	for r, v := range c.Regs {
		if int(r) < SaveWords {
			x.save[r] = v
		}
	}
	x.save[RegRSP], x.save[RegRIP] = c.SP, c.RetAddr
	x.stack = LiveStack{Lo: c.Stack.Start, Hi: c.Stack.End(), Read: func(addr uint64, p []byte) {
		copy(p, c.Stack.Bytes[addr-c.Stack.Start:])
	}}
	return x
}

func TestWalkCapture(t *testing.T) {
	x := loadFixture(t)
	w, err := NewWalker(x.mod)
	if err != nil {
		t.Fatal(err)
	}
	frames, err := w.Walk(&x.save, &x.stack)
	if err != nil {
		t.Fatal(err)
	}
	llc := 0
	for _, f := range x.cap.Frames {
		if f.IsLLC() {
			llc++
		}
	}
	if len(frames) != llc || llc != 4 {
		t.Fatalf("%d frames walked, the capture has %d llc frames (want 4)", len(frames), llc)
	}
	for i, fr := range frames {
		cf := x.cap.Frames[i]
		if fr.Module != x.mod || fr.Record.ID() != cf.ID || !fr.Statepoint {
			t.Errorf("frame %d: module %v record %#x statepoint %v, want walk %#x true", i, fr.Module.Name, fr.Record.ID(), fr.Statepoint, cf.ID)
		}
		if fr.SP != cf.CallSP {
			t.Errorf("frame %d: sp %#x, capture says %#x", i, fr.SP, cf.CallSP)
		}
		if i > 0 && fr.SP != frames[i-1].CFA {
			t.Errorf("frame %d: sp %#x is not the callee's CFA %#x", i, fr.SP, frames[i-1].CFA)
		}
		deopts, gcs := 0, map[uint64]bool{}
		for _, e := range cf.Expect {
			switch e.Kind {
			case "deopt":
				deopts++
				if e.Index >= len(fr.Deopt) {
					t.Errorf("frame %d: no deopt value %d", i, e.Index)
				} else if !e.Matches(fr.Deopt[e.Index].Bits) {
					t.Errorf("frame %d deopt %d: %#x, want %#x (%v)", i, e.Index, fr.Deopt[e.Index].Bits, e.Value, fr.Deopt[e.Index].Loc)
				}
			case "gc":
				gcs[e.Value] = true
			}
		}
		if deopts != len(fr.Deopt) || deopts == 0 {
			t.Errorf("frame %d: %d deopt values rebuilt, %d expected", i, len(fr.Deopt), deopts)
		}
		if len(fr.Roots) == 0 {
			t.Errorf("frame %d: no GC roots", i)
		}
		for j, r := range fr.Roots {
			if !gcs[r.Base.Bits] || !r.Base.Home.InMemory() || r.Base.Home.Addr < fr.SP || r.Base.Home.Addr >= fr.CFA {
				t.Errorf("frame %d root %d: base %#x home %v; want one of %v in [%#x, %#x)", i, j, r.Base.Bits, r.Base.Home, gcs, fr.SP, fr.CFA)
			}
		}
	}
}

func TestWalkErrors(t *testing.T) {
	x := loadFixture(t)
	w, err := NewWalker(x.mod)
	if err != nil {
		t.Fatal(err)
	}
	// The first return address outside every module: no frame at all.
	save := x.save
	save[RegRIP] = x.mod.CodeHi + 0x10
	if _, err := w.Walk(&save, &x.stack); err == nil {
		t.Error("a walk from outside every module succeeded")
	}
	// A live stack that stops short of the outer frames: the walk fails
	// where it would read past the bounds, and says so.
	short := x.stack
	short.Hi = x.cap.Frames[1].CallSP
	frames, err := w.Walk(&x.save, &short)
	if err == nil || !strings.Contains(err.Error(), "outside the live JIT stack") {
		t.Errorf("a walk over a truncated stack: %d frames, %v; want a read outside the live stack", len(frames), err)
	}
	// The walker is reusable after a failure.
	if frames, err := w.Walk(&x.save, &x.stack); err != nil || len(frames) != 4 {
		t.Errorf("walk after failures: %d frames, %v", len(frames), err)
	}
	// Modules that overlap, or are not NewModule's.
	if _, err := NewWalker(x.mod, x.mod); err == nil {
		t.Error("NewWalker took overlapping modules")
	}
	if _, err := NewWalker(&Module{Name: "bare"}); err == nil {
		t.Error("NewWalker took a module without a stackwalk.Module")
	}
	// NewModule's checks.
	for name, mk := range map[string]func() (*Module, error){
		"empty range":  func() (*Module, error) { return NewModule("m", 5, 5, x.mod.Maps, x.mod.EHFrame, x.mod.EHFrameAddr) },
		"no .eh_frame": func() (*Module, error) { return NewModule("m", x.mod.CodeLo, x.mod.CodeHi, x.mod.Maps, nil, 0) },
		"function outside": func() (*Module, error) {
			return NewModule("m", x.mod.CodeLo+0x200, x.mod.CodeHi, x.mod.Maps, x.mod.EHFrame, x.mod.EHFrameAddr)
		},
		"no FDE": func() (*Module, error) {
			// The .eh_frame read at the wrong address: its pc-relative
			// pc_begin fields miss the code.
			return NewModule("m", x.mod.CodeLo, x.mod.CodeHi, x.mod.Maps, x.mod.EHFrame, x.mod.EHFrameAddr+0x100000)
		},
		"bad .eh_frame": func() (*Module, error) {
			return NewModule("m", x.mod.CodeLo, x.mod.CodeHi, x.mod.Maps, []byte{0xff, 0xff, 0xff, 0x7f, 0}, x.mod.EHFrameAddr)
		},
	} {
		if _, err := mk(); err == nil {
			t.Errorf("NewModule with %s succeeded", name)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}

// visitor evaluates every deopt value and GC root of each frame, as a
// collector or a deoptimizer would; with skipWide it leaves out Indirect
// locations wider than 8 bytes (xmm spill slots).
func visitor(sum *uint64, skipWide bool) func(*Module, *stackwalk.Frame) error {
	return func(_ *Module, fr *stackwalk.Frame) error {
		rec, _ := fr.Record()
		for i := range fr.NumDeopt() {
			if skipWide {
				li := i
				if sp, ok := fr.Statepoint(); ok {
					li = sp.DeoptIndex(i)
				}
				if l, _ := rec.Location(li); l.Kind == stackmap.Indirect && l.Size > 8 {
					continue
				}
			}
			s, err := fr.Deopt(i)
			if err != nil {
				return err
			}
			*sum += s.Bits
		}
		for i := range fr.NumRoots() {
			r, err := fr.Root(i)
			if err != nil {
				return err
			}
			*sum += r.Base.Bits
		}
		return nil
	}
}

// TestVisitAllocs: walking the frames allocates nothing, and neither does
// evaluating their values, the 16-byte xmm spill slots of the two f64
// deopt values included.
func TestVisitAllocs(t *testing.T) {
	x := loadFixture(t)
	w, err := NewWalker(x.mod)
	if err != nil {
		t.Fatal(err)
	}
	var sum uint64
	for _, c := range []struct {
		name  string
		visit func(*Module, *stackwalk.Frame) error
		max   float64
	}{
		{"frames", func(*Module, *stackwalk.Frame) error { return nil }, 0},
		{"values but xmm spills", visitor(&sum, true), 0},
		{"every value", visitor(&sum, false), 0},
	} {
		n := testing.AllocsPerRun(100, func() {
			if _, err := w.Visit(&x.save, &x.stack, c.visit); err != nil {
				t.Fatal(err)
			}
		})
		if n > c.max {
			t.Errorf("%s: %v allocations per walk, want at most %v", c.name, n, c.max)
		}
	}
}

// BenchmarkVisit walks the four llc frames of the capture: the frames
// alone, and with every deopt value and GC root evaluated.
func BenchmarkVisit(b *testing.B) {
	x := loadFixture(b)
	w, err := NewWalker(x.mod)
	if err != nil {
		b.Fatal(err)
	}
	var sum uint64
	for _, c := range []struct {
		name  string
		visit func(*Module, *stackwalk.Frame) error
	}{
		{"frames", func(*Module, *stackwalk.Frame) error { return nil }},
		{"values", visitor(&sum, false)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := w.Visit(&x.save, &x.stack, c.visit); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
