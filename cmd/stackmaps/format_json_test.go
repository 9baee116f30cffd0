package main

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/stackmap"
)

// jsonDoc mirrors the JSON document with exact integer types, so that the
// test also checks the field names (DisallowUnknownFields) and that
// 64-bit values decode exactly.
type jsonDoc struct {
	File   string `json:"file"`
	Format string `json:"format"`
	Arch   string `json:"arch"`
	Tables []struct {
		Slice         *string `json:"slice"`
		Section       string  `json:"section"`
		SectionOffset int     `json:"section_offset"`
		Version       int     `json:"version"`
		ByteOrder     string  `json:"byte_order"`
		Functions     []struct {
			Index         int     `json:"index"`
			Address       uint64  `json:"address"`
			AddressHex    string  `json:"address_hex"`
			Entry         uint64  `json:"entry"`
			EntryHex      string  `json:"entry_hex"`
			Symbol        *string `json:"symbol"`
			Addend        int64   `json:"addend"`
			StoredAddress uint64  `json:"stored_address"`
			StackSize     uint64  `json:"stack_size"`
			DynamicStack  bool    `json:"dynamic_stack"`
			RecordCount   *uint64 `json:"record_count"`
		} `json:"functions"`
		Constants    []uint64 `json:"constants"`
		ConstantsHex []string `json:"constants_hex"`
		Records      []struct {
			ID                      uint64  `json:"id"`
			IDHex                   string  `json:"id_hex"`
			Function                *int    `json:"function"`
			InstructionOffset       uint32  `json:"instruction_offset"`
			StoredInstructionOffset uint32  `json:"stored_instruction_offset"`
			Address                 *uint64 `json:"address"`
			AddressHex              *string `json:"address_hex"`
			Flags                   uint16  `json:"flags"`
			Locations               []struct {
				Kind     string       `json:"kind"`
				Size     uint16       `json:"size"`
				DwarfReg uint16       `json:"dwarf_reg"`
				Reg      *string      `json:"reg"`
				Offset   int32        `json:"offset"`
				Value    *json.Number `json:"value"`
				ValueHex *string      `json:"value_hex"`
			} `json:"locations"`
			LiveOuts []struct {
				DwarfReg uint16  `json:"dwarf_reg"`
				Reg      *string `json:"reg"`
				Size     uint8   `json:"size"`
			} `json:"live_outs"`
			Statepoint *jsonStatepoint `json:"statepoint"`
		} `json:"records"`
	} `json:"tables"`
}

// jsonStatepoint mirrors a record's "statepoint" member.
type jsonStatepoint struct {
	CallingConvention int64    `json:"calling_convention"`
	Flags             int64    `json:"flags"`
	DeoptCount        int      `json:"deopt_count"`
	Deopt             []int    `json:"deopt"`
	GCPairs           [][2]int `json:"gc_pairs"`
	GCSlots           []int    `json:"gc_slots"`
	RegisterRoots     []int    `json:"register_roots"`
}

func decodeJSON(t *testing.T, out string) jsonDoc {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader([]byte(out)))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	var doc jsonDoc
	require.NoError(t, dec.Decode(&doc), out)
	return doc
}

func dumpJSON(t *testing.T, args ...string) jsonDoc {
	t.Helper()
	out, stderr, status := runTool(append([]string{"dump", "--format=json"}, args...)...)
	require.Equal(t, exitOK, status, stderr)
	return decodeJSON(t, out)
}

func objectPath(rel string) string { return filepath.Join(corpus.Root(), "objects", rel) }

func TestJSONKindsX86(t *testing.T) {
	path := objectPath("llvm19/x86_64-elf/kinds.o")
	doc := dumpJSON(t, path)
	assert.Equal(t, path, doc.File)
	assert.Equal(t, "elf", doc.Format)
	assert.Equal(t, "x86_64", doc.Arch)
	require.Len(t, doc.Tables, 1)
	tb := doc.Tables[0]
	assert.Nil(t, tb.Slice)
	assert.Equal(t, ".llvm_stackmaps", tb.Section)
	assert.Equal(t, 0, tb.SectionOffset)
	assert.Equal(t, 3, tb.Version)
	assert.Equal(t, []uint64{10000000000, 0xfffffffdabf41c00, 4294967296}, tb.Constants)

	require.Len(t, tb.Functions, 6)
	f0 := tb.Functions[0]
	assert.Equal(t, 0, f0.Index)
	assert.Equal(t, f0.Address, f0.Entry, "entry equals address except for ppc64 ELFv1")
	assert.Equal(t, uint64(8), f0.StackSize)
	assert.False(t, f0.DynamicStack)
	require.NotNil(t, f0.RecordCount)
	assert.Equal(t, uint64(1), *f0.RecordCount)
	require.NotNil(t, f0.Symbol, "relocations name the function")
	assert.Equal(t, "kinds_register", *f0.Symbol)
	assert.Equal(t, uint64(200), tb.Functions[2].StackSize)

	require.Len(t, tb.Records, 6)
	r0 := tb.Records[0]
	assert.Equal(t, uint64(100), r0.ID)
	require.NotNil(t, r0.Function)
	assert.Equal(t, 0, *r0.Function)
	assert.Equal(t, uint32(7), r0.InstructionOffset)
	require.NotNil(t, r0.Address)
	assert.Equal(t, f0.Entry+7, *r0.Address)
	assert.Equal(t, uint16(0), r0.Flags)
	require.Len(t, r0.Locations, 3)
	l := r0.Locations[0]
	assert.Equal(t, "Register", l.Kind)
	assert.Equal(t, uint16(8), l.Size)
	assert.Equal(t, uint16(0), l.DwarfReg)
	require.NotNil(t, l.Reg)
	assert.Equal(t, "rax", *l.Reg)
	assert.Nil(t, l.Value)
	l = r0.Locations[1] // i32 %b in esi: canonical name rsi, size 4
	assert.Equal(t, uint16(4), l.Size)
	assert.Equal(t, "rsi", *l.Reg)
	assert.Empty(t, r0.LiveOuts)

	r1 := tb.Records[1] // two allocas: Direct rbp - 8, rbp - 32
	assert.Equal(t, uint64(101), r1.ID)
	assert.Equal(t, "Direct", r1.Locations[0].Kind)
	assert.Equal(t, "rbp", *r1.Locations[0].Reg)
	assert.Equal(t, uint16(6), r1.Locations[0].DwarfReg)
	assert.Equal(t, int32(-8), r1.Locations[0].Offset)
	assert.Equal(t, int32(-32), r1.Locations[1].Offset)

	r3 := tb.Records[3] // constants 0, 1, 42, 7, -5
	assert.Equal(t, uint64(103), r3.ID)
	var vals []string
	for _, l := range r3.Locations {
		assert.Equal(t, "Constant", l.Kind)
		assert.Nil(t, l.Reg, "constants name no register")
		require.NotNil(t, l.Value)
		vals = append(vals, l.Value.String())
	}
	assert.Equal(t, []string{"0", "1", "42", "7", "-5"}, vals)
	assert.Equal(t, int32(-5), r3.Locations[4].Offset)

	r4 := tb.Records[4] // 10000000000 and -10000000000 via the constants table
	assert.Equal(t, "ConstantIndex", r4.Locations[0].Kind)
	assert.Equal(t, int32(0), r4.Locations[0].Offset)
	assert.Equal(t, "10000000000", r4.Locations[0].Value.String())
	assert.Equal(t, int32(1), r4.Locations[1].Offset)
	assert.Equal(t, "18446744063709551616", r4.Locations[1].Value.String(), "ConstantIndex values are the unsigned pool entry")
}

func TestJSONPatchpointLiveOuts(t *testing.T) {
	doc := dumpJSON(t, objectPath("llvm19/x86_64-elf/patchpoints.o"))
	r := doc.Tables[0].Records[0]
	assert.Equal(t, uint64(400), r.ID)
	require.NotEmpty(t, r.LiveOuts)
	lo := r.LiveOuts[0]
	assert.Equal(t, uint16(0), lo.DwarfReg)
	assert.Equal(t, "rax", *lo.Reg)
	assert.Equal(t, uint8(8), lo.Size)
}

func TestJSONMachOSymbolKeepsUnderscore(t *testing.T) {
	doc := dumpJSON(t, objectPath("llvm19/arm64-macho/kinds.o"))
	assert.Equal(t, "macho", doc.Format)
	assert.Equal(t, "aarch64", doc.Arch)
	assert.Equal(t, "__LLVM_STACKMAPS,__llvm_stackmaps", doc.Tables[0].Section)
	require.NotNil(t, doc.Tables[0].Functions[0].Symbol)
	assert.Equal(t, "_kinds_register", *doc.Tables[0].Functions[0].Symbol)
	r1 := doc.Tables[0].Records[1]
	assert.Equal(t, "x29", *r1.Locations[0].Reg, "AArch64 frame slots are based on x29")
}

func TestJSONLinkedTables(t *testing.T) {
	doc := dumpJSON(t, filepath.Join(corpus.Root(), "linked/x86_64-elf/exe"))
	require.Len(t, doc.Tables, 3)
	assert.Equal(t, []int{0, 0x1c8, 0x338}, []int{doc.Tables[0].SectionOffset, doc.Tables[1].SectionOffset, doc.Tables[2].SectionOffset})
	f := doc.Tables[0].Functions[0]
	assert.Equal(t, uint64(0x401230), f.Address)
	r := doc.Tables[0].Records[0]
	assert.Equal(t, uint64(0xbeef), r.ID)
	assert.Equal(t, uint64(0x401237), *r.Address)
}

// TestJSONEveryObject checks every checked-in object: the document decodes
// with the exact field set and agrees with the decoder on every count,
// ID, offset and constant value.
func TestJSONEveryObject(t *testing.T) {
	for _, o := range objects(t) {
		t.Run(o.Name(), func(t *testing.T) {
			doc := dumpJSON(t, o.Path)
			in, err := loadDumpInput(o.Path, false, nil)
			require.NoError(t, err)
			require.Len(t, doc.Tables, in.Parsed[0].NumTables())
			for ti, tb := range in.Parsed[0].Tables() {
				jt := doc.Tables[ti]
				require.Len(t, jt.Functions, tb.NumFunctions())
				require.Len(t, jt.Constants, tb.NumConstants())
				require.Len(t, jt.ConstantsHex, tb.NumConstants())
				for i, c := range jt.Constants {
					assert.Equal(t, "0x"+strconv.FormatUint(c, 16), jt.ConstantsHex[i])
				}
				for _, f := range jt.Functions {
					assert.Equal(t, "0x"+strconv.FormatUint(f.Address, 16), f.AddressHex)
					assert.Equal(t, "0x"+strconv.FormatUint(f.Entry, 16), f.EntryHex)
				}
				require.Len(t, jt.Records, tb.NumRecords())
				for ri, r := range tb.Records() {
					jr := jt.Records[ri]
					assert.Equal(t, r.ID(), jr.ID)
					assert.Equal(t, "0x"+strconv.FormatUint(r.ID(), 16), jr.IDHex)
					if jr.Address != nil {
						assert.Equal(t, "0x"+strconv.FormatUint(*jr.Address, 16), *jr.AddressHex)
					} else {
						assert.Nil(t, jr.AddressHex)
					}
					require.Len(t, jr.Locations, r.NumLocations())
					for i, l := range r.Locations() {
						jl := jr.Locations[i]
						assert.Equal(t, l.Kind.String(), jl.Kind)
						assert.Equal(t, l.Size, jl.Size)
						if v, ok := r.ConstantValue(l); ok {
							require.NotNil(t, jl.Value)
							require.NotNil(t, jl.ValueHex)
							assert.Equal(t, "0x"+strconv.FormatUint(v, 16), *jl.ValueHex)
							if l.Kind == stackmap.Constant {
								assert.Equal(t, itoa64(int64(v)), jl.Value.String())
							} else {
								assert.Equal(t, utoa64(v), jl.Value.String())
							}
						} else {
							assert.Nil(t, jl.Value)
						}
					}
					assert.Len(t, jr.LiveOuts, r.NumLiveOuts())
				}
			}
		})
	}
}

func TestJSONParsesWithPython(t *testing.T) {
	testenv.Need(t, "python3")
	for _, rel := range []string{"llvm19/x86_64-elf/constants.o", "llvm22/riscv64-elf/statepoints.o", "llvm14/x86_64-macho/kinds.o"} {
		out, stderr, status := runTool("dump", "--format=json", objectPath(rel))
		require.Equal(t, exitOK, status, stderr)
		cmd := exec.Command("python3", "-m", "json.tool")
		cmd.Stdin = bytes.NewReader([]byte(out))
		pretty, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s: %s", rel, pretty)
		assert.Contains(t, string(pretty), `"tables"`)
	}
}

// TestJSONLines: several files give JSON Lines, one compact document a
// line, each parsing alone with encoding/json (and with python3's json
// when present); --pretty indents.
func TestJSONLines(t *testing.T) {
	files := []string{objectPath("llvm19/x86_64-elf/constants.o"), objectPath("llvm22/riscv64-elf/statepoints.o"),
		objectPath("llvm14/x86_64-macho/kinds.o"), filepath.Join(corpus.Root(), "linked/x86_64-elf/exe")}
	out, stderr, status := runTool(append([]string{"dump", "--format=json"}, files...)...)
	require.Equal(t, exitOK, status, stderr)
	require.True(t, strings.HasSuffix(out, "\n"))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, len(files))
	for i, line := range lines {
		doc := decodeJSON(t, line)
		assert.Equal(t, files[i], doc.File)
		assert.NotEmpty(t, doc.Tables)
	}
	if _, err := exec.LookPath("python3"); err == nil {
		cmd := exec.Command("python3", "-c", "import json,sys\nfor l in sys.stdin: print(len(json.loads(l)['tables']))")
		cmd.Stdin = strings.NewReader(out)
		got, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", got)
		assert.Equal(t, "1\n1\n1\n3\n", string(got))
	}
	pretty, _, status := runTool(append([]string{"dump", "--format=json", "--pretty"}, files[0])...)
	require.Equal(t, exitOK, status)
	assert.True(t, strings.HasPrefix(pretty, "{\n  \"file\": "), pretty)
	assert.Equal(t, decodeJSON(t, lines[0]), decodeJSON(t, pretty))
}
