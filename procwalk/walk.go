package procwalk

import (
	"iter"
	"sort"

	"github.com/stackmaps/stackmaps/linuxregs"

	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// Modules returns what Open made of each mapped file: those with a module
// by code address, then those that could not be used.
func (w *Walk) Modules() []ModuleInfo { return w.modules }

// Process returns the process the walk was opened on.
func (w *Walk) Process() *Process { return w.proc }

// Frames walks thread t from the registers it was stopped with (at an
// interrupted instruction: stackwalk.Walker.StartAsync), innermost frame
// first; a failure ends the iteration with (nil, err). Each *Frame is valid
// until the next iteration; End and Stopped say how the walk ended.
// The iterator costs one small allocation; Start, Next and Frame walk
// without any.
func (w *Walk) Frames(t *Thread) iter.Seq2[*stackwalk.Frame, error] {
	w.Start(t)
	return w.walker.Frames()
}

// Start begins a walk of thread t, from the registers it was stopped with:
// Next, or the Walker's Frames, then step through it. Frames does both.
func (w *Walk) Start(t *Thread) {
	w.regs.Clear()
	for r := uint16(0); r < linuxregs.MaxRegs; r++ {
		if v, ok := t.Regs.Register(r); ok {
			w.regs.Set(r, v)
		}
	}
	w.walker.StartAsync(t.Regs.PC, &w.regs)
}

// Next steps to the next frame of the walk begun by Start (the first call
// gives the innermost frame); false when the walk has ended (End, Err).
func (w *Walk) Next() bool { return w.walker.Next() }

// Frame returns the current frame of the walk (valid until the next step).
func (w *Walk) Frame() *stackwalk.Frame { return w.walker.Frame() }

// Err returns the error that ended the last walk, or nil.
func (w *Walk) Err() error { return w.walker.Err() }

// End says why the last walk ended.
func (w *Walk) End() stackwalk.End { return w.walker.End() }

// Stopped returns the pc and stack pointer of the frame the last walk did
// not enter (see stackwalk.Walker.Stopped).
func (w *Walk) Stopped() (pc, sp uint64) { return w.walker.Stopped() }

// Module returns the module whose code holds the runtime address pc, nil
// when none does.
func (w *Walk) Module(pc uint64) *ModuleInfo {
	mods := w.modules[:w.nmods]
	i := sort.Search(len(mods), func(i int) bool { return mods[i].Module.End > pc })
	if i < len(mods) && mods[i].Module.Contains(pc) {
		return &mods[i]
	}
	return nil
}

// Symbol returns the function symbol that holds the runtime address pc and
// pc's offset from its start, from the symbols of the module whose code
// holds pc; ok is false when no symbol does.
func (w *Walk) Symbol(pc uint64) (name string, off uint64, ok bool) {
	mi := w.Module(pc)
	if mi == nil || mi.symbols == nil {
		return "", 0, false
	}
	name, off, err := mi.symbols.Lookup(pc - mi.Bias)
	return name, off, err == nil
}

// Close releases the modules.
func (w *Walk) Close() error {
	for i := range w.modules {
		if m := w.modules[i].Module; m != nil {
			m.Close()
		}
	}
	return nil
}

// FrameSymbol returns the function of frame fr of the last walk and the
// offset of fr.PC in it. The function is the one that holds the frame's
// lookup address, unwind.LookupPC(fr.PC, fr.PCIsReturnAddress()): a return
// address may be the first byte after its function (a call to a function
// that does not return, such as abort, ends it), an interrupted
// instruction is looked up as it is.
func (w *Walk) FrameSymbol(fr *stackwalk.Frame) (name string, off uint64, ok bool) {
	at := unwind.LookupPC(fr.PC, fr.PCIsReturnAddress())
	name, off, ok = w.Symbol(at)
	return name, off + (fr.PC - at), ok
}
