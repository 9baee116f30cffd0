package procwalk

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stackmaps/stackmaps/regs"
)

// flatMemory is process memory of one range starting at base.
type flatMemory struct {
	base uint64
	b    []byte
}

func (m flatMemory) ReadMemory(addr uint64, p []byte) error {
	if addr < m.base || addr-m.base > uint64(len(m.b)) || uint64(len(m.b))-(addr-m.base) < uint64(len(p)) {
		return errors.New("unmapped")
	}
	copy(p, m.b[addr-m.base:])
	return nil
}

// FuzzLinkMap reads the dynamic linker's list out of arbitrary memory (the
// dynamic section's DT_DEBUG value at 0x1008): whatever the memory claims (loops, endless
// lists, unterminated names), linkMap ends, bounded. Seeds:
// testdata/fuzz/FuzzLinkMap.
func FuzzLinkMap(f *testing.F) {
	seed := make([]byte, 0x200)
	o := binary.LittleEndian
	o.PutUint64(seed, 21)         // DT_DEBUG
	o.PutUint64(seed[8:], 0x1100) // r_debug
	o.PutUint64(seed[0x108:], 0x1140)
	o.PutUint64(seed[0x140:], 0x7000) // l_addr
	o.PutUint64(seed[0x148:], 0x1180) // l_name
	o.PutUint64(seed[0x158:], 0x1140) // l_next: itself
	copy(seed[0x180:], "/lib/libc.so.6\x00")
	f.Add(seed)
	f.Fuzz(func(t *testing.T, b []byte) {
		p := &Process{Arch: regs.X86_64, Memory: flatMemory{0x1000, b}, Auxv: []AuxEntry{{AtBase, 0x7000}}}
		imgs, _ := linkMap(p, dynObject{debugAt: 0x1008, interp: "/lib/ld.so"}, 0)
		if len(imgs) > maxLinkMap {
			t.Fatalf("%d images", len(imgs))
		}
		for _, im := range imgs {
			if len(im.Path) > maxPathRead {
				t.Fatalf("path of %d bytes", len(im.Path))
			}
		}
	})
}
