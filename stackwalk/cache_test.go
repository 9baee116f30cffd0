package stackwalk_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// walkLines walks from the start registers and describes everything the
// walk gives, one line per fact: each frame's pc, CFA, SP, module, row,
// record, every known register with its home, every deopt value, root and
// GC slot with its home (or its error), and how the walk ended.
func walkLines(w *stackwalk.Walker, pc uint64, rs *stackwalk.RegisterSet) []string {
	var out []string
	add := func(format string, a ...any) { out = append(out, fmt.Sprintf(format, a...)) }
	w.Start(pc, rs)
	for w.Next() {
		fr := w.Frame()
		add("frame %d pc %#x cfa %#x sp %#x module %p", fr.Index, fr.PC, fr.CFA, fr.SP, fr.Module)
		if row := fr.Row(); row != nil {
			add("  row [%#x,%#x) cfa %+v ra %d signed %v", row.Start, row.End, row.CFA, row.RAReg, row.RASigned)
			for r := range stackwalk.MaxRegs {
				if rule := row.Regs[r]; rule.Kind != 0 {
					add("  rule %d %+v", r, rule)
				}
			}
		}
		for r, v := range fr.KnownRegs() {
			add("  reg %d %#x %v", r, v.Value, v.Home)
		}
		if rec, ok := fr.Record(); ok {
			add("  record exact %v statepoint %v id %#x offset %d", fr.RecordExact(), fr.IsStatepoint(), rec.ID(), rec.Offset())
		}
		for i := range fr.NumDeopt() {
			s, err := fr.Deopt(i)
			add("  deopt %d %+v %v", i, s, err)
		}
		for i := range fr.NumRoots() {
			r, err := fr.Root(i)
			add("  root %d %+v %v", i, r, err)
		}
		for i := range fr.NumGCSlots() {
			s, err := fr.GCSlot(i)
			add("  gcslot %d %+v %v", i, s, err)
		}
	}
	spc, ssp := w.Stopped()
	add("end %v err %v stopped %#x %#x", w.End(), w.Err(), spc, ssp)
	return out
}

// TestCacheColdWarm walks every checked-in capture (six architectures,
// statepoints and patchpoints, PAC) and the synthetic stack three ways: without the
// recipe cache, with a cold cache, and again with the cache warm; every
// frame, register, home, row, record and value must be the same.
func TestCacheColdWarm(t *testing.T) {
	compare := func(t *testing.T, cfg stackwalk.Config, pc uint64, rs *stackwalk.RegisterSet) {
		ref, err := stackwalk.NewWalker(cfg)
		require.NoError(t, err)
		stackwalk.DisableCache(ref)
		w, err := stackwalk.NewWalker(cfg)
		require.NoError(t, err)
		want := walkLines(ref, pc, rs)
		require.Greater(t, len(want), 3)
		assert.Equal(t, want, walkLines(w, pc, rs), "cold cache")
		assert.Equal(t, want, walkLines(w, pc, rs), "warm cache")
		w.ResetCache()
		assert.Equal(t, want, walkLines(w, pc, rs), "after ResetCache")
	}
	// Each walk with the capture's own reader, and with a stackmap.Memory
	// over the same bytes (which the walker reads itself: the step of
	// unwindLoads), whole and cut off half-way (a save slot outside it
	// ends the walk with the same error).
	memories := func(f *walktest.File) map[string]stackmap.MemoryReader {
		return map[string]stackmap.MemoryReader{
			"reader": f.Stack,
			"flat":   &stackmap.Memory{Addr: f.Stack.Start, Data: f.Stack.Bytes},
			"cut":    &stackmap.Memory{Addr: f.Stack.Start, Data: f.Stack.Bytes[:len(f.Stack.Bytes)/2]},
		}
	}
	eachCapture(t, func(t *testing.T, f *walktest.File, m *stackwalk.Module, rs *stackwalk.RegisterSet) {
		for name, mem := range memories(f) {
			t.Run(name, func(t *testing.T) {
				compare(t, stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: mem}, f.RetAddr, rs)
			})
		}
	})
	t.Run("pac", func(t *testing.T) {
		exe, f := pacCapture(t)
		m, err := objfile.OpenModule(exe, bias(t, exe, f))
		require.NoError(t, err)
		defer m.Close()
		var rs stackwalk.RegisterSet
		rs.SetAll(f.Regs)
		for name, mem := range memories(f) {
			t.Run(name, func(t *testing.T) {
				compare(t, stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: mem, PACMask: 0xffff000000000000}, f.RetAddr, &rs)
			})
		}
	})
	t.Run("synthetic", func(t *testing.T) {
		m, mem, rs := synthetic(t, 50)
		compare(t, stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: mem}, synRet, rs)
		compare(t, stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: &stackmap.Memory{Addr: mem.base, Data: mem.b}}, synRet, rs)
	})
}

// TestCacheModuleReuse removes a module and loads another at the same
// addresses, with other unwind rules: the warm walker must not answer
// with the old module's recipes.
func TestCacheModuleReuse(t *testing.T) {
	m1, mem, rs := synthetic(t, 10)
	set, err := stackwalk.NewModuleSet(m1.Arch, m1)
	require.NoError(t, err)
	w, err := stackwalk.NewWalker(stackwalk.Config{ModuleSet: set, Memory: mem})
	require.NoError(t, err)
	first := walkLines(w, synRet, rs)
	require.Contains(t, first[len(first)-1], "return address undefined")
	// The same code range, but a module without stack maps: the same
	// frames, no records, and the frames name the new module.
	m2 := *m1
	m2.Stackmaps = nil
	w2, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{&m2}, Memory: mem})
	require.NoError(t, err)
	stackwalk.DisableCache(w2)
	want := walkLines(w2, synRet, rs)
	// The warm walker, after the runtime replaced the module in its set.
	require.NoError(t, set.Remove(m1))
	require.NoError(t, set.Add(&m2))
	set.Synchronize()
	assert.Equal(t, want, walkLines(w, synRet, rs))
}

// TestCacheExpressionRow walks the synthetic stack with rbx's save slot
// given as a DWARF expression (CFA-24 computed, DW_CFA_expression): a row
// the cache cannot express, so every frame takes the slow path, cold or
// warm. Every frame, register, home and value must equal the walk with the
// plain rule (DW_CFA_offset), whose rows are cached.
func TestCacheExpressionRow(t *testing.T) {
	m, mem, rs := synthetic(t, 20)
	eh := synEHFrame()
	plain := []byte{0x41, 0x83, 3} // advance 1; DW_CFA_offset rbx, 3*-8
	i := bytes.Index(eh, plain)
	require.GreaterOrEqual(t, i, 0)
	// advance 1; DW_CFA_expression rbx, 3 bytes: DW_OP_const1s -24, DW_OP_plus.
	expr := append(append(append([]byte(nil), eh[:i]...), 0x41, 0x10, 3, 3, 0x09, 0xe8, 0x22), eh[i+len(plain):]...)
	// Keep the FDE's length field right: it is the 4 bytes before the CIE
	// pointer of the second entry.
	cieLen := binary.LittleEndian.Uint32(eh)
	fdeAt := 4 + int(cieLen)
	binary.LittleEndian.PutUint32(expr[fdeAt:], binary.LittleEndian.Uint32(eh[fdeAt:])+uint32(len(expr)-len(eh)))
	ut, err := unwind.New(unwind.Sources{Arch: regs.X86_64, EHFrame: cfi.Config{Kind: cfi.EHFrame, Data: expr, Addr: 0x2000, Order: binary.LittleEndian, PtrSize: 8}})
	require.NoError(t, err)
	mx := *m
	mx.Unwind = ut

	lines := func(m *stackwalk.Module) []string {
		w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: mem})
		require.NoError(t, err)
		cold := walkLines(w, synRet, rs)
		assert.Equal(t, cold, walkLines(w, synRet, rs), "warm")
		var out []string
		for _, l := range cold {
			switch {
			case strings.HasPrefix(l, "  rule 3 "):
				out = append(out, "  rule 3: "+strings.Fields(l)[2]) // its kind only
			case strings.HasPrefix(l, "frame "):
				out = append(out, l[:strings.Index(l, " module ")]) // not the module's address
			default:
				out = append(out, l)
			}
		}
		return out
	}
	want, got := lines(m), lines(&mx)
	require.Greater(t, len(want), 20*3)
	require.Equal(t, len(want), len(got))
	n := 0
	for i := range want {
		if strings.HasPrefix(want[i], "  rule 3: ") {
			n++
			assert.Equal(t, "  rule 3: {Kind:offset", want[i])
			assert.Equal(t, "  rule 3: {Kind:expression", got[i])
			got[i] = want[i]
		}
	}
	assert.Equal(t, 20, n, "frames whose row saves rbx")
	assert.Equal(t, want, got)
}
