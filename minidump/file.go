package minidump

import (
	"encoding/binary"
	"fmt"
	"io"
	"sort"
	"unicode/utf16"

	"github.com/stackmaps/stackmaps/internal/mapfile"
	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Magic is the first four bytes of a minidump file ("MDMP").
const Magic = "MDMP"

// Stream types this package reads (MINIDUMP_STREAM_TYPE).
const (
	ThreadListStream   = 3
	ModuleListStream   = 4
	MemoryListStream   = 5
	ExceptionStream    = 6
	SystemInfoStream   = 7
	ThreadExListStream = 8
	Memory64ListStream = 9
)

// Processor architectures of SystemInfoStream (PROCESSOR_ARCHITECTURE_*)
// this package reads the threads of.
const (
	ArchAMD64 = 9
	ArchARM64 = 12
)

// Sizes of the records read (minidumpapiset.h).
const (
	headerSize    = 32
	dirEntrySize  = 12
	threadSize    = 48
	threadExSize  = 64
	moduleSize    = 108
	memDescSize   = 16
	mem64DescSize = 16
	exceptionSize = 168
	sysInfoMin    = 32
)

// Stream is one entry of the stream directory.
type Stream struct {
	Type uint32 // the MINIDUMP_STREAM_TYPE
	Size uint32 // bytes
	RVA  uint32 // file offset
}

// Thread is one thread of the dump.
type Thread struct {
	// ID is the thread's id.
	ID uint32
	// SuspendCount, PriorityClass and Priority are as the dump says.
	SuspendCount, PriorityClass, Priority uint32
	// TEB is the address of the thread's environment block.
	TEB uint64
	// StackStart and StackSize are the range of the thread's stack that
	// the dump holds (part of the File's memory).
	StackStart, StackSize uint64
	// Regs are the thread's registers: its context, or, for the thread of
	// the exception stream, the context at the exception (Excepted).
	Regs linuxregs.Set
	// ContextFlags are the context's flags (CONTEXT_AMD64 or
	// CONTEXT_ARM64 with which register groups it holds).
	ContextFlags uint32
	// Excepted reports the thread of the exception stream, whose Regs are
	// the exception's context: the faulting instruction, not a call.
	Excepted bool
}

// Module is one loaded image of the ModuleListStream.
type Module struct {
	// Base is the image's load address; Size its SizeOfImage.
	Base uint64
	Size uint32
	// CheckSum and TimeDateStamp are the image's, from its PE header.
	CheckSum, TimeDateStamp uint32
	// Name is the image's path as the process knew it (a Windows path,
	// converted from UTF-16; unpaired surrogates become U+FFFD).
	Name string
}

// ImageID returns the image's identity as a symbol server names it (and
// pesection.File.ImageID names a PE file's): TimeDateStamp as 8
// upper-case hex digits, then SizeOfImage in lower-case hex.
func (m *Module) ImageID() string { return fmt.Sprintf("%08X%x", m.TimeDateStamp, m.Size) }

// Exception is the ExceptionStream: the exception the dump was written
// for.
type Exception struct {
	// ThreadID is the thread that raised it.
	ThreadID uint32
	// Code, Flags and Address are the exception record's
	// (EXCEPTION_ACCESS_VIOLATION is 0xc0000005).
	Code, Flags uint32
	Address     uint64
	// Information are the record's parameters (at most 15).
	Information []uint64
}

// File is a minidump read by Open or New.
type File struct {
	// Arch is the process's architecture (regs.X86_64 or regs.AArch64).
	Arch regs.Arch
	// ProcessorArchitecture is SystemInfoStream's PROCESSOR_ARCHITECTURE
	// (ArchAMD64, ArchARM64).
	ProcessorArchitecture uint16
	// TimeDateStamp and Flags are the header's (MINIDUMP_TYPE flags).
	TimeDateStamp uint32
	Flags         uint64
	// Streams is the stream directory, in file order.
	Streams []Stream
	// Threads are the threads of the ThreadListStream (or of the
	// ThreadExListStream when the dump has no ThreadListStream).
	Threads []Thread
	// Modules are the modules of the ModuleListStream, in file order (the
	// main executable first, as dbghelp writes them).
	Modules []Module
	// Exception is the ExceptionStream, nil when the dump has none.
	Exception *Exception

	mem     *stackmap.MemoryRegions
	stacks  []stackmap.Memory // the threads' stacks, while reading
	data    []byte
	release func() error
}

// IsFile reports whether the file at path is a regular file that starts
// with a minidump's magic (Magic). Anything else (a file that cannot be
// opened or read, a named pipe, a device: it never blocks) is not, and is
// left to the caller's other reader to report.
func IsFile(path string) bool {
	fd, err := mapfile.OpenRegular(path)
	if err != nil {
		return false
	}
	defer fd.Close()
	var magic [len(Magic)]byte
	_, err = io.ReadFull(fd, magic[:])
	return err == nil && string(magic[:]) == Magic
}

// Open maps the minidump at path and reads it. Call Close when done: the
// memory the File gives (Bytes) is the mapping.
func Open(path string) (*File, error) {
	f, release, err := mapfile.Parse(path, "minidump", New)
	if err != nil {
		return nil, err
	}
	f.release = release
	return f, nil
}

// Close releases the mapping of the file (Open); the File and every slice
// Bytes gave must not be used afterwards. Close is safe to call more than
// once.
func (f *File) Close() error {
	f.data, f.mem = nil, &stackmap.MemoryRegions{}
	if r := f.release; r != nil {
		f.release = nil
		return r()
	}
	return nil
}

var le = binary.LittleEndian

// New reads a minidump held in data, which must not change while the File
// is used; the File's memory is data itself.
func New(data []byte) (*File, error) {
	if len(data) < headerSize || string(data[:4]) != Magic {
		return nil, formatErr("header", 0, "not a minidump (no %q magic)", Magic)
	}
	if v := le.Uint16(data[4:]); v != 0xa793 {
		return nil, formatErr("header", 4, "version 0x%x, want 0xa793", v)
	}
	f := &File{data: data, TimeDateStamp: le.Uint32(data[20:]), Flags: le.Uint64(data[24:])}
	n, rva := uint64(le.Uint32(data[8:])), uint64(le.Uint32(data[12:]))
	if rva > uint64(len(data)) || (uint64(len(data))-rva)/dirEntrySize < n {
		return nil, formatErr("header", 8, "%d stream directory entries at 0x%x do not fit in the file (%d bytes)", n, rva, len(data))
	}
	f.Streams = make([]Stream, n)
	var byType [Memory64ListStream + 1]int // index+1 of each stream read
	for i := range f.Streams {
		off := rva + uint64(i)*dirEntrySize
		s := Stream{Type: le.Uint32(data[off:]), Size: le.Uint32(data[off+4:]), RVA: le.Uint32(data[off+8:])}
		if uint64(s.RVA)+uint64(s.Size) > uint64(len(data)) {
			return nil, formatErr(fmt.Sprintf("stream directory entry %d (%s)", i, streamName(s.Type)), int64(off),
				"stream 0x%x+0x%x runs past the end of the file (%d bytes)", s.RVA, s.Size, len(data))
		}
		f.Streams[i] = s
		if s.Type >= ThreadListStream && s.Type <= Memory64ListStream {
			if j := byType[s.Type]; j != 0 {
				return nil, formatErr(fmt.Sprintf("stream directory entry %d", i), int64(off),
					"a second %s (entry %d is one)", streamName(s.Type), j-1)
			}
			byType[s.Type] = i + 1
		}
	}
	stream := func(t uint32) (Stream, bool) {
		if j := byType[t]; j != 0 {
			return f.Streams[j-1], true
		}
		return Stream{}, false
	}
	s, ok := stream(SystemInfoStream)
	if !ok {
		return nil, formatErr("stream directory", int64(rva), "no SystemInfoStream: the processor architecture is unknown")
	}
	if s.Size < sysInfoMin {
		return nil, formatErr("SystemInfoStream", int64(s.RVA), "%d bytes, want at least %d", s.Size, sysInfoMin)
	}
	switch f.ProcessorArchitecture = le.Uint16(data[s.RVA:]); f.ProcessorArchitecture {
	case ArchAMD64:
		f.Arch = regs.X86_64
	case ArchARM64:
		f.Arch = regs.AArch64
	default:
		return nil, formatErr("SystemInfoStream", int64(s.RVA), "processor architecture %d: only AMD64 (9) and ARM64 (12) dumps are read", f.ProcessorArchitecture)
	}
	if s, ok := stream(ModuleListStream); ok {
		if err := f.readModules(s); err != nil {
			return nil, err
		}
	}
	if s, ok := stream(ThreadListStream); ok {
		if err := f.readThreads(s, threadSize); err != nil {
			return nil, err
		}
	} else if s, ok := stream(ThreadExListStream); ok {
		if err := f.readThreads(s, threadExSize); err != nil {
			return nil, err
		}
	}
	if s, ok := stream(ExceptionStream); ok {
		if err := f.readException(s); err != nil {
			return nil, err
		}
	}
	if err := f.readMemory(stream); err != nil {
		return nil, err
	}
	return f, nil
}

// streamName names a stream type in errors.
func streamName(t uint32) string {
	switch t {
	case ThreadListStream:
		return "ThreadListStream"
	case ModuleListStream:
		return "ModuleListStream"
	case MemoryListStream:
		return "MemoryListStream"
	case ExceptionStream:
		return "ExceptionStream"
	case SystemInfoStream:
		return "SystemInfoStream"
	case ThreadExListStream:
		return "ThreadExListStream"
	case Memory64ListStream:
		return "Memory64ListStream"
	}
	return fmt.Sprintf("stream type %d", t)
}

// list checks a stream that holds a 32-bit count and count entries of
// size bytes (after 4 bytes of padding, as some writers put them), and
// returns the count and the file offset of the first entry.
func (f *File) list(s Stream, size uint64) (n, first uint64, err error) {
	if s.Size < 4 {
		return 0, 0, formatErr(streamName(s.Type), int64(s.RVA), "%d bytes: no count", s.Size)
	}
	n = uint64(le.Uint32(f.data[s.RVA:]))
	switch sz := uint64(s.Size); {
	case n*size+4 == sz:
		return n, uint64(s.RVA) + 4, nil
	case n*size+8 == sz:
		return n, uint64(s.RVA) + 8, nil
	case (sz-4)/size < n:
		return 0, 0, formatErr(streamName(s.Type), int64(s.RVA), "%d entries of %d bytes do not fit in the stream's %d bytes", n, size, sz)
	}
	return n, uint64(s.RVA) + 4, nil
}

// location returns the bytes of a MINIDUMP_LOCATION_DESCRIPTOR at off.
func (f *File) location(what string, off uint64) ([]byte, error) {
	size, rva := uint64(le.Uint32(f.data[off:])), uint64(le.Uint32(f.data[off+4:]))
	if rva > uint64(len(f.data)) || uint64(len(f.data))-rva < size {
		return nil, formatErr(what, int64(off), "0x%x bytes at 0x%x run past the end of the file (%d bytes)", size, rva, len(f.data))
	}
	return f.data[rva : rva+size : rva+size], nil
}

// readModules reads the ModuleListStream.
func (f *File) readModules(s Stream) error {
	n, off, err := f.list(s, moduleSize)
	if err != nil {
		return err
	}
	f.Modules = make([]Module, n)
	for i := range f.Modules {
		b := f.data[off+uint64(i)*moduleSize:]
		what := fmt.Sprintf("ModuleListStream module %d", i)
		m := Module{Base: le.Uint64(b), Size: le.Uint32(b[8:]), CheckSum: le.Uint32(b[12:]), TimeDateStamp: le.Uint32(b[16:])}
		if m.Base+uint64(m.Size) < m.Base {
			return formatErr(what, int64(off)+int64(i)*moduleSize, "image 0x%x+0x%x wraps around the address space", m.Base, m.Size)
		}
		name, err := f.str(what+" name", uint64(le.Uint32(b[20:])))
		if err != nil {
			return err
		}
		m.Name = name
		f.Modules[i] = m
	}
	return nil
}

// str reads the MINIDUMP_STRING at rva: a byte length and UTF-16LE.
func (f *File) str(what string, rva uint64) (string, error) {
	if rva > uint64(len(f.data)) || uint64(len(f.data))-rva < 4 {
		return "", formatErr(what, int64(rva), "string past the end of the file (%d bytes)", len(f.data))
	}
	n := uint64(le.Uint32(f.data[rva:]))
	if n%2 != 0 || n > uint64(len(f.data))-rva-4 {
		return "", formatErr(what, int64(rva), "string of %d bytes: odd, or past the end of the file (%d bytes)", n, len(f.data))
	}
	u := make([]uint16, n/2)
	for i := range u {
		u[i] = le.Uint16(f.data[rva+4+2*uint64(i):])
	}
	return string(utf16.Decode(u)), nil
}

// readThreads reads the ThreadListStream (size 48) or ThreadExListStream
// (size 64) and each thread's context.
func (f *File) readThreads(s Stream, size uint64) error {
	n, off, err := f.list(s, size)
	if err != nil {
		return err
	}
	// Each thread has its own context in the file: a count the file
	// cannot hold that many contexts for is refused before the threads
	// (about 1 KiB each) are allocated.
	ctxSize := uint64(amd64ContextSize)
	if f.Arch == regs.AArch64 {
		ctxSize = arm64ContextSize
	}
	if n > uint64(len(f.data))/(size+ctxSize) {
		return formatErr(streamName(s.Type), int64(s.RVA), "%d threads, each with a %d-byte context, do not fit in the file (%d bytes)", n, ctxSize, len(f.data))
	}
	f.Threads = make([]Thread, n)
	f.stacks = make([]stackmap.Memory, 0, n)
	for i := range f.Threads {
		at := off + uint64(i)*size
		b := f.data[at:]
		t := &f.Threads[i]
		*t = Thread{ID: le.Uint32(b), SuspendCount: le.Uint32(b[4:]), PriorityClass: le.Uint32(b[8:]),
			Priority: le.Uint32(b[12:]), TEB: le.Uint64(b[16:]), StackStart: le.Uint64(b[24:]),
			StackSize: uint64(le.Uint32(b[32:]))}
		stack, err := f.location(fmt.Sprintf("%s thread %d (id %d) stack", streamName(s.Type), i, t.ID), at+32)
		if err != nil {
			return err
		}
		f.stacks = append(f.stacks, stackmap.Memory{Addr: t.StackStart, Data: stack})
		what := fmt.Sprintf("%s thread %d (id %d) context", streamName(s.Type), i, t.ID)
		ctx, err := f.location(what, at+40)
		if err != nil {
			return err
		}
		if t.ContextFlags, err = decodeContext(f.Arch, ctx, &t.Regs); err != nil {
			return formatErr(what, int64(le.Uint32(b[44:])), "%v", err)
		}
	}
	return nil
}

// readException reads the ExceptionStream; the thread it names takes the
// exception's context.
func (f *File) readException(s Stream) error {
	if s.Size < exceptionSize {
		return formatErr("ExceptionStream", int64(s.RVA), "%d bytes, want %d", s.Size, exceptionSize)
	}
	b := f.data[s.RVA:]
	e := &Exception{ThreadID: le.Uint32(b), Code: le.Uint32(b[8:]), Flags: le.Uint32(b[12:]), Address: le.Uint64(b[24:])}
	np := le.Uint32(b[32:])
	if np > 15 {
		return formatErr("ExceptionStream", int64(s.RVA)+32, "%d exception parameters, at most 15", np)
	}
	e.Information = make([]uint64, np)
	for i := range e.Information {
		e.Information[i] = le.Uint64(b[40+8*i:])
	}
	f.Exception = e
	ctx, err := f.location("ExceptionStream context", uint64(s.RVA)+160)
	if err != nil {
		return err
	}
	if len(ctx) == 0 {
		return nil
	}
	for i := range f.Threads {
		t := &f.Threads[i]
		if t.ID != e.ThreadID {
			continue
		}
		var set linuxregs.Set
		flags, err := decodeContext(f.Arch, ctx, &set)
		if err != nil {
			return formatErr(fmt.Sprintf("ExceptionStream context (thread id %d)", e.ThreadID), int64(le.Uint32(b[164:])), "%v", err)
		}
		t.Regs, t.ContextFlags, t.Excepted = set, flags, true
		return nil
	}
	return formatErr("ExceptionStream", int64(s.RVA), "thread id %d is not in the thread list", e.ThreadID)
}

// readMemory reads the MemoryListStream and the Memory64ListStream into
// the File's memory, with the threads' stacks.
func (f *File) readMemory(stream func(uint32) (Stream, bool)) error {
	rs := f.stacks
	f.stacks = nil
	if s, ok := stream(MemoryListStream); ok {
		n, off, err := f.list(s, memDescSize)
		if err != nil {
			return err
		}
		rs = append(make([]stackmap.Memory, 0, uint64(len(rs))+n), rs...)
		for i := range n {
			at := off + i*memDescSize
			b, err := f.location(fmt.Sprintf("MemoryListStream range %d", i), at+8)
			if err != nil {
				return err
			}
			rs = append(rs, stackmap.Memory{Addr: le.Uint64(f.data[at:]), Data: b})
		}
	}
	if s, ok := stream(Memory64ListStream); ok {
		if s.Size < 16 {
			return formatErr("Memory64ListStream", int64(s.RVA), "%d bytes: no count and base", s.Size)
		}
		n, base := le.Uint64(f.data[s.RVA:]), le.Uint64(f.data[s.RVA+8:])
		if (uint64(s.Size)-16)/mem64DescSize < n {
			return formatErr("Memory64ListStream", int64(s.RVA), "%d ranges of %d bytes do not fit in the stream's %d bytes", n, mem64DescSize, s.Size)
		}
		rs = append(make([]stackmap.Memory, 0, uint64(len(rs))+n), rs...)
		for i := range n {
			at := uint64(s.RVA) + 16 + i*mem64DescSize
			addr, size := le.Uint64(f.data[at:]), le.Uint64(f.data[at+8:])
			if base > uint64(len(f.data)) || uint64(len(f.data))-base < size {
				return formatErr(fmt.Sprintf("Memory64ListStream range %d", i), int64(at),
					"0x%x bytes at file offset 0x%x run past the end of the file (%d bytes)", size, base, len(f.data))
			}
			rs = append(rs, stackmap.Memory{Addr: addr, Data: f.data[base : base+size : base+size]})
			base += size
		}
	}
	// Writers list some bytes twice (a thread's stack in the memory list,
	// dbghelp the code around each thread's pc): ranges that overlap must
	// hold the same bytes where they do, and the later one keeps only what
	// is not in the earlier (a read across the seam is refused, not
	// answered from either).
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Addr < rs[j].Addr })
	out := rs[:0]
	for _, r := range rs {
		if n := uint64(len(r.Data)); n > 0 && r.Addr+n-1 < r.Addr {
			return formatErr("memory ranges", -1, "range 0x%x+0x%x wraps around the address space", r.Addr, n)
		}
		if k := len(out); k > 0 {
			p := out[k-1]
			if end := p.Addr + uint64(len(p.Data)); end > r.Addr {
				common := min(end, r.Addr+uint64(len(r.Data))) - r.Addr
				if string(p.Data[r.Addr-p.Addr:][:common]) != string(r.Data[:common]) {
					return formatErr("memory ranges", -1, "ranges 0x%x+0x%x and 0x%x+0x%x overlap with different bytes",
						p.Addr, len(p.Data), r.Addr, len(r.Data))
				}
				r.Data, r.Addr = r.Data[common:], r.Addr+common
			}
		}
		if len(r.Data) > 0 {
			out = append(out, r)
		}
	}
	mem, err := stackmap.NewMemoryRegions(out...)
	if err != nil {
		return formatErr("memory ranges", -1, "%v", err)
	}
	f.mem = mem
	return nil
}
