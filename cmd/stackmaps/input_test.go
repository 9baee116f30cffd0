package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withStdin runs fn with FILE "-" reading the given file's bytes.
func withStdin(t *testing.T, path string, fn func()) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	old := stdin
	stdin = bytes.NewReader(b)
	defer func() { stdin = old }()
	fn()
}

func TestDumpStdin(t *testing.T) {
	obj := td + "objects/llvm19/x86_64-elf/kinds.o"
	want, _, status := runTool("dump", obj)
	require.Equal(t, exitOK, status)
	withStdin(t, obj, func() {
		out, stderr, status := runTool("dump", "-")
		require.Equal(t, exitOK, status, stderr)
		assert.Equal(t, strings.Replace(want, obj+":", "-:", 1), out)
	})
	bin := td + "objects/llvm14/s390x-elf/constants.stackmaps.bin"
	withStdin(t, bin, func() {
		out, stderr, status := runTool("dump", "--raw", "--arch", "s390x", "-")
		require.Equal(t, exitOK, status, stderr)
		assert.Contains(t, stderr, "read as big-endian (the only byte order it decodes in)")
		assert.Contains(t, out, "-: raw s390x, section raw, 832 bytes, 1 table")
	})
}

func TestDumpRawByteOrderAndArch(t *testing.T) {
	bin := td + "objects/llvm14/s390x-elf/constants.stackmaps.bin"
	obj := td + "objects/llvm14/s390x-elf/constants.o"
	want, _, status := runTool("dump", "--format=llvm", obj)
	require.Equal(t, exitOK, status)
	out, stderr, status := runTool("dump", "--format=llvm", "--raw", bin)
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, want, out, "the byte order found from the bytes reads what the object holds")
	assert.Contains(t, stderr, "big-endian")

	_, stderr, status = runTool("dump", "--raw", "--little-endian", bin)
	assert.Equal(t, exitFail, status, "s390x bytes read little-endian do not decode")
	assert.NotEmpty(t, stderr)

	// Registers are named with --arch, and not without.
	named, _, status := runTool("dump", "--raw", "--arch", "s390x", td+"objects/llvm14/s390x-elf/spills.stackmaps.bin")
	require.Equal(t, exitOK, status)
	assert.Regexp(t, `\[r15 \+ \d+\]`, named)
	anon, _, status := runTool("dump", "--raw", td+"objects/llvm14/s390x-elf/spills.stackmaps.bin")
	require.Equal(t, exitOK, status)
	assert.Contains(t, anon, "[R#15 + ")

	junk := t.TempDir() + "/junk"
	require.NoError(t, os.WriteFile(junk, []byte("this is not a stack map section"), 0o644))
	_, stderr, status = runTool("dump", "--raw", junk)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "neither byte order")

	for _, args := range [][]string{{"--big-endian", obj}, {"--arch", "s390x", obj}, {"--raw", "--big-endian", "--little-endian", bin}, {"--raw", "--arch", "vax", bin}} {
		_, _, status := runTool(append([]string{"dump"}, args...)...)
		assert.Equal(t, exitUsage, status, "%q", args)
	}
}

// TestRISCVOneNamingScheme: riscv64 registers are ABI names everywhere:
// locations, base registers, live-outs, JSON and the regs table.
func TestRISCVOneNamingScheme(t *testing.T) {
	arch := regexp.MustCompile(`\b[xf]\d+\b`)
	seen := 0
	for _, o := range objects(t) {
		if !strings.HasPrefix(o.Target, "riscv64") {
			continue
		}
		out, _, status := runTool("dump", o.Path)
		require.Equal(t, exitOK, status)
		assert.Empty(t, arch.FindAllString(out, 3), o.Rel)
		for _, tb := range dumpJSON(t, o.Path).Tables {
			for _, r := range tb.Records {
				for _, l := range r.Locations {
					if l.Reg != nil {
						seen++
						assert.False(t, arch.MatchString(*l.Reg), "%s: %s", o.Rel, *l.Reg)
					}
				}
				for _, lo := range r.LiveOuts {
					assert.False(t, arch.MatchString(*lo.Reg), "%s: %s", o.Rel, *lo.Reg)
				}
			}
		}
	}
	assert.Greater(t, seen, 10)
	out, _, status := runTool("regs", "--arch", "riscv64")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "1 ra (x1)\n2 sp (x2)\n")
	assert.Contains(t, out, "\n10 a0 (x10)\n")
	assert.Contains(t, out, "\n40 fs0 (f8)\n")
}

func TestVersion(t *testing.T) {
	out, _, status := runTool("--version")
	require.Equal(t, exitOK, status)
	assert.Regexp(t, `^stackmaps \S+`, out)
}
