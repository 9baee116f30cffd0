package stackmap_test

import (
	"encoding/binary"
	"math/rand/v2"

	"github.com/stackmaps/stackmaps/stackmap"
)

// This file writes sections in the forks' layouts, as their emitters lay
// them out (stackmap/FORMAT.md, "Dialects", cites each source). The
// samples under testdata/dialects are its output (gen.sh there rewrites
// them); the tests also feed it random tables.

// sampleWriter appends fixed-size fields in one byte order.
type sampleWriter struct {
	b  []byte
	bo binary.AppendByteOrder
}

func (w *sampleWriter) u8(v uint8)   { w.b = append(w.b, v) }
func (w *sampleWriter) u16(v uint16) { w.b = w.bo.AppendUint16(w.b, v) }
func (w *sampleWriter) u32(v uint32) { w.b = w.bo.AppendUint32(w.b, v) }
func (w *sampleWriter) u64(v uint64) { w.b = w.bo.AppendUint64(w.b, v) }

// liveOuts writes live-outs as both layouts do: register, a zero byte,
// size.
func (w *sampleWriter) liveOuts(los []stackmap.LiveOut) {
	for _, lo := range los {
		w.u16(lo.Reg)
		w.u8(0)
		w.u8(lo.Size)
	}
}

// pad8 pads with zeros to a multiple of 8 from start.
func (w *sampleWriter) pad8(start int) {
	for (len(w.b)-start)%8 != 0 {
		w.b = append(w.b, 0)
	}
}

// ykLoc is one location of a ykllvm live value.
type ykLoc struct {
	kind   stackmap.Kind
	size   uint16
	reg    uint16
	extras []int16 // with -yk-stackmap-add-locs: further registers holding the value
	offset int32
}

// ykRecord is a ykllvm record: each live value has one or more locations.
type ykRecord struct {
	id       uint64
	offset   uint32
	values   [][]ykLoc
	liveOuts []stackmap.LiveOut
}

// ykFunction is a function record and its prologue entry.
type ykFunction struct {
	addr, stack uint64
	records     []ykRecord
	hasFP       bool
	spills      [][2]int32 // (DWARF register, offset)
}

// ykSection writes a ykllvm table (ykjit/ykllvm, StackMaps.cpp,
// emitCallsiteEntries and emitCSRInfo; ykjit/yk, yksmp/src/lib.rs). With
// extras, every location carries its extra locations; with prologue, a
// prologue entry per function follows the records (ykllvm's
// -yk-stackmap-add-locs writes both; yksmp reads the entries after plain
// locations).
func ykSection(bo binary.ByteOrder, fns []ykFunction, constants []uint64, extras, prologue bool) []byte {
	w := &sampleWriter{bo: bo.(binary.AppendByteOrder)}
	nr := 0
	for _, f := range fns {
		nr += len(f.records)
	}
	w.u8(3)
	w.u8(0)
	w.u16(0)
	w.u32(uint32(len(fns)))
	w.u32(uint32(len(constants)))
	w.u32(uint32(nr))
	for _, f := range fns {
		w.u64(f.addr)
		w.u64(f.stack)
		w.u64(uint64(len(f.records)))
	}
	for _, c := range constants {
		w.u64(c)
	}
	for _, f := range fns {
		for _, r := range f.records {
			w.u64(r.id)
			w.u32(r.offset)
			w.u16(0)
			w.u16(uint16(len(r.values)))
			for _, v := range r.values {
				w.u8(uint8(len(v)))
				for _, l := range v {
					w.u8(uint8(l.kind))
					w.u8(0)
					w.u16(l.size)
					w.u16(l.reg)
					w.u16(0)
					if extras {
						w.u16(uint16(len(l.extras)))
						for _, e := range l.extras {
							w.u16(uint16(e))
						}
					}
					w.u32(uint32(l.offset))
				}
			}
			w.pad8(0)
			w.u16(0)
			w.u16(uint16(len(r.liveOuts)))
			w.liveOuts(r.liveOuts)
			w.pad8(0)
		}
	}
	if prologue {
		for _, f := range fns {
			fp := uint8(0)
			if f.hasFP {
				fp = 1
			}
			w.u8(fp)
			w.u8(0)
			w.u32(uint32(len(f.spills)))
			for _, s := range f.spills {
				w.u16(uint16(s[0]))
				w.u16(0)
				w.u32(uint32(s[1]))
			}
		}
	}
	return w.b
}

// ykSample is a small ykllvm table: two functions, a large constant, a
// value held in two places, a patchpoint's live-outs.
func ykSample(bo binary.ByteOrder, extras, prologue bool) []byte {
	fns := []ykFunction{
		{addr: 0x401000, stack: 40, hasFP: true, spills: [][2]int32{{3, -16}, {12, -24}}, records: []ykRecord{
			{id: 1, offset: 0x1c, values: [][]ykLoc{
				{{kind: stackmap.Register, size: 8, reg: 3}},
				{{kind: stackmap.Indirect, size: 8, reg: 6, offset: -24, extras: []int16{12}}, {kind: stackmap.Register, size: 8, reg: 12}},
				{{kind: stackmap.ConstantIndex, size: 8}},
			}},
			{id: 2, offset: 0x38, values: [][]ykLoc{
				{{kind: stackmap.Constant, size: 8, offset: 7}},
				{{kind: stackmap.Direct, size: 8, reg: 6, offset: -32}},
			}, liveOuts: []stackmap.LiveOut{{Reg: 3, Size: 8}, {Reg: 7, Size: 8}}},
		}},
		{addr: 0x401100, stack: 8, records: []ykRecord{
			{id: 3, offset: 0x9, values: [][]ykLoc{{{kind: stackmap.Register, size: 4, reg: 0}}}},
		}},
	}
	return ykSection(bo, fns, []uint64{1 << 40}, extras, prologue)
}

// randomYk writes a random ykllvm table with up to maxValues live values
// per record (one or two locations each).
func randomYk(r *rand.Rand, bo binary.ByteOrder, maxValues int, addLocs bool) []byte {
	nc := r.IntN(3)
	constants := make([]uint64, nc)
	for i := range constants {
		constants[i] = r.Uint64() | 1<<40
	}
	fns := make([]ykFunction, 1+r.IntN(3))
	for i := range fns {
		f := &fns[i]
		f.addr, f.stack = uint64(0x1000*(i+1)), uint64(8*r.IntN(20))
		f.hasFP = r.IntN(2) == 0
		for range r.IntN(3) {
			f.spills = append(f.spills, [2]int32{int32(r.IntN(16)), -8 * int32(1+r.IntN(8))})
		}
		for j := range 1 + r.IntN(3) {
			rec := ykRecord{id: uint64(100*i + j), offset: uint32(4 + r.IntN(200))}
			for range r.IntN(maxValues + 1) {
				var v []ykLoc
				for range 1 + r.IntN(2) {
					l := ykLoc{kind: stackmap.Kind(1 + r.IntN(5)), size: 8, reg: uint16(r.IntN(16)), offset: int32(r.IntN(64)) - 32}
					if l.kind == stackmap.ConstantIndex {
						if nc == 0 {
							l.kind = stackmap.Constant
						} else {
							l.offset = int32(r.IntN(nc))
						}
					}
					if r.IntN(3) == 0 {
						l.extras = []int16{int16(r.IntN(16))}
					}
					v = append(v, l)
				}
				rec.values = append(rec.values, v)
			}
			for range r.IntN(2) {
				rec.liveOuts = append(rec.liveOuts, stackmap.LiveOut{Reg: uint16(r.IntN(16)), Size: 8})
			}
			f.records = append(f.records, rec)
		}
	}
	return ykSection(bo, fns, constants, addLocs, addLocs)
}

// manticoreRecord is a version 1 record.
type manticoreRecord struct {
	id       uint64
	offset   uint32
	locs     []stackmap.Location
	liveOuts []stackmap.LiveOut
}

// manticoreSection writes a ManticoreProject "version 1" table: LLVM's
// version 1 records after 24-byte function records (address, stack size,
// 64-bit record count).
func manticoreSection(bo binary.ByteOrder, fns [][2]uint64, counts []uint64, constants []uint64, recs []manticoreRecord) []byte {
	w := &sampleWriter{bo: bo.(binary.AppendByteOrder)}
	w.u8(1)
	w.u8(0)
	w.u16(0)
	w.u32(uint32(len(fns)))
	w.u32(uint32(len(constants)))
	w.u32(uint32(len(recs)))
	for i, f := range fns {
		w.u64(f[0])
		w.u64(f[1])
		w.u64(counts[i])
	}
	for _, c := range constants {
		w.u64(c)
	}
	for _, r := range recs {
		w.u64(r.id)
		w.u32(r.offset)
		w.u16(0)
		w.u16(uint16(len(r.locs)))
		for _, l := range r.locs {
			w.u8(uint8(l.Kind))
			w.u8(uint8(l.Size))
			w.u16(l.Reg)
			w.u32(uint32(l.Offset))
		}
		w.u16(0)
		w.u16(uint16(len(r.liveOuts)))
		w.liveOuts(r.liveOuts)
		w.pad8(0)
	}
	return w.b
}

func manticoreSample(bo binary.ByteOrder) []byte {
	return manticoreSection(bo, [][2]uint64{{0x400000, 32}, {0x400100, 16}}, []uint64{2, 1}, []uint64{1 << 36}, []manticoreRecord{
		{id: 10, offset: 0x14, locs: []stackmap.Location{{Kind: stackmap.Indirect, Size: 8, Reg: 7, Offset: 16}, {Kind: stackmap.ConstantIndex, Size: 8}}},
		{id: 11, offset: 0x30, locs: []stackmap.Location{{Kind: stackmap.Register, Size: 8, Reg: 3}}},
		{id: 12, offset: 0x8, locs: []stackmap.Location{{Kind: stackmap.Direct, Size: 8, Reg: 7, Offset: 8}}, liveOuts: []stackmap.LiveOut{{Reg: 0, Size: 8}}},
	})
}

// randomManticore writes a random Manticore table.
func randomManticore(r *rand.Rand, bo binary.ByteOrder) []byte {
	nc := r.IntN(3)
	constants := make([]uint64, nc)
	for i := range constants {
		constants[i] = r.Uint64() | 1<<40
	}
	nf := 1 + r.IntN(3)
	fns, counts := make([][2]uint64, nf), make([]uint64, nf)
	var recs []manticoreRecord
	for i := range fns {
		fns[i] = [2]uint64{uint64(0x1000 * (i + 1)), uint64(8 * r.IntN(20))}
		counts[i] = uint64(r.IntN(3))
		for j := range counts[i] {
			rec := manticoreRecord{id: uint64(100*i) + j, offset: uint32(4 + r.IntN(200))}
			for range r.IntN(5) {
				l := stackmap.Location{Kind: stackmap.Kind(1 + r.IntN(5)), Size: 8, Reg: uint16(r.IntN(16)), Offset: int32(r.IntN(64)) - 32}
				if l.Kind == stackmap.ConstantIndex {
					if nc == 0 {
						l.Kind = stackmap.Constant
					} else {
						l.Offset = int32(r.IntN(nc))
					}
				}
				rec.locs = append(rec.locs, l)
			}
			recs = append(recs, rec)
		}
	}
	return manticoreSection(bo, fns, counts, constants, recs)
}

// microsoftV2Sample writes a Microsoft StackMap v2 table
// (microsoft/llvm, StackMapV2Parser): header of offsets, constants at 32,
// frame records, call site records, then the shared location and live-out
// arrays.
func microsoftV2Sample(bo binary.ByteOrder) []byte {
	constants := []uint64{1 << 40}
	type frame struct {
		addr             uint64
		size, stack      uint32
		flags, fpReg     uint16
		firstRec, numRec uint16
	}
	frames := []frame{{0x140001000, 0x80, 40, 0, 6, 0, 2}, {0x140001080, 0x20, 8, 0, 7, 2, 1}}
	type site struct {
		id                     uint64
		offset                 uint32
		callSize, flags        uint8
		firstLoc, numLoc       uint16
		firstLive, numLiveOuts uint16
	}
	sites := []site{{1, 0x1c, 5, 0, 0, 2, 0, 0}, {2, 0x38, 5, 0, 2, 2, 0, 2}, {3, 0x9, 5, 0, 4, 1, 0, 0}}
	locs := []stackmap.Location{
		{Kind: stackmap.Register, Size: 8, Reg: 3}, {Kind: stackmap.Indirect, Size: 8, Reg: 6, Offset: -24},
		{Kind: stackmap.ConstantIndex, Size: 8}, {Kind: stackmap.Direct, Size: 8, Reg: 6, Offset: -32},
		{Kind: stackmap.Constant, Size: 8, Offset: 7},
	}
	liveOuts := []stackmap.LiveOut{{Reg: 3, Size: 8}, {Reg: 7, Size: 8}}
	co := uint32(32)
	fo := co + uint32(8*len(constants))
	ro := fo + uint32(24*len(frames))
	lo := ro + uint32(24*len(sites))
	lvo := lo + uint32(8*len(locs))
	w := &sampleWriter{bo: bo.(binary.AppendByteOrder)}
	w.u8(2)
	w.u8(0)
	w.u16(0)
	w.u32(uint32(len(frames)))
	for _, o := range []uint32{co, fo, ro, lo, lvo, 0} { // the last word pads the header to 32
		w.u32(o)
	}
	for _, c := range constants {
		w.u64(c)
	}
	for _, f := range frames {
		w.u64(f.addr)
		w.u32(f.size)
		w.u32(f.stack)
		w.u16(f.flags)
		w.u16(f.fpReg)
		w.u16(f.firstRec)
		w.u16(f.numRec)
	}
	for _, s := range sites {
		w.u64(s.id)
		w.u32(s.offset)
		w.u8(s.callSize)
		w.u8(s.flags)
		w.u16(s.firstLoc)
		w.u16(s.numLoc)
		w.u16(s.firstLive)
		w.u16(s.numLiveOuts)
		w.u16(0)
	}
	for _, l := range locs {
		w.u8(uint8(l.Kind))
		w.u8(uint8(l.Size))
		w.u16(l.Reg)
		w.u32(uint32(l.Offset))
	}
	for _, l := range liveOuts {
		w.u16(l.Reg)
		w.u8(0)
		w.u8(l.Size)
	}
	return w.b
}

// preVersionSample writes LLVM 3.4's unversioned layout (LLVM 3.4,
// lib/CodeGen/StackMaps.cpp, serializeToStackMapSection): a reserved
// word, the constants, then records of u32 ID, u32 instruction offset,
// u16 flags, u16 NumLocations and 8-byte locations, with no padding.
func preVersionSample(bo binary.ByteOrder) []byte {
	w := &sampleWriter{bo: bo.(binary.AppendByteOrder)}
	w.u32(0)
	w.u32(1)
	w.u64(1 << 40)
	w.u32(2)
	recs := [][]stackmap.Location{
		{{Kind: stackmap.Register, Size: 8, Reg: 3}, {Kind: stackmap.ConstantIndex, Size: 8}},
		{{Kind: stackmap.Indirect, Size: 8, Reg: 6, Offset: -16}},
	}
	for i, locs := range recs {
		w.u32(uint32(i + 1))
		w.u32(uint32(0x10 * (i + 1)))
		w.u16(0)
		w.u16(uint16(len(locs)))
		for _, l := range locs {
			w.u8(uint8(l.Kind))
			w.u8(uint8(l.Size))
			w.u16(l.Reg)
			w.u32(uint32(l.Offset))
		}
	}
	return w.b
}

// preVersionFTLSample writes the layout WebKit's first FTL parser reads
// (WebKit, Source/JavaScriptCore/ftl/FTLStackMaps.cpp, before LLVM 3.4):
// u32 NumConstants (none here, so the first byte is 0), u32 NumRecords,
// records of u32 ID, u32 instruction offset, u16 flags, u16 NumLocations
// and 4-byte locations (u16 kind<<12 | DWARF register, i16 offset).
func preVersionFTLSample(bo binary.ByteOrder) []byte {
	w := &sampleWriter{bo: bo.(binary.AppendByteOrder)}
	w.u32(0)
	w.u32(2)
	for i, locs := range [][][2]uint16{{{1<<12 | 3, 0}, {2<<12 | 6, 0xfff0}}, {{1 << 12, 0}}} {
		w.u32(uint32(i + 1))
		w.u32(uint32(0x10 * (i + 1)))
		w.u16(0)
		w.u16(uint16(len(locs)))
		for _, l := range locs {
			w.u16(l[0])
			w.u16(l[1])
		}
	}
	return w.b
}
