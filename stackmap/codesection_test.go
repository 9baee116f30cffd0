package stackmap_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// A section as an object with function sections has it: both functions at
// offset 0, each of its own code section, which the relocations of the
// function address fields name (at section offsets 16 and 40 in a version
// 3 table).
func TestFunctionCodeSection(t *testing.T) {
	tab := smallTable()
	tab.Functions[0].Address, tab.Functions[1].Address = 0, 0
	data := stackmaptest.Encode(binary.LittleEndian, tab)
	a := stackmap.CodeSection{Index: 3, Name: ".text.f"}
	g := stackmap.CodeSection{Index: 5, Name: ".text.g"}
	sd := stackmap.NewSectionData(stackmap.SectionData{Format: stackmap.FormatELF, ByteOrder: binary.LittleEndian, Data: data},
		stackmap.Relocations{Fixups: []stackmap.Fixup{
			{Offset: 40, Size: 8, Symbol: "g", Code: g},
			{Offset: 16, Size: 8, Symbol: "f", Code: a},
		}}, nil)
	assert.Equal(t, 2, sd.NumCodeSections())
	var listed []stackmap.CodeSection
	for _, c := range sd.CodeSections() {
		listed = append(listed, c)
	}
	assert.Equal(t, []stackmap.CodeSection{a, g}, listed)

	sec, err := sd.Parse()
	require.NoError(t, err)
	tb := sec.Tables()
	var got []stackmap.CodeSection
	for _, tt := range tb {
		for _, f := range tt.Functions() {
			got = append(got, f.CodeSection())
			assert.Zero(t, f.Address())
		}
	}
	assert.Equal(t, []stackmap.CodeSection{a, g}, got)
	assert.True(t, a.Known())
	assert.False(t, stackmap.CodeSection{Name: ".text"}.Known())

	// The same bytes without relocations, and the zero Function: no
	// section.
	bare, err := stackmap.Parse(data, binary.LittleEndian)
	require.NoError(t, err)
	for _, tt := range bare.Tables() {
		for _, f := range tt.Functions() {
			assert.False(t, f.CodeSection().Known())
		}
	}
	assert.Equal(t, stackmap.CodeSection{}, stackmap.Function{}.CodeSection())

	// One section named twice counts once; fixups without a section
	// count none.
	one := stackmap.NewSectionData(stackmap.SectionData{ByteOrder: binary.LittleEndian, Data: data},
		stackmap.Relocations{Fixups: []stackmap.Fixup{{Offset: 16, Size: 8, Code: a}, {Offset: 40, Size: 8, Code: a}, {Offset: 60, Size: 4}}}, nil)
	assert.Equal(t, 1, one.NumCodeSections())

	// 64-bit PowerPC ELFv1: the address fields point to descriptors in
	// .opd (data, no code section); the entries' sections come with the
	// entries.
	v1 := stackmap.NewSectionData(stackmap.SectionData{ByteOrder: binary.LittleEndian, Data: data},
		stackmap.Relocations{
			Fixups:    []stackmap.Fixup{{Offset: 16, Size: 8, Value: 0}, {Offset: 40, Size: 8, Value: 24}},
			Entries:   map[uint64]uint64{0: 0, 24: 0},
			EntryCode: map[uint64]stackmap.CodeSection{0: a, 24: g},
		}, nil)
	assert.Equal(t, 2, v1.NumCodeSections())
	sec, err = v1.Parse()
	require.NoError(t, err)
	got = got[:0]
	for _, tt := range sec.Tables() {
		for _, f := range tt.Functions() {
			got = append(got, f.CodeSection())
			assert.Zero(t, f.Entry())
		}
	}
	assert.Equal(t, []stackmap.CodeSection{a, g}, got)
}
