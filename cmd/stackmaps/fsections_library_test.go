package main

import (
	"debug/elf"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/unwind"
)

// fsFunctionName is the name of the function at offset addr of code
// section sec, as llvm-readobj --symbols lists the object's symbols: the
// named symbol of that section starting last at or before addr (not the
// section's own symbol, nor a mapping symbol such as $x); on 64-bit
// PowerPC ELFv1, where function symbols are descriptors in .opd, the
// descriptor whose entry (its relocation's symbol and addend) lies in sec
// last at or before addr.
func fsFunctionName(r fsRelocs, sec int, addr uint64) string {
	name, best := "", uint64(0)
	for n, s := range r.symSection {
		v, nm := r.symValue[n], r.symName[n]
		if s != sec || nm == "" || nm == r.secName[sec] || strings.HasPrefix(nm, "$") || strings.HasPrefix(nm, ".L") || v > addr {
			continue
		}
		if name == "" || v >= best {
			name, best = nm, v
		}
	}
	if name != "" {
		return name
	}
	for n, s := range r.symSection {
		opd := r.secName[s]
		if !strings.HasPrefix(opd, ".opd") || r.symName[n] == "" || r.symName[n] == ".opd" {
			continue
		}
		sym, ok := r.relocs[opd][r.symValue[n]]
		if !ok || r.symSection[sym] != sec {
			continue
		}
		if entry := r.symValue[sym] + r.addends[opd][r.symValue[n]]; entry <= addr && (name == "" || entry >= best) {
			name, best = r.symName[n], entry
		}
	}
	return name
}

// TestFunctionSectionsLibrary asks the library, as a tool author would,
// for the unwind row and the symbol of every record of every object with
// several code sections: the function-sections objects of
// testdata/fsections (ELF and COFF) and the objects elsewhere whose
// functions lie in two code sections (.text and a COMDAT .text.NAME:
// testdata/linked/*/link_[ab].o, testdata/placement/*.o). The one-call
// forms (unwind.Table.RowForRecord, objfile.SymbolMap.LookupRecord)
// answer every record with its own function's row (the FDE whose
// pc_begin relocation points into the record's code section, with the
// rules of RowInSection, which TestFunctionSections checks against
// llvm-dwarfdump) and its own function's name (the symbols of that
// section: llvm-readobj's for testdata/fsections, debug/elf's for the
// others). The address-only forms (Table.RowAt, RowForReturnAddress,
// SymbolMap.Lookup) answer right or refuse with ErrAmbiguousAddress; a
// wrong answer, or a false "not found", fails the test.
func TestFunctionSectionsLibrary(t *testing.T) {
	var c libCounts
	for _, o := range fsObjects(t) {
		relocs := readFSRelocs(t, strings.TrimSuffix(o.path, ".o")+".relocs.txt")
		checkLibraryAnswers(t, o.rel, o.path, relocs, strings.HasSuffix(o.target, "-coff"), &c)
	}
	extra := 0
	for _, rel := range []string{
		"linked/x86_64-elf/link_a.o", "linked/x86_64-elf/link_b.o",
		"linked/aarch64-elf/link_a.o", "linked/aarch64-elf/link_b.o",
		"linked/ppc64le-elf/link_a.o", "linked/ppc64le-elf/link_b.o",
		"linked/ppc64-elf/link_a.o", "linked/ppc64-elf/link_b.o",
		"placement/base.o", "placement/renamed.o",
	} {
		path := filepath.Join(corpus.Root(), rel)
		checkLibraryAnswers(t, rel, path, elfRelocs(t, path), false, &c)
		extra++
	}
	t.Logf("%d objects (%d outside testdata/fsections): one-call forms right for %d rows and %d symbols; address-only rows (RowAt, RowForReturnAddress): %d right, %d refused as ambiguous, %d wrong; SymbolMap.Lookup: %d right, %d refused, %d wrong",
		c.objects, extra, c.rowsOne, c.symsOne, c.rowsRight, c.rowsRefused, c.rowsWrong, c.symsRight, c.symsRefused, c.symsWrong)
	assert.Greater(t, c.rowsOne, 400)
	assert.Greater(t, c.symsOne, 400)
	assert.Zero(t, c.rowsWrong)
	assert.Zero(t, c.symsWrong)
}

// libCounts counts the answers of TestFunctionSectionsLibrary.
type libCounts struct {
	objects                                    int
	rowsOne, rowsRight, rowsRefused, rowsWrong int
	symsOne, symsRight, symsRefused, symsWrong int
}

// checkLibraryAnswers asks for the row and the symbol of every record of
// the object at path, whose relocations and symbols relocs lists (coff:
// no unwind table).
func checkLibraryAnswers(t *testing.T, rel, path string, relocs fsRelocs, coff bool, c *libCounts) {
	var ctx, ctx2 unwind.Context
	f, err := objfile.Open(path)
	require.NoError(t, err, rel)
	defer f.Close()
	syms, err := f.SymbolMap()
	require.NoError(t, err, rel)
	require.True(t, syms.Sectioned(), rel)
	var ut *unwind.Table
	if !coff {
		ut, err = f.Unwind()
		require.NoError(t, err, rel)
		require.True(t, ut.Sectioned(), rel)
	}
	sec, err := f.Sections[0].Parse()
	require.NoError(t, err, rel)
	c.objects++
	for _, tb := range sec.Tables() {
		for _, r := range tb.Records() {
			where := rel + " record " + utoa64(r.ID())
			addr, ok := r.Address()
			require.True(t, ok, where)
			fn, ok := tb.Function(r.Function())
			require.True(t, ok, where)
			cs := fn.CodeSection()
			require.True(t, cs.Known(), where)

			// Symbols.
			want := fsFunctionName(relocs, cs.Index, addr)
			require.NotEmpty(t, want, "%s: code section %v, address %#x", where, cs, addr)
			name, off, err := syms.LookupRecord(r)
			require.NoError(t, err, where)
			assert.Equal(t, want, name, where)
			assert.Equal(t, addr-fn.Entry(), off, where)
			c.symsOne++
			name, _, err = syms.Lookup(addr)
			switch {
			case err == nil && name == want:
				c.symsRight++
			case errors.Is(err, objfile.ErrAmbiguousAddress):
				c.symsRefused++
				var ae *unwind.AmbiguousError
				require.ErrorAs(t, err, &ae)
				if _, _, err := syms.LookupInSection(cs.Index, addr); err == nil {
					assert.Contains(t, ae.Sections, cs.Index, where)
				}
			default:
				c.symsWrong++
				t.Errorf("%s: SymbolMap.Lookup(%#x) = %q, %v; want %q or ErrAmbiguousAddress", where, addr, name, err, want)
			}
			if ut == nil {
				continue
			}

			// Rows.
			_, isCall := r.AsStatepoint()
			pc := unwind.LookupPC(addr, isCall)
			one, err := ut.RowForRecord(r, &ctx)
			require.NoError(t, err, where)
			require.True(t, one.HasFDE, where)
			assert.Equal(t, cs.Index, relocs.section(t, ".eh_frame", one.FDEOffset+8), "%s: FDE at %#x is another section's", where, one.FDEOffset)
			ref, err := ut.RowInSection(cs.Index, pc, &ctx2)
			require.NoError(t, err, where)
			assert.Equal(t, ref.FDEOffset, one.FDEOffset, where)
			assert.Equal(t, ref.PC, one.PC, where)
			assert.True(t, sameRules(ref.Rules, one.Rules), where)
			c.rowsOne++
			for _, got := range []func() (*unwind.Row, error){
				func() (*unwind.Row, error) { return ut.RowAt(pc, &ctx) },
				func() (*unwind.Row, error) {
					if !isCall {
						return ut.RowAt(pc, &ctx)
					}
					return ut.RowForReturnAddress(addr, &ctx)
				},
			} {
				row, err := got()
				switch {
				case err == nil && row.FDEOffset == ref.FDEOffset:
					c.rowsRight++
				case errors.Is(err, unwind.ErrAmbiguousAddress):
					c.rowsRefused++
					var ae *unwind.AmbiguousError
					require.ErrorAs(t, err, &ae)
					assert.Contains(t, ae.Sections, cs.Index, where)
					assert.Equal(t, pc, ae.Addr, where)
				default:
					c.rowsWrong++
					t.Errorf("%s: RowAt(%#x): %v; want the FDE at %#x or ErrAmbiguousAddress", where, pc, err, ref.FDEOffset)
				}
			}
		}
	}
}

// elfRelocs reads, with debug/elf, what readFSRelocs reads from
// llvm-readobj's view: every symbol's name, section and value by number,
// each section's name, and the symbol each relocation of .llvm_stackmaps,
// .eh_frame and .opd names (64-bit objects, RELA).
func elfRelocs(t *testing.T, path string) fsRelocs {
	t.Helper()
	f, err := elf.Open(path)
	require.NoError(t, err)
	defer f.Close()
	syms, err := f.Symbols()
	require.NoError(t, err)
	r := fsRelocs{relocs: map[string]map[uint64]int{}, addends: map[string]map[uint64]uint64{}, secName: map[int]string{}}
	r.symName, r.symSection, r.symValue = []string{""}, []int{0}, []uint64{0} // symbol 0
	for _, s := range syms {
		sec := int(s.Section)
		if s.Section >= elf.SHN_LORESERVE {
			sec = 0
		}
		r.symName, r.symSection, r.symValue = append(r.symName, s.Name), append(r.symSection, sec), append(r.symValue, s.Value)
	}
	// A name several sections have (.opd in a COMDAT group beside the
	// object's own) is keyed "NAME[INDEX]".
	count := map[string]int{}
	for _, s := range f.Sections {
		count[s.Name]++
	}
	key := func(i int) string {
		if n := f.Sections[i].Name; count[n] > 1 {
			return n + "[" + strconv.Itoa(i) + "]"
		}
		return f.Sections[i].Name
	}
	for i, s := range f.Sections {
		r.secName[i] = key(i)
		if s.Type != elf.SHT_RELA || int(s.Info) >= len(f.Sections) {
			continue
		}
		target := key(int(s.Info))
		b, err := s.Data()
		require.NoError(t, err)
		r.relocs[target], r.addends[target] = map[uint64]int{}, map[uint64]uint64{}
		for k := 0; k+24 <= len(b); k += 24 {
			off, info, add := f.ByteOrder.Uint64(b[k:]), f.ByteOrder.Uint64(b[k+8:]), f.ByteOrder.Uint64(b[k+16:])
			r.relocs[target][off], r.addends[target][off] = int(info>>32), add
		}
	}
	return r
}

// sameRules reports whether two rows state the same CFA and register
// rules.
func sameRules(a, b *cfi.Row) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.CFA.Kind == b.CFA.Kind && a.CFA.Reg == b.CFA.Reg && a.CFA.Offset == b.CFA.Offset &&
		string(a.CFA.Expr) == string(b.CFA.Expr) && a.Start == b.Start && a.End == b.End && sameRegs(a, b)
}

func sameRegs(a, b *cfi.Row) bool {
	for i := range a.Regs {
		x, y := a.Regs[i], b.Regs[i]
		if x.Kind != y.Kind || x.Reg != y.Reg || x.Offset != y.Offset || string(x.Expr) != string(y.Expr) {
			return false
		}
	}
	return true
}
