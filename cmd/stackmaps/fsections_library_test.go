package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/unwind"
)

// fsFunctionName is the name of the function at offset addr of code
// section sec, as llvm-readobj --symbols lists the object's symbols: the
// named symbol of that section starting last at or before addr (not the
// section's own symbol, nor a mapping symbol such as $x); on 64-bit
// PowerPC ELFv1, where function symbols are descriptors in .opd, the
// descriptor whose entry relocation points into sec.
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
		if r.secName[s] != ".opd" || r.symName[n] == ".opd" {
			continue
		}
		if sym, ok := r.relocs[".opd"][r.symValue[n]]; ok && r.symSection[sym] == sec {
			return r.symName[n]
		}
	}
	return ""
}

// TestFunctionSectionsLibrary asks the library, as a tool author would,
// for the unwind row and the symbol of every record of every
// function-sections object (ELF and COFF: testdata/fsections). The
// one-call forms (unwind.Table.RowForRecord, objfile.SymbolMap.LookupRecord)
// answer every record with its own function's row (the FDE whose pc_begin
// relocation points into the record's code section, per llvm-readobj, with
// the rules of RowInSection, which TestFunctionSections checks against
// llvm-dwarfdump) and its own function's name (per llvm-readobj's
// symbols). The address-only forms (Table.RowAt, RowForReturnAddress,
// SymbolMap.Lookup) answer right or refuse with ErrAmbiguousAddress; a
// wrong answer, or a false "not found", fails the test.
func TestFunctionSectionsLibrary(t *testing.T) {
	var rowsOne, rowsRight, rowsRefused, rowsWrong int
	var symsOne, symsRight, symsRefused, symsWrong int
	objects := 0
	var ctx, ctx2 unwind.Context
	for _, o := range fsObjects(t) {
		base := strings.TrimSuffix(o.path, ".o")
		relocs := readFSRelocs(t, base+".relocs.txt")
		f, err := objfile.Open(o.path)
		require.NoError(t, err, o.rel)
		syms, err := f.SymbolMap()
		require.NoError(t, err, o.rel)
		require.True(t, syms.Sectioned(), o.rel)
		var ut *unwind.Table
		if !strings.HasSuffix(o.target, "-coff") {
			ut, err = f.Unwind()
			require.NoError(t, err, o.rel)
			require.True(t, ut.Sectioned(), o.rel)
		}
		sec, err := f.Sections[0].Parse()
		require.NoError(t, err, o.rel)
		objects++
		for _, tb := range sec.Tables() {
			for _, r := range tb.Records() {
				where := o.rel + " record " + utoa64(r.ID())
				addr, ok := r.Address()
				require.True(t, ok, where)
				fn, ok := tb.Function(r.Function())
				require.True(t, ok, where)
				cs := fn.CodeSection()
				require.True(t, cs.Known(), where)

				// Symbols.
				want := fsFunctionName(relocs, cs.Index, addr)
				require.NotEmpty(t, want, where)
				name, off, err := syms.LookupRecord(r)
				require.NoError(t, err, where)
				assert.Equal(t, want, name, where)
				assert.Equal(t, addr-fn.Entry(), off, where)
				symsOne++
				name, _, err = syms.Lookup(addr)
				switch {
				case err == nil && name == want:
					symsRight++
				case errors.Is(err, objfile.ErrAmbiguousAddress):
					symsRefused++
					var ae *unwind.AmbiguousError
					require.ErrorAs(t, err, &ae)
					if _, _, err := syms.LookupInSection(cs.Index, addr); err == nil {
						assert.Contains(t, ae.Sections, cs.Index, where)
					}
				default:
					symsWrong++
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
				rowsOne++
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
						rowsRight++
					case errors.Is(err, unwind.ErrAmbiguousAddress):
						rowsRefused++
						var ae *unwind.AmbiguousError
						require.ErrorAs(t, err, &ae)
						assert.Contains(t, ae.Sections, cs.Index, where)
						assert.Equal(t, pc, ae.Addr, where)
					default:
						rowsWrong++
						t.Errorf("%s: RowAt(%#x): %v; want the FDE at %#x or ErrAmbiguousAddress", where, pc, err, ref.FDEOffset)
					}
				}
			}
		}
		f.Close()
	}
	t.Logf("%d objects: one-call forms right for %d rows and %d symbols; address-only rows (RowAt, RowForReturnAddress): %d right, %d refused as ambiguous, %d wrong; SymbolMap.Lookup: %d right, %d refused, %d wrong",
		objects, rowsOne, symsOne, rowsRight, rowsRefused, rowsWrong, symsRight, symsRefused, symsWrong)
	assert.Greater(t, rowsOne, 400)
	assert.Greater(t, symsOne, 400)
	assert.Zero(t, rowsWrong)
	assert.Zero(t, symsWrong)
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
