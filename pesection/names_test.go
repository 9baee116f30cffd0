package pesection

import (
	"debug/pe"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// openCode opens a checked-in file's Code.
func openCode(t testing.TB, rel string) *Code {
	f, err := NewFile(openTestdata(t, rel))
	require.NoError(t, err)
	return f.Code()
}

// readSection returns the stack map section of a checked-in file.
func readSection(t testing.TB, rel string) (*stackmap.SectionData, error) {
	f, err := NewFile(openTestdata(t, rel))
	require.NoError(t, err)
	return f.StackMaps()
}

// openTestdata opens a checked-in file, closed when the test ends.
func openTestdata(t testing.TB, rel string) *os.File {
	osf, err := os.Open(filepath.Join(corpus.Root(), rel))
	require.NoError(t, err)
	t.Cleanup(func() { osf.Close() })
	return osf
}

// peBranches are branches of checked-in files and the names
// llvm-objdump-22 gives their targets (testdata/objdump/); the code is in
// section 0 (.text) of both.
var peBranches = []struct {
	file, kind         string
	pc, length, target uint64
	name               string
	off                uint64
	ok                 bool
}{
	// "1800012df: eb 00  jmp 0x1800012e1 <mf_f8+0x11>"
	{"linked-pe/sm.dll", "image-symbol", 0x1800012df, 2, 0x1800012e1, "mf_f8", 0x11, true},
	// the unresolved calls go to 0x200000000, outside every section
	{"linked-pe/sm.dll", "image-outside", 0x18000101e, 5, 0x200000000, "", 0, false},
	// "9: e8 00 00 00 00  callq 0xe <st_simple+0xe>", IMAGE_REL_AMD64_REL32 st_callee
	{"objects/llvm22/x86_64-coff/statepoints.o", "object-reloc", 0x9, 5, 0xe, "st_callee", 0, true},
	// no relocation: "jmp 0x111 <mf_f8+0x11>"
	{"objects/llvm19/x86_64-coff/many_functions.o", "object-symbol", 0x10f, 2, 0x111, "mf_f8", 0x11, true},
}

// TestTargetNameAllocFree: relocations and symbols name targets as
// llvm-objdump does, and once the tables are built naming allocates
// nothing.
func TestTargetNameAllocFree(t *testing.T) {
	for _, b := range peBranches {
		c := openCode(t, b.file)
		name, off, ok := c.TargetName(0, b.pc, b.length, b.target)
		require.Equal(t, b.ok, ok, b.kind)
		assert.Equal(t, b.name, name, b.kind)
		assert.Equal(t, b.off, off, b.kind)
		allocs := testing.AllocsPerRun(100, func() { c.TargetName(0, b.pc, b.length, b.target) })
		assert.Zero(t, allocs, b.kind)
	}
	c := openCode(t, "objects/llvm22/x86_64-coff/statepoints.o")
	_, _, ok := c.TargetName(-1, 0x9, 5, 0xe)
	assert.False(t, ok, "an object's offsets mean nothing without their section")
}

func BenchmarkTargetName(b *testing.B) {
	for _, nb := range peBranches {
		b.Run(nb.kind, func(b *testing.B) {
			c := openCode(b, nb.file)
			c.TargetName(0, nb.pc, nb.length, nb.target)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c.TargetName(0, nb.pc, nb.length, nb.target)
			}
		})
	}
}

// TestCodeLoadedOnce: finding the code of every function of a COFF
// object reads its one code section once.
func TestCodeLoadedOnce(t *testing.T) {
	rel := "objects/llvm22/x86_64-coff/statepoints.o"
	c := openCode(t, rel)
	sd, err := readSection(t, rel)
	require.NoError(t, err)
	defer sd.Close()
	sec, err := sd.Parse()
	require.NoError(t, err)
	n := 0
	for _, tb := range sec.Tables() {
		for _, fi := range tb.Functions() {
			code, s, err := c.FunctionCode(&fi, tb.NumFunctions())
			require.NoError(t, err, fi.Symbol())
			require.NotEmpty(t, code)
			require.Equal(t, 0, s)
			n++
		}
	}
	require.Greater(t, n, 1)
	assert.Len(t, c.data, 1)
}

// TestCodeWithoutSize: a Code over a file opened by debug/pe alone (its
// size unknown, as for FromFile) reads the same code.
func TestCodeWithoutSize(t *testing.T) {
	rel := "linked-pe/sm.dll"
	pf, err := pe.NewFile(openTestdata(t, rel))
	require.NoError(t, err)
	bare, checked := newCode(pf, nil), openCode(t, rel)
	sd, err := readSection(t, rel)
	require.NoError(t, err)
	sec, err := sd.Parse()
	require.NoError(t, err)
	tb := sec.Table(0)
	fi, ok := tb.Function(0)
	require.True(t, ok)
	want, wsec, err := checked.FunctionCode(&fi, tb.NumFunctions())
	require.NoError(t, err)
	got, gsec, err := bare.FunctionCode(&fi, tb.NumFunctions())
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, wsec, gsec)
}
