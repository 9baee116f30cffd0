package stackwalk_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// eachCapture runs fn, as a subtest named ARCH/NAME, on every checked-in
// capture: its parsed file, its program's module (at the capture's bias;
// closed after fn) and the innermost frame's registers.
func eachCapture(t *testing.T, fn func(t *testing.T, f *walktest.File, m *stackwalk.Module, rs *stackwalk.RegisterSet)) {
	cases, err := walktest.Cases()
	require.NoError(t, err)
	for _, c := range cases {
		t.Run(c.Arch+"/"+c.Name[len(c.Arch)+1:], func(t *testing.T) {
			f, err := walktest.ParseFile(c.Capture)
			require.NoError(t, err)
			m, err := objfile.OpenModule(c.Binary, bias(t, c.Binary, f))
			require.NoError(t, err)
			defer m.Close()
			var rs stackwalk.RegisterSet
			rs.SetAll(f.Regs)
			fn(t, f, m, &rs)
		})
	}
}
