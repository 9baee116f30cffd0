package jitrt

import (
	"testing"
)

func TestRegistry(t *testing.T) {
	var r Registry
	a := &Module{Name: "a", CodeLo: 0x1000, CodeHi: 0x2000}
	b := &Module{Name: "b", CodeLo: 0x5000, CodeHi: 0x5100}
	c := &Module{Name: "c", CodeLo: 0x3000, CodeHi: 0x4000}
	for _, m := range []*Module{a, b, c} {
		if err := r.Add(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, bad := range []*Module{
		{Name: "x", CodeLo: 0x1fff, CodeHi: 0x2800},
		{Name: "y", CodeLo: 0x2800, CodeHi: 0x3001},
		{Name: "z", CodeLo: 0x0, CodeHi: 0x6000},
	} {
		if err := r.Add(bad); err == nil {
			t.Errorf("%s [%#x, %#x) overlaps and was added", bad.Name, bad.CodeLo, bad.CodeHi)
		}
	}
	for pc, want := range map[uint64]string{0x1000: "a", 0x1fff: "a", 0x2000: "", 0x2fff: "", 0x3000: "c", 0x50ff: "b", 0x5100: "", 0: ""} {
		m, ok := r.Find(pc)
		got := ""
		if ok {
			got = m.Name
		}
		if got != want {
			t.Errorf("Find(%#x) = %q, want %q", pc, got, want)
		}
	}
	if r.Len() != 3 {
		t.Errorf("Len %d", r.Len())
	}
}

func TestLiveStackBounds(t *testing.T) {
	reads := 0
	s := &LiveStack{Lo: 0x100, Hi: 0x200, Read: func(uint64, []byte) { reads++ }}
	p := make([]byte, 8)
	for _, c := range []struct {
		addr uint64
		ok   bool
	}{{0x100, true}, {0x1f8, true}, {0x1f9, false}, {0xff, false}, {0x200, false}, {^uint64(0) - 3, false}} {
		if err := s.ReadMemory(c.addr, p); (err == nil) != c.ok {
			t.Errorf("ReadMemory(%#x, 8): %v", c.addr, err)
		}
	}
	if reads != 2 {
		t.Errorf("%d reads reached memory, want 2", reads)
	}
}

func BenchmarkRegistryFind(b *testing.B) {
	var r Registry
	for i := uint64(0); i < 64; i++ {
		r.Add(&Module{Name: "m", CodeLo: 0x10000 * (i + 1), CodeHi: 0x10000*(i+1) + 0x8000})
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := r.Find(0x10000*uint64(i%64+1) + 0x10); !ok {
			b.Fatal("not found")
		}
	}
}
