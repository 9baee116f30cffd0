package elfsection

import (
	"debug/elf"
	"fmt"
	"strings"

	"github.com/stackmaps/stackmaps/internal/elfnote"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Segment is a segment of a linked file's program header table: where its
// bytes are in the file and where they are loaded.
type Segment struct {
	// Addr is the link-time address of the first byte (p_vaddr).
	Addr uint64
	// Size is the size in memory (p_memsz).
	Size uint64
	// Offset is the file offset of the first byte (p_offset).
	Offset uint64
	// FileSize is how many of the bytes are in the file (p_filesz); the
	// rest are zeros.
	FileSize uint64
	// Align is the alignment (p_align): Addr and Offset are equal
	// modulo it.
	Align uint64
	// Flags are the permissions (p_flags): PF_X 1, PF_W 2, PF_R 4.
	Flags uint32
}

// Segments returns the file's loadable (PT_LOAD) segments in program
// header order: none in a relocatable object.
func (f *File) Segments() []Segment {
	var out []Segment
	for _, p := range f.x.f.Progs {
		if p.Type == elf.PT_LOAD {
			out = append(out, segment(p))
		}
	}
	return out
}

func segment(p *elf.Prog) Segment {
	return Segment{Addr: p.Vaddr, Size: p.Memsz, Offset: p.Off, FileSize: p.Filesz, Align: p.Align, Flags: uint32(p.Flags)}
}

// prog returns the file's first program header of type typ, or nil.
func (x *file) prog(typ elf.ProgType) *elf.Prog {
	for _, p := range x.f.Progs {
		if p.Type == typ {
			return p
		}
	}
	return nil
}

// Dynamic returns the file's dynamic segment (PT_DYNAMIC); ok is false
// for a file without one (a static executable, an object).
func (f *File) Dynamic() (seg Segment, ok bool) {
	if p := f.x.prog(elf.PT_DYNAMIC); p != nil {
		return segment(p), true
	}
	return Segment{}, false
}

// DTDebug is the dynamic tag (DT_DEBUG) whose entry the dynamic linker
// sets, in a running executable, to the address of its r_debug: the list
// of loaded objects.
const DTDebug = 21

// DynamicValue returns the value of the first entry with tag of the
// dynamic section (PT_DYNAMIC) as a process holds it: read through mem,
// the file loaded at bias, entries of the file's word size and byte order,
// at most maxDynamic of them, up to DT_NULL. The values the dynamic linker
// writes at run time (DT_DEBUG) are only there. ok is false, with no
// error, when the file has no dynamic segment or no such entry; an entry
// mem cannot read is an error naming its address.
func (f *File) DynamicValue(mem stackmap.MemoryReader, bias, tag uint64) (val uint64, ok bool, err error) {
	dyn := f.x.prog(elf.PT_DYNAMIC)
	if dyn == nil {
		return 0, false, nil
	}
	ptr := uint64(8)
	if f.x.f.Class == elf.ELFCLASS32 {
		ptr = 4
	}
	var b [16]byte
	for i := uint64(0); i < min(dyn.Memsz/(2*ptr), maxDynamic); i++ {
		at := bias + dyn.Vaddr + 2*ptr*i
		if err := mem.ReadMemory(at, b[:2*ptr]); err != nil {
			return 0, false, fmt.Errorf("dynamic section entry %d at %#x: %w", i, at, err)
		}
		switch f.x.word(b[:], ptr) {
		case tag:
			return f.x.word(b[ptr:], ptr), true, nil
		case dtNull:
			return 0, false, nil
		}
	}
	return 0, false, nil
}

// maxInterp bounds the interpreter's path read from PT_INTERP.
const maxInterp = 4096

// Interpreter returns the path of the program interpreter (the dynamic
// linker) PT_INTERP names, "" for a file without one. Its bytes must lie
// in the file and number at most 4096 (a File from FromFile, whose size
// is not known, gives an error).
func (f *File) Interpreter() (string, error) {
	p := f.x.prog(elf.PT_INTERP)
	if p == nil {
		return "", nil
	}
	b, err := f.x.readTable("PT_INTERP", p.Off, p.Filesz, 1, maxInterp)
	if err != nil {
		return "", err
	}
	name, _, _ := strings.Cut(string(b), "\x00")
	return name, nil
}

// maxNotes bounds the bytes of one PT_NOTE segment BuildID reads.
const maxNotes = 1 << 16

// BuildID returns the file's GNU build ID: the description of the
// NT_GNU_BUILD_ID note of its PT_NOTE segments (what `readelf -n` prints
// as "Build ID"), nil when it has none (a relocatable object, a file
// linked without --build-id).
func (f *File) BuildID() []byte {
	for _, p := range f.x.f.Progs {
		if p.Type != elf.PT_NOTE {
			continue
		}
		b, err := f.x.readTable("PT_NOTE", p.Off, p.Filesz, 1, maxNotes)
		if err != nil {
			continue
		}
		if id := elfnote.BuildID(b, f.ByteOrder); id != nil {
			return id
		}
	}
	return nil
}
