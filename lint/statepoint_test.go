package lint_test

import (
	"encoding/binary"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/lint"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

var statepointOnly = lint.Options{Enable: []string{lint.RuleStatepoint}}

// TestStatepointRuleOnRealObjects: every statepoint llc wrote, under the
// default ID or a front end's own, is checked and clean; a real stackmap
// call (constants.o's const_i64_edges, ID 200) is reported when its ID is
// named a statepoint ID, and not otherwise.
func TestStatepointRuleOnRealObjects(t *testing.T) {
	objs, err := corpus.Objects()
	require.NoError(t, err)
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	var paths []string
	for _, o := range objs {
		paths = append(paths, o.Path)
	}
	for _, l := range linked {
		paths = append(paths, l.Path)
	}
	byDefault, byShape := 0, 0
	for _, p := range paths {
		f, err := objfile.Open(p)
		require.NoError(t, err)
		for _, sd := range f.Sections {
			sec, err := sd.Parse()
			require.NoError(t, err)
			for _, tb := range sec.Tables() {
				for _, r := range tb.Records() {
					if _, ok := r.AsStatepoint(); ok {
						if r.ID() == stackmap.DefaultStatepointID {
							byDefault++
						} else {
							byShape++
						}
					}
				}
			}
			assert.Empty(t, lint.Check(sd, sec, statepointOnly), "%s", p)
		}
		f.Close()
	}
	t.Logf("statepoints checked: %d under 0xABCDEF00, %d under other IDs", byDefault, byShape)
	assert.Positive(t, byDefault)
	assert.Positive(t, byShape, "statepoints with a front end's own ID are checked too")

	constants := filepath.Join(corpus.Root(), "objects/llvm22/x86_64-elf/constants.o")
	f, err := objfile.Open(constants)
	require.NoError(t, err)
	defer f.Close()
	sec, err := f.Sections[0].Parse()
	require.NoError(t, err)
	assert.Empty(t, lint.Check(f.Sections[0], sec, statepointOnly))
	fs := lint.Check(f.Sections[0], sec, lint.Options{Enable: []string{lint.RuleStatepoint}, StatepointIDs: []uint64{200}})
	require.Len(t, fs, 1)
	assert.Equal(t, uint64(200), fs[0].ID)
	assert.Contains(t, fs[0].Message, "malformed statepoint: ")
}

// TestStatepointUnderCustomID: a built table whose statepoints carry a
// front end's own ID (0x1234). One the rule accepts but whose GC pointer
// is a nonzero constant is reported whatever its ID; a null constant is
// not; one whose flags break the rule is no statepoint, and is reported
// only when its ID is named (Options.StatepointIDs).
func TestStatepointUnderCustomID(t *testing.T) {
	const id = 0x1234
	rec := func(locs ...stackmaptest.Location) stackmaptest.Record {
		return stackmaptest.Record{ID: id, InstructionOffset: 9, Locations: locs}
	}
	pre := func(flags int32) []stackmaptest.Location {
		return []stackmaptest.Location{{Kind: 4, Size: 8}, {Kind: 4, Size: 8, Offset: flags}, {Kind: 4, Size: 8, Offset: 0}}
	}
	slot := stackmaptest.Location{Kind: 3, Size: 8, Reg: 7, Offset: 8}
	check := func(r stackmaptest.Record, opts lint.Options) []lint.Finding {
		tab := stackmaptest.Table{Version: 3, Functions: []stackmaptest.Function{{Address: 0x1000, StackSize: 16, RecordCount: 1}},
			Constants: []uint64{0x7f0000001000}, Records: []stackmaptest.Record{r}}
		sd := stackmap.NewSectionData(stackmap.SectionData{Format: stackmap.FormatRaw, ByteOrder: binary.LittleEndian,
			Data: stackmaptest.Encode(binary.LittleEndian, tab)}, stackmap.Relocations{}, nil)
		sec, err := sd.Parse()
		require.NoError(t, err)
		return lint.Check(sd, sec, opts)
	}
	named := lint.Options{Enable: []string{lint.RuleStatepoint}, StatepointIDs: []uint64{id}}

	// Well formed: clean, named or not.
	good := rec(append(pre(1), slot, slot)...)
	assert.Empty(t, check(good, statepointOnly))
	assert.Empty(t, check(good, named))

	// A GC base pointer that is the constant 5, a derived one from the
	// constants table: two findings, at the locations.
	bad := rec(append(pre(0), stackmaptest.Location{Kind: 4, Size: 8, Offset: 5}, stackmaptest.Location{Kind: 5, Size: 8, Offset: 0})...)
	fs := check(bad, statepointOnly)
	require.Len(t, fs, 2)
	assert.Equal(t, []int{3, 4}, []int{fs[0].Location, fs[1].Location})
	assert.Equal(t, "malformed statepoint: GC pointer #3 (pair 0) is the constant 0x5, not a pointer a collector can update", fs[0].Message)
	assert.Equal(t, "malformed statepoint: GC pointer #4 (pair 0) is the constant 0x7f0000001000, not a pointer a collector can update", fs[1].Message)
	assert.Equal(t, uint64(id), fs[0].ID)

	// null is a GC pointer LLVM may keep.
	null := stackmaptest.Location{Kind: 4, Size: 8}
	assert.Empty(t, check(rec(append(pre(0), null, null)...), statepointOnly))

	// Flags 4: no statepoint by the rule; only its ID can say it is one.
	flags := rec(append(pre(4), slot, slot)...)
	assert.Empty(t, check(flags, statepointOnly))
	fs = check(flags, named)
	require.Len(t, fs, 1)
	assert.Equal(t, "malformed statepoint: flags are 4, want 0 to 3", fs[0].Message)
	assert.Equal(t, 1, fs[0].Location)
}
