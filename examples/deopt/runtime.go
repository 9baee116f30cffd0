package main

import (
	"debug/elf"
	"fmt"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// Module is what a runtime keeps for one loaded executable: its stack
// maps, decoded once and indexed by address, and its link-time symbol
// values (to work out the load bias).
type Module struct {
	Section *stackmap.SectionData
	Maps    *stackmap.Section
	Index   *stackmap.Index
	symbols map[string]uint64
}

// LoadModule reads the stack maps and symbols of an ELF executable.
func LoadModule(path string) (*Module, error) {
	ef, err := elfsection.Open(path)
	if err != nil {
		return nil, err
	}
	defer ef.Close()
	sd, err := ef.StackMaps()
	if err != nil {
		return nil, err
	}
	maps, err := sd.Parse()
	if err != nil {
		sd.Close()
		return nil, err
	}
	f, err := elf.Open(path)
	if err != nil {
		sd.Close()
		return nil, err
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		sd.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m := &Module{Section: sd, Maps: maps, Index: stackmap.NewIndex(maps), symbols: map[string]uint64{}}
	for _, s := range syms {
		m.symbols[s.Name] = s.Value
	}
	return m, nil
}

// Close releases the module's section bytes.
func (m *Module) Close() error { return m.Section.Close() }

// Bias returns the load bias: where the named symbol is at run time less
// where the link put it.
func (m *Module) Bias(symbol string, runtimeAddr uint64) (uint64, error) {
	v, ok := m.symbols[symbol]
	if !ok {
		return 0, fmt.Errorf("symbol %s is not in the executable's symbol table", symbol)
	}
	return runtimeAddr - v, nil
}

// biasSymbol is the data symbol whose run-time address each test program
// reports (a data symbol: no function descriptor question on ppc64 ELFv1).
const biasSymbol = "pp_slot_addr"

// Frame is a call site's frame rebuilt from its stack map record, each
// value evaluated once: what this runtime checks and prints.
type Frame struct {
	Record     stackmap.Record
	Function   stackmap.Function
	Statepoint bool
	Deopt      []stackwalk.Slot // a statepoint's deopt arguments; every location of another record
	GC         []stackwalk.Root // a statepoint's (base, derived) pairs
}

// Rebuild finds the record of a captured call site and evaluates it from
// the captured registers and stack: the frame of one return address,
// without unwinding (stackwalk's Walker.FrameAt).
func (m *Module) Rebuild(cf *CaptureFile, c *Capture) (*Frame, error) {
	addr, ok := cf.Symbols[biasSymbol]
	if !ok {
		return nil, fmt.Errorf("capture file has no %s symbol line", biasSymbol)
	}
	bias, err := m.Bias(biasSymbol, addr)
	if err != nil {
		return nil, err
	}
	w, err := stackwalk.NewWalker(stackwalk.Config{Arch: m.Section.Arch, Memory: &c.Stack})
	if err != nil {
		return nil, err
	}
	var rs stackwalk.RegisterSet
	rs.SetAll(c.Regs)
	sf, err := w.FrameAt(m.Index, c.RetAddr, bias, &rs)
	if err != nil {
		return nil, err
	}
	fr := &Frame{Statepoint: sf.IsStatepoint()}
	fr.Record, _ = sf.Record()
	fr.Function, _ = fr.Record.Table().Function(fr.Record.Function())
	for i := range sf.NumDeopt() {
		v, err := sf.Deopt(i)
		if err != nil {
			return nil, err
		}
		fr.Deopt = append(fr.Deopt, v)
	}
	for i := range sf.NumRoots() {
		r, err := sf.Root(i)
		if err != nil {
			return nil, err
		}
		fr.GC = append(fr.GC, r)
	}
	return fr, nil
}

// Check compares a rebuilt frame with what the program computed and
// returns one line per mismatch. A statepoint frame's deopt values must
// equal the "deopt" expectations in order, every GC base must be the
// program's base pointer, every derived pointer the base or the derived
// pointer, and the derived pointer must occur. A patchpoint frame's
// locations must equal the "live" expectations in order.
func Check(fr *Frame, c *Capture) []string {
	var bad []string
	values := map[string][]Expect{}
	for _, e := range c.Expect {
		values[e.Kind] = append(values[e.Kind], e)
	}
	compare := func(kind string, got []stackwalk.Slot) {
		want := values[kind]
		if len(got) != len(want) {
			bad = append(bad, fmt.Sprintf("%d %s values rebuilt, the program has %d", len(got), kind, len(want)))
			return
		}
		for i, w := range want {
			if !w.Matches(got[i].Bits) {
				l, _ := fr.Record.Location(locationIndex(fr, kind, i))
				bad = append(bad, fmt.Sprintf("%s %d (%s, %v reg %d%+d size %d): rebuilt 0x%x, the program computed 0x%x",
					kind, i, w.Type, l.Kind, l.Reg, l.Offset, l.Size, got[i].Bits, w.Value))
			}
		}
	}
	switch c.Kind {
	case "statepoint":
		if !fr.Statepoint {
			return []string{fmt.Sprintf("record ID %#x is not read as a statepoint", fr.Record.ID())}
		}
		compare("deopt", fr.Deopt)
		gc := values["gc"]
		if len(gc) != 2 {
			return append(bad, "the program lists no base and derived pointer")
		}
		sawDerived := false
		for i, p := range fr.GC {
			if p.Base.Bits != gc[0].Value {
				bad = append(bad, fmt.Sprintf("gc pair %d: base 0x%x, the program's base is 0x%x", i, p.Base.Bits, gc[0].Value))
			}
			switch p.Derived.Bits {
			case gc[1].Value:
				sawDerived = true
			case gc[0].Value:
			default:
				bad = append(bad, fmt.Sprintf("gc pair %d: derived 0x%x is neither the base nor the derived pointer", i, p.Derived.Bits))
			}
		}
		if !sawDerived {
			bad = append(bad, "no gc pair holds the derived pointer")
		}
	case "patchpoint":
		compare("live", fr.Deopt)
	default:
		bad = append(bad, "unknown capture kind "+c.Kind)
	}
	if fr.Record.ID() != c.ID {
		bad = append(bad, fmt.Sprintf("record ID %#x, the program's call has ID %#x", fr.Record.ID(), c.ID))
	}
	return bad
}

// locationIndex returns the record location behind value i of a kind.
func locationIndex(fr *Frame, kind string, i int) int {
	if kind == "deopt" && fr.Statepoint {
		if sp, ok := fr.Record.AsStatepoint(); ok {
			return sp.DeoptIndex(i)
		}
	}
	return i
}
