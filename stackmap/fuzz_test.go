package stackmap_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stackmaps/stackmaps/internal/stackmaptest"
	"github.com/stackmaps/stackmaps/stackmap"
)

// FuzzParse checks that no input panics, that every error is a
// *DecodeError, that whatever decodes can be walked in full, and that a
// Scanner reading the same bytes through NextView hands out only valid
// records and stops with Parse's error.
func FuzzParse(f *testing.F) {
	f.Add(stackmaptest.Encode(binary.LittleEndian, smallTable()), false)
	v1 := smallTable()
	v1.Version = 1
	f.Add(stackmaptest.Encode(binary.BigEndian, v1, smallTable()), true)
	f.Add(largeSection(3, 3), false)
	f.Fuzz(func(t *testing.T, data []byte, big bool) {
		var bo binary.ByteOrder = binary.LittleEndian
		if big {
			bo = binary.BigEndian
		}
		sec, err := stackmap.Parse(data, bo)
		if serr := scanViews(data, bo); (serr == nil) != (err == nil) || (err != nil && serr.Error() != err.Error()) {
			t.Fatalf("Scanner: %v, Parse: %v", serr, err)
		}
		if err != nil {
			var de *stackmap.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v is not a *DecodeError", err)
			}
			if de.Offset < 0 || de.Offset > len(data) {
				t.Fatalf("error offset %d outside the %d input bytes", de.Offset, len(data))
			}
			return
		}
		walk(sec)
	})
}

// scanViews reads data to its end with a Scanner, every field of every
// record through NextView's RecordView, and returns its Err; it fails on
// a location kind or live-out a validated record cannot have.
func scanViews(data []byte, bo binary.ByteOrder) error {
	sc := stackmap.NewScanner(data, bo)
	for sc.NextTable() {
		for v := sc.NextView(); v.Valid(); v = sc.NextView() {
			_ = v.ID() + uint64(v.InstructionOffset()) + uint64(v.Flags())
			for i := range v.NumLocations() {
				if !v.Location(i).Kind.Valid() {
					return errors.New("Scanner handed out a bad location kind")
				}
			}
			n := 0
			for c := v.Locations(); c.Valid(); c = c.Next() {
				if c.Location() != v.Location(n) {
					return errors.New("the location cursor read another location than Location(i)")
				}
				n++
			}
			if n != v.NumLocations() {
				return errors.New("the location cursor passed another number of locations than NumLocations")
			}
			for i := range v.NumLiveOuts() {
				if v.LiveOut(i).Reserved != 0 {
					return errors.New("Scanner handed out a live-out with a reserved byte set")
				}
			}
		}
	}
	return sc.Err()
}

// patternMemory is a MemoryReader whose bytes are derived from their
// addresses, and which refuses every address divisible by 3.
type patternMemory struct{}

func (patternMemory) ReadMemory(addr uint64, p []byte) error {
	if addr%3 == 0 {
		return errors.New("unreadable")
	}
	for i := range p {
		p[i] = byte(addr) + byte(i)
	}
	return nil
}

// FuzzRuntime drives the runtime side over whatever decodes: the index,
// lookups, deopt frames, statepoint views and evaluation must never panic,
// and every exact match must be at the address looked up.
func FuzzRuntime(f *testing.F) {
	f.Add(largeSection(3, 3), uint64(0x10008), false)
	f.Add(stackmaptest.Encode(binary.LittleEndian, statepointTable()), uint64(0x100a), false)
	f.Fuzz(func(t *testing.T, data []byte, pc uint64, big bool) {
		var bo binary.ByteOrder = binary.LittleEndian
		if big {
			bo = binary.BigEndian
		}
		sec, err := stackmap.Parse(data, bo)
		if serr := scanViews(data, bo); (serr == nil) != (err == nil) || (err != nil && serr.Error() != err.Error()) {
			t.Fatalf("Scanner: %v, Parse: %v", serr, err)
		}
		if err != nil {
			return
		}
		ix := stackmap.NewIndex(sec)
		regs := stackmap.Registers{}
		for i := uint16(0); i < 40; i++ {
			regs[i] = uint64(i) << 12
		}
		if m, ok := ix.At(pc, 0); ok {
			r, _ := m.Record(0)
			for i := range r.NumLocations() {
				_, _ = r.Evaluate(i, regs, patternMemory{})
			}
		}
		if m, ok := ix.Lookup(pc, 0); ok && m.Address() != pc {
			t.Fatalf("exact lookup of 0x%x matched 0x%x", pc, m.Address())
		}
		if m, ok := ix.LookupPreceding(pc, 0); ok {
			if m.Address() > pc {
				t.Fatalf("preceding lookup of 0x%x matched 0x%x, after it", pc, m.Address())
			}
			for _, r := range m.Records() {
				if sp, err := r.Statepoint(); err == nil {
					for i := range sp.NumGCPairs() {
						b, d := sp.GCPairIndex(i)
						_, _ = r.Evaluate(b, regs, patternMemory{})
						_, _ = r.Evaluate(d, regs, patternMemory{})
					}
				}
			}
		}
		ix.Function(pc, 0)
		for i := range sec.Tables() {
			for _, r := range sec.Table(i).Records() {
				r.PaddingZero()
				for range sec.Table(i).RecordsAt(r.Function(), r.InstructionOffset()) {
				}
			}
		}
	})
}
