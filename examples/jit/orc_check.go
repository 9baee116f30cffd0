//go:build llvmjit && (llvm19 || llvm22)

package main

import (
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// mismatch records a difference between a rebuilt value and what Go
// computes (the first 50).
func (rep *ORCReport) mismatch(format string, args ...any) {
	if len(rep.Mismatches) < 50 {
		rep.Mismatches = append(rep.Mismatches, fmt.Sprintf(format, args...))
	} else if len(rep.Mismatches) == 50 {
		rep.Mismatches = append(rep.Mismatches, "...")
	}
}

// checkWalk walks the JIT'd frames of one call: frame i is chain[Depth-i]
// at depth i, stopped at its statepoint into the next function (the
// capture routine for frame 0). It compares every deopt value and GC
// pointer with what Go computes.
func (rep *ORCReport) checkWalk(w *stackwalk.Walker, chain []orcFn, in orcInputs) error {
	depth := len(chain) - 1
	i := 0
	var prevCFA, firstSP uint64
	for w.Next() {
		fr := w.Frame()
		if i > depth {
			rep.mismatch("%s: frame %d beyond the %d JIT'd frames (pc %#x)", chain[0].Name, i, depth+1, fr.PC)
			break
		}
		f := chain[depth-i]
		rep.Frames++
		if fr.Module.Name != f.Name {
			rep.mismatch("%s frame %d: pc %#x in module %s, want %s", chain[0].Name, i, fr.PC, fr.Module.Name, f.Name)
		}
		if i > 0 && fr.SP != prevCFA {
			rep.mismatch("%s frame %d: sp %#x is not its callee's CFA %#x", chain[0].Name, i, fr.SP, prevCFA)
		}
		prevCFA = fr.CFA
		if i == 0 {
			firstSP = fr.SP
		}
		rec, ok := fr.Record()
		wantID := f.CallID()
		if i == 0 {
			wantID = f.LeafID()
		}
		if !ok || rec.ID() != wantID || !fr.IsStatepoint() {
			rep.mismatch("%s frame %d (%s, pc %#x): record found %v, want statepoint %#x", chain[0].Name, i, f.Name, fr.PC, ok, wantID)
			i++
			continue
		}
		want := f.deopt(in, uint64(i))
		if fr.NumDeopt() != len(want) {
			rep.mismatch("%s frame %d: %d deopt values, want %d", chain[0].Name, i, fr.NumDeopt(), len(want))
		} else {
			for j, v := range want {
				s, err := fr.Deopt(j)
				if err != nil {
					return fmt.Errorf("frame %d (%s) deopt value %d: %w", i, f.Name, j, err)
				}
				got := s.Bits
				if j == 3 { // the i32: its upper bits are not the value's
					got, v = uint64(uint32(got)), uint64(uint32(v))
				}
				rep.Values++
				if got != v {
					rep.mismatch("%s frame %d (%s) deopt %d: rebuilt %#x, want %#x (%v)", chain[0].Name, i, f.Name, j, got, v, s.Loc)
				}
				if s.Loc.Kind != stackmap.Register {
					continue
				}
				// A register value of an outer frame is in the register
				// still, or in the save slot of a callee (an inner frame,
				// another module's function) that saved it.
				rep.Registers++
				if s.Home.InMemory() {
					rep.SavedHomes++
					if i == 0 || s.Home.Addr < firstSP || s.Home.Addr >= fr.SP {
						rep.mismatch("%s frame %d (%s) deopt %d: register %d's home %v is in no callee's frame [%#x, %#x)", chain[0].Name, i, f.Name, j, s.Loc.Reg, s.Home, firstSP, fr.SP)
					}
				} else if s.Home.Kind != stackwalk.HomeRegister || s.Home.Reg != s.Loc.Reg {
					rep.mismatch("%s frame %d (%s) deopt %d: register %d's home is %v", chain[0].Name, i, f.Name, j, s.Loc.Reg, s.Home)
				}
			}
		}
		derived := in.Base + f.Off()
		sawDerived := false
		if fr.NumRoots() == 0 {
			rep.mismatch("%s frame %d: no GC pointers", chain[0].Name, i)
		}
		for j := 0; j < fr.NumRoots(); j++ {
			r, err := fr.Root(j)
			if err != nil {
				return fmt.Errorf("frame %d (%s) GC root %d: %w", i, f.Name, j, err)
			}
			rep.Values += 2
			if r.Base.Bits != in.Base {
				rep.mismatch("%s frame %d GC pair %d: base %#x, want %#x", chain[0].Name, i, j, r.Base.Bits, in.Base)
			}
			switch r.Derived.Bits {
			case in.Base:
			case derived:
				sawDerived = true
			default:
				rep.mismatch("%s frame %d GC pair %d: derived %#x is neither %#x nor %#x", chain[0].Name, i, j, r.Derived.Bits, in.Base, derived)
			}
		}
		if !sawDerived {
			rep.mismatch("%s frame %d: no GC pair holds the derived pointer %#x", chain[0].Name, i, derived)
		}
		i++
	}
	if err := w.Err(); err != nil {
		return err
	}
	if w.End() != stackwalk.EndNoModule {
		rep.mismatch("%s: the walk ended with %q, not at code outside the JIT'd modules", chain[0].Name, w.End())
	}
	if i != depth+1 {
		rep.mismatch("%s: %d JIT'd frames walked, want %d", chain[0].Name, i, depth+1)
	}
	return nil
}
