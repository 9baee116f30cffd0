package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
)

// TestMessagesEscapeOnce: every command's message about a path with a
// backslash, an ESC and a newline in it (a file that is not there) shows
// the path escaped once, as dump prints names (no\x1b\\such\n...), so
// that it unquotes to the original bytes; never twice (no\\x1b), never
// raw.
func TestMessagesEscapeOnce(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "no\x1b\\such\nfile.o")
	once := textout.Escape(bad)
	twice := textout.Escape(once)
	require.Contains(t, once, `no\x1b\\such\nfile.o`)
	exe := filepath.Join("../../testdata/linked/x86_64-elf/exe")
	for _, args := range [][]string{
		{"dump", bad},
		{"dump", "--raw", bad},
		{"dump", "--faultmap", bad},
		{"check", bad},
		{"stats", bad},
		{"frame", bad, "0x1"},
		{"lookup", bad, "0x1"},
		{"diff", bad, exe},
		{"diff", exe, bad},
		{"build", bad},
		{"stack", "--core", bad},
		{"dump", "-o", filepath.Join(bad, "out"), exe},
		{"lookup", exe, "no\x1b\\such\nsym+1"},
		{"frame", exe, "no\x1b\\such\nsym+1"},
		{"regs", "--arch", "x86_64", "no\x1b\\such\nfile.o"},
		{"completion", "no\x1b\\such\nfile.o"},
		{"no\x1b\\such\nfile.o"},
		{"dump", "--format", "no\x1b\\such\nfile.o", exe},
		{"regs", "--arch", "no\x1b\\such\nfile.o"},
		{"check", "--enable", "no\x1b\\such\nfile.o", exe},
		{"dump", "--raw", "--arch", "no\x1b\\such\nfile.o", exe},
	} {
		_, stderr, status := runTool(args...)
		what := strings.Join(args, " ")
		assert.NotEqual(t, exitOK, status, what)
		requireInert(t, what, stderr)
		assert.Contains(t, stderr, `no\x1b\\such\n`, "%s: escaped once: %s", what, stderr)
		assert.NotContains(t, stderr, `no\\x1b`, "%s: escaped twice: %s", what, stderr)
		assert.NotContains(t, stderr, twice, what)
	}
}

// TestStackQuietAboutNonObjects: the mapped files of a process that are
// not object files (locale files, caches) are not warned about; with
// --verbose they are named in one line; a mapped object file that cannot
// be read is still a warning, its path said once and escaped once.
func TestStackQuietAboutNonObjects(t *testing.T) {
	dir := t.TempDir()
	locale := filepath.Join(dir, "LC_\x1bCTYPE")
	require.NoError(t, os.WriteFile(locale, []byte("\x20\x07\x09\x20not an object file at all"), 0o644))
	_, notObject := objfile.Open(locale)
	require.ErrorIs(t, notObject, objfile.ErrNotObject)
	truncated := filepath.Join(dir, "lib\\x.so")
	exeBytes, err := os.ReadFile("../../testdata/linked/x86_64-elf/exe")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(truncated, exeBytes[:200], 0o644))
	_, err2 := objfile.Open(truncated)
	require.Error(t, err2)
	require.False(t, notObjectFile(err2), "a damaged ELF file is an object file: %v", err2)
	mods := []procwalk.ModuleInfo{{Path: locale, Err: notObject}, {Path: "/ok"}, {Path: truncated, Err: err2}, {Path: "/other", Err: errors.New("no such file")}}

	var b strings.Builder
	warnModules(mods, false, &b)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 2, b.String())
	assert.Equal(t, 1, strings.Count(lines[0], textout.Escape(truncated)), "the path once: %s", lines[0])
	assert.True(t, strings.HasPrefix(lines[0], "stackmaps stack: warning: "+textout.Escape(truncated)+": "), lines[0])
	assert.Equal(t, "stackmaps stack: warning: /other: no such file", lines[1])
	assert.NotContains(t, b.String(), "LC_")

	b.Reset()
	warnModules(mods, true, &b)
	assert.Contains(t, b.String(), "stackmaps stack: skipped 1 mapped file that are not object files: "+textout.Escape(locale)+"\n")
}

// TestStackLiveQuiet walks an ordinary process (sleep, in a UTF-8
// locale, so that it maps locale files) with stack --pid: no warning on
// stderr; with --verbose one line names the files that are not object
// files.
func TestStackLiveQuiet(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep")
	}
	cmd := exec.Command(sleep, "60")
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "LC_ALL=C.UTF-8")
	require.NoError(t, cmd.Start())
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	pid := strconv.Itoa(cmd.Process.Pid)
	nonObject := false
	for range 100 {
		maps, _ := os.ReadFile("/proc/" + pid + "/maps")
		if strings.Contains(string(maps), "locale") || strings.Contains(string(maps), ".cache") {
			nonObject = true
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !nonObject {
		t.Skip("sleep maps no locale file here")
	}
	_, stderr, status := runTool("stack", "--pid", pid)
	if strings.Contains(stderr, "not permitted to trace") {
		t.Skipf("ptrace refused here: %s", stderr)
	}
	require.Equal(t, exitOK, status, stderr)
	assert.Empty(t, stderr)
	_, stderr, status = runTool("stack", "--verbose", "--pid", pid)
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, 1, strings.Count(stderr, "\n"), stderr)
	assert.Contains(t, stderr, "that are not object files: ")
}
