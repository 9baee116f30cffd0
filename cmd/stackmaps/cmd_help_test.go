package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stackmaps/stackmaps/lint"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestToolHelp(t *testing.T) {
	out, _, status := runTool("--help")
	assert.Equal(t, exitOK, status)
	for _, want := range []string{"dump", "check", "stats", "Examples:", "stackmaps check testdata/linked/x86_64-elf/libstackmaps.so", "Exit status"} {
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
		"check": {"[outside-function]", "[duplicate-address]", "[duplicate-function]", "[unused-constant]", "[statepoint]", "Examples:", "--statepoint-id", "Exit status: 0 no findings, 1 findings"},
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
		{[]string{"dump", "--disasm", "--format=json", obj}, exitOK},
		{[]string{"dump", "--disasm", "--format=llvm", obj}, exitUsage},
		{[]string{"stats", "--pretty", obj}, exitUsage},
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

// TestHelpOnceOnStdout: COMMAND --help prints its text once, on stdout,
// with flags spelled --name, and nothing on stderr; a bad flag is one line
// on stderr that points at --help, and exit status 2.
func TestHelpOnceOnStdout(t *testing.T) {
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, status := runTool(c.name, "--help")
			require.Equal(t, exitOK, status)
			require.Empty(t, stderr)
			require.Equal(t, 1, strings.Count(stdout, "Usage: stackmaps "+c.name), stdout)
			require.NotRegexp(t, `(?m)^  -[a-z][a-z]`, stdout, "a flag spelled with one dash")
			if c.name != "completion" { // it has no flags
				require.Regexp(t, `(?m)^  --[a-z]`, stdout)
			}

			stdout, stderr, status = runTool(c.name, "--no-such-flag")
			require.Equal(t, exitUsage, status)
			require.Empty(t, stdout)
			require.Equal(t, "stackmaps "+c.name+": flag provided but not defined: --no-such-flag (see stackmaps "+c.name+" --help)\n", stderr)
		})
	}
}

// helpExample is a command line of a help text's examples: the tool's
// arguments, and the file "cat FILE |" gives its standard input.
type helpExample struct {
	args  []string
	stdin string
}

// helpExamples returns the command lines of a help text's Example(s)
// section that run the tool: each line's words from "stackmaps" on, up to
// a pipe or a comment, with the file a "cat FILE |" before it reads.
func helpExamples(help string) []helpExample {
	var out []helpExample
	in := false
	for _, line := range strings.Split(help, "\n") {
		switch {
		case strings.HasPrefix(line, "Example"):
			in = true
			continue
		case in && strings.TrimSpace(line) == "":
			in = false
		}
		if !in {
			continue
		}
		line = strings.TrimPrefix(strings.TrimSpace(line), "$ ")
		in := ""
		if i := strings.Index(line, "| stackmaps "); i >= 0 {
			if f := strings.Fields(line[:i]); len(f) == 2 && f[0] == "cat" {
				in = f[1]
			}
			line = line[i+2:]
		}
		line, _, _ = strings.Cut(line, "|")
		line, _, _ = strings.Cut(line, "#")
		if f := strings.Fields(line); len(f) > 1 && f[0] == "stackmaps" {
			out = append(out, helpExample{args: f[1:], stdin: in})
		}
	}
	return out
}

// TestHelpExamplesRun runs every example of every command's help, from
// the repository root, on the checked-in files it names: each must exit 0
// and print something (a piped "-" input is given the file the pipe's
// first command reads).
func TestHelpExamplesRun(t *testing.T) {
	t.Chdir("../..")
	n := 0
	for _, c := range append([]command{{name: ""}}, commands...) {
		help, _, _ := runTool(c.name, "--help")
		if c.name == "" {
			help, _, _ = runTool("--help")
		}
		if c.name == "stack" { // its cores are made at test time (internal/coretest), never checked in
			continue
		}
		for _, ex := range helpExamples(help) {
			args := ex.args
			n++
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				if in := ex.stdin; in != "" || args[len(args)-1] == "-" {
					if in == "" {
						in = "testdata/objects/llvm22/x86_64-elf/kinds.stackmaps.bin"
						if !slices.Contains(args, "--raw") {
							in = "testdata/linked/x86_64-elf/exe"
						}
					}
					data, err := os.ReadFile(in)
					require.NoError(t, err)
					old := stdin
					stdin = bytes.NewReader(data)
					defer func() { stdin = old }()
				}
				stdout, stderr, status := runTool(args...)
				if (args[0] == "lookup" || args[0] == "diff") && status == exitFail {
					status = exitOK // an address without a record, or builds that differ: answered all the same
				}
				require.Equal(t, exitOK, status, "stderr: %s", stderr)
				require.NotEmpty(t, stdout)
			})
		}
	}
	require.GreaterOrEqual(t, n, 15, "examples found")
}

// TestHelpFromCommandTable: the command list of --help, the completion
// scripts' commands and --format values all come from the command table:
// names in alphabetical order, summaries in one aligned column, no rule
// check does not have, every format a command accepts; an unknown
// command and regs without --arch are one line each.
func TestHelpFromCommandTable(t *testing.T) {
	out, _, status := runTool("--help")
	require.Equal(t, exitOK, status)
	_, list, ok := strings.Cut(out, "Commands:\n")
	require.True(t, ok)
	list, _, _ = strings.Cut(list, "\n\n")
	lines := strings.Split(list, "\n")
	require.Len(t, lines, len(commands))
	col := -1
	var names []string
	for i, line := range lines {
		c := commands[i]
		names = append(names, c.name)
		require.True(t, strings.HasPrefix(line, "  "+c.name+" "), line)
		at := strings.Index(line, c.summary)
		require.Positive(t, at, line)
		if col < 0 {
			col = at
		}
		assert.Equal(t, col, at, "summaries aligned: %q", line)
	}
	assert.True(t, slices.IsSorted(names), "%v", names)
	assert.NotContains(t, out, "reserved", "check has no reserved rule")
	for _, r := range lint.Rules() {
		assert.NotContains(t, r.Name, "reserved")
	}
	assert.Contains(t, out, "  stack       walk every thread of a core file or a live process")

	_, stderr, status := runTool("nosuch\x1b")
	assert.Equal(t, exitUsage, status)
	assert.Equal(t, `stackmaps: unknown command "nosuch\x1b" (commands: build, check, completion, diff, dump, frame, lookup, regs, stack, stats; see stackmaps --help)`+"\n", stderr)

	_, stderr, status = runTool("regs")
	assert.Equal(t, exitUsage, status)
	assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
	assert.Contains(t, stderr, "--arch is required: one of x86_64, aarch64")

	bash, _, _ := runTool("completion", "bash")
	fish, _, _ := runTool("completion", "fish")
	for _, c := range commands {
		if c.formats == nil {
			continue
		}
		assert.Contains(t, bash, "    "+c.name+")\n      if [ \"$prev\" = --format ]; then COMPREPLY=($(compgen -W \""+strings.Join(c.formats, " ")+"\"", c.name)
		assert.Contains(t, fish, "'__fish_seen_subcommand_from "+c.name+"' -l format -x -a '"+strings.Join(c.formats, " ")+"'\n", c.name)
		file := []string{"/nonexistent/file"}
		if c.name == "stack" {
			file = []string{"--core", "/nonexistent/file"}
		}
		for _, f := range c.formats {
			_, stderr, _ := runTool(append([]string{c.name, "--format=" + f}, file...)...)
			assert.NotContains(t, stderr, "format", "%s accepts --format=%s", c.name, f)
		}
		_, stderr, status := runTool(append([]string{c.name, "--format=nosuch"}, file...)...)
		assert.Equal(t, exitUsage, status, c.name)
		assert.Contains(t, stderr, "format", c.name)
	}
	assert.NotContains(t, bash, "(JSON")
}
