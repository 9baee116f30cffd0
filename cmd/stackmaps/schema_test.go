package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/internal/corpus"
)

// The JSON the tool writes is documented field by field in
// docs/schema/stackmaps-v1.json, a JSON Schema. These tests check every
// command's JSON on the checked-in files against it, with a validator of
// the part of JSON Schema the file uses: type (one or a list), properties,
// required, additionalProperties (false, or a schema), items, enum, const,
// anyOf and local $refs ("#/$defs/NAME"); description and title are
// documentation.

// schemaPath is the schema file, from the package's directory.
const schemaPath = "../../docs/schema/stackmaps-v1.json"

// jsonSchema is a loaded schema file.
type jsonSchema struct {
	defs map[string]any
}

func loadSchema(t *testing.T) *jsonSchema {
	t.Helper()
	data, err := os.ReadFile(schemaPath)
	require.NoError(t, err)
	var root map[string]any
	require.NoError(t, json.Unmarshal(data, &root))
	defs, ok := root["$defs"].(map[string]any)
	require.True(t, ok, "the schema has $defs")
	return &jsonSchema{defs: defs}
}

// validate checks one JSON document against $defs[def]; it returns the
// problems, each with its JSON path.
func (s *jsonSchema) validate(doc []byte, def string) []string {
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	sch, ok := s.defs[def]
	if !ok {
		return []string{"no $defs/" + def}
	}
	var errs []string
	s.check(v, sch, "$", &errs)
	return errs
}

// jsonType returns the JSON Schema type of a decoded value: "integer" for
// a number without fraction or exponent.
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if strings.ContainsAny(string(x), ".eE") {
			return "number"
		}
		return "integer"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

func (s *jsonSchema) check(v any, schema any, path string, errs *[]string) {
	sch, ok := schema.(map[string]any)
	if !ok {
		*errs = append(*errs, path+": schema is not an object")
		return
	}
	fail := func(format string, args ...any) { *errs = append(*errs, path+": "+fmt.Sprintf(format, args...)) }
	for key := range sch {
		switch key {
		case "$ref", "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "description", "title":
		default:
			fail("schema keyword %q is not one the validator knows", key)
		}
	}
	if r, ok := sch["$ref"].(string); ok {
		name, ok := strings.CutPrefix(r, "#/$defs/")
		if !ok || s.defs[name] == nil {
			fail("bad $ref %q", r)
			return
		}
		s.check(v, s.defs[name], path, errs)
	}
	if alts, ok := sch["anyOf"].([]any); ok {
		var first []string
		matched := false
		for i, alt := range alts {
			var sub []string
			s.check(v, alt, path, &sub)
			if len(sub) == 0 {
				matched = true
				break
			}
			if i == 0 || len(sub) < len(first) {
				first = sub
			}
		}
		if !matched {
			fail("matches none of anyOf (closest: %s)", strings.Join(first, "; "))
			return
		}
	}
	got := jsonType(v)
	if tv, ok := sch["type"]; ok {
		var types []string
		switch x := tv.(type) {
		case string:
			types = []string{x}
		case []any:
			for _, e := range x {
				types = append(types, e.(string))
			}
		}
		if !slices.Contains(types, got) && !(got == "integer" && slices.Contains(types, "number")) {
			fail("is %s, want %s", got, strings.Join(types, " or "))
			return
		}
	}
	if c, ok := sch["const"]; ok && fmt.Sprint(c) != fmt.Sprint(v) {
		fail("is %v, want %v", v, c)
	}
	if enum, ok := sch["enum"].([]any); ok {
		found := false
		for _, e := range enum {
			if fmt.Sprint(e) == fmt.Sprint(v) {
				found = true
			}
		}
		if !found {
			fail("%v is not one of %v", v, enum)
		}
	}
	switch x := v.(type) {
	case map[string]any:
		props, _ := sch["properties"].(map[string]any)
		if req, ok := sch["required"].([]any); ok {
			for _, r := range req {
				if _, ok := x[r.(string)]; !ok {
					fail("missing %q", r)
				}
			}
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if ps, ok := props[k]; ok {
				s.check(x[k], ps, path+"."+k, errs)
				continue
			}
			switch ap := sch["additionalProperties"].(type) {
			case bool:
				if !ap {
					fail("%q is not in the schema", k)
				}
			case map[string]any:
				s.check(x[k], ap, path+"."+k, errs)
			}
		}
	case []any:
		if items, ok := sch["items"]; ok {
			for i, e := range x {
				s.check(e, items, fmt.Sprintf("%s[%d]", path, i), errs)
			}
		}
	}
}

// checkLines validates every line of a command's output: def, or the
// file_error document.
func (s *jsonSchema) checkLines(t *testing.T, out, def, what string) int {
	t.Helper()
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		n++
		errs := s.validate([]byte(line), def)
		if len(errs) > 0 && len(s.validate([]byte(line), "file_error")) == 0 {
			continue
		}
		require.Empty(t, errs, "%s: %s", what, line[:min(len(line), 300)])
	}
	return n
}

// TestSchemaValidator: the validator finds an unknown member, a wrong
// type, a missing member and a value out of an enum: the schema test
// below cannot pass vacuously.
func TestSchemaValidator(t *testing.T) {
	s := loadSchema(t)
	ok := `{"kind":"Register","size":8,"dwarf_reg":0,"reg":"rax","offset":0,"value":null,"value_hex":null}`
	assert.Empty(t, s.validate([]byte(ok), "location"))
	assert.Contains(t, strings.Join(s.validate([]byte(strings.Replace(ok, `"size":8`, `"size":8,"extra":1`, 1)), "location"), ";"), `"extra" is not in the schema`)
	assert.Contains(t, strings.Join(s.validate([]byte(strings.Replace(ok, `"size":8`, `"size":"8"`, 1)), "location"), ";"), "$.size: is string, want integer")
	assert.Contains(t, strings.Join(s.validate([]byte(strings.Replace(ok, `"size":8,`, ``, 1)), "location"), ";"), `missing "size"`)
	assert.Contains(t, strings.Join(s.validate([]byte(strings.Replace(ok, `"size":8`, `"size":8.5`, 1)), "location"), ";"), "is number, want integer")
	assert.NotEmpty(t, s.validate([]byte(`{"input":"x","no_address":false}`), "lookup"), "const")
	assert.NotEmpty(t, s.validate([]byte(`{"part":"nosuch","index":null,"old":1,"new":2}`), "diff"))
	out, _, status := runTool("dump", "--format=json", "--unwind", "--disasm", corpus.Root()+"/linked/x86_64-elf/exe")
	require.Equal(t, exitOK, status)
	assert.Empty(t, s.validate([]byte(out), "dump"))
	broken := strings.Replace(out, `"stored_instruction_offset":`, `"stored_instruction_offsets":`, 1)
	assert.Contains(t, strings.Join(s.validate([]byte(broken), "dump"), ";"), `$.tables[0].records[0]: missing "stored_instruction_offset"`)
	assert.Contains(t, strings.Join(s.validate([]byte(out), "stats"), ";"), `$: missing "total"`)
}

// TestJSONSchema: every command's JSON on the checked-in files (every
// object of testdata/objects, the linked binaries, function-section,
// universal, compressed and hostile-name objects, raw samples) is what
// the schema says: dump (with and without --unwind --disasm), dump
// --faultmap, lookup (records, misses, errors), check, stats, frame and
// diff; stack's JSON is checked by TestStackJSONSchema on cores made at
// test time.
func TestJSONSchema(t *testing.T) {
	s := loadSchema(t)
	t.Chdir(corpus.Root())
	objs, err := corpus.Objects()
	require.NoError(t, err)
	var files []string
	for _, o := range objs {
		files = append(files, o.Rel)
	}
	for _, pattern := range []string{"linked/*/*", "linked-macho/*", "linked-pe/*", "fsections/*/*/*.o", "fat/*.o", "compressed/*.o", "hostile/*.o", "placement/*"} {
		m, _ := filepath.Glob(pattern)
		for _, f := range m {
			if st, err := os.Stat(f); err != nil || st.IsDir() || strings.Contains(filepath.Base(f), ".") && !strings.HasSuffix(f, ".o") && !strings.HasSuffix(f, ".so") && !strings.HasSuffix(f, ".dylib") && !strings.HasSuffix(f, ".exe") && !strings.HasSuffix(f, ".dll") {
				continue
			}
			files = append(files, f)
		}
	}
	n := map[string]int{}
	for _, f := range files {
		out, _, _ := runTool("dump", "--format=json", f)
		n["dump"] += s.checkLines(t, out, "dump", f)
		out, _, _ = runTool("dump", "--format=json", "--unwind", "--disasm", f)
		n["dump --unwind --disasm"] += s.checkLines(t, out, "dump", f)
		out, _, _ = runTool("check", "--format=json", f)
		n["check"] += s.checkLines(t, out, "check", f)
		out, _, _ = runTool("stats", "--format=json", f)
		n["stats"] += s.checkLines(t, out, "stats", f)
		out, _, _ = runTool("frame", "--format=json", f)
		n["frame"] += s.checkLines(t, out, "frame", f)
		out, _, _ = runTool("lookup", "--format=json", f, "0x0", "0x10", "0x401237", "main+1", "nosuch+1", "-1")
		n["lookup"] += s.checkLines(t, out, "lookup", f)
	}
	for _, f := range []string{"linked/x86_64-elf/exe.stackmaps.bin", "objects/llvm22/s390x-elf/kinds.stackmaps.bin"} {
		out, _, _ := runTool("dump", "--raw", "--format=json", f)
		n["dump --raw"] += s.checkLines(t, out, "dump", f)
	}
	fms, _ := filepath.Glob("faultmap/*.o")
	for _, f := range append(fms, "faultmap/linked-x86_64") {
		out, _, _ := runTool("dump", "--faultmap", "--format=json", f)
		n["dump --faultmap"] += s.checkLines(t, out, "dump_faultmap", f)
	}
	old := stdin
	stdin = strings.NewReader("#0  stop () at bt.c:5\n#1  0x000000000040115d in rec ()\n")
	out, _, _ := runTool("lookup", "--format=json", "backtrace/bt")
	stdin = old
	n["lookup stdin"] += s.checkLines(t, out, "lookup", "backtrace")
	for _, vs := range [][2]string{{"llvm14", "llvm19"}, {"llvm19", "llvm22"}} {
		for _, p := range diffPairs(t, vs[0], vs[1]) {
			out, _, _ := runTool("diff", "--format=json", p[0], p[1])
			n["diff"] += s.checkLines(t, out, "diff", p[0])
		}
	}
	out, _, _ = runTool("diff", "--format=json", "objects/llvm22/x86_64-elf/constants.o", "objects/llvm22/x86_64-elf/kinds.o")
	n["diff"] += s.checkLines(t, out, "diff", "added and removed")
	out, _, _ = runTool("dump", "--format=json", "nosuch.o")
	n["file error"] += s.checkLines(t, out, "file_error", "nosuch.o")
	t.Logf("documents checked: %v", n)
	for _, k := range []string{"dump", "check", "stats", "frame", "lookup", "diff"} {
		assert.Greater(t, n[k], 200, k)
	}
	assert.Greater(t, n["dump --faultmap"], 10)
}

// TestDumpJSONGoldens: dump --format=json of every object in
// testdata/objects is its golden file, testdata/json/<the object's path
// under objects/ with .json for .o> ("go test ./cmd/stackmaps -run
// TestDumpJSONGoldens -update" rewrites them): the reference a runtime
// author diffs their own parser's output against (docs/parsers.md).
func TestDumpJSONGoldens(t *testing.T) {
	t.Chdir(corpus.Root())
	objs, err := corpus.Objects()
	require.NoError(t, err)
	for _, o := range objs {
		out, stderr, status := runTool("dump", "--format=json", o.Rel)
		require.Equal(t, exitOK, status, "%s: %s", o.Rel, stderr)
		path := filepath.Join("json", strings.TrimSuffix(strings.TrimPrefix(o.Rel, "objects/"), ".o")+".json")
		if *update {
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
		}
		want, err := os.ReadFile(path)
		require.NoError(t, err, "run with -update to create it")
		assert.Equal(t, string(want), out, o.Rel)
	}
	assert.Greater(t, len(objs), 300)
}

// TestStackJSONSchema: stack --format=json of a core (an x86_64 program
// with statepoints crashed at test time, internal/coretest) is what the
// schema says, line by line: modules, threads, frames with deopt values
// and roots, ends.
func TestStackJSONSchema(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and crashes a program")
	}
	s := loadSchema(t)
	b := coretest.Build{Arch: "x86_64", PIE: true, Mode: "statepoint", Crash: "abort"}
	exe := coretest.Compile(t, b, t.TempDir())
	c := coretest.KernelCore(t, exe)
	out, stderr, status := runTool("stack", "--core", c.Path, exe, "--format=json")
	require.Equal(t, exitOK, status, stderr)
	types := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		require.Empty(t, s.validate([]byte(line), "stack"), line)
		var l struct {
			Type  string `json:"type"`
			Deopt []any  `json:"deopt"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &l))
		types[l.Type]++
		if len(l.Deopt) > 0 {
			types["frame with deopt values"]++
		}
	}
	for _, k := range []string{"module", "thread", "frame", "end", "frame with deopt values"} {
		assert.Positive(t, types[k], k)
	}
}

// TestSchemaDocumentsEveryField: every document and every member of the
// schema has a description.
func TestSchemaDocumentsEveryField(t *testing.T) {
	s := loadSchema(t)
	var missing []string
	var walk func(v any, path string)
	walk = func(v any, path string) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		if props, ok := m["properties"].(map[string]any); ok {
			for k, p := range props {
				if pm, _ := p.(map[string]any); pm["description"] == nil {
					missing = append(missing, path+"."+k)
				}
				walk(p, path+"."+k)
			}
		}
		walk(m["items"], path+"[]")
		walk(m["additionalProperties"], path+"{}")
		if alts, ok := m["anyOf"].([]any); ok {
			for _, a := range alts {
				walk(a, path)
			}
		}
	}
	for name, d := range s.defs {
		if dm, _ := d.(map[string]any); dm["description"] == nil {
			missing = append(missing, name)
		}
		walk(d, name)
	}
	sort.Strings(missing)
	assert.Empty(t, missing)
	for _, doc := range []string{"dump", "dump_faultmap", "lookup", "check", "stats", "frame", "stack", "diff", "file_error"} {
		assert.Contains(t, s.defs, doc, "a document of every command")
	}
}

// TestStackMinidumpJSONSchema: stack --format=json of the checked-in
// Windows minidump (testdata/windows/minidump) is what the schema says,
// the crashed thread's exception code included.
func TestStackMinidumpJSONSchema(t *testing.T) {
	s := loadSchema(t)
	out, stderr, status := runTool("stack", "--core", minidumpDir+"crash.dmp", minidumpDir+"dump.exe", "--format=json")
	require.Equal(t, exitOK, status, stderr)
	types := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		require.Empty(t, s.validate([]byte(line), "stack"), line)
		var l struct {
			Type      string `json:"type"`
			Exception string `json:"exception"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &l))
		types[l.Type]++
		if l.Exception != "" {
			types["thread with an exception"]++
		}
	}
	assert.Equal(t, 1, types["thread with an exception"], "%v", types)
	assert.Equal(t, 2, types["thread"], "%v", types)
	assert.Greater(t, types["frame"], 12, "%v", types)
}
