package main

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// TestBuildRoundTripsRawSections dumps every checked-in raw section
// (llvm-objcopy's copies of the objects' and binaries' sections, and the
// version 1 and 2 samples) with --format=json --raw and builds the JSON:
// the bytes must come back exactly.
func TestBuildRoundTripsRawSections(t *testing.T) {
	n := 0
	err := filepath.WalkDir(corpus.Root(), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".bin") {
			return err
		}
		want, err := os.ReadFile(path)
		require.NoError(t, err)
		out, stderr, status := runTool("dump", "--format=json", "--raw", path)
		if status != exitOK {
			return nil // not a section this tool reads (fuzz seeds, broken inputs)
		}
		got, err := buildSection(strings.NewReader(out), "", nil)
		require.NoError(t, err, "%s: %s", path, stderr)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: built %d bytes, the section has %d (or they differ)", path, len(got), len(want))
		}
		n++
		return nil
	})
	require.NoError(t, err)
	t.Logf("%d raw sections rebuilt byte for byte", n)
	assert.GreaterOrEqual(t, n, 417)
}

// TestBuildRoundTripsObjects dumps every checked-in object and linked
// binary (JSON with relocated addresses beside the stored fields) and
// builds the JSON: the result must be the section's bytes as stored in the
// file, before relocation.
func TestBuildRoundTripsObjects(t *testing.T) {
	n := 0
	err := filepath.WalkDir(corpus.Root(), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".bin") || strings.HasSuffix(path, ".txt") {
			return err
		}
		f, err := objfile.Open(path)
		if err != nil {
			return nil
		}
		defer f.Close()
		out, stderr, status := runTool("dump", "--format=json", path)
		if status != exitOK {
			return nil
		}
		for _, sd := range f.Sections {
			got, err := buildSection(strings.NewReader(out), sd.Slice, nil)
			require.NoError(t, err, "%s: %s", path, stderr)
			if !bytes.Equal(got, sd.Data) {
				t.Errorf("%s %s: built %d bytes, the section has %d (or they differ)", path, sd.Slice, len(got), len(sd.Data))
			}
			n++
		}
		return nil
	})
	require.NoError(t, err)
	t.Logf("%d sections of objects and binaries rebuilt byte for byte", n)
	assert.GreaterOrEqual(t, n, 455)
}

// TestBuildCommand runs the command end to end: -o FILE, a universal
// file's slices, byte order overrides, and errors that name the JSON path.
func TestBuildCommand(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(corpus.Root(), "fat", "kinds-universal.o")
	js, _, status := runTool("dump", "--format=json", src)
	require.Equal(t, exitOK, status)
	jsonPath := filepath.Join(dir, "u.json")
	require.NoError(t, os.WriteFile(jsonPath, []byte(js), 0o644))

	_, stderr, status := runTool("build", jsonPath)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "choose one with --slice")

	outPath := filepath.Join(dir, "arm.bin")
	_, stderr, status = runTool("build", "--slice", "aarch64", "-o", outPath, jsonPath)
	require.Equal(t, exitOK, status, stderr)
	f, err := objfile.Open(src)
	require.NoError(t, err)
	defer f.Close()
	got, err := os.ReadFile(outPath)
	require.NoError(t, err)
	var arm []byte
	for _, sd := range f.Sections {
		if sd.Slice == "aarch64" {
			arm = sd.Data
		}
	}
	require.NotNil(t, arm)
	assert.Equal(t, arm, got)

	// Big-endian on demand: the same table, every field byte-swapped.
	out, stderr, status := runTool("build", "--slice", "aarch64", "--big-endian", jsonPath)
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, binary.LittleEndian.Uint32(arm[4:]), binary.BigEndian.Uint32([]byte(out)[4:]))

	bad := []struct{ edit, want string }{
		{`"kind":"Register"`, `tables[0].records[0].locations[0].kind: "Registr" is not Register, Direct, Indirect, Constant or ConstantIndex`},
		{`"record_count":1`, `tables[0].records: function record counts sum to`},
		{`"dwarf_reg":0`, `.dwarf_reg: 70000 is not an unsigned 16-bit integer`},
	}
	raw := filepath.Join(corpus.Root(), "objects", "llvm22", "x86_64-elf", "kinds.stackmaps.bin")
	js, _, status = runTool("dump", "--format=json", "--raw", raw)
	require.Equal(t, exitOK, status)
	for _, b := range bad {
		repl := map[string]string{`"kind":"Register"`: `"kind":"Registr"`, `"record_count":1`: `"record_count":0`, `"dwarf_reg":0`: `"dwarf_reg":70000`}[b.edit]
		require.Contains(t, js, b.edit)
		_, err := buildSection(strings.NewReader(strings.Replace(js, b.edit, repl, 1)), "", nil)
		require.Error(t, err, b.edit)
		assert.Contains(t, err.Error(), b.want)
	}
	_, err = buildSection(strings.NewReader(js+js), "", nil)
	assert.ErrorContains(t, err, "more than one JSON document")
}

// TestBuildConstantsByValue checks that a table whose "constants" is null
// gets its constants table built from the locations' values by LLVM's
// rules, giving back llc's bytes.
func TestBuildConstantsByValue(t *testing.T) {
	raw := filepath.Join(corpus.Root(), "objects", "llvm22", "x86_64-elf", "constants.stackmaps.bin")
	want, err := os.ReadFile(raw)
	require.NoError(t, err)
	js, _, status := runTool("dump", "--format=json", "--raw", raw)
	require.Equal(t, exitOK, status)
	i := strings.Index(js, `"constants":[`)
	j := strings.Index(js[i:], "]") + i + 1
	edited := js[:i] + `"constants":null` + js[j:]
	got, err := buildSection(strings.NewReader(edited), "", nil)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// FuzzBuild checks that no JSON panics build, and that whatever it builds
// decodes (build refuses what the writer cannot encode).
func FuzzBuild(f *testing.F) {
	data, err := os.ReadFile(filepath.Join(corpus.Root(), "build", "kinds.json"))
	require.NoError(f, err)
	f.Add(string(data))
	f.Add(`{"tables":[{"version":3,"constants":null,"functions":[],"records":[]}]}`)
	f.Add(`{"tables":[{"version":1,"byte_order":"big-endian","functions":[{"address":1,"stack_size":2,"record_count":null}],"constants":[5],"records":[{"id":1,"instruction_offset":2,"flags":0,"locations":[{"kind":"ConstantIndex","size":8,"dwarf_reg":0,"offset":0}],"live_outs":[]}]}]}`)
	f.Fuzz(func(t *testing.T, doc string) {
		out, err := buildSection(strings.NewReader(doc), "", nil)
		if err != nil {
			return
		}
		for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			if _, err := stackmap.Parse(out, bo); err == nil {
				return
			}
		}
		t.Fatalf("built % x, which decodes in neither byte order", out)
	})
}
