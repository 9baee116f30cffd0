package pesection_test

import (
	"bytes"
	"debug/pe"
	"encoding/binary"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/pesection"
)

// TestExportNames: a DLL linked without a symbol table names its
// functions from its export table, as llvm-objdump-22 -d does.
func TestExportNames(t *testing.T) {
	want, err := os.ReadFile("../testdata/windows/win.dll.labels.txt")
	require.NoError(t, err)
	f, err := pesection.Open("../testdata/windows/win.dll")
	require.NoError(t, err)
	defer f.Close()
	var got strings.Builder
	for _, s := range f.Symbols() {
		fmt.Fprintf(&got, "%016x <%s>:\n", s.Value, s.Name)
	}
	assert.Equal(t, string(want), got.String())
	sd, err := f.StackMaps()
	require.NoError(t, err)
	sec, err := sd.Parse()
	require.NoError(t, err)
	fn, ok := sec.Table(0).Function(1)
	require.True(t, ok)
	assert.Equal(t, "w_pushes", fn.Name())
}

// TestExportsDamaged: an export table whose counts and RVAs point
// anywhere gives no names, never a panic.
func TestExportsDamaged(t *testing.T) {
	orig, err := os.ReadFile("../testdata/windows/win.dll")
	require.NoError(t, err)
	dir := exportDirOffset(t, orig)
	for _, field := range []int{20, 24, 28, 32, 36} {
		for _, v := range []uint32{0, 1, 0x7fffffff, 0xffffffff, 0x1000} {
			b := bytes.Clone(orig)
			binary.LittleEndian.PutUint32(b[dir+field:], v)
			f, err := pesection.NewFile(bytes.NewReader(b))
			require.NoError(t, err)
			for _, s := range f.Symbols() {
				assert.NotEmpty(t, s.Name)
			}
		}
	}
}

// exportDirOffset finds the file offset of win.dll's export directory.
func exportDirOffset(t *testing.T, b []byte) int {
	f, err := pesection.NewFile(bytes.NewReader(b))
	require.NoError(t, err)
	pf := f.PE()
	rva := optionalExportRVA(t, pf)
	for _, s := range pf.Sections {
		if rva >= s.VirtualAddress && rva < s.VirtualAddress+s.Size {
			return int(s.Offset + rva - s.VirtualAddress)
		}
	}
	t.Fatal("no export directory")
	return 0
}

func optionalExportRVA(t *testing.T, pf *pe.File) uint32 {
	oh, ok := pf.OptionalHeader.(*pe.OptionalHeader64)
	require.True(t, ok)
	return oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_EXPORT].VirtualAddress
}

// TestImageID: a PE image's identity is its TimeDateStamp and SizeOfImage
// as llvm-readobj-22 --file-headers prints them (0xC4BFEBA2 and 28672
// for win.exe, 0x84F6510 and 98304 for the minidump program); a COFF
// object has none.
func TestImageID(t *testing.T) {
	for path, want := range map[string]string{
		"../testdata/windows/win.exe":           "C4BFEBA27000",
		"../testdata/windows/minidump/dump.exe": "084F651018000",
		"../testdata/windows/win.o":             "",
	} {
		f, err := pesection.Open(path)
		require.NoError(t, err)
		assert.Equal(t, want, f.ImageID(), path)
		f.Close()
	}
}
