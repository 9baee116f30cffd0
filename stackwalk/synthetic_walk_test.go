package stackwalk_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

func synWalker(t *testing.T, n int, cfg stackwalk.Config) (*stackwalk.Walker, *flatMem, *stackwalk.RegisterSet) {
	t.Helper()
	m, mem, rs := synthetic(t, n)
	cfg.Modules = []*stackwalk.Module{m}
	if cfg.Memory == nil {
		cfg.Memory = mem
	}
	w, err := stackwalk.NewWalker(cfg)
	require.NoError(t, err)
	return w, mem, rs
}

// TestSyntheticDeep walks 100 frames and checks every frame's CFA,
// registers with their homes, deopt values and roots.
func TestSyntheticDeep(t *testing.T) {
	const n = 100
	w, _, rs := synWalker(t, n, stackwalk.Config{})
	w.Start(synRet, rs)
	i := 0
	for fr, err := range w.Frames() {
		require.NoError(t, err)
		sp := uint64(synBase + synFrame*i)
		require.Equal(t, i, fr.Index)
		assert.Equal(t, uint64(synRet), fr.PC)
		assert.Equal(t, sp, fr.SP)
		assert.Equal(t, sp+synFrame, fr.CFA)
		assert.True(t, fr.IsStatepoint() && fr.RecordExact())

		rbx := fr.Reg(3)
		assert.Equal(t, 0xB000+uint64(i), rbx.Value)
		rax := fr.Reg(0)
		if i == 0 {
			assert.Equal(t, stackwalk.Home{Kind: stackwalk.HomeRegister, Reg: 3}, rbx.Home)
			assert.Equal(t, stackwalk.Home{Kind: stackwalk.HomeRegister, Reg: 0}, rax.Home)
		} else {
			assert.Equal(t, stackwalk.Home{Kind: stackwalk.HomeMemory, Addr: sp - synFrame + 24}, rbx.Home)
			assert.False(t, rax.Known(), "rax is caller-saved")
			assert.Equal(t, stackwalk.HomeMemory, fr.Reg(16).Home.Kind, "the return address column")
		}
		if i > 0 {
			assert.Equal(t, stackwalk.HomeComputed, fr.Reg(7).Home.Kind, "rsp: the callee's CFA")
		}

		require.Equal(t, 2, fr.NumDeopt())
		d0, err := fr.Deopt(0)
		require.NoError(t, err)
		assert.Equal(t, rbx.Value, d0.Bits)
		assert.Equal(t, rbx.Home, d0.Home)
		d1, err := fr.Deopt(1)
		require.NoError(t, err)
		assert.Equal(t, 7*uint64(i), d1.Bits)
		addr, ok := d1.UpdateAddr()
		assert.True(t, ok)
		assert.Equal(t, sp+8, addr)

		require.Equal(t, 1, fr.NumRoots())
		r, err := fr.Root(0)
		require.NoError(t, err)
		assert.Equal(t, 0x10000+uint64(i), r.Base.Bits)
		assert.Equal(t, stackwalk.Home{Kind: stackwalk.HomeMemory, Addr: sp}, r.Derived.Home)
		_, err = fr.Deopt(2)
		assert.Error(t, err)
		_, err = fr.Root(1)
		assert.Error(t, err)
		i++
	}
	assert.Equal(t, n, i)
	assert.Equal(t, stackwalk.EndReturnAddress, w.End())
	assert.NoError(t, w.Err())
}

// TestBoundaries ends walks at a stack pointer, a pc range, and the frame
// limit.
func TestBoundaries(t *testing.T) {
	count := func(w *stackwalk.Walker, rs *stackwalk.RegisterSet) int {
		w.Start(synRet, rs)
		k := 0
		for w.Next() {
			k++
		}
		return k
	}
	w, _, rs := synWalker(t, 10, stackwalk.Config{StopSP: synBase + 4*synFrame})
	assert.Equal(t, 4, count(w, rs))
	assert.Equal(t, stackwalk.EndStopSP, w.End())
	pc, sp := w.Stopped()
	assert.Equal(t, uint64(synRet), pc)
	assert.Equal(t, uint64(synBase+4*synFrame), sp)

	w, _, rs = synWalker(t, 10, stackwalk.Config{StopPCLow: synRet, StopPCHigh: synRet + 1})
	assert.Equal(t, 1, count(w, rs))
	assert.Equal(t, stackwalk.EndStopPC, w.End())

	w, _, rs = synWalker(t, 10, stackwalk.Config{MaxFrames: 3})
	assert.Equal(t, 3, count(w, rs))
	assert.ErrorIs(t, w.Err(), stackwalk.ErrTooManyFrames)

	// A walker is reusable: the same walk again.
	w, _, rs = synWalker(t, 10, stackwalk.Config{})
	assert.Equal(t, 10, count(w, rs))
	assert.Equal(t, 10, count(w, rs))
}

// TestErrors: unreadable memory, a stack that does not move outward and
// Next before Start each name the frame and pc; an innermost pc in no
// module ends the walk (EndNoModule).
// The stack is read through a MemoryReader of the test's own and as a
// stackmap.Memory, which the walker reads itself (a step of its own).
func TestErrors(t *testing.T) {
	w, _, rs := synWalker(t, 10, stackwalk.Config{})
	assert.False(t, w.Next())
	assert.ErrorIs(t, w.Err(), stackwalk.ErrNotStarted)

	// walker returns a walker over the synthetic stack as edit leaves it.
	walker := func(t *testing.T, flat bool, edit func(*flatMem)) *stackwalk.Walker {
		m, mem, _ := synthetic(t, 10)
		edit(mem)
		var memory stackmap.MemoryReader = mem
		if flat {
			memory = &stackmap.Memory{Addr: mem.base, Data: mem.b}
		}
		w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: memory})
		require.NoError(t, err)
		return w
	}
	for _, flat := range []bool{false, true} {
		t.Run(fmt.Sprintf("flat=%v", flat), func(t *testing.T) {
			w := walker(t, flat, func(mem *flatMem) {
				mem.b = mem.b[:5*synFrame+20] // frame 5's saved registers are gone
			})
			for range 2 { // a cold cache, then a warm one
				e := walkToError(t, w, rs, 6, stackwalk.ErrMemory)
				assert.Equal(t, 5, e.Frame)
				assert.Equal(t, uint64(synBase+5*synFrame+24), e.Addr)
				assert.Contains(t, e.Error(), "frame 5 (pc 0x1050)")
			}

			w = walker(t, flat, func(mem *flatMem) {
				// Frame 2's saved rbp points below its own frame: frame
				// 3's CFA would be below frame 2's.
				binary.LittleEndian.PutUint64(mem.b[2*synFrame+32:], synBase+synFrame)
			})
			for range 2 {
				assert.Equal(t, 3, walkToError(t, w, rs, 4, stackwalk.ErrNoProgress).Frame)
			}

			// Frame 3's CFA, its caller's SP, equal to its own SP: only
			// the innermost frame may have no frame of its own.
			w = walker(t, flat, func(mem *flatMem) {
				binary.LittleEndian.PutUint64(mem.b[2*synFrame+32:], synBase+3*synFrame-16)
			})
			assert.Equal(t, 3, walkToError(t, w, rs, 4, stackwalk.ErrNoProgress).Frame)
		})
	}

	// An innermost pc in no module is an end, not an error: the runtime's
	// own code, or a library the walker was not given.
	w, _, rs = synWalker(t, 10, stackwalk.Config{})
	w.Start(0x5000, rs)
	assert.False(t, w.Next())
	assert.NoError(t, w.Err())
	assert.Equal(t, stackwalk.EndNoModule, w.End())
	pc, sp := w.Stopped()
	assert.Equal(t, uint64(0x5000), pc)
	wantSP, _ := rs.Register(7) // rsp
	assert.Equal(t, wantSP, sp)

	// The first frame's CFA register unknown.
	var empty stackwalk.RegisterSet
	w.Start(synRet, &empty)
	assert.False(t, w.Next())
	assert.ErrorIs(t, w.Err(), stackwalk.ErrNoCFA)
}

// TestConfig rejects what a walk cannot use.
func TestConfig(t *testing.T) {
	m, mem, _ := synthetic(t, 1)
	_, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}})
	assert.Error(t, err, "no memory")
	_, err = stackwalk.NewWalker(stackwalk.Config{Arch: regs.PPC32, Memory: mem})
	assert.Error(t, err, "ppc32")
	m2 := *m
	_, err = stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m, &m2}, Memory: mem})
	assert.ErrorContains(t, err, "overlap")
	m2.Arch = regs.AArch64
	_, err = stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m, &m2}, Memory: mem})
	assert.ErrorContains(t, err, "aarch64")
	m2 = *m
	m2.Unwind = nil
	_, err = stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{&m2}, Memory: mem})
	assert.ErrorContains(t, err, "no unwind table")
}

// TestGarbageStack walks stacks of random bytes from random registers:
// no panic, and every walk ends within the frame limit.
func TestGarbageStack(t *testing.T) {
	w, mem, _ := synWalker(t, 64, stackwalk.Config{MaxFrames: 1000})
	rng := rand.New(rand.NewPCG(1, 2))
	var rs stackwalk.RegisterSet
	for range 2000 {
		for i := range mem.b {
			mem.b[i] = byte(rng.Uint32())
		}
		// Plant plausible return addresses and frame pointers.
		for off := 0; off+8 <= len(mem.b); off += 8 {
			switch rng.IntN(4) {
			case 0:
				binary.LittleEndian.PutUint64(mem.b[off:], synRet)
			case 1:
				binary.LittleEndian.PutUint64(mem.b[off:], synBase+uint64(rng.IntN(len(mem.b))))
			}
		}
		rs.Clear()
		rs.Set(7, synBase+uint64(rng.IntN(len(mem.b))))
		rs.Set(6, synBase+uint64(rng.IntN(len(mem.b)+64))-32)
		rs.Set(3, rng.Uint64())
		w.Start(synFunc+uint64(rng.IntN(0x110)), &rs)
		k := 0
		for fr, err := range w.Frames() {
			if err != nil {
				var e *stackwalk.Error
				require.True(t, errors.As(err, &e), "%v", err)
				break
			}
			k++
			for i := range fr.NumDeopt() {
				_, _ = fr.Deopt(i)
			}
			for i := range fr.NumRoots() {
				_, _ = fr.Root(i)
			}
		}
		require.LessOrEqual(t, k, 1000)
	}
}

// walkToError walks from the synthetic stack's return address, expects
// frames frames before the walk stops at an error matching target, and
// returns that error.
func walkToError(t *testing.T, w *stackwalk.Walker, rs *stackwalk.RegisterSet, frames int, target error) *stackwalk.Error {
	t.Helper()
	w.Start(synRet, rs)
	k := 0
	for w.Next() {
		k++
	}
	assert.Equal(t, frames, k)
	var e *stackwalk.Error
	require.ErrorAs(t, w.Err(), &e)
	assert.ErrorIs(t, e, target)
	return e
}

// TestPCIsReturnAddress checks the frame's one answer to "pc or pc-1":
// every frame of a walk from a call says its pc is a return address; the
// innermost frame of StartAsync says it is not, and its callers do; the
// answer is the same from the recipe cache (the second walk) as from a
// row.
func TestPCIsReturnAddress(t *testing.T) {
	const n = 5
	w, _, rs := synWalker(t, n, stackwalk.Config{})
	for round := range 2 {
		for _, async := range []bool{false, true} {
			if async {
				w.StartAsync(synRet, rs)
			} else {
				w.Start(synRet, rs)
			}
			i := 0
			for fr, err := range w.Frames() {
				require.NoError(t, err)
				assert.Equal(t, !(async && i == 0), fr.PCIsReturnAddress(), "round %d async %v frame %d", round, async, i)
				i++
			}
			assert.Equal(t, n, i)
		}
	}
}
