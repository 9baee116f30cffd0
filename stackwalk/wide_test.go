package stackwalk_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// The wide synthetic stack: the synthetic function (synthetic_test.go)
// copied nfuncs times, 0x100 apart, in one module, each copy with its FDE
// and its statepoint record; frame i returns into copy i mod nfuncs, so a
// stack of depth frames has min(depth, nfuncs) distinct return addresses.
// Frames are laid out as the synthetic stack's.
const wideStride = 0x100

// wideRet returns the return address into copy k.
func wideRet(k int) uint64 { return synRet + uint64(k)*wideStride }

// wideEHFrame is the copies' .eh_frame: the synthetic CIE and one FDE a
// copy.
func wideEHFrame(nfuncs int) []byte {
	one := synEHFrame()
	cieLen := 4 + int(binary.LittleEndian.Uint32(one))
	fdeLen := 4 + int(binary.LittleEndian.Uint32(one[cieLen:]))
	out := append([]byte(nil), one[:cieLen]...)
	for k := range nfuncs {
		fde := append([]byte(nil), one[cieLen:cieLen+fdeLen]...)
		binary.LittleEndian.PutUint32(fde[4:], uint32(len(out)+4)) // CIE pointer
		binary.LittleEndian.PutUint64(fde[8:], synFunc+uint64(k)*wideStride)
		out = append(out, fde...)
	}
	return append(out, 0, 0, 0, 0)
}

// wideHdr is an .eh_frame_hdr at hdrAddr for wideEHFrame(nfuncs) at
// ehAddr (datarel|sdata4 entries, as linkers write them), so that FDE
// searches take the binary search real modules take.
func wideHdr(nfuncs int, ehAddr, hdrAddr uint64) []byte {
	one := synEHFrame()
	cieLen := 4 + int(binary.LittleEndian.Uint32(one))
	fdeLen := 4 + int(binary.LittleEndian.Uint32(one[cieLen:]))
	o := binary.LittleEndian
	h := []byte{1, cfi.PEPCRel | cfi.PESData4, cfi.PEUData4, cfi.PEDataRel | cfi.PESData4}
	h = o.AppendUint32(h, uint32(int32(ehAddr-(hdrAddr+4))))
	h = o.AppendUint32(h, uint32(nfuncs))
	for k := range nfuncs {
		h = o.AppendUint32(h, uint32(int32(synFunc+uint64(k)*wideStride-hdrAddr)))
		h = o.AppendUint32(h, uint32(int32(ehAddr+uint64(cieLen+k*fdeLen)-hdrAddr)))
	}
	return h
}

// wideStackmaps is one statepoint record a copy, at its return address.
func wideStackmaps(t testing.TB, nfuncs int) *stackmap.Index {
	c := func(v int32) stackmaptest.Location {
		return stackmaptest.Location{Kind: uint8(stackmap.Constant), Size: 8, Offset: v}
	}
	ind := func(off int32) stackmaptest.Location {
		return stackmaptest.Location{Kind: uint8(stackmap.Indirect), Size: 8, Reg: 7, Offset: off}
	}
	tab := stackmaptest.Table{Version: 3}
	for k := range nfuncs {
		tab.Functions = append(tab.Functions, stackmaptest.Function{Address: synFunc + uint64(k)*wideStride, StackSize: 40, RecordCount: 1})
		tab.Records = append(tab.Records, stackmaptest.Record{ID: uint64(k), InstructionOffset: synRet - synFunc, Locations: []stackmaptest.Location{
			c(0), c(0), c(2),
			{Kind: uint8(stackmap.Register), Size: 8, Reg: 3}, ind(8),
			ind(0), ind(0),
		}})
	}
	sec, err := stackmap.Parse(stackmaptest.Encode(binary.LittleEndian, tab), binary.LittleEndian)
	require.NoError(t, err)
	return stackmap.NewIndex(sec)
}

// wide returns the module of nfuncs copies, the memory of a stack of depth
// frames and the innermost frame's registers (the walk starts at
// wideRet(0)). With hdr, the module's .eh_frame has an .eh_frame_hdr (as
// a linked module's has); without, FDEs are found through a cfi.Index.
func wide(t testing.TB, nfuncs, depth int, hdr bool) (*stackwalk.Module, *flatMem, *stackwalk.RegisterSet) {
	eh := cfi.Config{Kind: cfi.EHFrame, Data: wideEHFrame(nfuncs), Addr: 0x100, Order: binary.LittleEndian, PtrSize: 8}
	if hdr {
		eh.HdrAddr = 0x100 + uint64(len(eh.Data))
		eh.Hdr = wideHdr(nfuncs, eh.Addr, eh.HdrAddr)
	}
	ut, err := unwind.New(unwind.Sources{Arch: regs.X86_64, EHFrame: eh})
	require.NoError(t, err)
	require.NoError(t, ut.HdrErr())
	m := &stackwalk.Module{Name: "wide", Arch: regs.X86_64, Start: synFunc, End: synFunc + uint64(nfuncs)*wideStride, Unwind: ut, Stackmaps: wideStackmaps(t, nfuncs)}
	_, mem, rs := synthetic(t, depth)
	for i := 0; i+1 < depth; i++ {
		binary.LittleEndian.PutUint64(mem.b[synFrame*i+40:], wideRet((i+1)%nfuncs))
	}
	return m, mem, rs
}

// wideCounts are the numbers of distinct return addresses the wide
// benchmarks and tests walk.
var wideCounts = []int{10, 100, 400, 1000, 2001, 10_000, 20_000, 100_000}

// BenchmarkWalkDistinct walks a stack of max(1,000, n) frames over n
// distinct return addresses (n functions calling each other in turn),
// again and again: with more pcs than the walker's cache holds, a cyclic
// walk is where a cache's replacement shows. ns/frame should not depend
// on n. "cold" (20,000 pcs only) bounds the cache at its smallest (512
// recipes): 97% of the frames take the uncached step (the FDE, its row,
// the record, the recipe compiled), the FDE found through a cfi.Index (no
// .eh_frame_hdr: a .debug_frame's case); "cold-hdr" is the same through an
// .eh_frame_hdr, as in a linked module.
func BenchmarkWalkDistinct(b *testing.B) {
	for _, n := range wideCounts {
		for _, mode := range []string{"frames", "roots", "cold", "cold-hdr"} {
			cold := mode == "cold" || mode == "cold-hdr"
			if cold && n != 20_000 {
				continue
			}
			b.Run(fmt.Sprintf("pcs=%d/%s", n, mode), func(b *testing.B) {
				depth := max(n, 1000)
				cacheLimit := 0
				if cold {
					cacheLimit = 1
				}
				m, mem, rs := wide(b, n, depth, mode == "cold-hdr")
				w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m},
					Memory: &stackmap.Memory{Addr: mem.base, Data: mem.b}, MaxFrames: depth + 1, CacheLimit: cacheLimit})
				if err != nil {
					b.Fatal(err)
				}
				walk := func() {
					w.Start(wideRet(0), rs)
					frames := 0
					for w.Next() {
						frames++
						if mode != "roots" {
							continue
						}
						fr := w.Frame()
						for i := range fr.NumDeopt() {
							if _, err := fr.Deopt(i); err != nil {
								b.Fatal(err)
							}
						}
						for i := range fr.NumRoots() {
							if _, err := fr.Root(i); err != nil {
								b.Fatal(err)
							}
						}
					}
					if frames != depth || w.Err() != nil {
						b.Fatalf("%d frames, %v", frames, w.Err())
					}
				}
				for range 10 { // fill the cache, and let it grow
					walk()
				}
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					walk()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(depth), "ns/frame")
			})
		}
	}
}

// TestWalkDistinct walks stacks over many distinct return addresses,
// three times each (the cache empty, filled, grown), with the cache at its
// default bound and at its smallest (512 recipes, random replacement):
// every frame's pc, CFA, registers, deopt values and root are the
// synthetic stack's, whichever way the frame was entered.
func TestWalkDistinct(t *testing.T) {
	for _, n := range []int{10, 2001, 5000} {
		for _, limit := range []int{0, 1} {
			depth := max(n, 1000)
			m, mem, rs := wide(t, n, depth, limit == 1)
			w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m},
				Memory: &stackmap.Memory{Addr: mem.base, Data: mem.b}, MaxFrames: depth + 1, CacheLimit: limit})
			require.NoError(t, err)
			for walk := range 3 {
				w.Start(wideRet(0), rs)
				i := 0
				for w.Next() {
					fr := w.Frame()
					sp := uint64(synBase + synFrame*i)
					if fr.PC != wideRet(i%n) || fr.CFA != sp+synFrame || fr.SP != sp || fr.Reg(3).Value != 0xB000+uint64(i) {
						t.Fatalf("%d pcs, limit %d, walk %d, frame %d: pc %#x cfa %#x sp %#x rbx %#x", n, limit, walk, i, fr.PC, fr.CFA, fr.SP, fr.Reg(3).Value)
					}
					d, err := fr.Deopt(1)
					require.NoError(t, err)
					r, err := fr.Root(0)
					require.NoError(t, err)
					if d.Bits != 7*uint64(i) || r.Base.Bits != 0x10000+uint64(i) || r.Derived.Home.Addr != sp {
						t.Fatalf("%d pcs, limit %d, walk %d, frame %d: deopt %d, root %#x at %#x", n, limit, walk, i, d.Bits, r.Base.Bits, r.Derived.Home.Addr)
					}
					rec, ok := fr.Record()
					require.True(t, ok)
					if rec.ID() != uint64(i%n) {
						t.Fatalf("frame %d: record %d", i, rec.ID())
					}
					i++
				}
				require.NoError(t, w.Err())
				require.Equal(t, depth, i, "%d pcs, limit %d, walk %d", n, limit, walk)
			}
		}
	}
}
