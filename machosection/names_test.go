package machosection

import (
	"debug/macho"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// openCode opens the Code of each slice of a checked-in file.
func openCode(t testing.TB, rel string) []*Code {
	ff, err := NewFat(openTestdata(t, rel))
	require.NoError(t, err)
	var cs []*Code
	for _, s := range ff.Slices {
		cs = append(cs, s.Code())
	}
	return cs
}

// readSection returns the stack map section of a checked-in thin file.
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

// sectionOf returns the index of the section holding addr, or -1.
func (c *Code) sectionOf(addr uint64) int {
	for i, s := range c.f.Sections {
		if addr >= s.Addr && addr-s.Addr < s.Size {
			return i
		}
	}
	return -1
}

// machoBranches are branches of checked-in files and the names
// llvm-objdump-22 gives their targets (testdata/objdump/).
var machoBranches = []struct {
	file, kind         string
	pc, length, target uint64
	name               string
	off                uint64
}{
	// --macho: "5dc: e8 eb 02 00 00  callq 0x8cc ## symbol stub for: _kinds_ext"
	{"linked-macho/x86_64-macos11.dylib", "stub", 0x5dc, 5, 0x8cc, "_kinds_ext", 0},
	// "89f: eb 00  jmp 0x8a1 <_mf_f8+0x11>"
	{"linked-macho/x86_64-macos11.dylib", "symbol", 0x89f, 2, 0x8a1, "_mf_f8", 0x11},
	// "c: 94000000  bl 0xc <ltmp0+0xc>", ARM64_RELOC_BRANCH26 _st_callee
	{"objects/llvm22/arm64-macho/statepoints.o", "reloc", 0xc, 4, 0xc, "_st_callee", 0},
}

// TestTargetNameAllocFree: stubs, symbols and relocations name targets as
// llvm-objdump does, and once the tables are built naming allocates
// nothing.
func TestTargetNameAllocFree(t *testing.T) {
	for _, b := range machoBranches {
		c := openCode(t, b.file)[0]
		sec := c.sectionOf(b.pc)
		require.GreaterOrEqual(t, sec, 0)
		name, off, ok := c.TargetName(sec, b.pc, b.length, b.target)
		require.True(t, ok, b.kind)
		assert.Equal(t, b.name, name, b.kind)
		assert.Equal(t, b.off, off, b.kind)
		allocs := testing.AllocsPerRun(100, func() { c.TargetName(sec, b.pc, b.length, b.target) })
		assert.Zero(t, allocs, b.kind)
	}
}

func BenchmarkTargetName(b *testing.B) {
	for _, nb := range machoBranches {
		b.Run(nb.kind, func(b *testing.B) {
			c := openCode(b, nb.file)[0]
			sec := c.sectionOf(nb.pc)
			c.TargetName(sec, nb.pc, nb.length, nb.target)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c.TargetName(sec, nb.pc, nb.length, nb.target)
			}
		})
	}
}

// TestUniversalCodeLoadedOnce: each slice of a universal object has its
// own Code; finding every function's code reads the one code section
// once, and naming reads its relocations once, however many names.
func TestUniversalCodeLoadedOnce(t *testing.T) {
	rel := "fat/kinds-universal.o"
	cs := openCode(t, rel)
	require.Len(t, cs, 2)
	ff, err := NewFat(openTestdata(t, rel))
	require.NoError(t, err)
	sds, err := ff.StackMaps()
	require.NoError(t, err)
	require.Len(t, sds, 2)
	for i, sd := range sds {
		c := cs[i]
		require.Equal(t, sd.Slice, c.Arch().String())
		sec, err := sd.Parse()
		require.NoError(t, err)
		functions := 0
		for _, tb := range sec.Tables() {
			for _, fi := range tb.Functions() {
				code, s, err := c.FunctionCode(&fi, tb.NumFunctions())
				require.NoError(t, err, "%s %s", sd.Slice, fi.Symbol())
				require.NotEmpty(t, code)
				for pc := uint64(0); pc < 0x40; pc++ {
					c.TargetName(s, fi.Entry()+pc, 4, 0)
				}
				functions++
			}
		}
		require.Greater(t, functions, 1)
		assert.Len(t, c.data, 1, "%s: one code section read, once", sd.Slice)
		assert.Len(t, c.names.relocs, 1, "%s: one code section's relocations", sd.Slice)
		require.NoError(t, sd.Close())
	}
}

// TestFunctionCodeUnrelocated: in an object whose records are not
// relocated, every function says address 0: code is found only for a
// table with one function.
func TestFunctionCodeUnrelocated(t *testing.T) {
	c := openCode(t, "objects/llvm22/arm64-macho/statepoints.o")[0]
	sd, err := readSection(t, "objects/llvm22/arm64-macho/statepoints.o")
	require.NoError(t, err)
	defer sd.Close()
	bare := *sd
	bare.Data = append([]byte(nil), sd.Data...)
	sec, err := stackmap.NewSectionData(bare, stackmap.Relocations{}, nil).Parse()
	require.NoError(t, err)
	tb := sec.Table(0)
	fi, ok := tb.Function(0)
	require.True(t, ok)
	require.Empty(t, fi.Symbol())
	require.Greater(t, tb.NumFunctions(), 1)
	_, _, err = c.FunctionCode(&fi, tb.NumFunctions())
	require.ErrorIs(t, err, errNoCode)
	code, _, err := c.FunctionCode(&fi, 1)
	require.NoError(t, err)
	require.NotEmpty(t, code)
}

// TestStubNamesBounds: stub names come only from indirect symbol table
// entries and symbols that are there; a section count larger than its
// load command's bytes, a local entry or an index past the table name
// nothing.
func TestStubNamesBounds(t *testing.T) {
	raw := make([]byte, 72+80) // segment_command_64 and one section_64, then Nsect says 3
	bo := binary.LittleEndian
	sh := raw[72:]
	bo.PutUint64(sh[32:], 0x1000) // addr
	bo.PutUint64(sh[40:], 0x30)   // size: 4 stubs of 12 bytes
	bo.PutUint32(sh[64:], 0x80000408)
	bo.PutUint32(sh[68:], 1)  // reserved1: first indirect entry
	bo.PutUint32(sh[72:], 12) // reserved2: stub size
	f := &macho.File{
		FileHeader: macho.FileHeader{Type: macho.TypeDylib, Cpu: macho.CpuAmd64},
		ByteOrder:  bo,
		Loads:      []macho.Load{&macho.Segment{LoadBytes: raw, SegmentHeader: macho.SegmentHeader{Cmd: macho.LoadCmdSegment64, Nsect: 3}}},
		Symtab:     &macho.Symtab{Syms: []macho.Symbol{{Name: "_f"}, {Name: "_g"}}},
		Dysymtab:   &macho.Dysymtab{IndirectSyms: []uint32{0, 1, 0x80000000, 7}},
	}
	c := &Code{f: f}
	for target, want := range map[uint64]string{0x1000: "_g", 0x100c: "", 0x1018: "", 0x1024: "", 0x1004: "", 0x2000: ""} {
		name, off, ok := c.TargetName(-1, 0, 5, target)
		require.Equal(t, want != "", ok, "%#x", target)
		require.Equal(t, want, name, "%#x", target)
		require.Zero(t, off, "%#x", target)
	}
	require.Len(t, c.names.stubs, 1)
}

// TestCodeWithoutSize: a Code over a file opened by debug/macho alone
// (its size unknown, as for FromFile) reads the same code.
func TestCodeWithoutSize(t *testing.T) {
	rel := "objects/llvm22/arm64-macho/statepoints.o"
	mf, err := macho.NewFile(openTestdata(t, rel))
	require.NoError(t, err)
	bare, checked := newCode(mf, nil), openCode(t, rel)[0]
	sd, err := readSection(t, rel)
	require.NoError(t, err)
	sec, err := sd.Parse()
	require.NoError(t, err)
	tb := sec.Table(0)
	fi, ok := tb.Function(1)
	require.True(t, ok)
	want, wsec, err := checked.FunctionCode(&fi, tb.NumFunctions())
	require.NoError(t, err)
	got, gsec, err := bare.FunctionCode(&fi, tb.NumFunctions())
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, wsec, gsec)
}
