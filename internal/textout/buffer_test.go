package textout

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNumbersAsFmt: the number writers write what fmt writes.
func TestNumbersAsFmt(t *testing.T) {
	var b bytes.Buffer
	w := NewBuffer(&b)
	var want string
	for _, v := range []int64{0, 1, -1, 16, -16, math.MaxInt64, math.MinInt64} {
		w.Int(v)
		w.Uint(uint64(v))
		w.Hex(uint64(v))
		w.SignedHex(v)
		w.Signed(v)
		w.HexDigits(uint64(v), 8)
		w.WriteByte(' ')
		want += fmt.Sprintf("%d%d%#x%+#x%+d%#08x ", v, uint64(v), uint64(v), v, v, uint64(v))
	}
	w.Plural(1, "record")
	w.Plural(2, "record")
	want += "1 record2 records"
	require.NoError(t, w.Flush())
	assert.Equal(t, want, b.String())
	assert.Equal(t, "0x1f", HexString(31))
	assert.Equal(t, "1 table", Plural(1, "table"))
	assert.Equal(t, "0 tables", Plural(0, "table"))
	for s, v := range map[string]uint64{"17": 17, "0x1F": 31, " 0x10 ": 16, "18446744073709551615": math.MaxUint64} {
		got, ok := ParseUint(s)
		assert.True(t, ok, s)
		assert.Equal(t, v, got, s)
	}
	for _, s := range []string{"", "0x", "zz", "-1", "18446744073709551616"} {
		_, ok := ParseUint(s)
		assert.False(t, ok, s)
	}
}

type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) { f.n++; return 0, errors.New("disk full") }

// TestFlushKeepsFirstError: the first write error is returned by every
// later Flush, and nothing more is written.
func TestFlushKeepsFirstError(t *testing.T) {
	f := &failWriter{}
	w := NewBuffer(f)
	w.WriteString("a")
	require.EqualError(t, w.Flush(), "disk full")
	w.WriteString("b")
	require.EqualError(t, w.Flush(), "disk full")
	assert.Equal(t, 1, f.n)
}

// TestWritesDoNotAllocate: once the buffer has grown, writes allocate
// nothing.
func TestWritesDoNotAllocate(t *testing.T) {
	w := NewBuffer(nil)
	j := NewJSON(w)
	allocs := testing.AllocsPerRun(100, func() {
		w.Reset()
		w.Hex(0x1234)
		w.SignedHex(-8)
		w.Plural(3, "location")
		j.OpenObject()
		j.Key("id")
		j.Uint(1 << 60)
		j.Key("name")
		j.String("kinds_indirect")
		j.CloseObject()
	})
	assert.Zero(t, allocs)
}

func BenchmarkRecordLine(b *testing.B) {
	b.ReportAllocs()
	w := NewBuffer(nil)
	for i := 0; i < b.N; i++ {
		w.Reset()
		w.WriteString("    Record ID ")
		w.Uint(uint64(i))
		w.WriteString(" at ")
		w.Hex(uint64(i) * 16)
		w.WriteString(", ")
		w.Plural(i&7, "location")
	}
}
