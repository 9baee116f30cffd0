package main

import (
	"fmt"
	"runtime"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// archInfo is what the collector knows of the capture routine of an
// architecture: the layout of its save area and which registers it
// restores from it on return.
type archInfo struct {
	name      string // x86_64, aarch64: the names of obj/ and of the subtests
	arch      regs.Arch
	saveWords int    // words in the save area
	raSlot    int    // slot of the return address into the mutator
	spReg     uint16 // DWARF number of the stack pointer
	// restored lists the DWARF registers the capture routine reloads from
	// the save area after the collector returns: the callee-saved ones.
	restored []uint16
}

var archs = map[string]archInfo{
	"amd64": {name: "x86_64", arch: regs.X86_64, saveWords: 33, raSlot: 16, spReg: 7,
		restored: []uint16{3, 6, 12, 13, 14, 15}},
	"arm64": {name: "aarch64", arch: regs.AArch64, saveWords: 64, raSlot: 30, spReg: 31,
		restored: []uint16{19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29}},
}

// nativeArch returns the running architecture's capture layout.
func nativeArch() (archInfo, error) {
	a, ok := archs[runtime.GOARCH]
	if !ok {
		return archInfo{}, fmt.Errorf("movinggc: GOARCH %s is not supported (amd64, arm64)", runtime.GOARCH)
	}
	return a, nil
}

// slot returns the save-area slot of DWARF register r, or false when the
// capture routine does not save it.
func (a *archInfo) slot(r uint16) (int, bool) {
	switch a.arch {
	case regs.X86_64:
		if r <= 15 {
			return int(r), true
		}
		if r >= 17 && r <= 32 {
			return int(r), true
		}
	case regs.AArch64:
		if r <= 31 {
			return int(r), true
		}
		if r >= 64 && r <= 95 {
			return 32 + int(r-64), true
		}
	}
	return 0, false
}

// isRestored reports whether the capture routine reloads register r from
// its save area on return: whether a root in r can be updated there.
func (a *archInfo) isRestored(r uint16) bool {
	for _, x := range a.restored {
		if x == r {
			return true
		}
	}
	return false
}

// registers fills rs from a save area.
func (a *archInfo) registers(save []uint64, rs *stackwalk.RegisterSet) {
	rs.Clear()
	for r := uint16(0); r < stackwalk.MaxRegs; r++ {
		if s, ok := a.slot(r); ok && s < len(save) {
			rs.Set(r, save[s])
		}
	}
}
