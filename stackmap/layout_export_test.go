package stackmap

// The layout the decoder keeps to itself, for the tests that read bytes
// at it (layout_access_test, reserved_test).
const (
	RecordIDField           = recordIDField
	RecordFlagsField        = recordFlagsField
	RecordNumLocationsField = recordNumLocationsField
	LocationReserved0Field  = locationReserved0Field
	LocationReserved1Field  = locationReserved1Field
	LiveOutReservedField    = liveOutReservedField
	ConstantSize            = constantSize
	RecordHeaderSize        = recordHeaderSize
)

// FieldOffset returns the section offset of the record's fixed field at
// byte field of its header.
func (r Record) FieldOffset(field int) int { return r.Offset() + field }

// LiveOutHeaderOffset is liveOutHeaderOffset.
func (r Record) LiveOutHeaderOffset() int { return r.liveOutHeaderOffset() }

// PaddingZero is paddingZero.
func (r Record) PaddingZero() bool { return r.paddingZero() }

// LocationSize and FunctionSize give a version's sizes.
func (v Version) LocationSize() int { return v.locationSize() }

// FunctionSize returns the byte size of one function record in version v.
func (v Version) FunctionSize() int { return v.functionSize() }
