package stackmap

import (
	"encoding/binary"
	"errors"
)

// ErrReserved means a reserved field or an alignment padding byte is not
// zero. LLVM writes every one of them as zero (every table llc 14, 19 and
// 22 wrote under testdata/ has them all zero), so a nonzero one means bytes
// that are not upstream's layout: another producer's dialect under the same
// version byte, or damage. The *DecodeError's Offset is the field's first
// byte and its Detail names the field. It also matches ErrMalformed.
var ErrReserved = errors.New("reserved field is not zero")

// The reserved fields and padding of a record lie at the same byte
// positions in both byte orders, so they are tested for zero through
// little-endian loads and byte masks whatever the table's order. Each
// record's masked bits are ORed together and tested once, with no branch
// on what the record holds: the check costs a few instructions a record
// and one a location (see locationKey).

// Masks over a little-endian 64-bit load.
const (
	// flagsMask: the record's flags, bytes 12-13 of its header, in the
	// load of header bytes 8 to 15.
	flagsMask = 0x0000_ffff_0000_0000
	// locReservedMask: a version 3 location's reserved byte (byte 1) and
	// reserved 16 bits (bytes 6-7), in the load of its first 8 bytes.
	locReservedMask = 0xffff_0000_0000_ff00
	// liveHeadPad: the live-out header's padding, its bytes 0-1.
	liveHeadPad = 0x0000_0000_0000_ffff
	// liveOutPair: the reserved bytes (byte 2) of two live-outs.
	liveOutPair = 0x00ff_0000_00ff_0000
	// highHalf: the 4 padding bytes that end a record whose live-outs end
	// 4 bytes short of an 8-byte boundary.
	highHalf = 0xffff_ffff_0000_0000
)

// liveWordMasks[n] masks the two 8-byte words from the live-out header of
// a record with n live-outs (n < 4): the header's padding, each live-out's
// reserved byte, and the padding to 8 bytes, but no byte past the record.
var liveWordMasks = [4][2]uint64{
	{liveHeadPad | highHalf, 0},
	{liveHeadPad | liveOutPair&highHalf, 0},
	{liveHeadPad | liveOutPair&highHalf, liveOutPair&^highHalf | highHalf},
	{liveHeadPad | liveOutPair&highHalf, liveOutPair},
}

// le64 loads 8 bytes little-endian.
func le64(d []byte, off int) uint64 { return binary.LittleEndian.Uint64(d[off : off+8]) }

// locationReserved returns the reserved bits of the location at off in a
// table whose locations have the reserved mask resMask (0 before version
// 3), moved above every valid location key: ORed into the location's key,
// they make it invalid exactly when they are not zero. Locations of
// versions 1 and 2 are 8 bytes, so the load stays in the location.
func locationReserved(d []byte, off int, resMask uint64) uint64 {
	w := le64(d, off) & resMask
	return w&0xff00<<32 | w&^0xffff
}

// padAfterLocations returns the nonzero bits of the padding between the
// end of the locations, locEnd, and the live-out header at live (0 or 4
// bytes; none before version 3). live-8 is at least 8 bytes into the record.
func padAfterLocations(d []byte, locEnd, live int) uint64 {
	return le64(d, live-8) & (highHalf * uint64((live-locEnd)>>2))
}

// liveOutReservedWords returns the nonzero bits of the reserved parts of
// the live-out area of a record whose live-out header is at live, with n
// live-outs, ending (padded) at end: the header's padding, each live-out's
// reserved byte, and the padding to 8 bytes. It reads word by word; the
// decoders test fewer than 4 live-outs in two words themselves
// (liveWordMasks) and call it for more, or for the last bytes of the
// section. It has no branch but its loop's, which keeps it small enough to
// inline: Scanner.NextView keeps its values in registers around it.
func liveOutReservedWords(d []byte, live, n, end int) uint64 {
	// With n even, the live-outs end 4 bytes short of end: the padding
	// is the last word's high half (the header's word when n is 0).
	pad := highHalf * uint64(^n&1)
	z := le64(d, live)&(liveHeadPad|liveOutPair&highHalf) | binary.LittleEndian.Uint64(d[end-8:end])&pad
	for w := live + 8; w < end; w += 8 {
		z |= le64(d, w) & liveOutPair
	}
	return z
}
