package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestToolHelp(t *testing.T) {
	out, _, status := runTool("--help")
	assert.Equal(t, exitOK, status)
	for _, want := range []string{"dump", "check", "stats", "Examples:", "stackmaps check prog.o", "Exit status"} {
		assert.Contains(t, out, want)
	}
	_, stderr, status := runTool()
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, "Usage:")
	_, _, status = runTool("frobnicate")
	assert.Equal(t, exitUsage, status)
}

func TestCommandHelp(t *testing.T) {
	cases := map[string][]string{
		"dump":  {"Formats (--format):", "text   (default)", "json", "llvm", "--function", "--id", "--disasm", "Examples:", "Exit status"},
		"check": {"[reserved]", "[outside-function]", "[duplicate-address]", "[duplicate-function]", "[unused-constant]", "[statepoint]", "Examples:", "--statepoint-id", "Exit status: 0 no findings, 1 findings"},
		"stats": {"Example:", "locations", "Exit status"},
	}
	for cmd, wants := range cases {
		for _, form := range [][]string{{cmd, "--help"}, {"help", cmd}, {cmd, "-h"}} {
			out, stderr, status := runTool(form...)
			assert.Equal(t, exitOK, status, "%q: %s", form, stderr)
			for _, w := range wants {
				assert.Contains(t, out, w, "%q", form)
			}
		}
	}
	out, _, status := runTool("dump", "--help-json")
	assert.Equal(t, exitOK, status)
	for _, field := range []string{`"file"`, `"format"`, `"arch"`, `"tables"`, `"slice"`, `"section"`, `"section_offset"`, `"version"`,
		`"functions"`, `"address"`, `"entry"`, `"symbol"`, `"addend"`, `"stack_size"`, `"dynamic_stack"`, `"record_count"`,
		`"constants"`, `"records"`, `"id"`, `"function"`, `"instruction_offset"`, `"flags"`, `"locations"`, `"kind"`, `"size"`,
		`"dwarf_reg"`, `"reg"`, `"offset"`, `"value"`, `"live_outs"`} {
		assert.Contains(t, out, field)
	}
}

func TestExitCodes(t *testing.T) {
	obj := td + "objects/llvm19/x86_64-elf/kinds.o"
	garbage := filepath.Join(t.TempDir(), "garbage.bin")
	require.NoError(t, os.WriteFile(garbage, []byte{3, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 0o644))
	notObject := filepath.Join(t.TempDir(), "text.txt")
	require.NoError(t, os.WriteFile(notObject, []byte("hello, world\n"), 0o644))
	cases := []struct {
		args []string
		want int
	}{
		{[]string{"dump", obj}, exitOK},
		{[]string{"dump", "--format=json", obj}, exitOK},
		{[]string{"check", obj}, exitOK},
		{[]string{"stats", obj}, exitOK},
		{[]string{"check", td + "objects/llvm19/x86_64-elf/zero_locations.o"}, exitFail}, // findings
		{[]string{"dump", "--raw", garbage}, exitFail},                                   // decode error
		{[]string{"check", "--raw", garbage}, exitFail},
		{[]string{"stats", "--raw", garbage}, exitFail},
		{[]string{"dump", notObject}, exitFail},
		{[]string{"stats", "/nonexistent/file.o"}, exitFail},
		{[]string{"dump", obj, "/nonexistent/file.o"}, exitFail}, // any failing file fails the run
		{[]string{"dump"}, exitUsage},
		{[]string{"check"}, exitUsage},
		{[]string{"stats"}, exitUsage},
		{[]string{"dump", "--format=xml", obj}, exitUsage},
		{[]string{"dump", "--bogus", obj}, exitUsage},
		{[]string{"check", "--bogus", obj}, exitUsage},
		{[]string{"stats", "--bogus", obj}, exitUsage},
		{[]string{"dump", "--big-endian", obj}, exitUsage},
		{[]string{"check", "--big-endian", obj}, exitUsage},
		{[]string{"stats", "--big-endian", obj}, exitUsage},
		{[]string{"dump", "--disasm", "--format=json", obj}, exitUsage},
		{[]string{"dump", "--disasm", "--raw", garbage}, exitUsage},
		{[]string{"dump", "--format=llvm", "--id", "1", obj}, exitUsage},
		{[]string{"dump", "--id", "x", obj}, exitUsage},
	}
	for _, c := range cases {
		_, stderr, status := runTool(c.args...)
		assert.Equal(t, c.want, status, "%q: %s", c.args, stderr)
		if c.want != exitOK && c.args[0] != "check" {
			assert.NotEmpty(t, stderr, "%q", c.args)
		}
	}
}
