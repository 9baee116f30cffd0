package main

import (
	"debug/macho"
	"encoding/binary"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/golden"
)

// TestDisasmNamesNeverPanic mutates Mach-O and COFF/PE files at random
// (most often in their headers, load commands and symbol tables, where
// the naming tables come from) and runs dump --disasm on them: whatever
// the bytes, no panic.
func TestDisasmNamesNeverPanic(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	dir := t.TempDir()
	ran := 0
	for _, rel := range []string{"linked-macho/x86_64-macos11.dylib", "linked-macho/arm64-macos13", "objects/llvm22/arm64-macho/statepoints.o",
		"objects/llvm22/x86_64-macho/statepoints.o", "objects/llvm22/x86_64-coff/statepoints.o", "linked-pe/sm.dll", "fat/kinds-universal.o"} {
		orig, err := os.ReadFile(filepath.Join(golden.Root(), rel))
		require.NoError(t, err)
		for i := 0; i < 150; i++ {
			data := append([]byte(nil), orig...)
			for n := 1 + rng.Intn(4); n > 0; n-- {
				at := rng.Intn(len(data))
				if rng.Intn(2) == 0 {
					at = rng.Intn(min(len(data), 2048))
				}
				data[at] = byte(rng.Intn(256))
			}
			p := filepath.Join(dir, "f")
			require.NoError(t, os.WriteFile(p, data, 0o644))
			require.NotPanics(t, func() { runTool("dump", "--disasm", p) }, "%s mutation %d", rel, i)
			ran++
		}
	}
	t.Logf("%d mutated files", ran)
}

// TestMachOStubNamesBounds: stub names come only from indirect symbol
// table entries and symbols that are there; a section count larger than
// its load command's bytes, a local entry or an index past the table name
// nothing.
func TestMachOStubNamesBounds(t *testing.T) {
	raw := make([]byte, 72+80) // segment_command_64 and one section_64, then Nsect says 3
	bo := binary.LittleEndian
	sh := raw[72:]
	bo.PutUint64(sh[32:], 0x1000) // addr
	bo.PutUint64(sh[40:], 0x30)   // size: 4 stubs of 12 bytes
	bo.PutUint32(sh[64:], 0x80000408)
	bo.PutUint32(sh[68:], 1)  // reserved1: first indirect entry
	bo.PutUint32(sh[72:], 12) // reserved2: stub size
	f := &macho.File{
		FileHeader: macho.FileHeader{Type: macho.TypeDylib, Cpu: macho.CpuAmd64},
		ByteOrder:  bo,
		Loads:      []macho.Load{&macho.Segment{LoadBytes: raw, SegmentHeader: macho.SegmentHeader{Cmd: macho.LoadCmdSegment64, Nsect: 3}}},
		Symtab:     &macho.Symtab{Syms: []macho.Symbol{{Name: "_f"}, {Name: "_g"}}},
		Dysymtab:   &macho.Dysymtab{IndirectSyms: []uint32{0, 1, 0x80000000, 7}},
	}
	n := newMachONames(f)
	require.Len(t, n.stubs, 1)
	for target, want := range map[uint64]string{0x1000: "_g", 0x100c: "", 0x1018: "", 0x1024: "", 0x1004: "", 0x2000: ""} {
		r, ok := n.target(nil, 0, 5, target)
		require.Equal(t, want != "", ok, "%#x", target)
		require.Equal(t, targetRef{name: want}, r, "%#x", target)
	}
}
