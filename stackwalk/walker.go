package stackwalk

import (
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"runtime"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/unwind"
)

// DefaultMaxFrames is the frame limit of a walk when Config.MaxFrames is 0.
const DefaultMaxFrames = 1 << 16

// Config describes the walks a Walker makes.
type Config struct {
	// Arch is the architecture of the stack; the modules must match.
	// ArchUnknown takes the first module's.
	Arch regs.Arch
	// Modules are the loaded modules, in any order; their code ranges
	// must not overlap. NewWalker sorts them into a ModuleSet of its own.
	Modules []*Module
	// ModuleSet, instead of Modules, is a set of modules the runtime
	// changes while walkers use it (a JIT adding and removing code): each
	// walk sees the set as it was at Start. Its architecture is the walk's.
	ModuleSet *ModuleSet
	// Memory reads the stack (saved registers, return addresses, spilled
	// values). Required. A reader that also implements
	// stackmap.UintReader is read without allocating: a *stackmap.Memory
	// (a copied stack) or a *stackmap.MemoryRegions is.
	Memory stackmap.MemoryReader
	// StopSP, when not 0, bounds the stack: a frame whose stack pointer
	// is at or above it is not walked (the walk ends with EndStopSP).
	StopSP uint64
	// StopPCLow and StopPCHigh, when StopPCHigh is not 0, name a code
	// range (runtime addresses) whose frame is the outermost one walked:
	// a thread's entry function, or the runtime's entry trampoline. The
	// walk yields it and ends with EndStopPC.
	StopPCLow, StopPCHigh uint64
	// MaxFrames bounds the number of frames (DefaultMaxFrames when 0);
	// reaching it is an error (ErrTooManyFrames).
	MaxFrames int
	// CacheLimit bounds the frame recipes the Walker's cache may hold
	// (DefaultCacheLimit when 0; at least 512), each 520 bytes with its
	// record, kept in the order the walks first met them (a walk that goes
	// where an earlier one went finds each frame's recipe right after its
	// callee's). The recipes are also found through sets of four ways, 16
	// bytes a way, 512 ways at first, doubling while the walks' distinct
	// return addresses do not fit, up to eight times the limit: a cache
	// holding n recipes takes about 520n bytes and at most 256n more for
	// its ways. A walk over more distinct return addresses than the cache
	// holds looks the others up in the unwind tables and stack maps at
	// every visit.
	CacheLimit int
	// ExactOnly looks records up only at a frame's exact return address
	// (statepoints); otherwise a frame without one takes the record
	// stackmap.Index.At gives: the nearest preceding one inside its
	// function's known extent (a symbol size, or an extent given to
	// stackmap.NewIndexOptions), unless it is a statepoint's (a
	// patchpoint's record marks the start of the patchable region the call
	// returns into).
	ExactOnly bool
	// PACMask is cleared from an AArch64 return address that the CFI says
	// is signed (pointer authentication: paciasp, -mbranch-protection=
	// pac-ret, "sign-return-address"); 0 leaves it as read, and such a
	// walk ends at the first signed address (EndNoModule). For a Linux
	// process with 48-bit user addresses it is 0xffff000000000000.
	PACMask uint64
	// SignalTrampolines recognises the signal trampolines no CFI covers
	// (the arm64 vDSO's __kernel_rt_sigreturn, qemu-user's trampoline
	// page, musl's __restore_rt) by their code, and walks on through the
	// signal frame to the interrupted frame (Frame.IsSignalFrame). The
	// walker then reads the code at a pc that is in no module or that no
	// unwind table covers, before it ends the walk there: a walk ending
	// so costs that read, and whatever the memory reader's error costs.
	// Trampolines with CFI (glibc's "S" CIE) need no option. Walks of a
	// whole process (procwalk: cores and live processes) set it; a
	// runtime that walks its threads from their signal handlers' contexts
	// (StartAsync) does not need it.
	SignalTrampolines bool
}

// End says why a walk ended.
type End uint8

const (
	// Walking: the walk has not ended.
	Walking End = iota
	// EndNoModule: the next frame's pc is in no module (a library the
	// walker was not told about, or the end of the stack); for the
	// innermost frame, the pc given to Start is in none.
	EndNoModule
	// EndNoCFI: the next frame's pc is in a module but none of its unwind
	// tables covers it (no FDE, no compact entry); the innermost frame's
	// too (a thread stopped in a stub without CFI, such as glibc's clone3):
	// the walk then gives no frame, and Stopped says where it stopped.
	EndNoCFI
	// EndReturnAddress: the last frame's return address is undefined in
	// its CFI (the outermost frame, e.g. _start) or zero.
	EndReturnAddress
	// EndStopSP: the next frame's stack pointer reached Config.StopSP.
	EndStopSP
	// EndStopPC: the last frame's pc was in Config's stop range.
	EndStopPC
	// EndError: the walk failed; Walker.Err says why.
	EndError
)

var endNames = [...]string{"walking", "no module", "no CFI", "return address undefined", "stop SP", "stop PC", "error"}

// String names the reason.
func (e End) String() string {
	if int(e) < len(endNames) {
		return endNames[e]
	}
	return "invalid"
}

// Walker walks stacks. Make one with NewWalker and reuse it for every walk
// of a thread: it holds about 60 KB of scratch space and a cache of frame
// recipes, which grows with the distinct return addresses its walks see
// up to Config.CacheLimit (520 bytes a recipe, and its ways); a walk
// allocates nothing, but for the cache's growth.
// It is not safe for concurrent use.
//
// The cache remembers, per module and pc, what entering and unwinding a
// frame there takes (the CFA rule, the register rules, the return address
// column and the stack map record), so that a pc seen before costs no
// unwind table or record lookup. Entries are keyed by the *Module the pc
// was found in as well as the pc, and hold that pointer: a module removed
// and another loaded at the same addresses gets entries of its own. A
// Module must therefore not be changed once a walk has used it (build a
// new one instead); ResetCache forgets every entry.
type Walker struct {
	cfg Config
	abi abi
	ur  stackmap.UintReader // cfg.Memory, when it reads integers itself
	uc  unwind.Context
	st  [2]state
	cs  *state   // the current frame's registers: st[0] or st[1]
	row *cfi.Row // the current frame's row, inside uc (nil until Frame.Row asks, when recipe came from the cache)
	// recipe is the current frame's recipe (nil for a row it cannot
	// express: unwind then reads row); cache holds the recipes of the pcs
	// seen before.
	recipe *recipe
	cache  *recipeCache
	rowMod *Module // the module and link-time address of the row Frame.Row computes lazily
	rowAt  uint64
	own    found     // the record of a frame not in the cache
	ownC   foundCold // own's cold part
	trow   cfi.Row   // the row of a signal trampoline recognised by its code (sigTramp)
	// flat is Config.Memory when it is a stackmap.Memory (hasFlat), read
	// by load without interface calls; big says the target's byte order.
	flat    stackmap.Memory
	hasFlat bool
	big     bool
	fr      Frame
	ectx    exprCtx
	// moveVals and moveHomes hold a recipe's register values (and the
	// homes of those copied from another register) between computing and
	// storing them (unwindRecipe): kept here, no frame zeroes them.
	moveVals  [maxMoves]uint64
	moveHomes [maxMoves]Home

	poolAt uint32 // the pool slot of the last recipe the walk used (recipeCache.after)

	mods *ModuleSet  // the set modules are looked up in
	snap *moduleSnap // mods as it was at Start
	slot *walkSlot   // this walker's grace-period slot in cfg.ModuleSet; nil for Config.Modules
	hit  moduleHit   // the module of the walk's last lookup, in snap
	buf  [8]byte

	started bool
	async   bool // the start pc is an interrupted instruction, not a return address
	last    bool // the current frame is in the stop range
	end     End
	err     error
	stopPC  uint64 // the frame not walked, for EndNoModule, EndNoCFI, EndStopSP
	stopSP  uint64
}

// NewWalker checks the configuration and the modules.
func NewWalker(cfg Config) (*Walker, error) {
	if cfg.Memory == nil {
		return nil, errors.New("stackwalk: Config.Memory is nil")
	}
	set := cfg.ModuleSet
	switch {
	case set != nil && len(cfg.Modules) > 0:
		return nil, errors.New("stackwalk: Config has both Modules and ModuleSet")
	case set != nil && cfg.Arch == regs.ArchUnknown:
		cfg.Arch = set.Arch()
	case set != nil && cfg.Arch != set.Arch():
		return nil, fmt.Errorf("stackwalk: the module set is %v, the walk is %v", set.Arch(), cfg.Arch)
	case cfg.Arch == regs.ArchUnknown && len(cfg.Modules) > 0 && cfg.Modules[0] != nil:
		cfg.Arch = cfg.Modules[0].Arch
	}
	x, err := newABI(cfg.Arch)
	if err != nil {
		return nil, err
	}
	if set == nil {
		if set, err = NewModuleSet(cfg.Arch, cfg.Modules...); err != nil {
			return nil, err
		}
	}
	if cfg.MaxFrames <= 0 {
		cfg.MaxFrames = DefaultMaxFrames
	}
	cfg.Modules = nil // set holds them
	w := &Walker{cfg: cfg, abi: x, mods: set, cache: newRecipeCache(cfg.CacheLimit)}
	w.cs = &w.st[0]
	w.own.cold = &w.ownC
	if cfg.ModuleSet != nil {
		w.slot = set.gp.register()
		runtime.AddCleanup(w, set.gp.unregister, w.slot)
	}
	w.ur, _ = cfg.Memory.(stackmap.UintReader)
	if m, ok := cfg.Memory.(*stackmap.Memory); ok && m != nil {
		w.flat, w.hasFlat = *m, true
	}
	w.big = x.order == binary.BigEndian
	w.ectx.w = w
	return w, nil
}

// Start begins a walk from registers captured at a call: pc is the return
// address of the call, and regs hold every register the capture saw (at
// least the stack pointer and the registers the innermost CFA rule
// names). Registers are copied; regs may be reused at once.
//
// Which registers to give depends on when they were captured:
//   - at the call itself, before the callee changed anything (a capture
//     routine or a patchpoint handler that saves every register first):
//     all of them, with Start. A patchpoint's record may place a live value
//     in a caller-saved register, which is valid at that moment.
//   - after the callee ran, with pc still the return address (a thread
//     parked where a call returned, or whose callee the runtime does not
//     walk): only the registers a call preserves. The caller-saved ones
//     hold what the callee left, and a record location in one of them
//     would read a wrong value without any error: call
//     RegisterSet.KeepCalleeSaved first, then Start.
//   - at an interrupted instruction (a signal, a ptrace stop, a core
//     file's thread): all of them, with StartAsync.
func (w *Walker) Start(pc uint64, regs *RegisterSet) { w.start(pc, regs, false) }

// StartAsync begins a walk from registers captured at an interrupted
// instruction pc (a signal, a preemption, a thread stopped by ptrace or
// written to a core file), not at a call: every register is the innermost
// frame's, and its unwind row is the one at pc itself (not at pc-1). A
// signal handler's context gives such registers: linuxregs.DecodeUcontext
// (see the package documentation, Signals).
func (w *Walker) StartAsync(pc uint64, regs *RegisterSet) { w.start(pc, regs, true) }

func (w *Walker) start(pc uint64, rs *RegisterSet, async bool) {
	w.beginWalk()
	w.started, w.async, w.last, w.end, w.err, w.row = true, async, false, Walking, nil, nil
	w.recipe, w.rowMod = nil, nil
	w.cs = &w.st[0]
	s := &w.st[0]
	s.reset()
	for r := range MaxRegs {
		if rs.set[r/64]&(1<<(uint(r)%64)) != 0 {
			s.set(r, rs.val[r], Home{Kind: HomeRegister, Reg: uint16(r)})
		}
	}
	w.fr = Frame{Index: -1, PC: pc, w: w}
}

// Next steps to the next frame, outward: the first call gives the
// innermost frame. It returns false when the walk has ended: End says why
// and Err reports a failure.
func (w *Walker) Next() bool {
	if w.next() {
		return true
	}
	w.endWalk()
	return false
}

func (w *Walker) next() bool {
	if !w.started {
		w.fail(-1, 0, 0, "next", ErrNotStarted)
		return false
	}
	if w.end != Walking {
		return false
	}
	if w.fr.Index < 0 {
		return w.enter(0, w.fr.PC, !w.async)
	}
	if w.last {
		w.end = EndStopPC
		return false
	}
	if w.fr.Index+1 >= w.cfg.MaxFrames {
		w.fail(w.fr.Index, w.fr.PC, 0, "unwind", ErrTooManyFrames)
		return false
	}
	pc, ok := w.unwind()
	if !ok {
		return false
	}
	// The frame a signal trampoline returns to was interrupted at pc: its
	// pc is no return address.
	return w.enter(w.fr.Index+1, pc, !w.fr.signal)
}

// Frame returns the current frame. It points into the Walker and is valid
// until the next call of Next or Start.
func (w *Walker) Frame() *Frame { return &w.fr }

// Err returns the error that ended the walk, or nil.
func (w *Walker) Err() error { return w.err }

// End says why the walk ended (Walking while it goes on).
func (w *Walker) End() End { return w.end }

// Stopped returns the pc and stack pointer of the frame the walk did not
// enter, when it ended with EndNoModule, EndNoCFI or EndStopSP (zeros
// otherwise): where another unwinder, or the runtime's own frames, take
// over.
func (w *Walker) Stopped() (pc, sp uint64) {
	switch w.end {
	case EndNoModule, EndNoCFI, EndStopSP:
		return w.stopPC, w.stopSP
	}
	return 0, 0
}

// Frames iterates over the frames of the walk begun by Start, innermost
// first; a failure ends the iteration with (nil, err). Each *Frame is
// valid only until the next iteration; stopping the iteration early ends
// the walk (Done).
func (w *Walker) Frames() iter.Seq2[*Frame, error] {
	return func(yield func(*Frame, error) bool) {
		for w.Next() {
			if !yield(&w.fr, nil) {
				w.Done()
				return
			}
		}
		if w.err != nil {
			yield(nil, w.err)
		}
	}
}

// fail ends the walk with an error.
func (w *Walker) fail(frame int, pc, addr uint64, what string, err error) {
	w.end, w.err = EndError, &Error{Frame: frame, PC: pc, Addr: addr, What: what, Err: err}
}

// module returns the module whose code holds pc: the previous frame's
// when it holds pc (callers often run in the same module), else the
// snapshot's.
func (w *Walker) module(pc uint64) *Module {
	if pc-w.hit.start < w.hit.size {
		return w.hit.m
	}
	return w.snap.lookupHit(pc, &w.hit)
}

// enter makes the frame of index i at pc current: its module, unwind
// row, CFA and record. call says pc is a return address (the frame is
// suspended in a call): the row is then looked up as unwind.LookupPC
// says, at the call. It is false for the innermost frame of StartAsync
// and for the frame above a signal frame (Frame.IsSignalFrame), whose pc
// is the instruction the signal interrupted.
func (w *Walker) enter(i int, pc uint64, call bool) bool {
	// The frame's stack pointer, 0 when it is not known.
	sp, spKnown := w.cs.value(uint(w.abi.sp))
	w.stopPC, w.stopSP = pc, sp
	if w.cfg.StopSP != 0 && spKnown && sp >= w.cfg.StopSP {
		w.end = EndStopSP
		return false
	}
	at := unwind.LookupPC(pc, call)
	var seen *recipe // pc's recipe, found before a module was removed
	if w.cache != nil {
		// A pc seen before, with no module removed since: its module and
		// recipe without asking the module set. The recipe after the
		// previous frame's in the cache's pool is tried first: it is this
		// frame's when the walk goes where an earlier one went.
		e := w.cache.after(w.poolAt, pc, call)
		if e == nil {
			e = w.cache.find(pc, call)
		}
		if e != nil && e.removals == w.snap.removals {
			w.poolAt = e.slot
			return w.enterRecipe(i, pc, sp, at, e.m, e)
		}
		seen = e
	}
	m := w.module(at)
	if m == nil { // the innermost frame too: Stopped says where
		if w.sigTramp(i, pc, sp, spKnown, call) {
			return true
		}
		w.end = EndNoModule
		return false
	}
	// The cache holds at most one recipe of pc (find's): it is pc's in
	// this snapshot too when its module is still pc's.
	if e := seen; e != nil && e.m == m {
		w.poolAt = e.slot
		e.removals = w.snap.removals // pc is in m in this snapshot too
		return w.enterRecipe(i, pc, sp, at, m, e)
	}
	ur, err := m.Unwind.RowForFrame(pc-m.Bias, call, &w.uc)
	if err != nil {
		if errors.Is(err, unwind.ErrNotFound) && w.sigTramp(i, pc, sp, spKnown, call) {
			return true
		}
		if errors.Is(err, unwind.ErrNotFound) {
			// Also for the innermost frame: a thread stopped in code
			// its module has no unwind information for (glibc's clone3
			// after the syscall) is where the walk ends, not a failure.
			w.end = EndNoCFI
			return false
		}
		w.fail(i, pc, 0, "unwind row of "+m.Name, fmt.Errorf("%w: %w", ErrCFI, err))
		return false
	}
	row := ur.Rules
	if row == nil {
		w.fail(i, pc, 0, fmt.Sprintf("unwind row of %s (%v encoding %#08x: stack size not readable)", m.Name, ur.Table, uint32(ur.Encoding)), ErrNoCFA)
		return false
	}
	w.row, w.recipe, w.rowMod, w.stopPC, w.stopSP = row, nil, nil, 0, 0
	cfa, ok := w.cfa(i, pc, row)
	if !ok {
		return false
	}
	w.fr = Frame{Index: i, PC: pc, CFA: cfa, SP: sp, Module: m, call: call, signal: ur.SignalFrame, w: w}
	if w.cache == nil {
		w.findRecord(&w.fr, m, &w.own)
	} else {
		// The record is found into the entry itself (no copy of it); a
		// row the recipe cannot express keeps it in w.own.
		e := w.cache.claim(pc)
		w.poolAt = e.slot
		w.findRecord(&w.fr, m, e.found)
		if e.compile(row, w.uc.Unwinder().RuleRegs(row), &w.abi, ur.SignalFrame) {
			e.m, e.pc, e.call, e.signal, e.removals = m, pc, call, ur.SignalFrame, w.snap.removals
			w.recipe = e
		} else {
			e.m = nil
			w.own, w.ownC = *e.found, *e.found.cold
			w.own.cold = &w.ownC
			w.fr.ri = &w.own
		}
	}
	w.last = w.cfg.StopPCHigh != 0 && pc >= w.cfg.StopPCLow && pc < w.cfg.StopPCHigh
	return true
}

// enterRecipe makes the frame of index i at pc current from its cached
// recipe: what enter does with the row and the record lookup, without
// them. The row is computed only if Frame.Row asks for it.
func (w *Walker) enterRecipe(i int, pc, sp, at uint64, m *Module, e *recipe) bool {
	w.row, w.recipe, w.rowMod, w.rowAt, w.stopPC, w.stopSP = nil, e, m, at-m.Bias, 0, 0
	r, ok := w.cs.value(uint(e.cfaReg))
	if !ok {
		w.fail(i, pc, 0, fmt.Sprintf("CFA rule (register %d unknown)", e.cfaReg), ErrNoCFA)
		return false
	}
	// Field by field: a composite literal of the whole Frame is built
	// aside and then copied.
	fr := &w.fr
	fr.Index, fr.PC, fr.CFA, fr.SP, fr.Module, fr.ri, fr.call, fr.signal = i, pc, r+uint64(int64(e.cfaOff)), sp, m, e.found, e.call, e.signal
	w.last = w.cfg.StopPCHigh != 0 && pc >= w.cfg.StopPCLow && pc < w.cfg.StopPCHigh
	return true
}

// ResetCache forgets every cached frame recipe (and the modules they
// hold): the next walk looks every pc up again. A cache that grew (see
// Config.CacheLimit) is given its first size again, 512 ways and no
// recipes; it keeps the memory of its first 512 recipes (cleared), so
// that walks after a reset allocate nothing until they need more.
func (w *Walker) ResetCache() { w.cache.reset() }

// cfa computes the current frame's CFA from its row.
func (w *Walker) cfa(i int, pc uint64, row *cfi.Row) (uint64, bool) {
	switch row.CFA.Kind {
	case cfi.CFARegOffset:
		r := w.cs.reg(uint64(row.CFA.Reg))
		if !r.Known() {
			w.fail(i, pc, 0, fmt.Sprintf("CFA rule (register %d unknown)", row.CFA.Reg), ErrNoCFA)
			return 0, false
		}
		return r.Value + uint64(row.CFA.Offset), true
	case cfi.CFAExpression:
		v, err := cfi.EvalExpr(row.CFA.Expr, w.abi.order, w.abi.ptrSize, 0, false, &w.ectx)
		if err != nil {
			w.fail(i, pc, 0, "CFA expression", fmt.Errorf("%w: %w", ErrNoCFA, err))
			return 0, false
		}
		return v, true
	}
	w.fail(i, pc, 0, "CFA rule (none)", ErrNoCFA)
	return 0, false
}
