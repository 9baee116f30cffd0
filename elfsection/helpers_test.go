package elfsection_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/golden"
	"github.com/stackmaps/stackmaps/stackmap"
)

// infos decodes sd and returns FunctionInfo for every function of every
// table, in order.
func infos(t *testing.T, sd *stackmap.SectionData) []stackmap.FunctionInfo {
	t.Helper()
	sec, err := sd.Parse()
	require.NoError(t, err)
	var out []stackmap.FunctionInfo
	for _, tb := range sec.Tables() {
		for f := range tb.Functions() {
			out = append(out, sd.FunctionInfo(f))
		}
	}
	return out
}

// names returns the symbol names of infos.
func names(fis []stackmap.FunctionInfo) []string {
	out := make([]string, len(fis))
	for i, fi := range fis {
		out[i] = fi.Symbol
	}
	return out
}

// elfObjects returns the checked-in ELF objects of the manifest.
func elfObjects(t *testing.T) []golden.Object {
	t.Helper()
	objs, err := golden.Objects()
	require.NoError(t, err)
	var out []golden.Object
	for _, o := range objs {
		if o.Format == "elf" {
			out = append(out, o)
		}
	}
	require.NotEmpty(t, out)
	return out
}
