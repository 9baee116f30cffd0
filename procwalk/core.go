package procwalk

import (
	"encoding/hex"

	"github.com/stackmaps/stackmaps/corefile"
)

// FromCore describes the process of a core file for a walk: its threads
// (the one the signal was delivered to marked Crashed), the mappings of its
// NT_FILE note, and its memory (the core itself, read without copying).
// The executable is the file mapped at the auxiliary vector's AT_PHDR.
func FromCore(f *corefile.File) *Process {
	p := &Process{Arch: f.Arch, Memory: f}
	crashed := f.Crashed()
	p.Threads = make([]Thread, len(f.Threads))
	for i := range f.Threads {
		t := &f.Threads[i]
		p.Threads[i] = Thread{TID: t.TID, Regs: t.Regs, Signal: t.Signal, Crashed: i == crashed}
	}
	p.Mappings = make([]Mapping, len(f.Mappings))
	for i, m := range f.Mappings {
		p.Mappings[i] = Mapping{Start: m.Start, End: m.End, Offset: m.Offset, Path: m.Path, ID: hex.EncodeToString(f.BuildID(m))}
	}
	for _, tag := range []uint64{AtPHDR, AtBase, AtEntry, AtSysinfoEHdr} {
		if v, ok := f.Auxv(tag); ok {
			p.Auxv = append(p.Auxv, AuxEntry{Tag: tag, Val: v})
		}
	}
	if phdr, ok := f.Auxv(AtPHDR); ok {
		for _, m := range f.Mappings {
			if phdr >= m.Start && phdr < m.End {
				p.Exe = m.Path
				break
			}
		}
	}
	return p
}
