package regs

// Class groups registers by what they hold.
type Class uint8

// Register classes.
const (
	ClassOther     Class = iota // special purpose: flags, segment, link, count, ...
	ClassGPR                    // general-purpose (integer) registers
	ClassFPR                    // scalar floating-point registers
	ClassVector                 // vector registers (SIMD, SVE z, RISC-V V)
	ClassMask                   // x86 AVX-512 mask registers k0-k7
	ClassPredicate              // AArch64 SVE predicate registers p0-p15
	ClassX87                    // x86 x87 stack and MMX registers
)

var classNames = [...]string{
	ClassOther:     "other",
	ClassGPR:       "gpr",
	ClassFPR:       "fpr",
	ClassVector:    "vector",
	ClassMask:      "mask",
	ClassPredicate: "predicate",
	ClassX87:       "x87",
}

// String returns the class name in lowercase ("gpr", "fpr", "vector", ...).
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "class?"
}

// Register describes one DWARF register number of an architecture.
type Register struct {
	// Num is the DWARF register number LLVM writes in stack maps.
	Num uint16
	// Name is the canonical lowercase name: the full register a runtime
	// saves and restores ("rax", "x29", "v8", "r31", "f8").
	Name string
	// Class says what the register holds.
	Class Class

	// views holds the size-aware display names for sizes 1, 2, 4, 8, 16,
	// 32 and 64 bytes; an empty entry means "use Name".
	views [numViews]string
}

// table is a per-architecture register table, sorted by Num.
type table []Register

// Registers returns every register of the architecture that LLVM can name
// in a stack map, sorted by DWARF number. The slice is a copy. It returns
// nil for ArchUnknown.
func Registers(a Arch) []Register {
	t := tableOf(a)
	if t == nil {
		return nil
	}
	out := make([]Register, len(t))
	copy(out, t)
	return out
}
