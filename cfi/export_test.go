package cfi

import (
	"debug/elf"
	"encoding/binary"
	"testing"
)

// Exported for the external tests (package cfi_test), which may import
// packages that import cfi (elfsection).

// CompareRelocatedObject checks sec, the relocated .eh_frame or
// .debug_frame of the relocatable object at path (relative to testdata),
// against llvm-dwarfdump's dump of it, as TestDifferentialGolden does, and
// returns the number of rows compared.
func CompareRelocatedObject(t *testing.T, path, arch string, sec *Section, dump string) int {
	t.Helper()
	ef := &elfFile{path: path, arch: arch, isRel: true}
	rows, _ := compareSection(t, ef, sec, dump)
	return rows
}

// ArchOf names f's architecture as the goldens do ("ppc64le").
func ArchOf(f *elf.File) string { return elfArch(f) }

// RenderRow prints a row's rules as llvm-dwarfdump does.
func RenderRow(t testing.TB, arch string, row *Row, order binary.ByteOrder) string {
	return renderRow(t, arch, row, order)
}

// DumpRow is a row llvm-dwarfdump printed: its address and rules.
type DumpRow struct {
	Addr uint64
	Text string
}

// DumpFDE is an FDE llvm-dwarfdump printed.
type DumpFDE struct {
	Offset, Begin, End uint64
	Rows               []DumpRow
}

// ParseDump reads the FDEs of one section ("eh_frame" or "debug_frame")
// from llvm-dwarfdump output.
func ParseDump(t testing.TB, text, section string) []DumpFDE {
	var out []DumpFDE
	for _, f := range parseDump(t, text, section) {
		d := DumpFDE{Offset: f.off, Begin: f.begin, End: f.end}
		for _, r := range f.rows {
			d.Rows = append(d.Rows, DumpRow{r.addr, r.text})
		}
		out = append(out, d)
	}
	return out
}

// ApplyRelocs is the test's own relocation of an object's section (every
// section at 0), an independent check of elfsection's.
func ApplyRelocs(t testing.TB, f *elf.File, s *elf.Section, data []byte) []byte {
	return applyRelocs(t, f, s, data)
}
