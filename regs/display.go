package regs

// numViews is the number of value sizes with their own display name: 1, 2,
// 4, 8, 16, 32 and 64 bytes.
const numViews = 7

// viewIndex maps a location size in bytes to an index into Register.views,
// or -1 when the size has no view of its own.
func viewIndex(size int) int {
	switch size {
	case 1:
		return 0
	case 2:
		return 1
	case 4:
		return 2
	case 8:
		return 3
	case 16:
		return 4
	case 32:
		return 5
	case 64:
		return 6
	}
	return -1
}

// DisplayName returns the name of the register as it holds a value of size
// bytes (the Size field of a stack map location): "eax" for x86_64 number 0
// with size 4, "w19" for AArch64 19 with size 4, "d8" for AArch64 72 with
// size 8, "ymm2" for x86_64 19 with size 32, "vs34" for PowerPC 79 with
// size 8. Sizes with no name of their own give the canonical name (see
// Name). An unknown register gives "unknown register N". It does not
// allocate for known registers.
func DisplayName(a Arch, dwarf uint16, size int) string {
	r := findReg(a, dwarf)
	if r == nil {
		return unknownName(dwarf)
	}
	return r.Display(size)
}

// Display returns the register's name for a value of size bytes, or its
// canonical Name when that size has no name of its own.
func (r Register) Display(size int) string {
	if i := viewIndex(size); i >= 0 && r.views[i] != "" {
		return r.views[i]
	}
	return r.Name
}
