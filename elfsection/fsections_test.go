package elfsection_test

import (
	"debug/elf"
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

// fsectionObjects lists the ELF objects of testdata/fsections (built with
// function sections: one code section per function).
func fsectionObjects(t *testing.T) []string {
	t.Helper()
	dir := filepath.Join(corpus.Root(), "fsections")
	b, err := os.ReadFile(filepath.Join(dir, "MANIFEST.tsv"))
	require.NoError(t, err)
	var out []string
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if f := strings.Split(line, "\t"); i > 0 && !strings.HasSuffix(f[2], "-coff") {
			out = append(out, filepath.Join(dir, f[0]))
		}
	}
	require.GreaterOrEqual(t, len(out), 40)
	return out
}

// In objects built with function sections, every function keeps the code
// section its symbol is defined in (debug/elf's symbol table says which),
// and every FDE the section of the function it describes: the FDE's range
// is that function's size.
func TestFunctionSectionsCode(t *testing.T) {
	fdes := map[cfi.Kind]int{}
	for _, p := range fsectionObjects(t) {
		ef, err := elf.Open(p)
		require.NoError(t, err, p)
		syms, err := ef.Symbols()
		require.NoError(t, err, p)
		size := map[int]uint64{}  // code section -> its function's size
		secOf := map[string]int{} // function symbol -> section
		entry := opdEntries(t, ef, syms)
		for _, s := range syms {
			if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Section != elf.SHN_UNDEF {
				sec := int(s.Section)
				if e, ok := entry[s.Value]; ok && ef.Sections[sec].Name == ".opd" {
					sec = e // 64-bit PowerPC ELFv1: the symbol is the descriptor's
				}
				size[sec] = s.Size
				secOf[s.Name] = sec
			}
		}

		ff, err := elfsection.Open(p)
		require.NoError(t, err, p)
		sd, err := ff.StackMaps()
		require.NoError(t, err, p)
		ff.Close()
		sec, err := sd.Parse()
		require.NoError(t, err, p)
		seen := map[int]bool{}
		nf := 0
		for _, tb := range sec.Tables() {
			for i, f := range tb.Functions() {
				c := f.CodeSection()
				require.True(t, c.Known(), "%s function #%d", p, i)
				assert.Equal(t, secOf[f.Name()], c.Index, "%s function %s", p, f.Name())
				assert.Equal(t, ef.Sections[c.Index].Name, c.Name, p)
				assert.NotZero(t, ef.Sections[c.Index].Flags&elf.SHF_EXECINSTR, p)
				assert.False(t, seen[c.Index], "%s: two functions in section %d", p, c.Index)
				seen[c.Index] = true
				nf++
			}
		}
		assert.Equal(t, nf, sd.NumCodeSections(), p)
		var listed []stackmap.CodeSection
		for _, c := range sd.CodeSections() {
			listed = append(listed, c)
		}
		assert.Len(t, listed, nf, p)
		require.NoError(t, sd.Close())

		fs, err := openFrames(p)
		require.NoError(t, err, p)
		require.True(t, fs.Relocated, p)
		for _, tab := range []struct {
			cfg  cfi.Config
			code elfsection.EntrySections
		}{{fs.EHFrame, fs.EHFrameCode}, {fs.DebugFrame, fs.DebugFrameCode}} {
			if tab.cfg.Data == nil {
				assert.Nil(t, tab.code, p)
				continue
			}
			cs, err := cfi.New(tab.cfg)
			require.NoError(t, err, p)
			n := 0
			for f, err := range cs.FDEs() {
				require.NoError(t, err, p)
				c, ok := tab.code.Section(f.Offset)
				require.True(t, ok, "%s: %v FDE at %#x has no code section", p, tab.cfg.Kind, f.Offset)
				assert.Equal(t, size[c.Index], f.PCEnd-f.PCBegin, "%s: %v FDE at %#x, section %s", p, tab.cfg.Kind, f.Offset, c.Name)
				assert.Zero(t, f.PCBegin, p)
				n++
			}
			assert.Equal(t, len(size), n, "%s: one FDE per function", p)
			assert.Equal(t, n, tab.code.NumSections(), p)
			fdes[tab.cfg.Kind] += n
		}
	}
	t.Logf("FDEs: %v", fdes)
	assert.Greater(t, fdes[cfi.DebugFrame], 40)
}

// opdEntries maps each descriptor offset of a 64-bit PowerPC ELFv1
// object's .opd to the section its entry field's relocation (in
// .rela.opd) names; nil for other files.
func opdEntries(t *testing.T, ef *elf.File, syms []elf.Symbol) map[uint64]int {
	t.Helper()
	rs := ef.Section(".rela.opd")
	if rs == nil {
		return nil
	}
	data, err := rs.Data()
	require.NoError(t, err)
	out := map[uint64]int{}
	for b := data; len(b) >= 24; b = b[24:] {
		off, info := ef.ByteOrder.Uint64(b), ef.ByteOrder.Uint64(b[8:])
		if n := int(info >> 32); off%24 == 0 && n > 0 && n <= len(syms) {
			out[off] = int(syms[n-1].Section)
		}
	}
	return out
}

// Objects with one code section and linked files are as before: one code
// section in objects (on 64-bit PowerPC ELFv1 that of the descriptors'
// entries), none in linked files, and no FDE needs its section to be
// found.
func TestOneCodeSection(t *testing.T) {
	objs, err := corpus.Objects()
	require.NoError(t, err)
	n := 0
	for _, o := range objs {
		if o.Format != "elf" || !strings.HasPrefix(o.Rel, "objects/llvm22/") {
			continue
		}
		sd, err := openStackMaps(o.Path)
		require.NoError(t, err, o.Rel)
		assert.Equal(t, 1, sd.NumCodeSections(), o.Rel)
		require.NoError(t, sd.Close())
		fs, err := openFrames(o.Path)
		require.NoError(t, err, o.Rel)
		assert.LessOrEqual(t, fs.EHFrameCode.NumSections(), 1, o.Rel)
		n++
	}
	assert.Greater(t, n, 20)
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	for _, l := range linked {
		sd, err := openStackMaps(l.Path)
		require.NoError(t, err, l.Rel)
		assert.Zero(t, sd.NumCodeSections(), l.Rel)
		require.NoError(t, sd.Close())
		fs, err := openFrames(l.Path)
		require.NoError(t, err, l.Rel)
		assert.Nil(t, fs.EHFrameCode, l.Rel)
	}
}

// openStackMaps opens an ELF file and returns its stack map section.
func openStackMaps(path string) (*stackmap.SectionData, error) {
	f, err := elfsection.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.StackMaps()
}
