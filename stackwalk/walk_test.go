package stackwalk_test

import (
	"debug/elf"
	"errors"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// unrecoverable is the number of patchpoint operands per build that live
// in caller-saved registers of outer frames (testdata/walk/README.md,
// check.txt): they cannot be recovered by any unwinder.
var unrecoverable = map[string]int{"x86_64": 3, "aarch64": 3, "ppc64": 6, "ppc64le": 6, "s390x": 5, "riscv64": 0}

// TestWalk walks every checked-in capture of testdata/walk from walk_d out
// to main and checks every frame's CFA, stack pointer, record, deopt
// values and GC roots against what the program recorded.
func TestWalk(t *testing.T) {
	cases, err := walktest.Cases()
	require.NoError(t, err)
	require.Len(t, cases, 16)
	for _, c := range cases {
		t.Run(c.Arch+"/"+c.Name[len(c.Arch)+1:], func(t *testing.T) {
			f, err := walktest.ParseFile(c.Capture)
			require.NoError(t, err)
			got := walkCapture(t, c.Binary, f)
			want := 0
			if f.Mode == "patchpoint" {
				want = unrecoverable[f.Arch]
			}
			assert.Equal(t, want, got.skipped, "operands skipped as unrecoverable")
			t.Logf("%d frames, %d values and %d roots checked, %d unrecoverable skipped, homes %v",
				got.frames, got.values, got.roots, got.skipped, got.homes)
		})
	}
}

// walkStats counts what a walk checked.
type walkStats struct {
	frames, values, roots, skipped int
	homes                          map[stackwalk.HomeKind]int
}

// bias returns the capture's load bias: walk_a_exp's runtime address less
// its symbol value.
func bias(t *testing.T, exe string, f *walktest.File) uint64 {
	t.Helper()
	if f.ABI == "win64" {
		return peBias(t, exe, f)
	}
	ef, err := elf.Open(exe)
	require.NoError(t, err)
	defer ef.Close()
	syms, err := ef.Symbols()
	require.NoError(t, err)
	for _, s := range syms {
		if s.Name == "walk_a_exp" {
			return f.Symbols["walk_a_exp"] - s.Value
		}
	}
	t.Fatalf("%s: no symbol walk_a_exp", exe)
	return 0
}

// funcAt names the listed function whose code entry is the greatest not
// above pc.
func funcAt(f *walktest.File, pc uint64) string {
	type fn struct {
		name  string
		entry uint64
	}
	var fs []fn
	for n, e := range f.Code {
		fs = append(fs, fn{n, e})
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].entry < fs[j].entry })
	name := ""
	for _, x := range fs {
		if x.entry <= pc {
			name = x.name
		}
	}
	return name
}

func walkCapture(t *testing.T, exe string, f *walktest.File, pacMask ...uint64) walkStats {
	t.Helper()
	m, err := objfile.OpenModule(exe, bias(t, exe, f))
	require.NoError(t, err)
	defer m.Close()
	require.NotNil(t, m.Stackmaps)
	cfg := stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: f.Stack}
	if len(pacMask) > 0 {
		cfg.PACMask = pacMask[0]
	}
	w, err := stackwalk.NewWalker(cfg)
	require.NoError(t, err)
	var rs stackwalk.RegisterSet
	rs.SetAll(f.Regs)
	w.Start(f.RetAddr, &rs)

	st := walkStats{homes: map[stackwalk.HomeKind]int{}}
	for fr, err := range w.Frames() {
		require.NoError(t, err)
		i := fr.Index
		require.Less(t, i, len(f.Frames), "more frames than the program had")
		want := &f.Frames[i]
		assert.Equal(t, want.Func, funcAt(f, fr.PC-1), "frame %d function", i)
		cfa, _ := f.ExpectedCFA(i)
		assert.Equal(t, cfa, fr.CFA, "frame %d (%s) CFA", i, want.Func)
		assert.Equal(t, want.CallSP, fr.SP, "frame %d (%s) SP", i, want.Func)
		st.frames++
		if !want.IsLLC() {
			assert.False(t, fr.HasRecord(), "main has no record")
			continue
		}
		rec, ok := fr.Record()
		require.True(t, ok, "frame %d (%s): no record at pc %#x", i, want.Func, fr.PC)
		assert.Equal(t, want.ID, rec.ID(), "frame %d record ID", i)
		assert.Equal(t, f.Mode == "statepoint", fr.IsStatepoint(), "frame %d statepoint", i)
		assert.Equal(t, f.Mode == "statepoint", fr.RecordExact(), "frame %d exact record", i)
		checkValues(t, f, fr, want, &st)
	}
	main := f.Frames[len(f.Frames)-1]
	pc, sp := w.Stopped()
	assert.Equal(t, len(f.Frames), st.frames, "frames walked")
	assert.Equal(t, stackwalk.EndNoModule, w.End(), "main's caller is in libc, not a module")
	assert.False(t, m.Contains(pc), "main's return address %#x", pc)
	assert.Greater(t, sp, main.CallSP, "main's caller's SP")
	return st
}

// checkValues compares a frame's deopt values and GC roots with the
// program's, and checks each value's home against the capture.
func checkValues(t *testing.T, f *walktest.File, fr *stackwalk.Frame, want *walktest.Frame, st *walkStats) {
	t.Helper()
	gcWant := map[uint64]bool{}
	n := 0
	for _, e := range want.Expect {
		if e.Kind == "gc" {
			gcWant[e.Value] = true
			continue
		}
		n++
		v, err := fr.Deopt(e.Index)
		if err != nil {
			var ee *stackmap.EvalError
			l, _ := fr.Record()
			loc, _ := l.Location(e.Index)
			if fr.Index > 0 && errors.As(err, &ee) && errors.Is(err, stackmap.ErrNoRegister) &&
				loc.Kind == stackmap.Register && !walktest.CalleeSaved(f.Arch, loc.Reg) {
				st.skipped++
				continue
			}
			t.Errorf("frame %d (%s) %s %d: %v", fr.Index, want.Func, e.Kind, e.Index, err)
			continue
		}
		st.values++
		assert.True(t, e.Matches(v.Bits), "frame %d (%s) %s %d (%v): %#x, want %#x",
			fr.Index, want.Func, e.Kind, e.Index, v.Loc.Kind, v.Bits, e.Value)
		checkHome(t, f, fr, v)
		st.homes[v.Home.Kind]++
	}
	assert.Equal(t, fr.NumDeopt(), n, "frame %d deopt count", fr.Index)
	if f.Mode != "statepoint" {
		return
	}
	seen := map[uint64]bool{}
	require.NotZero(t, fr.NumRoots(), "frame %d roots", fr.Index)
	for i := range fr.NumRoots() {
		r, err := fr.Root(i)
		require.NoError(t, err, "frame %d root %d", fr.Index, i)
		for _, s := range []stackwalk.Slot{r.Base, r.Derived} {
			assert.True(t, gcWant[s.Bits], "frame %d root %d: %#x is not one of the frame's gc values", fr.Index, i, s.Bits)
			seen[s.Bits] = true
			checkHome(t, f, fr, s)
			st.homes[s.Home.Kind]++
			if addr, ok := s.UpdateAddr(); ok {
				assert.True(t, f.Stack.Contains(addr, 8), "root home %#x in the stack", addr)
			} else {
				// No memory home: only the innermost frame's own registers.
				assert.Equal(t, stackwalk.HomeRegister, s.Home.Kind, "frame %d root %d home", fr.Index, i)
			}
		}
		st.roots++
	}
	assert.Equal(t, len(gcWant), len(seen), "frame %d: every gc value is a root", fr.Index)
}

// checkHome checks that a value is where its home says: in the innermost
// frame's register, or in memory at the address.
func checkHome(t *testing.T, f *walktest.File, fr *stackwalk.Frame, s stackwalk.Slot) {
	t.Helper()
	st := s.Home.Kind
	switch st {
	case stackwalk.HomeRegister:
		v, ok := f.Regs[s.Home.Reg]
		require.True(t, ok)
		assert.Equal(t, s.Bits, lowBytes(v, s.Size), "frame %d: value %#x not in register %d", fr.Index, s.Bits, s.Home.Reg)
	case stackwalk.HomeMemory:
		size := min(s.Size, 8) // a wider spill: its first 8 bytes
		if s.Loc.Kind == stackmap.Register {
			size = 8 // a callee saved the whole register
		}
		v, err := f.Stack.ReadUint(s.Home.Addr, size, f.Order)
		require.NoError(t, err)
		assert.Equal(t, s.Bits, lowBytes(v, s.Size), "frame %d: value %#x not at %#x", fr.Index, s.Bits, s.Home.Addr)
	case stackwalk.HomeComputed:
		assert.NotEqual(t, stackmap.Register, s.Loc.Kind, "frame %d: a register value with no home", fr.Index)
	default:
		t.Errorf("frame %d: value %#x (%v) has home %v", fr.Index, s.Bits, s.Loc.Kind, s.Home)
	}
}

func lowBytes(v uint64, size int) uint64 {
	if size <= 0 || size >= 8 {
		return v
	}
	return v & (1<<(8*uint(size)) - 1)
}
