package disasm

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
)

// recordingNamer names every target "f" and remembers what it was asked.
type recordingNamer struct {
	calls [][4]uint64
}

func (n *recordingNamer) TargetName(sec int, pc, length, target uint64) (string, uint64, bool) {
	n.calls = append(n.calls, [4]uint64{uint64(sec), pc, length, target})
	return "f", target - 0x1000, true
}

// TestSiteNamesCallAndInstruction: the bytes llc emits at
// testdata/objects/llvm19/x86_64-elf/statepoints.o's first record (a call
// and the instruction after it, llvm-objdump-22: "5: e8 00 00 00 00 callq
// 0xa", "a: 48 8b 04 24 movq (%rsp), %rax") give the call before the
// record with its target, named at the call's own address, and the
// instruction at the record.
func TestSiteNamesCallAndInstruction(t *testing.T) {
	code := []byte{0x50, 0x48, 0x89, 0x3c, 0x24, 0xe8, 0, 0, 0, 0, 0x48, 0x8b, 0x04, 0x24, 0x59, 0xc3}
	var n recordingNamer
	c := &Code{Arch: regs.X86_64, Bytes: code, Entry: 0x1000, Section: 3, Namer: &n}
	var w Walker
	s := w.Site(c, 0xa)
	require.True(t, s.HasCall)
	require.True(t, s.HasAt)
	assert.Equal(t, "callq 0x100a", s.Call.Text)
	assert.Equal(t, 5, s.Call.Len)
	assert.True(t, s.Call.Call)
	assert.Equal(t, uint64(0x100a), s.Call.Target)
	assert.Equal(t, Name{Symbol: "f", Off: 0xa}, s.Call.Name)
	assert.True(t, s.Call.Named)
	assert.Equal(t, "mov (%rsp),%rax", s.At.Text)
	assert.False(t, s.At.Named, "no target, not named")
	assert.Equal(t, [][4]uint64{{3, 0x1005, 5, 0x100a}}, n.calls)

	// Not at a boundary: no instruction; no call before it.
	s = w.Site(c, 0xb)
	assert.False(t, s.HasAt)
	assert.False(t, s.HasCall)
	// Past the code.
	s = w.Site(c, 0x40)
	assert.False(t, s.HasAt)
	// A record after a non-call: the instruction only.
	s = w.Site(c, 0xe)
	assert.False(t, s.HasCall)
	assert.Equal(t, "pop %rcx", s.At.Text)
}

// TestSiteWithoutNamer: targets are left unnamed without a Namer.
func TestSiteWithoutNamer(t *testing.T) {
	c := &Code{Arch: regs.AArch64, Bytes: []byte{0x00, 0x00, 0x00, 0x94, 0x1f, 0x20, 0x03, 0xd5}}
	var w Walker
	s := w.Site(c, 4)
	require.True(t, s.HasCall)
	assert.Equal(t, "bl .+0x0", s.Call.Text)
	assert.False(t, s.Call.Named)
	assert.Equal(t, "nop ", s.At.Text) // arm64asm.GNUSyntax leaves the space
}

// TestDecodeNeverPanics decodes random bytes as code of every
// architecture, at random offsets.
func TestDecodeNeverPanics(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, a := range regs.Arches() {
		for i := 0; i < 200; i++ {
			code := make([]byte, rng.Intn(64))
			rng.Read(code)
			off := uint32(rng.Intn(80))
			require.NotPanics(t, func() { instsAt(a, a.ByteOrder(), code, 0x1000, off) }, "%v", a)
			require.NotPanics(t, func() { Decode(a, a.ByteOrder(), code, 0x1000) }, "%v", a)
		}
	}
}
