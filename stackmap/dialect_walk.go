package stackmap

// The walks of the forks' layouts (FORMAT.md, "Dialects"). Each checks a
// count against the bytes left before it loops on it, so every walk is
// linear in the bytes and never reads past them.

// tableWalk walks the table at data[off:] and returns the offset just
// past it, or -1 when the bytes do not fit the layout.
type tableWalk func(data []byte, off int, ord order) int

// walkSections reports whether data is one or more tables of a layout,
// back to back, each starting 8-aligned (a linker pads between them; the
// padding is zero).
func walkSections(data []byte, ord order, walk tableWalk) bool {
	off := 0
	for off < len(data) {
		end := walk(data, off, ord)
		if end < 0 {
			return false
		}
		next := align8(end)
		if next > len(data) {
			next = len(data)
		}
		if !allZero(data[end:next]) {
			return false
		}
		off = next
	}
	return off == len(data) && len(data) > 0
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// fits reports whether n bytes are left at off.
func fits(data []byte, off int, n uint64) bool {
	return off >= 0 && off <= len(data) && n <= uint64(len(data)-off)
}

// walkHeader32 reads an LLVM-style table header (version byte v, three
// zero reserved bytes, then NumFunctions, NumConstants, NumRecords) and
// checks that nf functions of fnSize bytes and the constants fit.
func walkHeader32(data []byte, off int, ord order, v byte, fnSize uint64) (nf, nc, nr uint64, p int, ok bool) {
	if !fits(data, off, headerSize) || data[off] != v || data[off+1] != 0 || ord.U16(data, off+2) != 0 {
		return 0, 0, 0, 0, false
	}
	nf, nc, nr = uint64(ord.U32(data, off+4)), uint64(ord.U32(data, off+8)), uint64(ord.U32(data, off+12))
	p = off + headerSize
	if !fits(data, p, nf*fnSize+nc*constantSize) {
		return 0, 0, 0, 0, false
	}
	return nf, nc, nr, p, true
}

// sumCounts checks that the nf function records at p, fnSize bytes each
// with a 64-bit record count at countOff, count nr records in all.
func sumCounts(data []byte, p int, ord order, nf, fnSize uint64, countOff int, nr uint64) bool {
	var sum uint64
	for i := uint64(0); i < nf; i++ {
		c := ord.U64(data, p+int(i*fnSize)+countOff)
		if c > nr-sum {
			return false
		}
		sum += c
	}
	return sum == nr
}

// walkLiveOuts walks a record's live-out header (padding 0, count) and
// live-outs (reserved byte 0) at p, and the zero padding to 8 bytes from
// the table's start; it returns the offset past them, or -1.
func walkLiveOuts(data []byte, tableOff, p int, ord order) int {
	if !fits(data, p, liveOutHeader) || ord.U16(data, p) != 0 {
		return -1
	}
	n := uint64(ord.U16(data, p+2))
	p += liveOutHeader
	if !fits(data, p, n*liveOutSize) {
		return -1
	}
	for i := 0; i < int(n); i++ {
		if data[p+2] != 0 {
			return -1
		}
		p += liveOutSize
	}
	return padTo8(data, tableOff, p)
}

// padTo8 checks that the bytes from p to the next multiple of 8 (counted
// from the table's start) are there and zero; it returns the offset past
// them, or -1.
func padTo8(data []byte, tableOff, p int) int {
	end := tableOff + align8(p-tableOff)
	if end > len(data) || !allZero(data[p:end]) {
		return -1
	}
	return end
}

// walkYkTable returns the walk of a ykllvm table (ykjit/ykllvm,
// llvm/lib/CodeGen/StackMaps.cpp): LLVM's version 3 header, function
// records and constants; records whose NumLocations counts live values,
// each a count byte and that many 12-byte locations (with extras: a
// 16-bit count of extra locations and as many i16s before the offset);
// with prologue, after the records one entry per function: u8 has-frame-
// pointer (0 or 1), u8 0, u32 spill count, spills of u16 register, u16 0,
// i32 offset.
func walkYkTable(extras, prologue bool) tableWalk {
	return func(data []byte, off int, ord order) int {
		nf, nc, nr, p, ok := walkHeader32(data, off, ord, byte(Version3), 24)
		if !ok || !sumCounts(data, p, ord, nf, 24, 16, nr) {
			return -1
		}
		p += int(nf*24 + nc*constantSize)
		for i := uint64(0); i < nr; i++ {
			if !fits(data, p, recordHeaderSize) || ord.U16(data, p+12) != 0 {
				return -1
			}
			lives := int(ord.U16(data, p+14))
			p += recordHeaderSize
			for v := 0; v < lives; v++ {
				if !fits(data, p, 1) {
					return -1
				}
				n := int(data[p])
				p++
				for l := 0; l < n; l++ {
					if p = walkYkLocation(data, p, ord, extras, nc); p < 0 {
						return -1
					}
				}
			}
			if p = padTo8(data, off, p); p < 0 {
				return -1
			}
			if p = walkLiveOuts(data, off, p, ord); p < 0 {
				return -1
			}
		}
		if !prologue {
			return p
		}
		for i := uint64(0); i < nf; i++ {
			if !fits(data, p, 6) || data[p] > 1 || data[p+1] != 0 {
				return -1
			}
			spills := uint64(ord.U32(data, p+2))
			p += 6
			if !fits(data, p, spills*8) {
				return -1
			}
			for s := uint64(0); s < spills; s++ {
				if ord.U16(data, p+2) != 0 {
					return -1
				}
				p += 8
			}
		}
		return p
	}
}

// walkYkLocation walks one ykllvm location at p: kind 1 to 5, reserved
// byte 0, size, register, reserved u16 0, [extras], offset.
func walkYkLocation(data []byte, p int, ord order, extras bool, nc uint64) int {
	if !fits(data, p, 8) || !Kind(data[p]).Valid() || data[p+1] != 0 || ord.U16(data, p+6) != 0 {
		return -1
	}
	kind := Kind(data[p])
	p += 8
	if extras {
		if !fits(data, p, 2) {
			return -1
		}
		n := uint64(ord.U16(data, p))
		p += 2
		if !fits(data, p, n*2) {
			return -1
		}
		p += int(n * 2)
	}
	if !fits(data, p, 4) {
		return -1
	}
	if kind == ConstantIndex && uint64(ord.U32(data, p)) >= nc {
		return -1
	}
	return p + 4
}

// walkManticoreTable walks a ManticoreProject "version 1" table
// (ManticoreProject/llvm): LLVM's header with version 1; function records
// of u64 address, u64 stack size and u64 record count, the counts summing
// to the records; then LLVM's version 1 constants and records (8-byte
// locations, no padding after them).
func walkManticoreTable(data []byte, off int, ord order) int {
	nf, nc, nr, p, ok := walkHeader32(data, off, ord, byte(Version1), 24)
	if !ok || !sumCounts(data, p, ord, nf, 24, 16, nr) {
		return -1
	}
	p += int(nf*24 + nc*constantSize)
	for i := uint64(0); i < nr; i++ {
		if !fits(data, p, recordHeaderSize) || ord.U16(data, p+12) != 0 {
			return -1
		}
		n := uint64(ord.U16(data, p+14))
		p += recordHeaderSize
		if !fits(data, p, n*8) {
			return -1
		}
		for l := uint64(0); l < n; l++ {
			k := Kind(data[p])
			if !k.Valid() || (k == ConstantIndex && uint64(ord.U32(data, p+4)) >= nc) {
				return -1
			}
			p += 8
		}
		if p = walkLiveOuts(data, off, p, ord); p < 0 {
			return -1
		}
	}
	return p
}

// Microsoft StackMap v2 (microsoft/llvm, include/llvm/Object/
// StackMapParser.h, StackMapV2Parser): a header of u8 version 2, three
// bytes, u32 NumFunctions, then the section offsets of the constants,
// the frame (function) records, the call site records, the locations and
// the live-outs; 24-byte frame records (u64 address, u32 function size,
// u32 stack size, u16 flags, u16 frame base register, u16 first record,
// u16 record count); 24-byte call site records (u64 ID, u32 instruction
// offset, u8 call size, u8 flags, u16 first location, u16 location count,
// u16 first live-out, u16 live-out count, 2 bytes); 8-byte locations (u8
// kind, u8 size, u16 register, i32 offset); 4-byte live-outs.
const (
	msHeaderSize   = 28
	msFrameSize    = 24
	msRecordSize   = 24
	msLocationSize = 8
)

// walkMicrosoftV2 reports whether data is one Microsoft v2 table whose
// arrays fit each other and the bytes exactly.
func walkMicrosoftV2(data []byte, ord order) bool {
	if len(data) < msHeaderSize || data[0] != 2 {
		return false
	}
	nf := uint64(ord.U32(data, 4))
	co, fo, ro := uint64(ord.U32(data, 8)), uint64(ord.U32(data, 12)), uint64(ord.U32(data, 16))
	lo, lvo, end := uint64(ord.U32(data, 20)), uint64(ord.U32(data, 24)), uint64(len(data))
	if co < msHeaderSize || co > fo || fo > ro || ro > lo || lo > lvo || lvo > end {
		return false
	}
	if (fo-co)%constantSize != 0 || nf*msFrameSize != ro-fo || (lo-ro)%msRecordSize != 0 || (lvo-lo)%msLocationSize != 0 {
		return false
	}
	if !allZero(data[msHeaderSize:co]) {
		return false
	}
	nrec, nloc, nlive := (lo-ro)/msRecordSize, (lvo-lo)/msLocationSize, (end-lvo)/liveOutSize
	if end-lvo-nlive*liveOutSize >= 8 || !allZero(data[lvo+nlive*liveOutSize:]) {
		return false
	}
	for i := uint64(0); i < nf; i++ {
		p := int(fo + i*msFrameSize)
		if uint64(ord.U16(data, p+20))+uint64(ord.U16(data, p+22)) > nrec {
			return false
		}
	}
	for i := uint64(0); i < nrec; i++ {
		p := int(ro + i*msRecordSize)
		if uint64(ord.U16(data, p+14))+uint64(ord.U16(data, p+16)) > nloc ||
			uint64(ord.U16(data, p+18))+uint64(ord.U16(data, p+20)) > nlive {
			return false
		}
	}
	for i := uint64(0); i < nloc; i++ {
		if !Kind(data[lo+i*msLocationSize]).Valid() {
			return false
		}
	}
	return true
}

// walkPreVersion walks the unversioned layouts LLVM's emitter wrote
// before the version byte (February 2014), and returns the name of the
// one that walks the bytes exactly, or "". None has padding. LLVM 3.4: a
// u32 reserved word of 0, u32 NumConstants, constants, u32 NumRecords,
// records of u32 ID, u32 instruction offset, u16 flags, u16 NumLocations,
// 8-byte locations; then 64-bit IDs and a u16 live-out count with 4-byte
// live-outs after the locations; then a u32 NumFunctions and 8-byte
// function records (u32 offset, u32 stack size) before the constants.
// Before LLVM 3.4, as WebKit's first FTL parser reads it: no reserved word
// and 4-byte locations (u16 kind<<12 | DWARF register, i16 offset); its
// first byte is 0 only when the low byte of NumConstants is (no
// constants, little-endian), which is the only case the detector sees.
func walkPreVersion(data []byte, ord order) string {
	for _, v := range []preVersionLayout{
		{"LLVM 3.4", true, false, false, false, 8},
		{"early 2014 (64-bit IDs, live-outs)", true, false, true, true, 8},
		{"early 2014 (function records, 64-bit IDs, live-outs)", true, true, true, true, 8},
		{"late 2013 (WebKit FTL: 4-byte locations, no reserved word)", false, false, false, false, 4},
	} {
		if walkPreVersionLayout(data, ord, v) {
			return v.name
		}
	}
	return ""
}

// preVersionLayout says which parts an unversioned layout has.
type preVersionLayout struct {
	name                                string
	reserved, functions, id64, liveOuts bool
	locSize                             int
}

func walkPreVersionLayout(data []byte, ord order, v preVersionLayout) bool {
	p := 0
	if v.reserved {
		if !fits(data, 0, 8) || ord.U32(data, 0) != 0 {
			return false
		}
		p = 4
	}
	if !fits(data, p, 4) {
		return false
	}
	if v.functions {
		nf := uint64(ord.U32(data, p))
		p += 4
		if !fits(data, p, nf*8+4) {
			return false
		}
		p += int(nf * 8)
	}
	nc := uint64(ord.U32(data, p))
	p += 4
	if !fits(data, p, nc*constantSize+4) {
		return false
	}
	p += int(nc * constantSize)
	nr := uint64(ord.U32(data, p))
	p += 4
	idSize := 4
	if v.id64 {
		idSize = 8
	}
	for i := uint64(0); i < nr; i++ {
		if !fits(data, p, uint64(idSize+8)) {
			return false
		}
		n := uint64(ord.U16(data, p+idSize+6))
		p += idSize + 8
		if !fits(data, p, n*uint64(v.locSize)) {
			return false
		}
		for l := uint64(0); l < n; l++ {
			if v.locSize == 4 {
				if tagged := ord.U16(data, p); tagged>>12 > uint16(ConstantIndex) {
					return false
				}
				p += 4
				continue
			}
			k := Kind(data[p])
			if !k.Valid() || (k == ConstantIndex && uint64(ord.U32(data, p+4)) >= nc) {
				return false
			}
			p += 8
		}
		if v.liveOuts {
			if !fits(data, p, 2) {
				return false
			}
			m := uint64(ord.U16(data, p))
			p += 2
			if !fits(data, p, m*liveOutSize) {
				return false
			}
			p += int(m * liveOutSize)
		}
	}
	// The section may be padded to its alignment.
	return len(data)-p < 8 && allZero(data[p:])
}
