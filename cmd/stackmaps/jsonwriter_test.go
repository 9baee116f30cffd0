package main

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJSONStringsAsEncodingJSON: strings are quoted exactly as
// encoding/json quotes them (HTML-safe, invalid UTF-8 replaced).
func TestJSONStringsAsEncodingJSON(t *testing.T) {
	cases := []string{"", "plain_name", "_Z3fooi", "a<b>&c", "quote\"back\\slash", "tab\tnl\n\x01\x7f",
		"caf\u00e9", "\u2028\u2029", "bad\xffutf8", "__LLVM_STACKMAPS,__llvm_stackmaps", "sym@@GLIBC_2.2.5"}
	for _, s := range cases {
		var b bytes.Buffer
		o := newOutBuf(&b)
		newJSONWriter(o).string(s)
		require.NoError(t, o.Flush())
		want, err := json.Marshal(s)
		require.NoError(t, err)
		assert.Equal(t, string(want), b.String(), "%q", s)
	}
}

// TestJSONLayoutIsEncodingJSONs: the streamed document has exactly the
// layout encoding/json's Encoder with SetIndent("", "  ") gives: compacting
// and re-indenting it with encoding/json changes nothing.
func TestJSONLayoutIsEncodingJSONs(t *testing.T) {
	for _, o := range objects(t) {
		out, stderr, status := runTool("dump", "--format=json", "--pretty", o.Path)
		require.Equal(t, exitOK, status, stderr)
		var compact, indented bytes.Buffer
		require.NoError(t, json.Compact(&compact, []byte(out)), o.Name())
		require.NoError(t, json.Indent(&indented, compact.Bytes(), "", "  "))
		indented.WriteByte('\n')
		require.Equal(t, indented.String(), out, o.Name())
	}
	// Filters that leave nothing: empty arrays print as [].
	out, _, status := runTool("dump", "--format=json", "--id", "12345678", objectPath("llvm19/x86_64-elf/kinds.o"))
	require.Equal(t, exitFail, status)
	assert.Contains(t, out, `"tables":[]`)
}

// TestJSONWriterNesting writes random nestings and compares with
// encoding/json's indentation of the same values.
func TestJSONWriterNesting(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var gen func(j *jsonWriter, depth int) any
	gen = func(j *jsonWriter, depth int) any {
		switch k := rng.Intn(5); {
		case depth > 40 || k == 0:
			v := rng.Uint64()
			j.uint(v)
			return v
		case k == 1:
			j.null()
			return nil
		case k == 2:
			j.openArray()
			a := []any{}
			for n := rng.Intn(4); n > 0; n-- {
				j.elem()
				a = append(a, gen(j, depth+1))
			}
			j.closeArray()
			return a
		default:
			j.openObject()
			m := map[string]any{}
			for n := rng.Intn(4); n > 0; n-- {
				key := string(rune('a' + len(m)))
				j.key(key)
				m[key] = gen(j, depth+1)
			}
			j.closeObject()
			return m
		}
	}
	for i := 0; i < 200; i++ {
		var b bytes.Buffer
		o := newOutBuf(&b)
		v := gen(newJSONWriter(o), 0)
		require.NoError(t, o.Flush())
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		require.NoError(t, enc.Encode(v))
		require.Equal(t, want.String(), b.String()+"\n")
	}
}
