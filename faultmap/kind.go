package faultmap

import "strconv"

// Kind is the kind of memory access that faults.
type Kind uint32

// The kinds LLVM writes (FaultMaps::FaultKind).
const (
	FaultingLoad      Kind = 1 // a load
	FaultingLoadStore Kind = 2 // an instruction that loads and stores
	FaultingStore     Kind = 3 // a store
)

// String returns the name llvm-objdump prints, e.g. "FaultingLoad", or
// "Kind(N)" for a value LLVM does not define.
func (k Kind) String() string {
	switch k {
	case FaultingLoad:
		return "FaultingLoad"
	case FaultingLoadStore:
		return "FaultingLoadStore"
	case FaultingStore:
		return "FaultingStore"
	}
	return "Kind(" + strconv.FormatUint(uint64(k), 10) + ")"
}

// Valid reports whether k is a kind LLVM defines.
func (k Kind) Valid() bool { return k >= FaultingLoad && k <= FaultingStore }
