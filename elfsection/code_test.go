package elfsection

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// openCode opens a checked-in file's Code and its stack maps' functions
// (with their table's function count).
func openCode(t testing.TB, rel string) (*Code, []stackmap.Function, []int) {
	path := filepath.Join(corpus.Root(), rel)
	osf, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { osf.Close() })
	f, err := NewFile(osf)
	require.NoError(t, err)
	c := f.Code()
	sd, err := f.StackMaps()
	require.NoError(t, err)
	sec, err := sd.Parse()
	require.NoError(t, err)
	var fns []stackmap.Function
	var counts []int
	for _, tb := range sec.Tables() {
		for _, f := range tb.Functions() {
			fns = append(fns, f)
			counts = append(counts, tb.NumFunctions())
		}
	}
	return c, fns, counts
}

// TestCodeLoadedOnce: finding the code of every function of an object
// needs no symbol index (each function's relocation names its code
// section) and reads the one code section once; the
// code is the function's (llvm-objdump-22 -d -r: "5: e8 00 00 00 00
// callq 0xa", R_X86_64_PLT32 st_callee-0x4), and the call's target is
// named after its relocation.
func TestCodeLoadedOnce(t *testing.T) {
	c, fns, counts := openCode(t, "objects/llvm19/x86_64-elf/statepoints.o")
	require.Greater(t, len(fns), 1)
	text := -1
	for i, fi := range fns {
		code, sec, err := c.FunctionCode(&fi, counts[i])
		require.NoError(t, err, fi.Symbol())
		require.NotEmpty(t, code)
		if text < 0 {
			text = sec
		}
		require.Equal(t, text, sec, "one code section")
		if fi.Symbol() == "st_simple" {
			assert.Equal(t, []byte{0xe8, 0, 0, 0, 0}, code[5:10])
		}
	}
	assert.Nil(t, c.symSecs, "each function's relocation names its code section: no symbol index needed")
	assert.Len(t, c.data, 1, "one code section read, once")
	name, off, ok := c.TargetName(text, 5, 5, 0xa)
	require.True(t, ok)
	assert.Equal(t, "st_callee", name)
	assert.Zero(t, off)
	_, _, ok = c.TargetName(-1, 5, 5, 0xa)
	assert.False(t, ok, "no section, no relocation")
}

// elfBranches are branches of checked-in ELF files and the names
// llvm-objdump-22 -d gives their targets.
var elfBranches = []struct {
	file               string
	pc, length, target uint64
	name               string
	off                uint64
}{
	{"linked/x86_64-elf/libstackmaps.so", 0x116c, 5, 0x1030, "sm_inline@plt", 0},
	{"linked/x86_64-elf/exe", 0x4011fc, 5, 0x401230, "sm_inline", 0},
	{"linked/aarch64-elf/libstackmaps.so", 0x860, 4, 0x860 - 0x170, "sm_inline@plt", 0},
}

// TestTargetNameLinkedAllocFree: in linked files, PLT stubs and function
// symbols name targets as llvm-objdump does, and once the tables are
// built naming allocates nothing.
func TestTargetNameLinkedAllocFree(t *testing.T) {
	for _, b := range elfBranches {
		c, _, _ := openCode(t, b.file)
		name, off, ok := c.TargetName(-1, b.pc, b.length, b.target)
		require.True(t, ok, b.file)
		assert.Equal(t, b.name, name, b.file)
		assert.Equal(t, b.off, off, b.file)
		allocs := testing.AllocsPerRun(100, func() { c.TargetName(-1, b.pc, b.length, b.target) })
		assert.Zero(t, allocs, b.file)
	}
}

func BenchmarkTargetName(b *testing.B) {
	for _, nb := range elfBranches {
		b.Run(filepath.Base(filepath.Dir(nb.file))+"/"+filepath.Base(nb.file), func(b *testing.B) {
			c, _, _ := openCode(b, nb.file)
			c.TargetName(-1, nb.pc, nb.length, nb.target)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c.TargetName(-1, nb.pc, nb.length, nb.target)
			}
		})
	}
}

// TestFunctionCodeChecksSize: a code section whose header claims bytes
// past the file's end is refused with a *stackmap.FileError naming it,
// before anything is read; nothing panics.
func TestFunctionCodeChecksSize(t *testing.T) {
	rel := "objects/llvm19/x86_64-elf/statepoints.o"
	data, err := os.ReadFile(filepath.Join(corpus.Root(), rel))
	require.NoError(t, err)
	ef, err := elf.NewFile(bytes.NewReader(data))
	require.NoError(t, err)
	text := -1
	for i, s := range ef.Sections {
		if s.Name == ".text" {
			text = i
		}
	}
	require.Positive(t, text)
	shoff := binary.LittleEndian.Uint64(data[0x28:])
	binary.LittleEndian.PutUint64(data[shoff+uint64(text)*64+24:], uint64(len(data))-4) // sh_offset: 4 bytes before the end

	_, fns, counts := openCode(t, rel)
	f, err := NewFile(bytes.NewReader(data))
	require.NoError(t, err)
	_, _, err = f.Code().FunctionCode(&fns[0], counts[0])
	var fe *stackmap.FileError
	require.ErrorAs(t, err, &fe)
	assert.Contains(t, fe.What, ".text")
	assert.ErrorIs(t, err, stackmap.ErrNotObject)
}
