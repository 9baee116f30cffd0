package unwind_test

import (
	"testing"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/unwind"
)

// BenchmarkRowAt looks up rows through each kind of table: .eh_frame with
// its .eh_frame_hdr (a linked ELF executable), compact unwind with a
// STACK_IND entry read from code (a Mach-O image), and a relocated
// __eh_frame indexed at open (an arm64 Mach-O object).
func BenchmarkRowAt(b *testing.B) {
	for _, c := range []struct {
		name, path string
		pc         uint64
	}{
		{"eh_frame_hdr", "../testdata/walk/captures/x86_64-nopie-statepoint/walk", 0},
		{"unwind_info", "../testdata/compactunwind/x86_64.dylib", 0x720},
		{"object", "../testdata/compactunwind/arm64-dwarf.o", 0x28},
	} {
		b.Run(c.name, func(b *testing.B) {
			tab, err := objfile.OpenUnwind(c.path, "")
			if err != nil {
				b.Fatal(err)
			}
			var ctx unwind.Context
			pc := c.pc
			if pc == 0 {
				m, err := objfile.OpenModule(c.path, 0)
				if err != nil {
					b.Fatal(err)
				}
				defer m.Close()
				pc = m.Start + 0x40
			}
			if _, err := tab.RowAt(pc, &ctx); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tab.RowAt(pc, &ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
