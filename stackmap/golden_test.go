package stackmap_test

import (
	"encoding/binary"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// goldenSection is a raw section that real llc wrote.
type goldenSection struct {
	name  string
	data  []byte
	order binary.ByteOrder
}

func goldenSections(t *testing.T) []goldenSection {
	t.Helper()
	objs, err := corpus.Objects()
	require.NoError(t, err)
	require.NotEmpty(t, objs)
	var out []goldenSection
	for _, o := range objs {
		data, err := os.ReadFile(o.Base() + ".stackmaps.bin")
		require.NoError(t, err)
		out = append(out, goldenSection{o.Name(), data, o.ByteOrder})
	}
	return out
}

// TestGoldenTruncatedAtEveryOffset cuts every golden section at every byte
// offset: each prefix must give a *DecodeError, never a panic, and its
// offset must lie within the prefix.
func TestGoldenTruncatedAtEveryOffset(t *testing.T) {
	for _, g := range goldenSections(t) {
		_, err := stackmap.Parse(g.data, g.order)
		require.NoError(t, err, g.name)
		for n := 0; n < len(g.data); n++ {
			_, err := stackmap.Parse(g.data[:n], g.order)
			var de *stackmap.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("%s cut to %d bytes: got %v, want a *DecodeError", g.name, n, err)
			}
			if de.Offset > n {
				t.Fatalf("%s cut to %d bytes: error offset %d past the end", g.name, n, de.Offset)
			}
		}
	}
}

// TestGoldenAllVersionsAgree re-encodes every golden (version 3) table as
// version 1 and version 2, and checks that all three decode to the same
// values.
func TestGoldenAllVersionsAgree(t *testing.T) {
	for _, g := range goldenSections(t) {
		sec, err := stackmap.Parse(g.data, g.order)
		require.NoError(t, err)
		v3 := sec.Table(0)
		require.Equal(t, stackmap.Version3, v3.Version(), g.name)
		desc := stackmaptest.FromTable(v3)
		if !fitsOldLayout(desc) {
			continue
		}
		for _, v := range []uint8{1, 2} {
			old := desc
			old.Version = v
			osec, err := stackmap.Parse(old.Append(nil, g.order.(binary.AppendByteOrder)), g.order)
			require.NoError(t, err, "%s as version %d", g.name, v)
			assertSameContent(t, g.name, v3, osec.Table(0))
		}
	}
}

// fitsOldLayout reports whether a table can be written in the version 1
// and 2 layouts, whose location sizes are one byte.
func fitsOldLayout(t stackmaptest.Table) bool {
	for _, r := range t.Records {
		for _, l := range r.Locations {
			if l.Size > 255 {
				return false
			}
		}
	}
	return true
}

func assertSameContent(t *testing.T, name string, want, got *stackmap.Table) {
	t.Helper()
	require.Equal(t, want.NumFunctions(), got.NumFunctions(), name)
	for i := 0; i < want.NumFunctions(); i++ {
		wf, _ := want.Function(i)
		gf, _ := got.Function(i)
		assert.Equal(t, wf.Address(), gf.Address(), name)
		assert.Equal(t, wf.StackSize(), gf.StackSize(), name)
		if gf.HasRecordCount() {
			assert.Equal(t, wf.RecordCount(), gf.RecordCount(), name)
		}
	}
	require.Equal(t, want.NumConstants(), got.NumConstants(), name)
	for i := 0; i < want.NumConstants(); i++ {
		wc, _ := want.Constant(i)
		gc, _ := got.Constant(i)
		assert.Equal(t, wc, gc, name)
	}
	wr, gr := collect(want), collect(got)
	require.Equal(t, len(wr), len(gr), name)
	for i := range wr {
		assert.Equal(t, wr[i].ID(), gr[i].ID(), name)
		assert.Equal(t, wr[i].InstructionOffset(), gr[i].InstructionOffset(), name)
		if got.Version() != stackmap.Version1 || got.NumFunctions() == 1 {
			assert.Equal(t, wr[i].Function(), gr[i].Function(), name)
		}
		assert.Equal(t, locations(wr[i]), locations(gr[i]), "%s record %d", name, i)
		for j, lo := range wr[i].LiveOuts() {
			glo, ok := gr[i].LiveOut(j)
			assert.True(t, ok)
			assert.Equal(t, lo, glo, name)
		}
	}
}
