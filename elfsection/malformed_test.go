package elfsection_test

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// elfFile is a checked-in ELF file's bytes with what the corruptions need.
type elfFile struct {
	data  []byte
	order binary.ByteOrder
	rela  *elf.Section // the relocation section to corrupt
	shdr  int          // file offset of its section header
}

func loadELF(t *testing.T, rel, relaName string) elfFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpus.Root(), rel))
	require.NoError(t, err)
	f, err := elf.NewFile(bytes.NewReader(data))
	require.NoError(t, err)
	require.Equal(t, elf.ELFCLASS64, f.Class)
	shoff := int(f.ByteOrder.Uint64(data[0x28:]))
	for i, s := range f.Sections {
		if s.Name == relaName {
			return elfFile{data: data, order: f.ByteOrder, rela: s, shdr: shoff + 64*i}
		}
	}
	t.Fatalf("%s has no %s", rel, relaName)
	return elfFile{}
}

// patched returns a copy of the file with fn applied.
func (e elfFile) patched(fn func(b []byte)) []byte {
	b := bytes.Clone(e.data)
	fn(b)
	return b
}

// entryOf returns the file offset of the first relocation of the section
// that applies to the stack map section (objects: the first entry).
func (e elfFile) entry(i int) int { return int(e.rela.Offset) + 24*i }

func TestMalformedRelocations(t *testing.T) {
	for _, c := range []struct{ file, rela string }{
		{"linked/x86_64-elf/link_a.o", ".rela.llvm_stackmaps"},
		{"linked/ppc64-elf/link_a.o", ".rela.llvm_stackmaps"},
		{"linked/ppc64-elf/link_a.o", ".rela.opd"},
		{"objects/llvm22/riscv64-elf/kinds_relax.o", ".rela.llvm_stackmaps"},
	} {
		e := loadELF(t, c.file, c.rela)
		reloctest.Scramble(t, c.file, e.data, int(e.rela.Offset), int(e.rela.Offset+e.rela.Size), read)
	}
}

// A malformed relocation error says which relocation: index, offset, type.
func TestRelocationErrorMessage(t *testing.T) {
	e := loadELF(t, "linked/x86_64-elf/link_a.o", ".rela.llvm_stackmaps")
	b := e.patched(func(b []byte) { e.order.PutUint64(b[e.entry(1):], 0x12345) })
	_, err := readSection(bytes.NewReader(b))
	var re *stackmap.RelocationError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 1, re.Index)
	assert.Equal(t, uint64(0x12345), re.Offset)
	assert.Equal(t, uint32(elf.R_X86_64_64), re.Type)
	assert.Equal(t, ".rela.llvm_stackmaps: relocation 1 (offset 0x12345, R_X86_64_64): offset is outside .llvm_stackmaps (0x1c8 bytes)", re.Error())
}

// Truncating or scrambling the relocation and symbol tables of objects
// and shared libraries gives errors or results, never a panic.
func TestScrambledRelocationsDoNotPanic(t *testing.T) {
	for _, c := range []struct{ file, rela string }{
		{"linked/x86_64-elf/link_a.o", ".rela.llvm_stackmaps"},
		{"linked/ppc64-elf/link_a.o", ".rela.opd"},
		{"linked/ppc64-elf/libstackmaps.so", ".rela.dyn"},
		{"linked/x86_64-elf/libstackmaps.so", ".rela.dyn"},
		{"objects/llvm22/riscv64-elf/many_functions_relax.o", ".rela.llvm_stackmaps"},
	} {
		e := loadELF(t, c.file, c.rela)
		reloctest.Scramble(t, c.file, e.data, int(e.rela.Offset), int(e.rela.Offset+e.rela.Size), read)
	}
}

// read locates and decodes, and applies the relocations to every
// function and record.
func read(b []byte) error {
	sd, err := readSection(bytes.NewReader(b))
	if err != nil {
		return err
	}
	return reloctest.WalkRelocated(sd)
}

// FuzzRead feeds mutated objects to the locator and walks whatever it
// returns. The seeds are whole objects (kilobytes), so the fuzz engine's
// minimization of each new interesting input takes its full default minute
// and looks like a stall; run it with a short minimization time:
//
//	go test -run XX -fuzz FuzzRead -fuzzminimizetime 2s ./elfsection
func FuzzRead(f *testing.F) {
	for _, rel := range []string{"linked/x86_64-elf/link_a.o", "linked/ppc64-elf/link_a.o", "objects/llvm22/riscv64-elf/kinds_relax.o"} {
		b, err := os.ReadFile(filepath.Join(corpus.Root(), rel))
		require.NoError(f, err)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) { _ = read(b) })
}
