package main

import (
	"io"
	"strings"

	"github.com/stackmaps/stackmaps/regs"
)

const regsUsage = `Usage: stackmaps regs --arch ARCH

Print the DWARF register numbers LLVM uses in stack maps for ARCH, one per
line as "NUMBER NAME", sorted by number: the names dump uses (riscv64: the
ABI names sp, ra, a0, fs0, followed by the architectural name in
parentheses, "10 a0 (x10)").
ARCH is one of: x86_64 aarch64 ppc64 ppc64le ppc32 riscv64 s390x
(aliases: amd64 arm64 powerpc64 powerpc64le ppc riscv64gc systemz).

Example:
  stackmaps regs --arch aarch64

Flags:
`

// runRegs implements "stackmaps regs".
func runRegs(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("regs", regsUsage, stderr)
	archName := fs.String("arch", "", "target architecture (required)")
	pos, status, ok := parseCommandLine(fs, args, stdout)
	if !ok {
		return status
	}
	if len(pos) > 0 {
		say(stderr, "stackmaps regs: unexpected argument \"%s\" (see stackmaps regs --help)\n", pos[0])
		return exitUsage
	}
	if *archName == "" {
		say(stderr, "stackmaps regs: --arch is required: one of %s (see stackmaps regs --help)\n", strings.Join(archNames, ", "))
		return exitUsage
	}
	a, err := regs.ParseArch(strings.ToLower(*archName))
	if err != nil {
		say(stderr, "stackmaps %v\n", err) // "stackmaps regs: unknown architecture ..."
		return exitUsage
	}
	if err := regs.WriteTable(stdout, a); err != nil {
		say(stderr, "stackmaps regs: %v\n", err)
		return exitFail
	}
	return exitOK
}
