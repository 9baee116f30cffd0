package stackwalk_test

import (
	"encoding/binary"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// Mach-O cannot run here, so these walks are proven on stacks built in
// memory from the image's own unwind rules: frame i is suspended at the
// return address pc[i] (a record's address); every register the row of
// pc[i] says frame i saved gets a value planted in its slot (the caller's
// return address for the RA column, a frame pointer that puts the
// caller's CFA where its rule wants it, a unique value otherwise); the
// walk must then recover, frame by frame, every planted value and every
// pc.

// plantedStack is a stack built for a chain of return addresses.
type plantedStack struct {
	mem   *flatMem
	regs  stackwalk.RegisterSet
	pcs   []uint64
	sps   []uint64
	cfas  []uint64
	want  []map[uint16]uint64 // frame i's callee-saved registers as the walk must recover them
	slots int                 // planted values
}

const (
	plantBase = 0x7000_0000
	td        = "../testdata/"
)

// plantStack builds the stack of the return addresses pcs (innermost
// first) from t's rows; sp and fp are the architecture's.
func plantStack(t testing.TB, tab *unwind.Table, a regs.Arch, pcs []uint64) *plantedStack {
	t.Helper()
	roles := regs.RolesOf(a)
	sp, fp := roles.StackPointer, roles.FramePointer
	n := len(pcs)
	rows := make([]cfi.Row, n)
	var ctx unwind.Context
	for i, pc := range pcs {
		r, err := tab.RowForReturnAddress(pc, &ctx)
		require.NoError(t, err, "%#x", pc)
		require.NotNil(t, r.Rules, "%#x", pc)
		rows[i] = *r.Rules
		require.Equal(t, cfi.CFARegOffset, rows[i].CFA.Kind, "%#x", pc)
	}
	const frameSize = 0x400 // room below every CFA for its saved registers
	ps := &plantedStack{mem: &flatMem{base: plantBase, b: make([]byte, frameSize*(n+2))}, pcs: pcs}
	put := func(addr, v uint64) {
		require.True(t, addr >= plantBase && addr+8 <= plantBase+uint64(len(ps.mem.b)), "slot %#x", addr)
		binary.LittleEndian.PutUint64(ps.mem.b[addr-plantBase:], v)
		ps.slots++
	}
	planted := func(i int, r uint16) uint64 { return 0x5a00_0000_0000 | uint64(i)<<16 | uint64(r) }
	// The registers of frame i, as the walk will see them.
	cur := map[uint16]uint64{}
	for _, r := range roles.CalleeSaved {
		cur[r] = planted(0, r)
	}
	if roles.HasReturnAddress && n > 1 {
		cur[roles.ReturnAddress] = pcs[1]
	}
	spv := uint64(plantBase + 0x40)
	cur[sp] = spv
	// Frame pointer of frame i: where its CFA rule needs it.
	fpFor := func(i int, spv uint64) (uint64, bool) {
		if rows[i].CFA.Reg != fp {
			return 0, false
		}
		return spv + frameSize/2 - uint64(rows[i].CFA.Offset), true
	}
	if v, ok := fpFor(0, spv); ok {
		cur[fp] = v
	}
	for r, v := range cur {
		ps.regs.Set(r, v)
	}
	for i := range n {
		row := &rows[i]
		base, ok := cur[row.CFA.Reg]
		require.True(t, ok, "frame %d: CFA register %d unknown", i, row.CFA.Reg)
		cfa := base + uint64(row.CFA.Offset)
		require.Greater(t, cfa, spv, "frame %d (pc %#x): CFA not above sp", i, pcs[i])
		ps.sps, ps.cfas = append(ps.sps, spv), append(ps.cfas, cfa)
		ps.want = append(ps.want, copyRegs(cur, roles.CalleeSaved))
		next := map[uint16]uint64{}
		for _, r := range roles.CalleeSaved {
			next[r] = cur[r] // not saved: passes through
		}
		nextSP := cfa
		for r := range row.Regs {
			rule := row.Regs[r]
			if rule.Kind != cfi.RuleOffset {
				continue
			}
			var v uint64
			switch {
			case uint16(r) == row.RAReg:
				if i+1 < n {
					v = pcs[i+1]
				}
			case uint16(r) == fp && i+1 < n:
				if fv, ok := fpFor(i+1, nextSP); ok {
					v = fv
				} else {
					v = planted(i+1, uint16(r))
				}
			default:
				v = planted(i+1, uint16(r))
			}
			put(cfa+uint64(rule.Offset), v)
			next[uint16(r)] = v
		}
		if i+1 < n {
			if _, ok := fpFor(i+1, nextSP); ok {
				require.Equal(t, next[fp], func() uint64 { v, _ := fpFor(i+1, nextSP); return v }(),
					"frame %d does not save the frame pointer frame %d's CFA needs", i, i+1)
			}
		}
		next[sp] = nextSP
		cur, spv = next, nextSP
	}
	return ps
}

func copyRegs(m map[uint16]uint64, keep []uint16) map[uint16]uint64 {
	out := map[uint16]uint64{}
	for _, r := range keep {
		if v, ok := m[r]; ok {
			out[r] = v
		}
	}
	return out
}

// walkPlanted walks ps through m and checks every frame.
func walkPlanted(t *testing.T, m *stackwalk.Module, ps *plantedStack) {
	t.Helper()
	w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: ps.mem, MaxFrames: len(ps.pcs)})
	require.NoError(t, err)
	w.Start(ps.pcs[0], &ps.regs)
	i, recovered := 0, 0
	for fr, err := range w.Frames() {
		if err != nil {
			// The last frame's return address is 0, or MaxFrames ends it.
			require.ErrorIs(t, err, stackwalk.ErrTooManyFrames)
			break
		}
		require.Less(t, i, len(ps.pcs))
		assert.Equal(t, ps.pcs[i], fr.PC, "frame %d", i)
		assert.Equal(t, ps.cfas[i], fr.CFA, "frame %d CFA", i)
		assert.Equal(t, ps.sps[i], fr.SP, "frame %d SP", i)
		for r, v := range ps.want[i] {
			got := fr.Reg(r)
			if assert.True(t, got.Known(), "frame %d: register %d unknown", i, r) {
				assert.Equal(t, v, got.Value, "frame %d: register %d", i, r)
				if i > 0 && v>>40 == 0x5a {
					recovered++
				}
			}
		}
		assert.True(t, fr.HasRecord(), "frame %d at %#x: its record", i, fr.PC)
		i++
	}
	assert.Equal(t, len(ps.pcs), i, "frames walked")
	assert.Greater(t, recovered, 0)
}

// machoChain picks n return addresses in distinct functions of a Mach-O
// image: records' addresses whose row (at pc-1) saved the return address,
// so that each frame has a caller; those that save the most registers
// first.
func machoChain(t testing.TB, tab *unwind.Table, sd *stackmap.SectionData, n int) []uint64 {
	t.Helper()
	sec, err := sd.Parse()
	require.NoError(t, err)
	var ctx unwind.Context
	type cand struct {
		addr  uint64
		saved int
	}
	best := map[uint64]cand{} // by function entry
	for _, tb := range sec.Tables() {
		for _, r := range tb.Records() {
			addr, _ := r.Address()
			fn, _ := tb.Function(r.Function())
			row, err := tab.RowForReturnAddress(addr, &ctx)
			if err != nil || row.Rules == nil || row.Rules.RA().Kind != cfi.RuleOffset || row.Rules.CFA.Kind != cfi.CFARegOffset {
				continue
			}
			saved := 0
			for _, rule := range row.Rules.Regs {
				if rule.Kind == cfi.RuleOffset {
					saved++
				}
			}
			if c, ok := best[fn.Entry()]; !ok || saved > c.saved {
				best[fn.Entry()] = cand{addr, saved}
			}
		}
	}
	cands := make([]cand, 0, len(best))
	for _, c := range best {
		cands = append(cands, c)
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].saved != cands[j].saved {
			return cands[i].saved > cands[j].saved
		}
		return cands[i].addr < cands[j].addr
	})
	require.GreaterOrEqual(t, len(cands), n, "usable records")
	out := make([]uint64, n)
	for i := range out {
		out[i] = cands[i].addr
	}
	return out
}

// TestMachOWalk walks planted stacks of at least three frames through
// linked Mach-O images (x86_64: DWARF __eh_frame; arm64: __unwind_info
// frame encodings), objects (arm64: relocated __eh_frame; x86_64:
// __eh_frame beside __compact_unwind) and a universal file's slices.
func TestMachOWalk(t *testing.T) {
	for _, name := range []string{
		"linked-macho/x86_64-macos11.dylib", "linked-macho/arm64-macos13.dylib", "linked-macho/arm64-macos13",
		"objects/llvm22/arm64-macho/statepoints.o", "objects/llvm22/x86_64-macho/statepoints.o",
		"objects/llvm14/arm64-macho/statepoints.o",
		"compactunwind/arm64.o", "compactunwind/arm64.dylib", "compactunwind/x86_64.dylib", "compactunwind/arm64-dwarf.o",
	} {
		t.Run(name, func(t *testing.T) {
			path := td + name
			m, err := objfile.OpenModule(path, 0)
			require.NoError(t, err)
			defer m.Close()
			of, err := objfile.Open(path)
			require.NoError(t, err)
			defer of.Close()
			pcs := machoChain(t, m.Unwind, of.Sections[0], 4)
			ps := plantStack(t, m.Unwind, m.Arch, pcs)
			walkPlanted(t, m, ps)
			t.Logf("%v: %d frames, %d planted slots", m.Arch, len(pcs), ps.slots)
		})
	}
}

// TestMachOWalkUniversal: each slice of testdata/fat's universal object
// is walked through its slice's File.Module.
func TestMachOWalkUniversal(t *testing.T) {
	path := td + "fat/kinds-universal.o"
	of, err := objfile.Open(path)
	require.NoError(t, err)
	defer of.Close()
	archs := 0
	for _, s := range of.Slices {
		require.Len(t, s.Sections, 1, "%v", s.Arch)
		sd := s.Sections[0]
		require.Equal(t, s.Arch.String(), sd.Slice)
		m, err := s.Module(0)
		require.NoError(t, err)
		pcs := machoChain(t, m.Unwind, sd, 3)
		walkPlanted(t, m, plantStack(t, m.Unwind, s.Arch, pcs))
		archs++
	}
	assert.Equal(t, 2, archs)
}

// BenchmarkMachOWalk walks a planted 4-frame stack of a Mach-O image
// whose rows come from __unwind_info (arm64) and of one whose rows come
// from __eh_frame found through an index (x86_64): no allocation.
func BenchmarkMachOWalk(b *testing.B) {
	for _, name := range []string{"linked-macho/arm64-macos13.dylib", "compactunwind/x86_64.dylib"} {
		b.Run(name, func(b *testing.B) {
			path := td + name
			m, err := objfile.OpenModule(path, 0)
			require.NoError(b, err)
			defer m.Close()
			of, err := objfile.Open(path)
			require.NoError(b, err)
			defer of.Close()
			ps := plantStack(b, m.Unwind, m.Arch, machoChain(b, m.Unwind, of.Sections[0], 4))
			w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: ps.mem})
			require.NoError(b, err)
			b.ReportAllocs()
			for b.Loop() {
				w.Start(ps.pcs[0], &ps.regs)
				n := 0
				for w.Next() {
					n++
				}
				if n != 4 {
					b.Fatalf("%d frames", n)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*4), "ns/frame")
		})
	}
}
