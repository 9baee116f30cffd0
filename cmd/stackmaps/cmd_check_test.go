package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/lint"
	"github.com/stackmaps/stackmaps/stackmap"
)

// cleanTable is a well-formed version 3 table: one function at 0x1000 with
// a stackmap record (register + constant pool entry) and a statepoint.
func cleanTable() stackmaptest.Table {
	return stackmaptest.Table{
		Version:   3,
		Functions: []stackmaptest.Function{{Address: 0x1000, StackSize: 16, RecordCount: 2}},
		Constants: []uint64{1 << 40},
		Records: []stackmaptest.Record{
			{ID: 1, InstructionOffset: 4, Locations: []stackmaptest.Location{
				{Kind: 1, Size: 8, Reg: 3},
				{Kind: 5, Size: 8, Offset: 0},
			}, LiveOuts: []stackmaptest.LiveOut{{Reg: 0, Size: 8}}},
			{ID: stackmap.DefaultStatepointID, InstructionOffset: 9, Locations: []stackmaptest.Location{
				{Kind: 4, Size: 8}, {Kind: 4, Size: 8}, {Kind: 4, Size: 8, Offset: 1},
				{Kind: 4, Size: 8, Offset: 7},                                                // deopt
				{Kind: 3, Size: 8, Reg: 7, Offset: 8}, {Kind: 3, Size: 8, Reg: 7, Offset: 8}, // pair
			}},
		},
	}
}

// writeRaw encodes tables into a temporary raw section file.
func writeRaw(t *testing.T, tables ...stackmaptest.Table) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "section.bin")
	require.NoError(t, os.WriteFile(path, stackmaptest.Encode(binary.LittleEndian, tables...), 0o644))
	return path
}

// checkLines runs check and returns its finding lines without the file
// name prefix.
func checkLines(t *testing.T, wantStatus int, args ...string) []string {
	t.Helper()
	out, stderr, status := runTool(append([]string{"check"}, args...)...)
	require.Equal(t, wantStatus, status, "stdout: %s\nstderr: %s", out, stderr)
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if _, rest, ok := strings.Cut(l, ": "); ok {
			lines = append(lines, rest)
		}
	}
	return lines
}

func TestCheckCleanTable(t *testing.T) {
	path := writeRaw(t, cleanTable())
	out, stderr, status := runTool("check", "--raw", path)
	assert.Equal(t, exitOK, status, stderr)
	assert.Equal(t, path+": ok\n", out)
}

// Nonzero reserved fields and padding are refused by the decoder
// (stackmap.ErrReserved): check reports the first one, by offset and name.
func TestCheckReservedFields(t *testing.T) {
	tb := cleanTable()
	tb.Records[0].Flags = 2
	tb.Records[0].Locations[1].Reserved0 = 3
	// Record 0 starts at 16 + 24 + 8 = 48: its flags are at 0x3c.
	out, stderr, status := runTool("check", "--raw", "--little-endian", writeRaw(t, tb))
	assert.Equal(t, exitFail, status)
	assert.Empty(t, out)
	assert.Contains(t, stderr, "stackmap: table 0, record 0, offset 60 (0x3c): record flags (reserved) are 0x2, LLVM writes 0")
}

func TestCheckNonZeroPadding(t *testing.T) {
	data := stackmaptest.Encode(binary.LittleEndian, cleanTable())
	// Record 1 (0x60) has 6 locations (to 0xb8), the live-out header (to
	// 0xbc) and no live-outs: 4 padding bytes at 0xbc.
	data[0xbc] = 0xff
	path := filepath.Join(t.TempDir(), "padding.bin")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	out, stderr, status := runTool("check", "--raw", "--little-endian", path)
	assert.Equal(t, exitFail, status)
	assert.Empty(t, out)
	assert.Contains(t, stderr, "stackmap: table 0, record 1, offset 188 (0xbc): alignment padding after the live-outs is 0xff, LLVM writes 0")
}

func TestCheckDuplicates(t *testing.T) {
	tb := cleanTable()
	tb.Functions[0].RecordCount = 3
	tb.Records = append(tb.Records, tb.Records[0]) // same ID, same offset
	second := cleanTable()                         // same function address in a second table: normal
	second.Functions = append(second.Functions, second.Functions[0])
	second.Functions[0].RecordCount, second.Functions[1].RecordCount = 1, 1 // twice in one table: a finding
	lines := checkLines(t, exitFail, "--raw", writeRaw(t, tb, second))
	assert.Equal(t, []string{
		"table 0, function #0, record 2 (ID 0x1), offset 0xc8: same ID and address 0x1004 as record 0 of the same function [duplicate-address]",
		"table 1, function #1, offset 0x118: function at 0x1000 is already described by function #0 of the same table [duplicate-function]",
	}, lines)
	// The same code in two tables (a COMDAT function in a linked binary) is clean.
	checkLines(t, exitOK, "--raw", writeRaw(t, cleanTable(), cleanTable()))
}

func TestCheckSameAddressDifferentIDsIsClean(t *testing.T) {
	tb := cleanTable()
	tb.Functions[0].RecordCount = 3
	r := tb.Records[0]
	r.ID = 2
	tb.Records = append(tb.Records, r)
	checkLines(t, exitOK, "--raw", writeRaw(t, tb))
}

func TestCheckUnusedConstant(t *testing.T) {
	tb := cleanTable()
	tb.Constants = append(tb.Constants, 99)
	lines := checkLines(t, exitFail, "--raw", writeRaw(t, tb))
	assert.Equal(t, []string{"table 0, offset 0x30: constant #1 (99) is never referenced [unused-constant]"}, lines)
}

func TestCheckStatepoints(t *testing.T) {
	base := cleanTable()
	sp := base.Records[1]
	cases := []struct {
		name string
		edit func(r *stackmaptest.Record)
		want string
	}{
		{"too many deopt", func(r *stackmaptest.Record) { r.Locations[2].Offset = 9 },
			"offset 0x60: malformed statepoint: 9 deopt arguments, only 3 locations follow the preamble [statepoint]"},
		{"preamble not constants", func(r *stackmaptest.Record) { r.Locations[1] = stackmaptest.Location{Kind: 1, Size: 8} },
			"location 1, offset 0x7c: malformed statepoint: location 1 is Register, the preamble is three Constants [statepoint]"},
		{"odd gc count", func(r *stackmaptest.Record) { r.Locations = r.Locations[:5] },
			"offset 0x60: malformed statepoint: 1 GC pointer locations, pairs need an even number [statepoint]"},
		{"too few locations", func(r *stackmaptest.Record) { r.Locations = r.Locations[:2] },
			"offset 0x60: malformed statepoint: 2 locations, a statepoint has at least 3 [statepoint]"},
		{"flags", func(r *stackmaptest.Record) { r.Locations[1].Offset = 4 },
			"location 1, offset 0x7c: malformed statepoint: flags are 4, want 0 to 3 [statepoint]"},
		{"calling convention", func(r *stackmaptest.Record) { r.Locations[0].Offset = 5000 },
			"location 0, offset 0x70: malformed statepoint: calling convention 5000 is not 0 to 1023 [statepoint]"},
		{"offset 0", func(r *stackmaptest.Record) { r.InstructionOffset = 0 },
			"offset 0x68: malformed statepoint: instruction offset 0 cannot be a return address [statepoint]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := cleanTable()
			r := sp
			r.Locations = append([]stackmaptest.Location(nil), sp.Locations...)
			c.edit(&r)
			tb.Records[1] = r
			lines := checkLines(t, exitFail, "--raw", writeRaw(t, tb))
			require.Len(t, lines, 1)
			assert.Equal(t, "table 0, function #0, record 1 (ID 0xabcdef00), "+c.want, lines[0])
		})
	}
}

func TestCheckStatepointIDFlag(t *testing.T) {
	tb := cleanTable()
	tb.Records[0].ID = 7 // a stackmap record: Register, ConstantIndex
	path := writeRaw(t, tb)
	checkLines(t, exitOK, "--raw", path)
	lines := checkLines(t, exitFail, "--raw", path, "--statepoint-id", "0x7")
	assert.Equal(t, []string{"table 0, function #0, record 0 (ID 0x7), offset 0x30: malformed statepoint: 2 locations, a statepoint has at least 3 [statepoint]"}, lines)
	checkLines(t, exitUsage, "--raw", path, "--statepoint-id", "seven")
}

func TestCheckRecordOutsideFunction(t *testing.T) {
	tb := cleanTable()
	data := stackmaptest.Encode(binary.LittleEndian, tb)
	sd := stackmap.NewSectionData(stackmap.SectionData{Format: stackmap.FormatRaw, ByteOrder: binary.LittleEndian, Name: "raw", Data: data},
		stackmap.Relocations{Symbols: []stackmap.Symbol{{Name: "f", Value: 0x1000, Size: 8}}}, nil)
	sec, err := sd.Parse()
	require.NoError(t, err)
	fs := checkFile(&dumpInput{File: "x", Sections: []*stackmap.SectionData{sd}, Parsed: []*stackmap.Section{sec}}, lint.Options{})
	require.Len(t, fs, 1)
	assert.Equal(t, "table 0, function #0 f, record 1 (ID 0xabcdef00), offset 0x68: instruction offset 0x9 is past the end of the function (symbol size 0x8) [outside-function]", fs[0].String())
	assert.Equal(t, "outside-function", fs[0].Rule)
}

// TestCheckRealData runs check on every checked-in object and linked
// binary. Only one finding is expected, and it is right: zero_locations.o's
// zl_duplicate makes two stackmap calls with the same ID and no code
// between them: two records, one ID, one address. The linked binaries hold
// sm_inline (an inline function) from two objects, the linker kept one
// copy and both tables describe it: normal, so they pass.
func TestCheckRealData(t *testing.T) {
	for _, o := range objects(t) {
		t.Run(o.Name(), func(t *testing.T) {
			out, stderr, status := runTool("check", o.Path)
			if strings.HasSuffix(o.Path, "/zero_locations.o") || strings.Contains(o.Path, "/zero_locations_") {
				require.Equal(t, exitFail, status, stderr)
				lines := strings.Split(strings.TrimSpace(out), "\n")
				require.Len(t, lines, 1, out)
				assert.Contains(t, lines[0], "record 10 (ID 0x1f7)")
				assert.Contains(t, lines[0], "same ID and address")
				assert.Contains(t, lines[0], "[duplicate-address]")
				return
			}
			assert.Equal(t, exitOK, status, "%s%s", out, stderr)
			assert.Equal(t, o.Path+": ok\n", out)
		})
	}
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	require.NotEmpty(t, linked)
	for _, l := range linked {
		t.Run(l.Rel, func(t *testing.T) {
			out, stderr, status := runTool("check", l.Path)
			require.Equal(t, exitOK, status, "%s%s", out, stderr)
			assert.Equal(t, l.Path+": ok\n", out)
			dump, _, _ := runTool("dump", "--function", "sm_inline", l.Path)
			assert.GreaterOrEqual(t, strings.Count(dump, "sm_inline at"), 2, "sm_inline is in every table")
			for _, c := range l.Components {
				out, stderr, status := runTool("check", c)
				if strings.HasSuffix(c, "/main.o") {
					continue
				}
				assert.Equal(t, exitOK, status, "%s%s", out, stderr)
			}
		})
	}
}
