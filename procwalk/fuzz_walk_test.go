package procwalk_test

import (
	"encoding/binary"
	"path/filepath"
	"testing"

	"github.com/stackmaps/stackmaps/corefile"
	"github.com/stackmaps/stackmaps/internal/coretest"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
)

// walkSeedCore is a core (coretest.Synthetic) of testdata's x86_64
// executable with nthreads threads stopped in its code and an 8 KB stack
// whose words are return addresses into it, the stack pointers and
// garbage: the walker's memory, which the fuzzer then makes hostile.
func walkSeedCore(exe string, nthreads int, fill func(i int) uint64) []byte {
	stack := make([]byte, 0x2000)
	for i := 0; i < len(stack); i += 8 {
		binary.LittleEndian.PutUint64(stack[i:], fill(i/8))
	}
	notes := []coretest.Note{{Name: "CORE", Type: coretest.NTFile, Desc: coretest.FileNote([]coretest.Mapping{{Start: 0x400000, End: 0x405000, Path: exe}})}}
	for k := range nthreads {
		notes = append(notes, coretest.Note{Name: "CORE", Type: coretest.NTPrStatus,
			Desc: coretest.PRStatus(100+k, 11*(1-min(k, 1)), 0x401230+uint64(4*k), 0x7fe800+uint64(0x100*k))})
	}
	return coretest.WriteCore([]coretest.Seg{{Addr: 0x7fe000, Data: stack}}, notes)
}

// FuzzCoreWalk reads a core and walks every thread through testdata's
// x86_64 executable, over the core's memory: whatever the core claims
// (registers, stack contents, mappings), the walk ends, within MaxFrames,
// without a panic. Seeds: walkSeedCore's cores (return addresses, loops of
// stack pointers, zeros, the executable's own code addresses) and
// testdata/fuzz/FuzzCoreWalk.
func FuzzCoreWalk(f *testing.F) {
	exe, err := filepath.Abs(filepath.Join("..", "testdata", "linked", "x86_64-elf", "exe"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(walkSeedCore(exe, 1, func(i int) uint64 { return []uint64{0x401130, 0x4011d8, 0x4011f8}[i%3] }))
	f.Add(walkSeedCore(exe, 3, func(i int) uint64 { return 0x7fe000 + uint64(i*8) }))
	f.Add(walkSeedCore(exe, 2, func(i int) uint64 { return 0 }))
	f.Add(walkSeedCore(exe, 4, func(i int) uint64 { return []uint64{0x401200, 0x7fe900, 0x4011d5, 0xffffffffffffffff}[i%4] }))
	const maxFrames = 64
	f.Fuzz(func(t *testing.T, data []byte) {
		cf, err := corefile.New(data)
		if err != nil {
			return
		}
		p := procwalk.FromCore(cf)
		if len(p.Threads) > 8 {
			p.Threads = p.Threads[:8]
		}
		w, err := procwalk.Open(p, objfile.ProcessFiles{}, procwalk.Options{MaxFrames: maxFrames})
		if err != nil {
			return
		}
		defer w.Close()
		for i := range p.Threads {
			n := 0
			for fr, err := range w.Frames(&p.Threads[i]) {
				if err != nil {
					break
				}
				n++
				w.FrameSymbol(fr)
			}
			if n > maxFrames {
				t.Fatalf("thread %d: %d frames, MaxFrames %d", i, n, maxFrames)
			}
		}
	})
}
