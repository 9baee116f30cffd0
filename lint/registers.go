package lint

import (
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// registerRules checks the registers of locations and live-outs against
// the target's registers: unknown-register, zero-size, register-size and
// bad-base-register. It needs the architecture; for bare bytes
// (regs.ArchUnknown) only zero-size runs. Each location gets at most one
// register finding: an unknown register is not also judged by size or as
// a base.
type registerRules struct {
	tv                            *tableView
	arch                          regs.Arch
	sp                            uint16
	unknown, zero, size, base     bool
	fUnknown, fZero, fSize, fBase []Finding
}

// start begins a table.
func (c *registerRules) start(tv *tableView, on *ruleSet) {
	c.tv, c.arch = tv, tv.SD.Arch
	c.sp = regs.RolesOf(c.arch).StackPointer
	known := c.arch != regs.ArchUnknown
	c.unknown = known && on.on(RuleUnknownRegister)
	c.zero = on.on(RuleZeroSize)
	c.size = known && on.on(RuleRegisterSize)
	c.base = known && on.on(RuleBadBaseRegister)
	c.fUnknown, c.fZero, c.fSize, c.fBase = c.fUnknown[:0], c.fZero[:0], c.fSize[:0], c.fBase[:0]
}

// check looks at one record's locations and live-outs.
func (c *registerRules) check(r stackmap.Record) {
	if !c.unknown && !c.zero && !c.size && !c.base {
		return
	}
	for i, l := range r.Locations() {
		switch l.Kind {
		case stackmap.Register, stackmap.Direct, stackmap.Indirect:
		default:
			continue
		}
		memory := l.Kind != stackmap.Register
		if c.zero && memory && l.Size == 0 {
			c.fZero = append(c.fZero, c.tv.atLocation(r, i, RuleZeroSize,
				"%v location of size 0", l.Kind))
		}
		if c.arch == regs.ArchUnknown {
			continue
		}
		reg, ok := regs.Find(c.arch, l.Reg)
		if !ok {
			if c.unknown {
				c.fUnknown = append(c.fUnknown, c.tv.atLocation(r, i, RuleUnknownRegister,
					"%s has no register %d", c.arch, l.Reg))
			}
			continue
		}
		if memory {
			if c.base && !c.canAddress(reg) {
				c.fBase = append(c.fBase, c.tv.atLocation(r, i, RuleBadBaseRegister,
					"%v location based on %s, which cannot address the stack", l.Kind, reg.Name))
			}
			continue
		}
		if max := maxRegisterSize(c.arch, reg); c.size && max > 0 && int(l.Size) > max {
			c.fSize = append(c.fSize, c.tv.atLocation(r, i, RuleRegisterSize,
				"%d bytes in %s, which holds %d", l.Size, reg.Name, max))
		}
	}
	if c.arch == regs.ArchUnknown {
		return
	}
	for i, lo := range r.LiveOuts() {
		reg, ok := regs.Find(c.arch, lo.Reg)
		var f Finding
		switch {
		case !ok && c.unknown:
			f = c.tv.atRecord(r, r.LiveOutOffset(i), RuleUnknownRegister, "%s has no register %d", c.arch, lo.Reg)
			f.Location, f.LiveOut = i, true
			c.fUnknown = append(c.fUnknown, f)
		case ok && c.size:
			if max := maxRegisterSize(c.arch, reg); max > 0 && int(lo.Size) > max {
				f = c.tv.atRecord(r, r.LiveOutOffset(i), RuleRegisterSize, "%d bytes live in %s, which holds %d", lo.Size, reg.Name, max)
				f.Location, f.LiveOut = i, true
				c.fSize = append(c.fSize, f)
			}
		}
	}
}

// report appends the table's findings to out, rule by rule.
func (c *registerRules) report(out []Finding) []Finding {
	out = append(out, c.fUnknown...)
	out = append(out, c.fZero...)
	out = append(out, c.fSize...)
	return append(out, c.fBase...)
}

// canAddress reports whether a Direct or Indirect location can be based
// on the register: a general-purpose register or the stack pointer, but
// not a hard-wired zero register (RISC-V x0) nor the program counter
// (x86_64 rip: no stack slot is pc-relative).
func (c *registerRules) canAddress(r regs.Register) bool {
	if r.Num == c.sp {
		return true
	}
	if c.arch == regs.RISCV64 && r.Num == 0 {
		return false
	}
	return r.Class == regs.ClassGPR
}

// maxRegisterSize returns the largest value in bytes the register can
// hold, or 0 when that depends on the machine (AArch64 SVE z and p
// registers, RISC-V vector registers and register groups, whose size LLVM
// writes as the group's minimum).
func maxRegisterSize(a regs.Arch, r regs.Register) int {
	switch r.Class {
	case regs.ClassGPR:
		if (a == regs.PPC32) && r.Num < 32 {
			return 4
		}
		return 8
	case regs.ClassFPR:
		switch a {
		case regs.S390X: // f0-f15 are the low halves of v0-v15, which share the numbers
			return 16
		case regs.PPC64, regs.PPC64LE, regs.PPC32: // VSX vs0-vs31 share the f numbers (regs names a 16-byte f3 vs3)
			return 16
		}
		return 8
	case regs.ClassVector:
		switch a {
		case regs.X86_64:
			return 64 // ymm and zmm use the xmm numbers
		case regs.AArch64:
			if r.Num >= 96 { // SVE z registers: scalable
				return 0
			}
			return 16
		case regs.RISCV64:
			return 0
		}
		return 16
	case regs.ClassPredicate:
		return 0
	case regs.ClassMask:
		return 8
	case regs.ClassX87:
		return 10
	}
	return 8
}
