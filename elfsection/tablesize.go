package elfsection

import "encoding/binary"

// tablesSize measures the version 3 stack map tables at the start of b
// from their own counts, as consecutive tables (each 8-byte aligned) while
// the next bytes start a version 3 table that fits in b and in avail
// bytes, and returns their total size (0 when b does not start with one).
// It only measures: stackmap.Parse validates what it measured.
//
// Layout (LLVM's StackMaps.cpp, version 3): a 16-byte header (version,
// reserved, NumFunctions, NumConstants, NumRecords), 24 bytes per
// function, 8 per constant, and per record: ID (8), instruction offset
// (4), reserved (2), NumLocations (2), 12 bytes per location, padding to
// 8, padding (2), NumLiveOuts (2), 4 bytes per live-out, padding to 8.
func tablesSize(b []byte, bo binary.ByteOrder, avail uint64) uint64 {
	total := uint64(0)
	for {
		n := tableSize(b[min(total, uint64(len(b))):], bo)
		if n == 0 || total+n > avail {
			return total
		}
		total += n
	}
}

// tableSize measures one version 3 table at the start of b, 0 when b does
// not start with one that fits.
func tableSize(b []byte, bo binary.ByteOrder) uint64 {
	size := uint64(len(b))
	if size < 16 || b[0] != 3 {
		return 0
	}
	nf, nc, nr := uint64(bo.Uint32(b[4:])), uint64(bo.Uint32(b[8:])), uint64(bo.Uint32(b[12:]))
	off := 16 + 24*nf + 8*nc // at most 16 + 32 * 2^32: no overflow
	for i := uint64(0); i < nr; i++ {
		if off > size || size-off < 16 {
			return 0
		}
		numLoc := uint64(bo.Uint16(b[off+14:]))
		off += 16 + 12*numLoc
		off = (off + 7) &^ 7
		if off > size || size-off < 4 {
			return 0
		}
		numLive := uint64(bo.Uint16(b[off+2:]))
		off += 4 + 4*numLive
		off = (off + 7) &^ 7
	}
	if off > size {
		return 0
	}
	return off
}
