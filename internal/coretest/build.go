package coretest

import "encoding/binary"

// ELF numbers the synthetic cores use (the gABI, Linux's elf.h).
const (
	ehdrSize = 64
	phdrSize = 56
	etCore   = 4
	emX86_64 = 62
	ptLoad   = 1
	ptNote   = 4

	// NT_PRSTATUS, NT_FPREGSET, NT_AUXV, NT_SIGINFO and NT_FILE.
	NTPrStatus = 1
	NTFPRegSet = 2
	NTAuxv     = 6
	NTSigInfo  = 0x53494749
	NTFile     = 0x46494c45

	// PrRegOff is the offset of pr_reg in a 64-bit NT_PRSTATUS.
	PrRegOff = 112
)

// Seg is a PT_LOAD segment of a synthetic core: its bytes are Data.
type Seg struct {
	Addr uint64
	Data []byte
	Mem  uint64 // memory size (len(Data) when 0)
}

// Note is a note of a synthetic core.
type Note struct {
	Name string
	Type uint32
	Desc []byte
}

// Synthetic is a little-endian x86_64 ELF core to write: its notes in one
// PT_NOTE segment and its PT_LOAD segments.
type Synthetic struct {
	Segs  []Seg
	Notes []Note
	// NoteHeaders is how many PT_NOTE program headers point at the one
	// note segment (1 when 0): more is a hostile core (every header
	// would read the same notes again).
	NoteHeaders int
}

// WriteCore writes a core with the given segments and notes.
func WriteCore(segs []Seg, notes []Note) []byte { return Synthetic{Segs: segs, Notes: notes}.Bytes() }

// Bytes writes the core.
func (c Synthetic) Bytes() []byte {
	o := binary.LittleEndian
	nnote := max(c.NoteHeaders, 1)
	nph := nnote + len(c.Segs)
	var notes []byte
	for _, n := range c.Notes {
		notes = o.AppendUint32(notes, uint32(len(n.Name)+1))
		notes = o.AppendUint32(notes, uint32(len(n.Desc)))
		notes = o.AppendUint32(notes, n.Type)
		notes = pad4(append(append(notes, n.Name...), 0))
		notes = pad4(append(notes, n.Desc...))
	}
	off := uint64(ehdrSize + nph*phdrSize)
	b := make([]byte, off, off+uint64(len(notes)))
	copy(b, "\x7fELF")
	b[4], b[5], b[6] = 2, 1, 1
	o.PutUint16(b[16:], etCore)
	o.PutUint16(b[18:], emX86_64)
	o.PutUint32(b[20:], 1)
	o.PutUint64(b[32:], ehdrSize)
	o.PutUint16(b[52:], ehdrSize)
	o.PutUint16(b[54:], phdrSize)
	if nph >= 0xffff {
		nph = 0xffff // PN_XNUM, with no section header: a hostile core
	}
	o.PutUint16(b[56:], uint16(nph))
	ph := func(i int, typ, flags uint32, foff, addr, filesz, memsz uint64) {
		h := b[ehdrSize+i*phdrSize:]
		o.PutUint32(h, typ)
		o.PutUint32(h[4:], flags)
		o.PutUint64(h[8:], foff)
		o.PutUint64(h[16:], addr)
		o.PutUint64(h[32:], filesz)
		o.PutUint64(h[40:], memsz)
		o.PutUint64(h[48:], 1)
	}
	for i := range nnote {
		ph(i, ptNote, 0, off, 0, uint64(len(notes)), 0)
	}
	b = append(b, notes...)
	for i, s := range c.Segs {
		mem := s.Mem
		if mem == 0 {
			mem = uint64(len(s.Data))
		}
		ph(nnote+i, ptLoad, 6, uint64(len(b)), s.Addr, uint64(len(s.Data)), mem)
		b = append(b, s.Data...)
	}
	return b
}

func pad4(b []byte) []byte {
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	return b
}

// PRStatus returns an x86_64 NT_PRSTATUS description for thread tid with
// signal sig, rip pc, rsp sp and rax 0xaa.
func PRStatus(tid, sig int, pc, sp uint64) []byte {
	o := binary.LittleEndian
	d := make([]byte, PrRegOff+27*8+8)
	o.PutUint16(d[12:], uint16(sig))
	o.PutUint32(d[32:], uint32(tid))
	o.PutUint64(d[PrRegOff+16*8:], pc)
	o.PutUint64(d[PrRegOff+19*8:], sp)
	o.PutUint64(d[PrRegOff+10*8:], 0xaa) // rax
	return d
}

// Mapping is one NT_FILE entry: Path's bytes from Offset mapped at
// [Start, End).
type Mapping struct {
	Start, End, Offset uint64
	Path               string
}

// FileNote returns an NT_FILE description of the given mappings (page
// size 4096).
func FileNote(maps []Mapping) []byte {
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
