package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRunRegs(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, exitOK, runRegs([]string{"--arch", "x86_64"}, &out, &errb))
	assert.True(t, strings.HasPrefix(out.String(), "0 rax\n1 rdx\n2 rcx\n3 rbx\n"), out.String())
	assert.Contains(t, out.String(), "\n67 xmm16\n")
	assert.Empty(t, errb.String())

	out.Reset()
	assert.Equal(t, exitOK, runRegs([]string{"--arch=arm64"}, &out, &errb))
	assert.Contains(t, out.String(), "\n29 x29\n30 x30\n31 sp\n")

	out.Reset()
	assert.Equal(t, exitOK, runRegs([]string{"--help"}, &out, &errb))
	assert.Contains(t, out.String(), "stackmaps regs --arch aarch64")

	for _, args := range [][]string{nil, {"--arch", "mips"}, {"--bogus"}, {"--arch", "x86_64", "extra"}} {
		errb.Reset()
		assert.Equal(t, exitUsage, runRegs(args, &out, &errb), "%q", args)
		assert.NotEmpty(t, errb.String())
	}
}
