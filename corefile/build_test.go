package corefile

import (
	"encoding/binary"
)

// testSeg is a PT_LOAD segment of a synthetic core: its bytes are data.
type testSeg struct {
	addr uint64
	data []byte
	mem  uint64 // memory size (len(data) when 0)
}

// testNote is a note of a synthetic core.
type testNote struct {
	name string
	typ  uint32
	desc []byte
}

// buildCore writes a little-endian x86_64 ELF core with the given notes
// (one PT_NOTE) and segments.
func buildCore(segs []testSeg, notes []testNote) []byte {
	o := binary.LittleEndian
	nph := 1 + len(segs)
	var notesBytes []byte
	for _, n := range notes {
		h := make([]byte, 12)
		o.PutUint32(h, uint32(len(n.name)+1))
		o.PutUint32(h[4:], uint32(len(n.desc)))
		o.PutUint32(h[8:], n.typ)
		notesBytes = append(notesBytes, h...)
		notesBytes = append(notesBytes, pad4(append([]byte(n.name), 0))...)
		notesBytes = append(notesBytes, pad4(n.desc)...)
	}
	off := uint64(ehdrSize + nph*phdrSize)
	b := make([]byte, off)
	copy(b, "\x7fELF")
	b[4], b[5], b[6] = 2, 1, 1
	o.PutUint16(b[16:], etCore)
	o.PutUint16(b[18:], emX86_64)
	o.PutUint32(b[20:], 1)
	o.PutUint64(b[32:], ehdrSize)
	o.PutUint16(b[52:], ehdrSize)
	o.PutUint16(b[54:], phdrSize)
	o.PutUint16(b[56:], uint16(nph))
	ph := func(i int, typ uint32, flags uint32, foff, addr, filesz, memsz uint64) {
		h := b[ehdrSize+i*phdrSize:]
		o.PutUint32(h, typ)
		o.PutUint32(h[4:], flags)
		o.PutUint64(h[8:], foff)
		o.PutUint64(h[16:], addr)
		o.PutUint64(h[32:], filesz)
		o.PutUint64(h[40:], memsz)
		o.PutUint64(h[48:], 1)
	}
	ph(0, ptNote, 0, off, 0, uint64(len(notesBytes)), 0)
	b = append(b, notesBytes...)
	for i, s := range segs {
		mem := s.mem
		if mem == 0 {
			mem = uint64(len(s.data))
		}
		ph(1+i, ptLoad, 6, uint64(len(b)), s.addr, uint64(len(s.data)), mem)
		b = append(b, s.data...)
	}
	return b
}

func pad4(b []byte) []byte {
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	return b
}

// prstatus returns an x86_64 NT_PRSTATUS description for thread tid with
// signal sig, rip pc and rsp sp.
func prstatus(tid, sig int, pc, sp uint64) []byte {
	o := binary.LittleEndian
	d := make([]byte, prRegOff+27*8+8)
	o.PutUint16(d[12:], uint16(sig))
	o.PutUint32(d[32:], uint32(tid))
	o.PutUint64(d[prRegOff+16*8:], pc)
	o.PutUint64(d[prRegOff+19*8:], sp)
	o.PutUint64(d[prRegOff+10*8:], 0xaa) // rax
	return d
}

// ntFileDesc returns an NT_FILE description of the given mappings (page
// size 4096).
func ntFileDesc(maps []Mapping) []byte {
	o := binary.LittleEndian
	d := make([]byte, 16+24*len(maps))
	o.PutUint64(d, uint64(len(maps)))
	o.PutUint64(d[8:], 4096)
	for i, m := range maps {
		o.PutUint64(d[16+24*i:], m.Start)
		o.PutUint64(d[16+24*i+8:], m.End)
		o.PutUint64(d[16+24*i+16:], m.Offset/4096)
	}
	for _, m := range maps {
		d = append(d, m.Path...)
		d = append(d, 0)
	}
	return d
}

// sampleCore is a small valid core: two threads, NT_FILE, NT_AUXV,
// NT_SIGINFO, two segments (one not dumped).
func sampleCore() []byte {
	o := binary.LittleEndian
	auxv := make([]byte, 48)
	o.PutUint64(auxv, 9) // AT_ENTRY
	o.PutUint64(auxv[8:], 0x401000)
	o.PutUint64(auxv[16:], 3) // AT_PHDR
	o.PutUint64(auxv[24:], 0x400040)
	sig := make([]byte, 128)
	o.PutUint32(sig, 11)
	o.PutUint32(sig[8:], 1)
	stack := make([]byte, 64)
	for i := range stack {
		stack[i] = byte(i)
	}
	return buildCore(
		[]testSeg{{addr: 0x7ff000, data: stack}, {addr: 0x400000, data: nil, mem: 0x1000}},
		[]testNote{
			{"CORE", ntPrStatus, prstatus(100, 11, 0x401234, 0x7ff010)},
			{"CORE", ntFPRegSet, make([]byte, 512)},
			{"CORE", ntSigInfo, sig},
			{"CORE", ntAuxv, auxv},
			{"CORE", ntFile, ntFileDesc([]Mapping{{Start: 0x400000, End: 0x401000, Offset: 0, Path: "/bin/prog"}})},
			{"LINUX", 0x202, make([]byte, 8)}, // NT_X86_XSTATE: ignored
			{"CORE", ntPrStatus, prstatus(101, 0, 0x401300, 0x7ff020)},
		})
}
