package bounds

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
)

type opaque struct{ r io.ReaderAt }

func (o opaque) ReadAt(p []byte, off int64) (int, error) { return o.r.ReadAt(p, off) }

// The size comes from Size(), from Stat, or is probed; every way gives
// the same answers.
func TestHas(t *testing.T) {
	data := make([]byte, 100)
	path := filepath.Join(t.TempDir(), "f")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	osf, err := os.Open(path)
	require.NoError(t, err)
	defer osf.Close()
	for name, f := range map[string]*File{
		"bytes.Reader": New(bytes.NewReader(data), stackmap.FormatELF),
		"os.File":      New(osf, stackmap.FormatELF),
		"probed":       New(opaque{bytes.NewReader(data)}, stackmap.FormatELF),
	} {
		t.Run(name, func(t *testing.T) {
			assert.True(t, f.Has(0, 100))
			assert.True(t, f.Has(99, 1))
			assert.True(t, f.Has(100, 0))
			assert.True(t, f.Has(1<<63, 0), "nothing to read")
			assert.False(t, f.Has(99, 2))
			assert.False(t, f.Has(1<<63, 1))
			assert.False(t, f.Has(1, 1<<63))
			assert.NoError(t, f.NeedTable("t", 10, 9, 10))
			assert.Error(t, f.NeedTable("t", 10, 1<<40, 1<<40))
		})
	}
	assert.Equal(t, int64(-1), New(opaque{bytes.NewReader(data)}, stackmap.FormatELF).Size())
}

// A truncation is a FileError at the file offset of what is truncated,
// matching ErrNotObject; a slice's offsets are the file's.
func TestNeedError(t *testing.T) {
	f := New(bytes.NewReader(make([]byte, 1000)), stackmap.FormatMachO)
	err := f.NeedTable("symbol table", 0x200, 1<<32-1, 16)
	var fe *stackmap.FileError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, int64(0x200), fe.Offset)
	assert.True(t, errors.Is(err, stackmap.ErrNotObject))
	assert.Equal(t, "macho: symbol table at file offset 0x200: truncated: needs 68719476720 bytes (4294967295 entries of 16 bytes), the file has 1000", err.Error())

	s := f.Slice(0x100, 0x80)
	err = s.Need("load commands", 0x20, 0x100)
	assert.Equal(t, "macho: load commands at file offset 0x120: truncated: needs 256 bytes, the slice has 128", err.Error())
}

// Wrap keeps the standard library's words but not its bare EOF or
// strconv text.
func TestWrap(t *testing.T) {
	f := New(bytes.NewReader(nil), stackmap.FormatPE)
	err := f.Wrap("COFF file header", 0x40, io.ErrUnexpectedEOF)
	assert.Equal(t, "pe: COFF file header at file offset 0x40: the file ends early", err.Error())
	assert.True(t, errors.Is(err, stackmap.ErrNotObject))
	assert.True(t, errors.Is(err, io.ErrUnexpectedEOF))
	_, perr := func() (int, error) { return 0, errors.New(`strconv.Atoi: parsing "x": invalid syntax`) }()
	assert.NotContains(t, f.Wrap("name", 0, perr).Error(), "strconv")
}
