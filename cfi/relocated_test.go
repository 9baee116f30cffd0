package cfi_test

import (
	"bytes"
	"debug/elf"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// TestRelocatedObjects checks elfsection.File.Frames on every
// checked-in ELF object: its relocated .eh_frame equals, byte for byte,
// the one this package's test helper (applyRelocs, written separately)
// makes; every FDE and row equals llvm-dwarfdump-22's golden dump of the
// object; and every function with stack map records has an FDE that starts
// at the function's relocated address, whose row at each record's address
// is the one llvm-dwarfdump prints for it.
func TestRelocatedObjects(t *testing.T) {
	objs, err := corpus.Objects()
	require.NoError(t, err)
	files, rows, funcs, records := 0, 0, 0, 0
	archs := map[string]int{}
	var u cfi.Unwinder
	for _, o := range objs {
		if o.Format != "elf" {
			continue
		}
		fs, err := openFrames(o.Path)
		require.NoError(t, err, o.Rel)
		require.True(t, fs.Relocated, o.Rel)
		assert.Zero(t, fs.EHFrame.Addr, o.Rel)
		ef, err := elf.Open(o.Path)
		require.NoError(t, err)
		arch := cfi.ArchOf(ef)
		s := ef.Section(".eh_frame")
		raw, err := s.Data()
		require.NoError(t, err)
		require.Equal(t, cfi.ApplyRelocs(t, ef, s, raw), fs.EHFrame.Data, "%s: relocated .eh_frame", o.Rel)
		ef.Close()

		sec, err := cfi.New(fs.EHFrame)
		require.NoError(t, err, o.Rel)
		b, err := os.ReadFile(filepath.Join(corpus.Root(), "cfi/golden", o.Rel+".ehframe.txt"))
		require.NoError(t, err, o.Rel)
		dump := string(b)
		rows += cfi.CompareRelocatedObject(t, o.Rel, arch, sec, dump)
		byOffset := map[uint64]cfi.DumpFDE{}
		for _, f := range cfi.ParseDump(t, dump, "eh_frame") {
			byOffset[f.Offset] = f
		}

		lf, err := elfsection.Open(o.Path)
		require.NoError(t, err)
		defer lf.Close()
		sd, err := lf.StackMaps()
		require.NoError(t, err, o.Rel)
		parsed, err := sd.Parse()
		require.NoError(t, err, o.Rel)
		for _, tb := range parsed.Tables() {
			for i, fn := range tb.Functions() {
				if fn.HasRecordCount() && fn.RecordCount() == 0 {
					continue
				}
				fde, err := sec.FindFDE(fn.Entry())
				require.NoError(t, err, "%s: function %d (%s) at %#x", o.Rel, i, fn.Name(), fn.Entry())
				require.Equal(t, fn.Entry(), fde.PCBegin, "%s: %s", o.Rel, fn.Name())
				want, ok := byOffset[fde.Offset]
				require.True(t, ok, "%s: FDE at %#x not in the dump", o.Rel, fde.Offset)
				funcs++
				for _, r := range tb.Records() {
					if r.Function() != i {
						continue
					}
					addr, ok := r.Address()
					require.True(t, ok)
					row, err := sec.RowAt(addr, &u)
					require.NoError(t, err, "%s: record %#x at %#x", o.Rel, r.ID(), addr)
					// llvm-dwarfdump prints unrelocated pc_begin
					// values for s390x objects (see compareSection):
					// rows are matched by their offset in the FDE.
					off := addr - fde.PCBegin
					text := ""
					for _, dr := range want.Rows {
						if dr.Addr-want.Begin <= off {
							text = dr.Text
						}
					}
					require.NotEmpty(t, text, "%s: no dumped row at %#x", o.Rel, addr)
					assert.Equal(t, text, cfi.RenderRow(t, arch, row, sec.Order()), "%s: %s record %#x at %#x", o.Rel, fn.Name(), r.ID(), addr)
					records++
				}
			}
		}
		sd.Close()
		files++
		archs[arch]++
	}
	t.Logf("%d objects (%v): %d rows, %d functions with records, %d records at their rows", files, archs, rows, funcs, records)
	for _, a := range []string{"x86_64", "aarch64", "ppc64", "ppc64le", "s390x", "riscv64"} {
		assert.Positive(t, archs[a], a)
	}
	assert.Greater(t, records, 500)
}

// TestRelocatedUnknownType: a relocation type the package does not apply
// to a call frame section, or a field outside the section, is an error
// naming its offset and type, never a silently wrong value.
func TestRelocatedUnknownType(t *testing.T) {
	path := ""
	objs, err := corpus.Objects()
	require.NoError(t, err)
	for _, o := range objs {
		if o.Target == "x86_64-elf" {
			path = o.Path
			break
		}
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	ef, err := elf.Open(path)
	require.NoError(t, err)
	defer ef.Close()
	var rela *elf.Section
	for _, s := range ef.Sections {
		if s.Name == ".rela.eh_frame" {
			rela = s
		}
	}
	require.NotNil(t, rela)
	// The first relocation's type becomes R_X86_64_GOTPCREL (9).
	info := rela.Offset + 8
	data[info] = byte(elf.R_X86_64_GOTPCREL)
	_, err = readFrames(data)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "R_X86_64_GOTPCREL")
	assert.Contains(t, err.Error(), "offset 0x20")
	assert.True(t, errors.Is(err, stackmap.ErrRelocation), "%v", err)

	// Only relocating .eh_frame fails: the file reads fine, and so does
	// its stack map section, relocated by the same engine.
	f, err := elfsection.NewFile(bytes.NewReader(data))
	require.NoError(t, err)
	_, err = f.StackMaps()
	require.NoError(t, err)

	// A field past the end of the section: refused, not written.
	data[info] = byte(elf.R_X86_64_PC32)
	ef.ByteOrder.PutUint64(data[rela.Offset:], 1<<40)
	_, err = readFrames(data)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "offset 0x10000000000, R_X86_64_PC32")
	assert.Contains(t, err.Error(), "outside .eh_frame")
}

// TestRelocatedFrameObjects checks elfsection.File.Frames on the
// call frame test objects of testdata/cfi/build (llc-22 and the cross
// gccs, six architectures), the only objects with a .debug_frame (32- and
// 64-bit DWARF): each relocated .eh_frame and .debug_frame equals, byte
// for byte, the test helper's relocation, and every FDE and row equals
// llvm-dwarfdump-22's golden dump of the object.
func TestRelocatedFrameObjects(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(corpus.Root(), "cfi/golden/FILES.tsv"))
	require.NoError(t, err)
	sections := map[string]int{}
	rows, changed := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		rel, kinds, ok := strings.Cut(line, "\t")
		require.True(t, ok, line)
		if !strings.HasPrefix(rel, "cfi/build/") || !strings.HasSuffix(rel, ".o") {
			continue
		}
		path := filepath.Join(corpus.Root(), rel)
		fs, err := openFrames(path)
		require.NoError(t, err, rel)
		require.True(t, fs.Relocated, rel)
		ef, err := elf.Open(path)
		require.NoError(t, err)
		arch := cfi.ArchOf(ef)
		for _, c := range []struct {
			kind, name, golden string
			cfg                cfi.Config
		}{
			{"eh_frame", ".eh_frame", ".ehframe.txt", fs.EHFrame},
			{"debug_frame", ".debug_frame", ".debugframe.txt", fs.DebugFrame},
		} {
			s := ef.Section(c.name)
			if !strings.Contains(kinds, c.kind) {
				require.Nil(t, c.cfg.Data, "%s: %s", rel, c.name)
				continue
			}
			require.NotNil(t, s, "%s: %s", rel, c.name)
			raw, err := s.Data()
			require.NoError(t, err)
			require.Equal(t, cfi.ApplyRelocs(t, ef, s, raw), c.cfg.Data, "%s: relocated %s", rel, c.name)
			assert.Zero(t, c.cfg.Addr, rel)
			if !bytes.Equal(raw, c.cfg.Data) {
				changed++
			}
			sec, err := cfi.New(c.cfg)
			require.NoError(t, err, rel)
			dump, err := os.ReadFile(filepath.Join(corpus.Root(), "cfi/golden", rel+c.golden))
			require.NoError(t, err, rel)
			rows += cfi.CompareRelocatedObject(t, rel, arch, sec, string(dump))
			sections[arch+" "+c.name]++
		}
		ef.Close()
	}
	t.Logf("%d rows in %v; %d sections changed by their relocations", rows, sections, changed)
	for _, a := range []string{"x86_64", "aarch64", "ppc64", "ppc64le", "s390x", "riscv64"} {
		assert.GreaterOrEqual(t, sections[a+" .debug_frame"], 2, a)
		assert.GreaterOrEqual(t, sections[a+" .eh_frame"], 3, a)
	}
	assert.Greater(t, rows, 500)
	assert.Len(t, sections, 12)    // six architectures, two sections
	assert.Greater(t, changed, 40) // 48 sections: the relocations change nearly all
}

// openFrames opens an ELF file and returns its call frame sections,
// relocated in an object (elfsection.File.Frames).
func openFrames(path string) (elfsection.FrameSections, error) {
	f, err := elfsection.Open(path)
	if err != nil {
		return elfsection.FrameSections{}, err
	}
	defer f.Close()
	return f.Frames()
}

// readFrames is openFrames for the bytes of an ELF file.
func readFrames(data []byte) (elfsection.FrameSections, error) {
	f, err := elfsection.NewFile(bytes.NewReader(data))
	if err != nil {
		return elfsection.FrameSections{}, err
	}
	return f.Frames()
}
