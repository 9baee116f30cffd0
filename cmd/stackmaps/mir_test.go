package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/golden"
	"github.com/stackmaps/stackmaps/internal/testtools"
)

func mirObjects(t *testing.T) []golden.Object {
	t.Helper()
	objs, err := golden.MIRObjects()
	require.NoError(t, err)
	require.NotEmpty(t, objs)
	return objs
}

// TestDumpLLVMMatchesReadobjMIR checks, for every object llc compiled from
// our hand-written MIR (testdata/mir), that dump --format=llvm prints
// exactly what llvm-readobj --stackmap printed, from the object and from
// the raw section.
func TestDumpLLVMMatchesReadobjMIR(t *testing.T) {
	for _, o := range mirObjects(t) {
		t.Run(o.Name(), func(t *testing.T) {
			want, err := os.ReadFile(o.Base() + ".readobj.txt")
			require.NoError(t, err)
			wantMap := golden.ReadobjStackMap(string(want))
			require.NotEmpty(t, wantMap, "golden readobj output has no stack map")

			got, stderr, status := runTool("dump", "--format=llvm", o.Path)
			require.Equal(t, exitOK, status, stderr)
			assert.Equal(t, wantMap, got)

			got, stderr, status = runTool("dump", "--format=llvm", "--raw", o.Base()+".stackmaps.bin")
			require.Equal(t, exitOK, status, stderr)
			assert.Equal(t, wantMap, got)
		})
	}
}

// TestMIRLive recompiles every row of testdata/mir/MANIFEST.tsv with its
// llc and flags, and checks that the object's stack map section holds the
// checked-in bytes and that dump --format=llvm still equals llvm-readobj.
func TestMIRLive(t *testing.T) {
	objs := mirObjects(t)
	versions := map[string]bool{}
	for _, o := range objs {
		versions[o.LLVM] = true
	}
	for v := range versions {
		testtools.Need(t, "llc-"+v, "llvm-readobj-"+v)
	}
	dir := t.TempDir()
	seen := map[string]bool{}
	for _, o := range objs {
		if testing.Short() && seen[o.LLVM+o.Target] {
			continue // -short: one object per LLVM version and target
		}
		seen[o.LLVM+o.Target] = true
		t.Run(o.Name(), func(t *testing.T) {
			t.Parallel()
			obj := filepath.Join(dir, strings.ReplaceAll(o.Name(), "/", "_")+".o")
			args := append([]string{"-filetype=obj", "-mtriple=" + o.Triple}, o.LLCFlags...)
			args = append(args, o.IR, "-o", obj)
			out, err := exec.Command("llc-"+o.LLVM, args...).CombinedOutput()
			require.NoError(t, err, "llc-%s %s: %s", o.LLVM, strings.Join(args, " "), out)

			sd, err := elfsection.Open(obj)
			require.NoError(t, err)
			defer sd.Close()
			want, err := os.ReadFile(o.Base() + ".stackmaps.bin")
			require.NoError(t, err)
			assert.True(t, bytes.Equal(want, sd.Data), "section bytes differ from %s.stackmaps.bin", o.Name())

			ro, err := exec.Command("llvm-readobj-"+o.LLVM, "--stackmap", obj).Output()
			require.NoError(t, err)
			got, stderr, status := runTool("dump", "--format=llvm", obj)
			require.Equal(t, exitOK, status, stderr)
			assert.Equal(t, golden.ReadobjStackMap(string(ro)), got)
		})
	}
}
