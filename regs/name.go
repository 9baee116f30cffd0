package regs

import (
	"fmt"
	"strconv"
)

// UnknownRegisterError reports a DWARF register number that the
// architecture's table does not know. Match it with errors.As.
type UnknownRegisterError struct {
	Arch Arch   // the architecture asked about
	Num  uint16 // the DWARF register number
}

// Error returns "unknown register N (ARCH)".
func (e *UnknownRegisterError) Error() string {
	return fmt.Sprintf("unknown register %d (%s)", e.Num, e.Arch)
}

func unknownName(n uint16) string { return "unknown register " + strconv.Itoa(int(n)) }

// Name returns the canonical lowercase name of a DWARF register number: the
// full register a runtime saves and restores ("rax", "x29", "r31", "v0").
// For an unknown number (or ArchUnknown) it returns an
// *UnknownRegisterError, never panics.
func Name(a Arch, dwarf uint16) (string, error) {
	r := findReg(a, dwarf)
	if r == nil {
		return "", &UnknownRegisterError{Arch: a, Num: dwarf}
	}
	return r.Name, nil
}

// Lookup returns the DWARF number of a register name. It accepts canonical
// names ("rax", "x19", "v8") and every size-specific or alternative name
// ("eax", "w19", "d8", "ymm2", "zmm31", "vs34", "fp", "lr", "a0", "s0",
// "x10" on riscv64). Names are matched case-insensitively. For PowerPC "rN"
// gives N, not the 1200+N number LLVM uses for 32-bit values.
func Lookup(a Arch, name string) (uint16, bool) {
	m := namesOf(a)
	if m == nil {
		return 0, false
	}
	if n, ok := m[name]; ok {
		return n, true
	}
	lower, changed := asciiLower(name)
	if !changed {
		return 0, false
	}
	n, ok := m[lower]
	return n, ok
}

// asciiLower lowercases ASCII letters, reporting whether anything changed.
func asciiLower(s string) (string, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b), true
		}
	}
	return s, false
}

// Find returns the register numbered dwarf, and false when the
// architecture's table does not know it. Unlike Name it does not allocate
// for an unknown number: callers that meet unknown numbers often (a tool
// printing arbitrary sections) test with Find, then use Register.Name,
// Register.Display or Register.Preferred.
//
// Find, Name, DisplayName and PreferredName look a number up in a dense
// per-architecture index built on first use (the numbers are small, at
// most 1231): one bounds check and one load, no search and no allocation
// for a known register, safe for concurrent use.
func Find(a Arch, dwarf uint16) (Register, bool) {
	r := findReg(a, dwarf)
	if r == nil {
		return Register{}, false
	}
	return *r, true
}
