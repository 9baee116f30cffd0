package corefile

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/regs"
)

// ELF constants a core reader needs (the ELF gABI; Linux's elf.h for the
// note types).
const (
	etCore    = 4
	ptLoad    = 1
	ptNote    = 4
	pnXNum    = 0xffff
	ehdrSize  = 64
	phdrSize  = 56
	shdrSize  = 64
	emX86_64  = 62
	emPPC64   = 21
	emS390    = 22
	emAArch64 = 183
	emRISCV   = 243
)

// Segment is a PT_LOAD segment of the core: the process's memory
// [Addr, Addr+MemSize), of which the first FileSize bytes are in the file
// at Offset (a kernel core leaves out what coredump_filter excludes: those
// segments have FileSize 0).
type Segment struct {
	Addr, MemSize    uint64
	Offset, FileSize uint64
	Flags            uint32 // PF_X 1, PF_W 2, PF_R 4
}

// Thread is one thread of the core: an NT_PRSTATUS note and the register
// sets after it.
type Thread struct {
	// TID is the thread's id (pr_pid).
	TID int
	// Signal is the signal the thread was handling (pr_cursig), 0 for
	// none.
	Signal int
	// Regs are the thread's registers where it was stopped (NT_PRSTATUS,
	// and NT_FPREGSET when the core has it: Regs.HasFP).
	Regs linuxregs.Set
	// SigInfo is the NT_SIGINFO note after the thread's NT_PRSTATUS,
	// when HasSigInfo (the kernel writes one, for the thread that
	// received the signal; gdb one per thread).
	SigInfo    SigInfo
	HasSigInfo bool
}

// Mapping is one entry of the NT_FILE note: the bytes of Path from file
// offset Offset mapped at [Start, End).
type Mapping struct {
	Start, End, Offset uint64
	Path               string
}

// SigInfo is the NT_SIGINFO note: the signal that made the core.
type SigInfo struct {
	Signo, Errno, Code int
	// Addr is si_addr: the faulting address of SIGSEGV, SIGBUS, SIGILL,
	// SIGFPE; 0 for other signals.
	Addr uint64
}

// File is an open core file.
type File struct {
	// Arch is the process's architecture.
	Arch regs.Arch
	// ByteOrder is the core's byte order.
	ByteOrder binary.ByteOrder
	// Threads are the threads in note order: the kernel and gdb write
	// the thread that received the signal first.
	Threads []Thread
	// Segments are the PT_LOAD segments, sorted by address; they do not
	// overlap.
	Segments []Segment
	// Mappings are the NT_FILE entries (nil when the core has none, as
	// qemu-user's cores).
	Mappings []Mapping
	// SigInfo is the first NT_SIGINFO note (the signal the core was made
	// for), when HasSigInfo.
	SigInfo    SigInfo
	HasSigInfo bool
	// Truncated reports a core cut short (a core size limit, a full
	// disk): segments whose bytes run past the end of the file hold only
	// what is there, and reads beyond it fail as for memory not dumped.
	Truncated bool
	// ProgName and Args are NT_PRPSINFO's pr_fname and pr_psargs ("" when
	// the core has none).
	ProgName, Args string

	data    []byte           // the whole file
	auxv    []byte           // NT_AUXV's bytes, within data
	tids    map[int]struct{} // the threads read so far, while reading the notes
	release func() error
}

// Open maps the core file at path and reads its headers and notes. Call
// Close when done: the memory the File gives (Bytes) is the mapping.
func Open(path string) (*File, error) {
	f, release, err := mapfile.Parse(path, "corefile", New)
	if err != nil {
		return nil, err
	}
	f.release = release
	return f, nil
}

// New reads a core file held in data, which must not change while the File
// is used; the File's memory is data itself.
func New(data []byte) (*File, error) {
	if len(data) < ehdrSize || string(data[:4]) != "\x7fELF" {
		return nil, formatErr("ELF header", 0, "not an ELF file")
	}
	if data[4] != 2 {
		return nil, formatErr("ELF header", 4, "class %d: only 64-bit cores are read", data[4])
	}
	f := &File{data: data}
	switch data[5] {
	case 1:
		f.ByteOrder = binary.LittleEndian
	case 2:
		f.ByteOrder = binary.BigEndian
	default:
		return nil, formatErr("ELF header", 5, "byte order %d", data[5])
	}
	o := f.ByteOrder
	if t := o.Uint16(data[16:]); t != etCore {
		return nil, formatErr("ELF header", 16, "type %d is not ET_CORE", t)
	}
	switch m := o.Uint16(data[18:]); {
	case m == emX86_64:
		f.Arch = regs.X86_64
	case m == emAArch64:
		f.Arch = regs.AArch64
	case m == emPPC64 && data[5] == 1:
		f.Arch = regs.PPC64LE
	case m == emPPC64:
		f.Arch = regs.PPC64
	case m == emS390:
		f.Arch = regs.S390X
	case m == emRISCV:
		f.Arch = regs.RISCV64
	default:
		return nil, formatErr("ELF header", 18, "machine %d not supported", m)
	}
	if f.Arch.ByteOrder() != f.ByteOrder {
		return nil, formatErr("ELF header", 5, "byte order does not match %v", f.Arch)
	}
	if err := f.readSegments(); err != nil {
		return nil, err
	}
	return f, nil
}

// readSegments reads the program headers, the PT_LOAD segments and the
// notes of the PT_NOTE segments.
func (f *File) readSegments() error {
	o, data := f.ByteOrder, f.data
	phoff := o.Uint64(data[32:])
	phentsize := int(o.Uint16(data[54:]))
	phnum := uint64(o.Uint16(data[56:]))
	if phnum == pnXNum {
		// The real count is section header 0's sh_info.
		shoff := o.Uint64(data[40:])
		switch {
		case shoff == 0:
			return formatErr("ELF header", 56, "e_phnum is PN_XNUM (0xffff) but there is no section header table (e_shoff 0) to hold the count")
		case shoff > uint64(len(data)) || uint64(len(data))-shoff < shdrSize:
			return formatErr("ELF header", 40, "e_phnum is PN_XNUM (0xffff) but section header 0 (e_shoff 0x%x) is past the end of the file (%d bytes)", shoff, len(data))
		}
		phnum = uint64(o.Uint32(data[shoff+44:]))
		if phnum == 0 {
			return formatErr("section header 0", int64(shoff), "e_phnum is PN_XNUM (0xffff) but sh_info, the count, is 0")
		}
	}
	if phnum == 0 {
		return formatErr("ELF header", 56, "no program headers (e_phnum 0)")
	}
	if phentsize != phdrSize {
		return formatErr("ELF header", 54, "program header size %d, want %d", phentsize, phdrSize)
	}
	if phoff > uint64(len(data)) || (uint64(len(data))-phoff)/phdrSize < phnum {
		return formatErr("ELF header", 32, "%d program headers of %d bytes at e_phoff 0x%x do not fit in the file (%d bytes)", phnum, phdrSize, phoff, len(data))
	}
	nload, nnote := 0, 0
	for i := range phnum {
		switch o.Uint32(data[phoff+i*phdrSize:]) {
		case ptLoad:
			nload++
		case ptNote:
			nnote++
		}
	}
	f.Segments = make([]Segment, 0, nload)
	notes := make([]noteSeg, 0, nnote)
	for i := range phnum {
		h := data[phoff+i*phdrSize:]
		typ := o.Uint32(h)
		s := Segment{Flags: o.Uint32(h[4:]), Offset: o.Uint64(h[8:]), Addr: o.Uint64(h[16:]),
			FileSize: o.Uint64(h[32:]), MemSize: o.Uint64(h[40:])}
		off := int64(phoff + i*phdrSize)
		if typ != ptLoad && typ != ptNote {
			continue
		}
		if s.Offset > uint64(len(data)) || uint64(len(data))-s.Offset < s.FileSize {
			if typ == ptNote {
				return formatErr(fmt.Sprintf("program header %d", i), off,
					"notes 0x%x+0x%x past the end of the file (0x%x bytes)", s.Offset, s.FileSize, len(data))
			}
			// A truncated core (a core size limit, a full disk): keep
			// the bytes that are there.
			f.Truncated = true
			if s.Offset > uint64(len(data)) {
				s.FileSize = 0
			} else {
				s.FileSize = uint64(len(data)) - s.Offset
			}
		}
		if typ == ptNote {
			notes = append(notes, noteSeg{off: s.Offset, size: s.FileSize, hdr: int(i)})
			continue
		}
		if s.FileSize > s.MemSize || s.Addr+s.MemSize < s.Addr {
			return formatErr(fmt.Sprintf("program header %d", i), off,
				"segment 0x%x+0x%x (0x%x in the file) wraps or holds more than its size", s.Addr, s.MemSize, s.FileSize)
		}
		f.Segments = append(f.Segments, s)
	}
	if err := f.readNoteSegs(notes, int64(phoff)); err != nil {
		return err
	}
	sort.Slice(f.Segments, func(i, j int) bool { return f.Segments[i].Addr < f.Segments[j].Addr })
	for i := 1; i < len(f.Segments); i++ {
		a, b := f.Segments[i-1], f.Segments[i]
		if a.Addr+a.MemSize > b.Addr {
			return formatErr("program headers", int64(phoff), "segments 0x%x+0x%x and 0x%x+0x%x overlap",
				a.Addr, a.MemSize, b.Addr, b.MemSize)
		}
	}
	return nil
}

// Close releases the mapping of the file (Open); the File and every slice
// Bytes gave must not be used afterwards. Close is safe to call more than
// once.
func (f *File) Close() error {
	f.data, f.Segments = nil, nil
	if r := f.release; r != nil {
		f.release = nil
		return r()
	}
	return nil
}

// Crashed returns the index of the thread that received the signal the
// core was made for (the first thread with a signal), -1 when none has.
func (f *File) Crashed() int {
	for i := range f.Threads {
		if f.Threads[i].Signal != 0 {
			return i
		}
	}
	return -1
}
