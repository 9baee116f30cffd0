package compactunwind_test

import (
	"debug/macho"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/regs"
)

// image is one linked dylib of testdata/compactunwind.
type image struct {
	path string
	f    *macho.File
	info *compactunwind.Info
	text uint64            // __TEXT segment address
	syms map[string]uint64 // function symbols
	eh   *cfi.Section      // nil without __eh_frame
}

func openImage(t *testing.T, path string) *image {
	t.Helper()
	in, f := unwindInfo(t, path)
	im := &image{path: path, f: f, info: in, text: f.Segment("__TEXT").Addr, syms: map[string]uint64{}}
	for _, s := range f.Symtab.Syms {
		if s.Type&0x0e == 0x0e && s.Sect == 1 { // defined in __text
			im.syms[s.Name] = s.Value
		}
	}
	mf, err := machosection.Open(path)
	require.NoError(t, err)
	cfg, err := mf.Frames()
	mf.Close()
	require.NoError(t, err)
	if cfg.Data != nil {
		im.eh, err = cfi.New(cfg)
		require.NoError(t, err)
	}
	return im
}

// rule looks up and interprets the entry of the function at addr.
func (im *image) rule(t *testing.T, arch regs.Arch, addr uint64) compactunwind.Rule {
	t.Helper()
	e, ok := im.info.Lookup(uint32(addr - im.text))
	require.True(t, ok, "%s: %#x", im.path, addr)
	require.Equal(t, uint32(addr-im.text), e.FunctionOffset, "%s: the entry starts at the function", im.path)
	r, err := compactunwind.Interpret(arch, e.Encoding)
	require.NoError(t, err)
	return r
}

// rowString renders a DWARF row as "CFA=reg+off r@off ..." (registers in
// DWARF order, memory rules only; anything else fails the test).
func rowString(t *testing.T, row *cfi.Row) string {
	require.Equal(t, cfi.CFARegOffset, row.CFA.Kind)
	var b strings.Builder
	fmt.Fprintf(&b, "CFA=%d%+d", row.CFA.Reg, row.CFA.Offset)
	for reg := range row.Regs {
		switch row.Regs[reg].Kind {
		case cfi.RuleUnspecified, cfi.RuleSameValue:
		case cfi.RuleOffset:
			fmt.Fprintf(&b, " %d@%d", reg, row.Regs[reg].Offset)
		default:
			t.Fatalf("register %d: rule %v", reg, row.Regs[reg].Kind)
		}
	}
	return b.String()
}

// ruleString renders a compact rule as rowString renders a row. x86_64
// rules list rip at CFA-8, as the CIE does; arm64 frameless rules leave
// the return address in x30, as DWARF does.
func ruleString(r compactunwind.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "CFA=%d%+d", r.CFAReg, r.CFAOffset)
	s := append([]compactunwind.Saved(nil), r.Saved()...)
	sort.Slice(s, func(i, j int) bool { return s[i].Reg < s[j].Reg })
	for _, sv := range s {
		fmt.Fprintf(&b, " %d@%d", sv.Reg, sv.Offset)
	}
	return b.String()
}

// lastRow returns the last row of the FDE at off: the one after the
// prologue (llc emits no epilogue CFI for these Mach-O targets).
func lastRow(t *testing.T, eh *cfi.Section, off uint64) (cfi.FDE, string) {
	fde, err := eh.ParseFDE(off)
	require.NoError(t, err)
	var u cfi.Unwinder
	var last cfi.Row
	for r, err := range eh.Rows(&fde, &u) {
		require.NoError(t, err)
		last = *r
	}
	return fde, rowString(t, &last)
}

// TestDWARFGroundTruth: testdata/compactunwind/gen.sh builds every function
// twice from the same llc-22 assembly: with compact unwind (<arch>.dylib)
// and with DWARF CFI only (<arch>-dwarf.dylib, all DWARF mode). For every
// function the rule its compact encoding gives equals the DWARF row after
// its prologue (CFA register and offset, every saved register's offset),
// and at every stack map record it equals the DWARF row there; the
// DWARF-mode entries point at the FDE that covers their function.
func TestDWARFGroundTruth(t *testing.T) {
	for _, c := range []struct {
		arch  regs.Arch
		name  string
		kinds map[compactunwind.Kind]int // functions per rule kind
		modes map[uint32]int             // functions per encoding mode
		nrec  int                        // records compared (not in DWARF-mode functions)
	}{
		{regs.AArch64, "arm64", map[compactunwind.Kind]int{compactunwind.KindCFA: 11}, map[uint32]int{2: 3, 4: 8}, 8},
		{regs.X86_64, "x86_64", map[compactunwind.Kind]int{compactunwind.KindCFA: 9, compactunwind.KindStackIndirect: 2, compactunwind.KindDWARF: 1}, map[uint32]int{1: 6, 2: 3, 3: 2, 4: 1}, 7},
	} {
		t.Run(c.name, func(t *testing.T) {
			cu := openImage(t, td+"compactunwind/"+c.name+".dylib")
			dw := openImage(t, td+"compactunwind/"+c.name+"-dwarf.dylib")
			require.NotNil(t, dw.eh)
			require.Equal(t, len(cu.syms), len(dw.syms))
			code, err := cu.f.Section("__text").Data()
			require.NoError(t, err)
			textAddr := cu.f.Section("__text").Addr

			kinds := map[compactunwind.Kind]int{}
			modes := map[uint32]int{}
			for name, addr := range cu.syms {
				daddr, ok := dw.syms[name]
				require.True(t, ok, name)
				// The DWARF build: DWARF mode, its FDE covers the function.
				dr := dw.rule(t, c.arch, daddr)
				require.Equal(t, compactunwind.KindDWARF, dr.Kind, name)
				fde, want := lastRow(t, dw.eh, uint64(dr.DWARFOffset))
				require.Equal(t, daddr, fde.PCBegin, name)

				r := cu.rule(t, c.arch, addr)
				kinds[r.Kind]++
				modes[r.Encoding.Mode()]++
				switch r.Kind {
				case compactunwind.KindDWARF:
					// llc could not encode it: the FDE in the image's own
					// __eh_frame.
					require.NotNil(t, cu.eh, name)
					cfde, got := lastRow(t, cu.eh, uint64(r.DWARFOffset))
					assert.Equal(t, addr, cfde.PCBegin, name)
					assert.Equal(t, want, got, name)
					continue
				case compactunwind.KindStackIndirect:
					r, err = r.ResolveStackIndirect(code[addr-textAddr:])
					require.NoError(t, err, name)
				}
				assert.Equal(t, want, ruleString(r), "%s: encoding %#08x", name, uint32(r.Encoding))
			}
			assert.Equal(t, c.kinds, kinds)
			assert.Equal(t, c.modes, modes)

			// At the stack map records (the DWARF image's records; the
			// same function offsets in the compact image).
			lf, err := machosection.Open(dw.path)
			require.NoError(t, err)
			defer lf.Close()
			sd, err := lf.StackMaps()
			require.NoError(t, err)
			defer sd.Close()
			sec, err := sd.Parse()
			require.NoError(t, err)
			byAddr := map[uint64]string{}
			for n, a := range dw.syms {
				byAddr[a] = n
			}
			var u cfi.Unwinder
			n := 0
			for _, tab := range sec.Tables() {
				for _, rec := range tab.Records() {
					fn, _ := tab.Function(rec.Function())
					name := byAddr[fn.Address()]
					require.NotEmpty(t, name, "%#x", fn.Address())
					pc, _ := rec.Address()
					if _, ok := rec.AsStatepoint(); ok {
						pc-- // the call, as unwinders look up a return address
					}
					row, err := dw.eh.RowAt(pc, &u)
					require.NoError(t, err)
					want := rowString(t, row)
					r := cu.rule(t, c.arch, cu.syms[name])
					if r.Kind == compactunwind.KindDWARF {
						continue
					}
					if r.Kind == compactunwind.KindStackIndirect {
						r, err = r.ResolveStackIndirect(code[cu.syms[name]-textAddr:])
						require.NoError(t, err)
					}
					assert.Equal(t, want, ruleString(r), "record %d in %s", rec.ID(), name)
					n++
				}
			}
			assert.Equal(t, c.nrec, n, "records compared")
		})
	}
}
