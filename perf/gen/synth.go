package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
)

// synthConfig shapes the synthetic section.
type synthConfig struct {
	records    int    // records in all
	maxPerFunc int    // records per function: 1..maxPerFunc
	constants  int    // entries of the constants pool, every one referenced
	seed       uint64 // PRNG seed
	// regular makes each location's kind follow its position in the
	// record (Register, Direct, Indirect, Constant, ConstantIndex, again),
	// as in the section the performance issue was measured on, instead of
	// drawing it: a walk's branches on the kind are then predictable.
	regular bool
	// bare writes every record without its locations and live-outs (24
	// bytes a record), with the addresses the full section has: the
	// address index at 10 million records needs no gigabyte file.
	bare bool
}

func runSynth(args []string) error {
	fs := flag.NewFlagSet("synth", flag.ContinueOnError)
	out := fs.String("o", "", "output file")
	cfg := synthConfig{maxPerFunc: 64, constants: 256}
	fs.IntVar(&cfg.records, "records", 1_000_000, "number of records")
	fs.Uint64Var(&cfg.seed, "seed", 1, "PRNG seed")
	fs.BoolVar(&cfg.regular, "regular", false, "location kinds in a fixed cycle by position, not drawn")
	fs.BoolVar(&cfg.bare, "bare", false, "records without locations or live-outs (the same addresses)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || cfg.records <= 0 {
		return fmt.Errorf("synth: need -o and -records > 0")
	}
	b, st := synth(cfg)
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		return err
	}
	fmt.Printf("bytes=%d records=%d functions=%d constants=%d locations=%d liveouts=%d\n",
		len(b), cfg.records, st.functions, cfg.constants, st.locations, st.liveOuts)
	return nil
}

// synthStats counts what synth wrote.
type synthStats struct{ functions, locations, liveOuts int }

// x86-64 DWARF registers that hold values across calls in llc output
// (rax..rdi except rsp, r8..r15), the frame bases rbp (6) and rsp (7).
var (
	valueRegs = []uint16{0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15}
	liveRegs  = []uint16{0, 1, 2, 3, 5, 6, 7, 12, 13, 14, 15, 17, 18}
)

// synth builds a little-endian version 3 table shaped like llc's x86-64
// output (with cfg.regular, kinds in a fixed cycle instead): functions of 1..maxPerFunc records at increasing addresses,
// records with 0-12 locations (Indirect spills and Registers most often,
// then small Constants, Direct frame slots, pool constants) and 0-4
// live-outs with distinct registers; 1% of functions have a dynamic frame.
// IDs are unique and no reserved field or padding is set, so
// `stackmaps check` has nothing to report.
func synth(cfg synthConfig) ([]byte, synthStats) {
	rng := rand.New(rand.NewPCG(cfg.seed, 0x5354414b4d415053))
	le := binary.LittleEndian
	var st synthStats

	// Records first (their offsets give each function's code size), then
	// the header, functions and constants in front of them.
	type fn struct{ addr, stack, count uint64 }
	var fns []fn
	recs := make([]byte, 0, cfg.records*112)
	addr := uint64(0x401000)
	nextConst := 0
	for id := 0; id < cfg.records; {
		n := 1 + rng.IntN(cfg.maxPerFunc)
		n = min(n, cfg.records-id)
		f := fn{addr: addr, stack: 8 * uint64(1+rng.IntN(64)), count: uint64(n)}
		if rng.IntN(100) == 0 {
			f.stack = ^uint64(0)
		}
		off := uint32(4 + rng.IntN(32))
		for r := 0; r < n; r++ {
			off += uint32(4 + rng.IntN(45))
			nloc := rng.IntN(13)
			start := len(recs)
			recs = le.AppendUint64(recs, uint64(id)+1)
			recs = le.AppendUint32(recs, off)
			recs = le.AppendUint16(recs, 0)
			recs = le.AppendUint16(recs, uint16(nloc))
			for l := 0; l < nloc; l++ {
				pick := rng.IntN(100)
				if cfg.regular {
					pick = regularPicks[l%len(regularPicks)]
				}
				recs = appendLocation(recs, rng, pick, &nextConst, cfg.constants)
			}
			recs = pad8(recs)
			nlo := rng.IntN(5)
			recs = le.AppendUint16(recs, 0)
			recs = le.AppendUint16(recs, uint16(nlo))
			first := rng.IntN(len(liveRegs) - nlo + 1)
			for l := 0; l < nlo; l++ {
				recs = le.AppendUint16(recs, liveRegs[first+l])
				recs = append(recs, 0, 8)
			}
			recs = pad8(recs)
			if cfg.bare {
				// The same draws, none of their bytes: the record's
				// header, no location, an empty live-out list.
				recs = recs[:start+16]
				le.PutUint16(recs[start+14:], 0)
				recs = le.AppendUint32(recs, 0)
				recs = pad8(recs)
				nloc, nlo = 0, 0
			}
			st.locations += nloc
			st.liveOuts += nlo
			id++
		}
		fns = append(fns, f)
		addr += (uint64(off) + 16 + uint64(rng.IntN(64)) + 15) &^ 15
	}
	st.functions = len(fns)

	b := make([]byte, 0, 16+24*len(fns)+8*cfg.constants+len(recs))
	b = append(b, 3, 0, 0, 0)
	b = le.AppendUint32(b, uint32(len(fns)))
	b = le.AppendUint32(b, uint32(cfg.constants))
	b = le.AppendUint32(b, uint32(cfg.records))
	for _, f := range fns {
		b = le.AppendUint64(b, f.addr)
		b = le.AppendUint64(b, f.stack)
		b = le.AppendUint64(b, f.count)
	}
	for c := 0; c < cfg.constants; c++ {
		// Values llc puts in the pool: they do not fit in 32 signed bits.
		b = le.AppendUint64(b, 1<<32+uint64(c)*0x9e3779b97f4a7c15>>8)
	}
	return append(b, recs...), st
}

// regularPicks are appendLocation picks that give kinds 1 to 5 in order.
var regularPicks = []int{50, 90, 10, 70, 99}

// appendLocation appends one 12-byte version 3 location whose kind pick
// (0 to 99) chooses, by the shares below. ConstantIndex locations cycle
// through the pool so that every entry is referenced.
func appendLocation(b []byte, rng *rand.Rand, pick int, nextConst *int, nconst int) []byte {
	le := binary.LittleEndian
	var kind uint8
	var size, reg uint16
	var off int32
	switch p := pick; {
	case p < 35: // Indirect: a spill slot below rbp or above rsp
		kind, size, reg = 3, 8, 6
		if rng.IntN(4) == 0 {
			size = 4
		}
		off = -8 * int32(1+rng.IntN(32))
		if rng.IntN(5) == 0 {
			reg, off = 7, 8*int32(rng.IntN(32))
		}
	case p < 65: // Register
		kind, size, reg = 1, 8, valueRegs[rng.IntN(len(valueRegs))]
		if rng.IntN(5) == 0 {
			size = 4
		} else if rng.IntN(10) == 0 {
			size, reg = 16, 17+uint16(rng.IntN(16)) // xmm0-15
		}
	case p < 83: // Constant (inline, signed 32-bit)
		kind, size = 4, 8
		off = int32(rng.IntN(2000)) - 100
	case p < 95: // Direct: a frame slot (alloca)
		kind, size, reg = 2, 8, 6
		off = -8 * int32(1+rng.IntN(64))
	default: // ConstantIndex
		kind, size = 5, 8
		off = int32(*nextConst)
		*nextConst = (*nextConst + 1) % nconst
	}
	b = append(b, kind, 0)
	b = le.AppendUint16(b, size)
	b = le.AppendUint16(b, reg)
	b = le.AppendUint16(b, 0)
	return le.AppendUint32(b, uint32(off))
}

// pad8 appends zero bytes up to a multiple of 8 (records start 8-aligned
// in the table, and the table starts the section).
func pad8(b []byte) []byte {
	for len(b)%8 != 0 {
		b = append(b, 0)
	}
	return b
}
