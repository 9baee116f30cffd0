package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/testenv"
)

// runTool runs the tool in-process and returns stdout, stderr and status.
func runTool(args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	status := run(args, &out, &errb)
	return out.String(), errb.String(), status
}

func objects(t *testing.T) []corpus.Object {
	t.Helper()
	objs, err := corpus.Objects()
	require.NoError(t, err)
	require.NotEmpty(t, objs)
	return objs
}

// TestDumpLLVMMatchesReadobj checks, for every checked-in object, that
// dump --format=llvm prints exactly what llvm-readobj --stackmap printed
// (from its version line on), from the object and from the raw section.
func TestDumpLLVMMatchesReadobj(t *testing.T) {
	for _, o := range objects(t) {
		t.Run(o.Name(), func(t *testing.T) {
			want, err := os.ReadFile(o.Base() + ".readobj.txt")
			require.NoError(t, err)
			wantMap := corpus.ReadobjStackMap(string(want))
			require.NotEmpty(t, wantMap, "golden readobj output has no stack map")

			got, stderr, status := runTool("dump", "--format=llvm", o.Path)
			require.Equal(t, exitOK, status, stderr)
			assert.Equal(t, wantMap, got)

			args := []string{"dump", "--format=llvm", "--raw", o.Base() + ".stackmaps.bin"}
			if o.ByteOrder.String() == "BigEndian" {
				args = append(args, "--big-endian")
			}
			got, stderr, status = runTool(args...)
			require.Equal(t, exitOK, status, stderr)
			assert.Equal(t, wantMap, got)
		})
	}
}

// TestDumpLLVMLive recompiles every IR file with the llc of each checked-in
// object and compares dump --format=llvm with the llvm-readobj of the same
// LLVM version, live.
func TestDumpLLVMLive(t *testing.T) {
	forEachLive(t, objects(t), func(t *testing.T, o corpus.Object, obj string) {})
}

// forEachLive recompiles each object with the llc of its LLVM version (one
// per version and target under -short), in parallel subtests, checks that
// dump --format=llvm of the new object equals that version's llvm-readobj,
// and hands the new object to more checks.
func forEachLive(t *testing.T, objs []corpus.Object, more func(t *testing.T, o corpus.Object, obj string)) {
	versions := map[string]bool{}
	for _, o := range objs {
		versions[o.LLVM] = true
	}
	for v := range versions {
		testenv.Need(t, "llc-"+v, "llvm-readobj-"+v)
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
			out, err := testenv.CombinedOutputRetryingCrash(t, func() *exec.Cmd { return exec.Command("llc-"+o.LLVM, args...) })
			require.NoError(t, err, "llc-%s %s: %s", o.LLVM, strings.Join(args, " "), out)
			ro, err := exec.Command("llvm-readobj-"+o.LLVM, "--stackmap", obj).Output()
			require.NoError(t, err)
			got, stderr, status := runTool("dump", "--format=llvm", obj)
			require.Equal(t, exitOK, status, stderr)
			assert.Equal(t, corpus.ReadobjStackMap(string(ro)), got)
			more(t, o, obj)
		})
	}
}

var functionAddressLine = regexp.MustCompile(`(?m)^  Function address: \d+, `)

// TestDumpLLVMLinkedTables checks every linked binary: its section holds
// one table per component object; the first table prints as llvm-readobj
// prints it, and every table's records equal those of the object it came
// from (function addresses differ once linked, and are masked).
func TestDumpLLVMLinkedTables(t *testing.T) {
	bins, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	require.NotEmpty(t, bins)
	for _, l := range bins {
		t.Run(l.Rel, func(t *testing.T) {
			got, stderr, status := runTool("dump", "--format=llvm", l.Path)
			require.Equal(t, exitOK, status, stderr)
			tables := splitTables(got)
			require.Len(t, tables, len(l.Components), "one table per linked object")

			want, err := os.ReadFile(strings.TrimSuffix(l.Path, filepath.Ext(l.Path)) + ".readobj.txt")
			if os.IsNotExist(err) {
				want, err = os.ReadFile(l.Path + ".readobj.txt")
			}
			require.NoError(t, err)
			assert.Equal(t, corpus.ReadobjStackMap(string(want)), tables[0], "first table as llvm-readobj prints it")

			for i, c := range l.Components {
				comp, err := os.ReadFile(strings.TrimSuffix(c, ".o") + ".readobj.txt")
				require.NoError(t, err)
				assert.Equal(t, maskAddresses(corpus.ReadobjStackMap(string(comp))), maskAddresses(tables[i]), "table %d vs %s", i, filepath.Base(c))
			}
		})
	}
}

// splitTables splits llvm-format output at each "LLVM StackMap Version".
func splitTables(s string) []string {
	var out []string
	for {
		i := strings.Index(s[1:], "LLVM StackMap Version:")
		if s == "" {
			return out
		}
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
}

func maskAddresses(s string) string {
	return functionAddressLine.ReplaceAllString(s, "  Function address: ADDR, ")
}
