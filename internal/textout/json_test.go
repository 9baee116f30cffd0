package textout

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJSONStringsAsEncodingJSON: strings are quoted as encoding/json
// quotes them (HTML-safe, invalid UTF-8 replaced), byte for byte except
// that DEL, C1 and bidi controls are escaped too; both decode to the same
// string.
func TestJSONStringsAsEncodingJSON(t *testing.T) {
	cases := []string{"", "plain_name", "_Z3fooi", "a<b>&c", "quote\"back\\slash", "tab\tnl\n\x01\x7f",
		"caf\u00e9", "\u2028\u2029", "bad\xffutf8", "__LLVM_STACKMAPS,__llvm_stackmaps", "sym@@GLIBC_2.2.5"}
	for _, s := range cases {
		var b bytes.Buffer
		o := NewBuffer(&b)
		(&JSON{W: o, Pretty: true}).String(s)
		require.NoError(t, o.Flush())
		want, err := json.Marshal(s)
		require.NoError(t, err)
		var ours, theirs string
		require.NoError(t, json.Unmarshal(b.Bytes(), &ours), "%q", b.String())
		require.NoError(t, json.Unmarshal(want, &theirs))
		assert.Equal(t, theirs, ours, "%q", s)
		if !bytes.ContainsAny(want, "\x7f\u2028\u2029") {
			assert.Equal(t, string(want), b.String(), "%q", s)
		}
	}
}

// TestJSONWriterNesting writes random nestings and compares with
// encoding/json's indentation of the same values.
func TestJSONWriterNesting(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var gen func(j *JSON, depth int) any
	gen = func(j *JSON, depth int) any {
		switch k := rng.Intn(5); {
		case depth > 40 || k == 0:
			v := rng.Uint64()
			j.Uint(v)
			return v
		case k == 1:
			j.Null()
			return nil
		case k == 2:
			j.OpenArray()
			a := []any{}
			for n := rng.Intn(4); n > 0; n-- {
				j.Elem()
				a = append(a, gen(j, depth+1))
			}
			j.CloseArray()
			return a
		default:
			j.OpenObject()
			m := map[string]any{}
			for n := rng.Intn(4); n > 0; n-- {
				key := string(rune('a' + len(m)))
				j.Key(key)
				m[key] = gen(j, depth+1)
			}
			j.CloseObject()
			return m
		}
	}
	for i := 0; i < 200; i++ {
		var b bytes.Buffer
		o := NewBuffer(&b)
		v := gen(&JSON{W: o, Pretty: true}, 0)
		require.NoError(t, o.Flush())
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		require.NoError(t, enc.Encode(v))
		require.Equal(t, want.String(), b.String()+"\n")
	}
}
