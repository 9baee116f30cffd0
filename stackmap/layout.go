package stackmap

// Byte sizes of the fixed parts of the format. stackmap/FORMAT.md gives the
// full layout of each version.
const (
	headerSize       = HeaderSize // version, reserved, NumFunctions, NumConstants, NumRecords
	constantSize     = 8
	recordHeaderSize = 16 // ID, instruction offset, flags, NumLocations
	liveOutSize      = 4  // register u16, reserved u8, size u8
	liveOutHeader    = 4  // padding u16, NumLiveOuts u16
	locationSizeV3   = 12
	// minRecordSize is the smallest record of any version: a header, no
	// locations, the live-out header and its padding to 8 bytes.
	minRecordSize = recordHeaderSize + liveOutHeader + 4
	// maxSectionSize bounds a section: the index keeps record offsets in 32
	// bits, and LLVM's own counts are 32-bit.
	maxSectionSize = 1<<32 - 1
)

// Version is a stack map format version, the first byte of a table.
type Version uint8

// The format versions LLVM has emitted.
const (
	// Version1 was emitted by LLVM 3.5 to 3.9: 16-byte function records
	// (address, stack size) and 8-byte locations. Records do not say which
	// function they belong to.
	Version1 Version = 1
	// Version2 was emitted by LLVM 4.0: function records gain a record
	// count (24 bytes); locations are still 8 bytes.
	Version2 Version = 2
	// Version3 is emitted by LLVM 5 and later: 12-byte locations with a
	// 16-bit size, and padding to 8 bytes after the locations.
	Version3 Version = 3
)

// functionSize returns the byte size of a function record.
func (v Version) functionSize() int {
	if v == Version1 {
		return 16
	}
	return 24
}

// locationSize returns the byte size of a location.
func (v Version) locationSize() int {
	if v == Version3 {
		return 12
	}
	return 8
}

// hasRecordCount reports whether function records carry a record count.
func (v Version) hasRecordCount() bool { return v != Version1 }

// align8 rounds n up to a multiple of 8.
func align8(n int) int { return (n + 7) &^ 7 }
