package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/corpus"
)

func mirObjects(t *testing.T) []corpus.Object {
	t.Helper()
	objs, err := corpus.MIRObjects()
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
			wantMap := corpus.ReadobjStackMap(string(want))
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
	forEachLive(t, mirObjects(t), func(t *testing.T, o corpus.Object, obj string) {
		lf, err := elfsection.Open(obj)
		require.NoError(t, err)
		defer lf.Close()
		sd, err := lf.StackMaps()
		require.NoError(t, err)
		defer sd.Close()
		want, err := os.ReadFile(o.Base() + ".stackmaps.bin")
		require.NoError(t, err)
		assert.True(t, bytes.Equal(want, sd.Data), "section bytes differ from %s.stackmaps.bin", o.Name())
	})
}
