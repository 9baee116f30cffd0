package objfile_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/unwind"
)

// winRecord is one stack map record of testdata/windows: its function's
// name, the offset of its return address in the function, and the CFA
// rule and return address rule of its row.
type winRecord struct {
	fn     string
	off    uint64
	cfaReg uint16
	cfaOff int64
	raRule cfi.Rule
}

// windowsRows returns the row of every stack map record of a file of
// testdata/windows, looked up as a walk does (the return address, minus
// 1), in the record's code section for objects.
func windowsRows(t *testing.T, name string) []winRecord {
	t.Helper()
	f, err := objfile.Open(td + "windows/" + name)
	require.NoError(t, err)
	defer f.Close()
	tab, err := f.Unwind()
	require.NoError(t, err)
	require.True(t, tab.Has(unwind.KindPData))
	sec, err := f.Sections[0].Parse()
	require.NoError(t, err)
	var ctx unwind.Context
	var out []winRecord
	tb := sec.Table(0)
	for _, rec := range tb.Records() {
		fn, ok := tb.Function(rec.Function())
		require.True(t, ok)
		addr, ok := rec.Address()
		require.True(t, ok)
		r, err := tab.RowInSection(fn.CodeSection().Index, unwind.LookupPC(addr, true), &ctx)
		require.NoError(t, err, "%s %s %#x", name, fn.Name(), addr)
		require.Equal(t, unwind.KindPData, r.Table)
		require.NotNil(t, r.Windows)
		assert.Equal(t, fn.Address(), r.FunctionStart, "%s %s", name, fn.Name())
		out = append(out, winRecord{fn: fn.Name(), off: addr - fn.Address(),
			cfaReg: r.Rules.CFA.Reg, cfaOff: r.Rules.CFA.Offset, raRule: r.Rules.RA()})
	}
	return out
}

// TestWindowsUnwind: the row of every stack map record is the same in the
// COFF objects (one .text; function sections, each function's .pdata and
// .xdata relocated against its own section) and in the linked images, and
// the frames are what the code does: the return address just below the
// CFA, the CFA rsp-based but for the frame-pointer functions.
func TestWindowsUnwind(t *testing.T) {
	want := windowsRows(t, "win.exe")
	require.Len(t, want, 9)
	byFn := map[string]winRecord{}
	for _, w := range want {
		byFn[w.fn] = w
		assert.Equal(t, cfi.Rule{Kind: cfi.RuleOffset, Offset: -8}, w.raRule, w.fn)
	}
	assert.Equal(t, uint16(6), byFn["w_fp"].cfaReg) // rbp
	assert.Equal(t, uint16(6), byFn["w_dyn"].cfaReg)
	assert.Equal(t, uint16(7), byFn["w_pushes"].cfaReg)
	assert.Equal(t, int64(128), byFn["w_pushes"].cfaOff)
	assert.Equal(t, int64(224), byFn["w_xmm"].cfaOff)
	for _, name := range []string{"win.o", "win-fs.o", "win-v2.o", "win-v2.exe"} {
		assert.Equal(t, want, windowsRows(t, name), name)
	}
}

// TestWindowsUnwindAmbiguous: in an object with function sections an
// address alone names no function: RowAt refuses it, RowInSection answers.
func TestWindowsUnwindAmbiguous(t *testing.T) {
	tab, err := objfile.OpenUnwind(td+"windows/win-fs.o", "")
	require.NoError(t, err)
	var ctx unwind.Context
	_, err = tab.RowAt(0x10, &ctx)
	assert.ErrorIs(t, err, unwind.ErrAmbiguousAddress)
	tab, err = objfile.OpenUnwind(td+"windows/win.exe", "")
	require.NoError(t, err)
	// w_pushes's epilog pops at 0x140001049: an interrupted frame there
	// is emulated; a return address there (minus 1) is the body's row.
	r, err := tab.RowForFrame(0x140001049, false, &ctx)
	require.NoError(t, err)
	assert.Equal(t, cfi.CFARule{Kind: cfi.CFARegOffset, Reg: 7, Offset: 64}, r.Rules.CFA)
	r, err = tab.RowForFrame(0x14000104a, true, &ctx)
	require.NoError(t, err)
	assert.Equal(t, cfi.CFARule{Kind: cfi.CFARegOffset, Reg: 7, Offset: 128}, r.Rules.CFA)
}

// FuzzPEUnwind feeds whole COFF and PE files to the unwind path (the
// .pdata layout and relocation of objects, the exception directory of
// images, the export table, the records' listing) and looks rows up:
// nothing panics, whatever the bytes.
func FuzzPEUnwind(f *testing.F) {
	for _, name := range []string{"win.o", "win-fs.o", "win-v2.o", "win.exe", "win.dll", "win-v2.exe", "handler.o",
		"win-arm64.o", "win-arm64.exe", "packed-arm64.o", "packed-arm64.exe"} {
		b, err := os.ReadFile(td + "windows/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint32(0x1049))
	}
	f.Fuzz(func(t *testing.T, b []byte, pc uint32) {
		of, err := objfile.NewFile(bytes.NewReader(b))
		if err != nil || of.PE() == nil {
			return
		}
		defer of.Close()
		_ = of.PE().Symbols()
		_, _, _ = of.PDataRecords()
		tab, err := of.Unwind()
		if err != nil {
			return
		}
		var ctx unwind.Context
		for _, at := range []uint64{uint64(pc), 0x140000000 + uint64(pc), 0x180000000 + uint64(pc)} {
			_, _ = tab.RowAt(at, &ctx)
			_, _ = tab.RowForFrame(at, false, &ctx)
			for s := range 4 {
				_, _ = tab.RowInSection(s, uint64(pc&0xfff), &ctx)
			}
		}
	})
}

// TestWindowsTailJumpEpilog: in tail.o the epilog at 0x18 ends in a jmp
// rel32 to ext2 in the middle of the function. The object holds 0 in the
// jump's displacement (a REL32 relocation fills it): read as it is, the
// jump would land inside the function and the pops before it would be
// taken for the body. The layout applies the relocation, so a frame
// interrupted at each pop is in an epilog, as in a linked image.
func TestWindowsTailJumpEpilog(t *testing.T) {
	tab, err := objfile.OpenUnwind(td+"windows/tail.o", "")
	require.NoError(t, err)
	var ctx unwind.Context
	for _, c := range []struct {
		pc     uint64
		cfa    int64
		where  string
		nsaved int
	}{
		{0x10, 64, "body", 4}, // call ext3: rbx rsi r12 pushed, 0x20 allocated
		{0x1c, 32, "epilog", 4},
		{0x1d, 24, "epilog", 3},
		{0x1e, 16, "epilog", 2},
		{0x20, 8, "epilog", 1},
		{0x33, 32, "epilog", 4}, // the epilog at the end, before jmp ext
	} {
		r, err := tab.RowForFrame(c.pc, false, &ctx)
		require.NoError(t, err, "%#x", c.pc)
		assert.Equal(t, cfi.CFARule{Kind: cfi.CFARegOffset, Reg: 7, Offset: c.cfa}, r.Rules.CFA, "%#x", c.pc)
		assert.Equal(t, c.where, r.Windows.Where.String(), "%#x", c.pc)
		assert.Len(t, r.Windows.Saved(), c.nsaved-1, "%#x", c.pc)
	}
}

// TestWindowsUnwindStackSize checks every record's row against LLVM's own
// account of the frame: where the CFA is sp-based, its offset is the
// function's stack size in the stack map (plus the return address on
// x86_64, which the call pushed), in the x64 and ARM64 objects and images.
func TestWindowsUnwindStackSize(t *testing.T) {
	for _, c := range []struct {
		name string
		ra   int64
	}{{"win.o", 8}, {"win-fs.o", 8}, {"win-v2.o", 8}, {"win.exe", 8}, {"win.dll", 8}, {"win-arm64.o", 0}, {"win-arm64.exe", 0}} {
		f, err := objfile.Open(td + "windows/" + c.name)
		require.NoError(t, err)
		tab, err := f.Unwind()
		require.NoError(t, err, c.name)
		sec, err := f.Sections[0].Parse()
		require.NoError(t, err)
		tb := sec.Table(0)
		var ctx unwind.Context
		spBased := 0
		for _, rec := range tb.Records() {
			fn, _ := tb.Function(rec.Function())
			addr, _ := rec.Address()
			r, err := tab.RowInSection(fn.CodeSection().Index, unwind.LookupPC(addr, true), &ctx)
			require.NoError(t, err, "%s %s", c.name, fn.Name())
			sp := uint16(7)
			if c.ra == 0 {
				sp = 31
			}
			if r.Rules.CFA.Reg == sp {
				spBased++
				assert.Equal(t, int64(fn.StackSize())+c.ra, r.Rules.CFA.Offset, "%s %s", c.name, fn.Name())
			}
		}
		assert.GreaterOrEqual(t, spBased, 6, c.name)
		f.Close()
	}
}

// TestWindowsUnwindARM64: the ARM64 object's rows equal the image's for
// every record.
func TestWindowsUnwindARM64(t *testing.T) {
	want := windowsRows(t, "win-arm64.exe")
	require.Len(t, want, 9)
	assert.Equal(t, want, windowsRows(t, "win-arm64.o"))
	for _, w := range want {
		if w.fn == "w_fp" || w.fn == "w_dyn" {
			assert.Equal(t, uint16(29), w.cfaReg, w.fn)
			assert.Equal(t, int64(16), w.cfaOff, w.fn)
		}
	}
}

// TestWindowsChained: handler.o's cold part (its own RUNTIME_FUNCTION,
// chained to hf's) unwinds through its own code (sub rsp, 32) and then its
// parent's (push rbx), in the relocated object.
func TestWindowsChained(t *testing.T) {
	tab, err := objfile.OpenUnwind(td+"windows/handler.o", "")
	require.NoError(t, err)
	var ctx unwind.Context
	r, err := tab.RowAt(0x18, &ctx) // the call in the cold part
	require.NoError(t, err)
	assert.Equal(t, cfi.CFARule{Kind: cfi.CFARegOffset, Reg: 7, Offset: 48}, r.Rules.CFA)
	assert.Equal(t, cfi.Rule{Kind: cfi.RuleOffset, Offset: -16}, r.Rules.Regs[3]) // rbx
	assert.Equal(t, cfi.Rule{Kind: cfi.RuleOffset, Offset: -8}, r.Rules.RA())
	assert.Equal(t, uint64(0x10), r.FunctionStart)
	r, err = tab.RowAt(0x3, &ctx) // hf after its push
	require.NoError(t, err)
	assert.Equal(t, cfi.CFARule{Kind: cfi.CFARegOffset, Reg: 7, Offset: 16}, r.Rules.CFA)
}

// TestWindowsUnwindARM64Packed: p_sp's record, in a function whose
// unwind data is a packed .pdata entry (stp x19, x20, [sp, #-32]!;
// str lr, [sp, #16]), has the same row in the object (relocated) and the
// image: CFA sp+32, lr at CFA-16, x19 and x20 (its GC pointers) at CFA-32
// and CFA-24.
func TestWindowsUnwindARM64Packed(t *testing.T) {
	want := windowsRows(t, "packed-arm64.exe")
	require.Len(t, want, 1)
	assert.Equal(t, want, windowsRows(t, "packed-arm64.o"))
	w := want[0]
	assert.Equal(t, "p_sp", w.fn)
	assert.Equal(t, uint16(31), w.cfaReg)
	assert.Equal(t, int64(32), w.cfaOff)
	assert.Equal(t, cfi.Rule{Kind: cfi.RuleOffset, Offset: -16}, w.raRule)
	tab, err := objfile.OpenUnwind(td+"windows/packed-arm64.exe", "")
	require.NoError(t, err)
	var ctx unwind.Context
	r, err := tab.RowAt(0x1400010bf, &ctx) // the call's last byte
	require.NoError(t, err)
	assert.Equal(t, cfi.Rule{Kind: cfi.RuleOffset, Offset: -32}, r.Rules.Regs[19])
	assert.Equal(t, cfi.Rule{Kind: cfi.RuleOffset, Offset: -24}, r.Rules.Regs[20])
}
