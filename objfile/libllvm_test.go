package objfile_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/unwind"
)

// TestLibLLVMZeroLengthFDEs: in Debian's libLLVM-22 (package libllvm22,
// installed by .ci/run) 333 zero-length FDEs start where 191 functions'
// real FDE starts, and lld's .eh_frame_hdr lists the first of the two
// only. The walk module's table (objfile.OpenModule) finds the real FDE
// at the first and the last byte of every such function, as LLVM
// libunwind does (cfi's TestLibLLVMRows checks every row).
func TestLibLLVMZeroLengthFDEs(t *testing.T) {
	matches, _ := filepath.Glob("/usr/lib/llvm-22/lib/libLLVM.so.*")
	if len(matches) == 0 {
		testenv.Missing(t, "libLLVM-22 is not installed (Debian package libllvm22)")
		return
	}
	path := matches[0]
	m, err := objfile.OpenModule(path, 0)
	require.NoError(t, err)
	require.NoError(t, m.Unwind.HdrErr())
	ef, err := elfsection.Open(path)
	require.NoError(t, err)
	defer ef.Close()
	fs, err := ef.Frames()
	require.NoError(t, err)
	fs.EHFrame.Hdr = nil
	sec, err := cfi.New(fs.EHFrame)
	require.NoError(t, err)
	real := map[uint64]cfi.FDE{} // start of a zero-length FDE -> the first real FDE there
	zero := map[uint64]bool{}
	for f, err := range sec.FDEs() {
		require.NoError(t, err)
		if f.PCBegin == f.PCEnd {
			zero[f.PCBegin] = true
		} else if _, ok := real[f.PCBegin]; !ok {
			real[f.PCBegin] = f
		}
	}
	var ctx unwind.Context
	checked := 0
	for pc := range zero {
		f, ok := real[pc]
		if !ok {
			continue
		}
		for _, at := range []uint64{pc, f.PCEnd - 1} {
			r, err := m.Unwind.RowAt(at, &ctx)
			require.NoError(t, err, "pc %#x", at)
			assert.Equal(t, f.Offset, r.FDEOffset, "pc %#x", at)
			assert.Equal(t, pc, r.FunctionStart, "pc %#x", at)
		}
		checked++
	}
	t.Logf("%s: %d functions whose FDE shares its start with a zero-length FDE", path, checked)
	assert.GreaterOrEqual(t, checked, 191)
}
