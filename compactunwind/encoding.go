package compactunwind

// Encoding is a 32-bit compact unwind encoding. Its top byte is the same
// on every architecture (bits 31-28 flags, 27-24 the mode); the low 24
// bits mean what the architecture's mode says.
type Encoding uint32

// Architecture-independent bits of an encoding.
const (
	IsNotFunctionStart Encoding = 0x80000000 // UNWIND_IS_NOT_FUNCTION_START
	HasLSDA            Encoding = 0x40000000 // UNWIND_HAS_LSDA
	PersonalityMask    Encoding = 0x30000000 // UNWIND_PERSONALITY_MASK
	ModeMask           Encoding = 0x0f000000 // UNWIND_<ARCH>_MODE_MASK
)

// Mode returns the mode bits (27-24), shifted down: what the architecture
// names (arm64: 2 frameless, 3 DWARF, 4 frame; x86_64: 1 rbp frame,
// 2 immediate stack size, 3 indirect stack size, 4 DWARF).
func (e Encoding) Mode() uint32 { return uint32(e&ModeMask) >> 24 }

// PersonalityIndex returns the personality bits: 0 for none, else n for
// personality n-1 of the __unwind_info personality array.
func (e Encoding) PersonalityIndex() int { return int(e&PersonalityMask) >> 28 }
