package jitrt

import (
	"encoding/binary"
	"testing"
)

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

func TestLiveStackReadUint(t *testing.T) {
	mem := []byte{0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88}
	viaRead := &LiveStack{Lo: 0x1000, Hi: 0x1008, Read: func(addr uint64, p []byte) { copy(p, mem[addr-0x1000:]) }}
	inPlace := &LiveStack{Lo: 0x1000, Hi: 0x1008, Bytes: mem}
	// Bytes shorter than [Lo, Hi): the bytes bound the reads.
	short := &LiveStack{Lo: 0x1000, Hi: 0x2000, Bytes: mem}
	for _, s := range []*LiveStack{viaRead, inPlace, short} {
		checkReadUint(t, s)
	}
}

func checkReadUint(t *testing.T, s *LiveStack) {
	t.Helper()
	for _, c := range []struct {
		addr  uint64
		size  int
		order binary.ByteOrder
		want  uint64
		ok    bool
	}{
		{0x1000, 8, binary.LittleEndian, 0x8877665544332211, true},
		{0x1000, 8, binary.BigEndian, 0x1122334455667788, true},
		{0x1004, 4, binary.LittleEndian, 0x88776655, true},
		{0x1004, 4, binary.BigEndian, 0x55667788, true},
		{0x1007, 1, binary.LittleEndian, 0x88, true},
		{0x1002, 2, binary.BigEndian, 0x3344, true},
		{0x1001, 8, binary.LittleEndian, 0, false}, // runs past Hi
		{0x0fff, 1, binary.LittleEndian, 0, false},
		{0x1000, 0, binary.LittleEndian, 0, false},
		{0x1000, 9, binary.LittleEndian, 0, false},
	} {
		got, err := s.ReadUint(c.addr, c.size, c.order)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("Bytes %v: ReadUint(%#x, %d, %v) = %#x, %v; want %#x ok=%v", s.Bytes != nil, c.addr, c.size, c.order, got, err, c.want, c.ok)
		}
	}
}
