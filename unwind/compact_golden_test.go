package unwind_test

import (
	"debug/macho"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/unwind"
)

var (
	uiImageEntry  = regexp.MustCompile(`(?m)^\s+\[\d+\]: function offset=0x([0-9a-f]+), encoding(?:\[\d+\])?=0x([0-9a-f]+)$`)
	uiObjectEntry = regexp.MustCompile(`(?m)^\s+start:\s+0x([0-9a-f]+).*\n\s+length:\s+0x([0-9a-f]+)\n\s+compact encoding:\s+0x([0-9a-f]+)$`)
)

// isDWARFMode reports whether an encoding defers to an __eh_frame FDE.
func isDWARFMode(a regs.Arch, e uint64) bool {
	if a == regs.AArch64 {
		return e&0x0f000000 == 0x03000000
	}
	return e&0x0f000000 == 0x04000000
}

// TestCompactRowsEqualObjdump: for every function entry llvm-objdump
// --unwind-info lists (images' second-level entries, objects'
// __compact_unwind), the row at the function's first instruction comes
// from that entry with that encoding, or, for a DWARF-mode entry, from
// the FDE covering the function.
func TestCompactRowsEqualObjdump(t *testing.T) {
	views, err := filepath.Glob(td + "compactunwind/*.unwind-info.txt")
	require.NoError(t, err)
	more, err := filepath.Glob(td + "linked-macho/*.unwind-info.txt")
	require.NoError(t, err)
	views = append(views, more...)
	require.Len(t, views, 12)
	entries, dwarf := 0, 0
	for _, v := range views {
		path := v[:len(v)-len(".unwind-info.txt")]
		b, err := os.ReadFile(v)
		require.NoError(t, err)
		mf, err := macho.Open(path)
		require.NoError(t, err)
		text := uint64(0)
		if s := mf.Segment("__TEXT"); s != nil && mf.Type != macho.TypeObj {
			text = s.Addr
		}
		mf.Close()
		tab, err := objfile.OpenUnwind(path, "")
		require.NoError(t, err, path)
		type ent struct{ start, enc uint64 }
		var ents []ent
		for _, m := range uiImageEntry.FindAllStringSubmatch(string(b), -1) {
			off, _ := strconv.ParseUint(m[1], 16, 64)
			enc, _ := strconv.ParseUint(m[2], 16, 64)
			ents = append(ents, ent{text + off, enc})
		}
		for _, m := range uiObjectEntry.FindAllStringSubmatch(string(b), -1) {
			start, _ := strconv.ParseUint(m[1], 16, 64)
			enc, _ := strconv.ParseUint(m[3], 16, 64)
			ents = append(ents, ent{start, enc})
		}
		require.NotEmpty(t, ents, v)
		var ctx unwind.Context
		for _, e := range ents {
			r, err := tab.RowAt(e.start, &ctx)
			if e.enc == 0 {
				assert.ErrorIs(t, err, unwind.ErrNotFound, "%s: %#x", path, e.start)
				continue
			}
			require.NoError(t, err, "%s: %#x", path, e.start)
			entries++
			require.NotNil(t, r.Rules, "%s: %#x", path, e.start)
			if r.Compact {
				assert.Equal(t, compactunwind.Encoding(e.enc), r.Encoding, "%s: %#x", path, e.start)
				assert.Equal(t, e.start, r.FunctionStart, "%s: %#x", path, e.start)
				if isDWARFMode(tab.Arch(), e.enc) {
					assert.True(t, r.HasFDE)
					assert.Equal(t, unwind.KindEHFrame, r.RulesFrom(), "%s: %#x", path, e.start)
					dwarf++
				} else {
					assert.Equal(t, r.Table, r.RulesFrom(), "%s: %#x", path, e.start)
				}
				continue
			}
			// An FDE answered first: the function has one because its
			// encoding defers to it (images), or the object carries both.
			assert.True(t, r.HasFDE)
			if mf.Type != macho.TypeObj {
				assert.True(t, isDWARFMode(tab.Arch(), e.enc), "%s: %#x: encoding %#x and an FDE", path, e.start, e.enc)
			}
		}
	}
	t.Logf("%d entries, %d DWARF mode through the compact entry", entries, dwarf)
}

// TestStackIndirect: cx_pure_sav6 (x86_64.dylib at 0x710, encoding
// 0x030df800) keeps its stack size in its code: subq $0x1f88 at +0xa, the
// immediate at +0xd, plus 56 (the encoding's adjust field: six pushes and
// the return address) is the CFA=RSP+8128 llvm-dwarfdump-22 prints after
// its prologue. Without its code, the size is unknown: no Rules.
func TestStackIndirect(t *testing.T) {
	path := td + "compactunwind/x86_64.dylib"
	tab, err := objfile.OpenUnwind(path, "")
	require.NoError(t, err)
	var ctx unwind.Context
	r, err := tab.RowAt(0x720, &ctx)
	require.NoError(t, err)
	assert.Equal(t, unwind.KindUnwindInfo, r.Table)
	assert.True(t, r.Compact)
	assert.False(t, r.HasFDE)
	assert.Equal(t, unwind.KindUnwindInfo, r.RulesFrom())
	assert.Equal(t, compactunwind.Encoding(0x030df800), r.Encoding)
	assert.Equal(t, uint64(0x710), r.FunctionStart)
	assert.Equal(t, compactunwind.KindCFA, r.Rule.Kind)
	assert.Equal(t, int64(8128), r.Rule.CFAOffset)
	assert.Equal(t, uint32(0xd), r.Rule.StackSizeCodeOffset)
	require.NotNil(t, r.Rules)
	assert.Equal(t, "CFA=RSP+8128: RBX=[CFA-56], RBP=[CFA-16], R12=[CFA-48], R13=[CFA-40], R14=[CFA-32], R15=[CFA-24], RIP=[CFA-8]",
		renderRow(regs.X86_64, r.Rules))

	// Without the code.
	src := compactSources(t, path)
	tab, err = unwind.New(src)
	require.NoError(t, err)
	r, err = tab.RowAt(0x720, &ctx)
	require.NoError(t, err)
	assert.Nil(t, r.Rules)
	assert.Equal(t, compactunwind.KindStackIndirect, r.Rule.Kind)

	// Outside every entry.
	_, err = tab.RowAt(0x10, &ctx)
	assert.ErrorIs(t, err, unwind.ErrNotFound)

	// Read as arm64 (mode 3 is DWARF there) it names an FDE of an
	// __eh_frame the image does not have; ppc64 has no compact unwind.
	src.Arch = regs.AArch64
	tab, err = unwind.New(src)
	require.NoError(t, err)
	_, err = tab.RowAt(0x720, &ctx)
	assert.EqualError(t, err, "unwind: pc 0x720: __unwind_info: encoding 0x030df800: names the __eh_frame FDE at 0xdf800, but the image has no __eh_frame")
	src.Arch = regs.PPC64
	tab, err = unwind.New(src)
	require.NoError(t, err)
	_, err = tab.RowAt(0x720, &ctx)
	assert.EqualError(t, err, "unwind: pc 0x720: __unwind_info: compact unwind encoding 0x030df800: ppc64 has no compact unwind (only arm64 and x86_64)")
}

// compactSources reads only the compact unwind of a Mach-O file.
func compactSources(t *testing.T, path string) unwind.Sources {
	f, err := macho.Open(path)
	require.NoError(t, err)
	defer f.Close()
	cu, err := machosectionCompact(f)
	require.NoError(t, err)
	return unwind.Sources{Arch: regs.X86_64, UnwindInfo: cu.Info, TextAddr: cu.TextAddr, CompactUnwind: cu.Object}
}

// TestLookupPC: a return address is looked up one byte back; an
// interrupted instruction, and address 0, as they are.
func TestLookupPC(t *testing.T) {
	assert.Equal(t, uint64(0x1233), unwind.LookupPC(0x1234, true))
	assert.Equal(t, uint64(0x1234), unwind.LookupPC(0x1234, false))
	assert.Equal(t, uint64(0), unwind.LookupPC(0, true))
}

// Mach-O spells the DWARF table __eh_frame; every other name is Kind's.
func TestKindSectionName(t *testing.T) {
	for _, c := range []struct {
		k    unwind.Kind
		f    stackmap.Format
		want string
	}{
		{unwind.KindEHFrame, stackmap.FormatMachO, "__eh_frame"},
		{unwind.KindEHFrame, stackmap.FormatELF, ".eh_frame"},
		{unwind.KindDebugFrame, stackmap.FormatELF, ".debug_frame"},
		{unwind.KindUnwindInfo, stackmap.FormatMachO, "__unwind_info"},
		{unwind.KindCompactUnwind, stackmap.FormatMachO, "__compact_unwind"},
		{unwind.KindPData, stackmap.FormatCOFF, ".pdata"},
	} {
		assert.Equal(t, c.want, c.k.SectionName(c.f), "%v in %s", c.k, c.f)
	}
}
