package liveproc_test

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/liveproc"
	"github.com/stackmaps/stackmaps/procwalk"
)

func TestParseMaps(t *testing.T) {
	text := "55d0c0a00000-55d0c0a01000 r--p 00000000 08:01 1234                       /usr/bin/my prog\n" +
		"55d0c0a01000-55d0c0a02000 r-xp 00001000 08:01 1234                       /usr/bin/my prog\n" +
		"7f0000000000-7f0000021000 rw-p 00000000 00:00 0 \n" +
		"7ffd1000-7ffd2000 rw-p 00000000 00:00 0                          [stack]\n" +
		"7f1000000000-7f1000001000 r-xp 00002000 08:01 99 /tmp/lib.so (deleted)\n"
	ms, err := liveproc.ParseMaps([]byte(text))
	require.NoError(t, err)
	assert.Equal(t, []procwalk.Mapping{
		{Start: 0x55d0c0a00000, End: 0x55d0c0a01000, Offset: 0, Path: "/usr/bin/my prog"},
		{Start: 0x55d0c0a01000, End: 0x55d0c0a02000, Offset: 0x1000, Path: "/usr/bin/my prog"},
		{Start: 0x7f1000000000, End: 0x7f1000001000, Offset: 0x2000, Path: "/tmp/lib.so (deleted)"},
	}, ms)
}

func TestParseMapsErrors(t *testing.T) {
	for _, bad := range []string{
		"zz-10 r-xp 0 08:01 1 /a\n",
		"10 r-xp 0 08:01 1 /a\n",
		"20-10 r-xp 0 08:01 1 /a\n",
		"10-20 r-x 0 08:01 1 /a\n",
		"10-20 r-xp q 08:01 1 /a\n",
		"10-20 r-xp 0 08:01\n",
		"10-20 r-xp 0 08:01 x /a\n",
	} {
		_, err := liveproc.ParseMaps([]byte(bad))
		assert.Error(t, err, "%q", bad)
	}
}

// TestParseMapsSelf reads this process's own maps: its executable is
// listed with an executable mapping.
func TestParseMapsSelf(t *testing.T) {
	b, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip("no /proc/self/maps:", err)
	}
	ms, err := liveproc.ParseMaps(b)
	require.NoError(t, err)
	exe, err := os.Executable()
	require.NoError(t, err)
	found := false
	for _, m := range ms {
		found = found || m.Path == exe
	}
	assert.True(t, found, "%s not in %v", exe, ms)
}

func FuzzParseMaps(f *testing.F) {
	f.Add([]byte("55d0c0a00000-55d0c0a01000 r--p 00000000 08:01 1234 /usr/bin/prog\n"))
	f.Add([]byte("7ffd1000-7ffd2000 rw-p 00000000 00:00 0 [stack]\n\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		ms, err := liveproc.ParseMaps(b)
		if err != nil {
			return
		}
		for _, m := range ms {
			if m.End < m.Start || len(m.Path) == 0 || m.Path[0] != '/' {
				t.Fatalf("bad mapping %+v", m)
			}
		}
	})
}

func TestParseAuxv(t *testing.T) {
	b := make([]byte, 0, 64)
	b = binary.LittleEndian.AppendUint64(b, 33)
	b = binary.LittleEndian.AppendUint64(b, 0x7ffd45290000)
	b = binary.LittleEndian.AppendUint64(b, 9)
	b = binary.LittleEndian.AppendUint64(b, 0x4010a0)
	b = binary.LittleEndian.AppendUint64(b, 0)
	b = binary.LittleEndian.AppendUint64(b, 0)
	b = binary.LittleEndian.AppendUint64(b, 7) // after AT_NULL: ignored
	b = binary.LittleEndian.AppendUint64(b, 1)
	assert.Equal(t, []procwalk.AuxEntry{{Tag: 33, Val: 0x7ffd45290000}, {Tag: 9, Val: 0x4010a0}}, liveproc.ParseAuxv(b, binary.LittleEndian))
	assert.Empty(t, liveproc.ParseAuxv(b[:15], binary.LittleEndian), "a partial entry")
	be := binary.BigEndian.AppendUint64(nil, 6)
	be = binary.BigEndian.AppendUint64(be, 4096)
	assert.Equal(t, []procwalk.AuxEntry{{Tag: 6, Val: 4096}}, liveproc.ParseAuxv(be, binary.BigEndian))
}
