package walktest

import (
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const minimal = `stackmaps-walk-capture 1
arch s390x
endian big
mode patchpoint
sp 0x0000000000001000
reg 15 0x0000000000001000
stack 0x0000000000001000 0011223344556677
frame 0 walk_d
id 0xd4
call patchpoint
fp all
callsp 0x0000000000001000
expect live 0 i32 0x89abcdef
end
frame 1 main
callsp 0x0000000000001008
cfa 0x00000000000010a8
end
future-keyword ignored
done
`

func TestParseMinimal(t *testing.T) {
	f, err := Parse(strings.NewReader(minimal))
	require.NoError(t, err)
	assert.Equal(t, binary.BigEndian, f.Order)
	assert.True(t, f.Done)
	require.Len(t, f.Frames, 2)
	assert.Equal(t, Expect{Kind: "live", Index: 0, Type: "i32", Value: 0x89abcdef}, f.Frames[0].Expect[0])
	assert.True(t, f.Frames[0].Expect[0].Matches(0xffffffff89abcdef), "i32 compares the low half")
	assert.False(t, f.Frames[0].Expect[0].Matches(0x89abcdee))
	cfa, ok := f.ExpectedCFA(0)
	require.True(t, ok)
	assert.Equal(t, uint64(0x1008+160), cfa, "s390x CFA = caller's SP + 160")
	cfa, ok = f.ExpectedCFA(1)
	require.True(t, ok)
	assert.Equal(t, uint64(0x10a8), cfa)
	_, ok = f.ExpectedCFA(2)
	assert.False(t, ok)

	v, err := f.Stack.ReadUint(0x1002, 4, f.Order)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x22334455), v)
	v, err = f.Stack.ReadUint(0x1000, 8, binary.LittleEndian)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x7766554433221100), v)
	p := make([]byte, 2)
	require.NoError(t, f.Stack.ReadMemory(0x1006, p))
	assert.Equal(t, []byte{0x66, 0x77}, p)
	assert.Error(t, f.Stack.ReadMemory(0x1007, p), "one byte past the end")
	assert.Error(t, f.Stack.ReadMemory(0xfff, p), "one byte before the start")
	_, err = f.Stack.ReadUint(0xffffffffffffffff, 8, f.Order)
	assert.Error(t, err, "wrap-around")
	_, err = f.Stack.ReadUint(0x1000, 9, f.Order)
	assert.Error(t, err, "9 bytes")
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ name, edit, replace, want string }{
		{"magic", "stackmaps-walk-capture 1", "stackmaps-deopt-capture 1", `line 1 `},
		{"version", "stackmaps-walk-capture 1", "stackmaps-walk-capture 2", "version 2"},
		{"arch", "arch s390x", "arch vax", `line 2 `},
		{"hex", "sp 0x0000000000001000", "sp 1000", "line 5 "},
		{"overflow", "sp 0x0000000000001000", "sp 0x10000000000000000", "line 5 "},
		{"odd stack", "0011223344556677", "00112233445566778", "line 7 "},
		{"frame order", "frame 1 main", "frame 2 main", "frame 2 where frame 1 was due"},
		{"missing end", "end\nframe 1", "frame 1", "line 14 "},
		{"i32 too wide", "i32 0x89abcdef", "i32 0x189abcdef", "line 13 "},
		{"expect fields", "expect live 0 i32 0x89abcdef", "expect live 0 i32", "line 13 "},
		{"duplicate reg", "reg 15 0x0000000000001000", "reg 15 0x0000000000001000\nreg 15 0x0", "listed twice"},
		{"after done", "done\n", "done\narch x86_64\n", "after \"done\""},
		{"no main", "frame 1 main", "frame 1 walk_c", "not main"},
		{"no stack", "stack 0x0000000000001000 0011223344556677\n", "", "no \"stack\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Replace(minimal, tc.edit, tc.replace, 1)
			require.NotEqual(t, minimal, in)
			_, err := Parse(strings.NewReader(in))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err := Parse(strings.NewReader(""))
	assert.ErrorContains(t, err, "empty file")
}

// FuzzParse: no input makes the parser panic, and what it accepts is
// consistent.
func FuzzParse(f *testing.F) {
	f.Add(minimal)
	cases, _ := Cases()
	for _, c := range cases[:2] {
		if b, err := os.ReadFile(c.Capture); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		cf, err := Parse(strings.NewReader(s))
		if err != nil {
			return
		}
		if len(cf.Frames) == 0 || cf.Frames[len(cf.Frames)-1].Func != "main" {
			t.Fatalf("accepted a capture without main last")
		}
		for i := range cf.Frames {
			cf.ExpectedCFA(i)
		}
		var b [8]byte
		_ = cf.Stack.ReadMemory(cf.SP, b[:])
	})
}
