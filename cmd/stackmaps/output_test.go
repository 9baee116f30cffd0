//go:build linux

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/internal/corpus"
)

// TestWriteErrors runs every command in every format twice with its
// output on /dev/full, which fails every write with ENOSPC: with -o
// /dev/full and with standard output on /dev/full. Each must exit 1 (2 for
// lookup and diff, whose 1 means "no record" and "different") and say why; the same command line writing to a file exits 0 and writes
// something (so the failure is the write's). Before, check, completion
// and others exited 0 with nothing written, and dump --faultmap ignored -o.
func TestWriteErrors(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	dir := t.TempDir()
	exe := filepath.Join(corpus.Root(), "linked", "x86_64-elf", "exe")
	fm := filepath.Join(corpus.Root(), "faultmap", "linked-x86_64")
	var dump bytes.Buffer
	require.Equal(t, exitOK, run([]string{"dump", "--format=json", exe}, &dump, os.Stderr))
	jsonDump := filepath.Join(dir, "dump.json")
	require.NoError(t, os.WriteFile(jsonDump, dump.Bytes(), 0o600))
	core := coretest.WriteCore(nil, []coretest.Note{
		{Name: "CORE", Type: coretest.NTPrStatus, Desc: coretest.PRStatus(7, 11, 0x401000, 0x7ff000)},
		{Name: "CORE", Type: coretest.NTFile, Desc: coretest.FileNote([]coretest.Mapping{{Start: 0x400000, End: 0x405000, Path: exe}})},
	})
	corePath := filepath.Join(dir, "core")
	require.NoError(t, os.WriteFile(corePath, core, 0o600))

	type form struct {
		args   []string
		noFlag bool // the command has no -o
	}
	var forms []form
	for _, f := range []string{"text", "json", "llvm"} {
		forms = append(forms, form{args: []string{"dump", "--format=" + f, exe}})
		forms = append(forms, form{args: []string{"dump", "--faultmap", "--format=" + f, fm}})
	}
	for _, f := range []string{"text", "json"} {
		forms = append(forms,
			form{args: []string{"check", "--format=" + f, exe}},
			form{args: []string{"stats", "--format=" + f, exe}},
			form{args: []string{"frame", "--format=" + f, exe, "0x401237"}},
			form{args: []string{"stack", "--format=" + f, "--core", corePath}},
		)
	}
	for _, f := range []string{"text", "json", "line"} {
		forms = append(forms, form{args: []string{"lookup", "--format=" + f, exe, "0x401237"}})
	}
	for _, f := range []string{"text", "json"} {
		forms = append(forms, form{args: []string{"diff", "--format=" + f, exe, exe}})
	}
	forms = append(forms,
		form{args: []string{"dump", "--unwind", exe}},
		form{args: []string{"dump", "--disasm", exe}},
		form{args: []string{"dump", "--help-json"}, noFlag: true},
		form{args: []string{"build", jsonDump}},
		form{args: []string{"regs", "--arch", "x86_64"}, noFlag: true},
		form{args: []string{"completion", "bash"}, noFlag: true},
		form{args: []string{"completion", "zsh"}, noFlag: true},
		form{args: []string{"completion", "fish"}, noFlag: true},
		form{args: []string{"--version"}, noFlag: true},
		form{args: []string{"--help"}, noFlag: true},
		form{args: []string{"dump", "--help"}, noFlag: true},
	)
	for _, f := range forms {
		t.Run(strings.Join(f.args, " "), func(t *testing.T) {
			var errb bytes.Buffer
			outFile := filepath.Join(t.TempDir(), "out")
			var ok bytes.Buffer
			args := f.args
			if !f.noFlag {
				args = append([]string{f.args[0], "-o", outFile}, f.args[1:]...)
			}
			require.Equal(t, exitOK, run(args, &ok, &errb), "to a file: %s", errb.String())
			if !f.noFlag {
				b, err := os.ReadFile(outFile)
				require.NoError(t, err)
				assert.NotEmpty(t, b, "-o FILE is written")
				assert.Empty(t, ok.String(), "nothing on stdout with -o")
			} else {
				assert.NotEmpty(t, ok.String())
			}

			// lookup and diff say "no record" and "different" with 1, as
			// addr2line, grep and diff do: their errors are 2.
			want := exitFail
			if f.args[0] == "lookup" || f.args[0] == "diff" {
				want = exitUsage
			}
			errb.Reset()
			assert.Equal(t, want, run(f.args, full, &errb), "stdout on /dev/full")
			assert.Contains(t, errb.String(), "no space left on device", "stdout on /dev/full")
			if !f.noFlag {
				errb.Reset()
				args := append([]string{f.args[0], "-o", "/dev/full"}, f.args[1:]...)
				assert.Equal(t, want, run(args, os.Stdout, &errb), "-o /dev/full")
				assert.Contains(t, errb.String(), "no space left on device", "-o /dev/full")
			}
		})
	}
}
