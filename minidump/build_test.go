package minidump_test

import (
	"encoding/binary"
	"unicode/utf16"
)

// builder writes minidumps for tests: blobs (strings, contexts, memory)
// and streams are appended after the 32-byte header; bytes writes the
// stream directory at the end and fills in the header.
type builder struct {
	buf []byte
	dir [][3]uint32 // type, size, rva
}

var le = binary.LittleEndian

func newBuilder() *builder { return &builder{buf: make([]byte, 32)} }

// blob appends data and returns its RVA.
func (b *builder) blob(data []byte) uint32 {
	for len(b.buf)%4 != 0 {
		b.buf = append(b.buf, 0)
	}
	rva := uint32(len(b.buf))
	b.buf = append(b.buf, data...)
	return rva
}

// stream appends a stream of type typ.
func (b *builder) stream(typ uint32, data []byte) {
	rva := b.blob(data)
	b.dir = append(b.dir, [3]uint32{typ, uint32(len(data)), rva})
}

// str appends a MINIDUMP_STRING and returns its RVA.
func (b *builder) str(s string) uint32 {
	u := utf16.Encode([]rune(s))
	d := le.AppendUint32(nil, uint32(2*len(u)))
	for _, c := range u {
		d = le.AppendUint16(d, c)
	}
	return b.blob(append(d, 0, 0))
}

// sysInfo appends a SystemInfoStream for the processor architecture.
func (b *builder) sysInfo(arch uint16) {
	d := make([]byte, 56)
	le.PutUint16(d, arch)
	b.stream(7, d)
}

// thread is one MINIDUMP_THREAD for threadList.
type thread struct {
	id         uint32
	stack      uint64
	stackBytes []byte
	ctx        []byte
}

// threadList appends a ThreadListStream.
func (b *builder) threadList(ts ...thread) { b.threads(3, 48, ts) }

// threadExList appends a ThreadExListStream (MINIDUMP_THREAD_EX: a
// backing store range after each MINIDUMP_THREAD, left empty).
func (b *builder) threadExList(ts ...thread) { b.threads(8, 64, ts) }

// threads appends a thread list stream of type typ, size bytes a thread.
func (b *builder) threads(typ uint32, size int, ts []thread) {
	d := le.AppendUint32(nil, uint32(len(ts)))
	for _, t := range ts {
		stackRVA, ctxRVA := b.blob(t.stackBytes), b.blob(t.ctx)
		e := make([]byte, size)
		le.PutUint32(e, t.id)
		le.PutUint64(e[24:], t.stack)
		le.PutUint32(e[32:], uint32(len(t.stackBytes)))
		le.PutUint32(e[36:], stackRVA)
		le.PutUint32(e[40:], uint32(len(t.ctx)))
		le.PutUint32(e[44:], ctxRVA)
		d = append(d, e...)
	}
	b.stream(typ, d)
}

// memory is one range for memoryList.
type memory struct {
	addr uint64
	data []byte
}

// memoryList appends a MemoryListStream.
func (b *builder) memoryList(ms ...memory) {
	d := le.AppendUint32(nil, uint32(len(ms)))
	for _, m := range ms {
		rva := b.blob(m.data)
		d = le.AppendUint64(d, m.addr)
		d = le.AppendUint32(d, uint32(len(m.data)))
		d = le.AppendUint32(d, rva)
	}
	b.stream(5, d)
}

// memory64List appends a Memory64ListStream, its bytes contiguous.
func (b *builder) memory64List(ms ...memory) {
	var all []byte
	for _, m := range ms {
		all = append(all, m.data...)
	}
	base := b.blob(all)
	d := le.AppendUint64(nil, uint64(len(ms)))
	d = le.AppendUint64(d, uint64(base))
	for _, m := range ms {
		d = le.AppendUint64(d, m.addr)
		d = le.AppendUint64(d, uint64(len(m.data)))
	}
	b.stream(9, d)
}

// module is one entry for moduleList.
type module struct {
	base uint64
	size uint32
	name string
}

// moduleList appends a ModuleListStream.
func (b *builder) moduleList(ms ...module) {
	d := le.AppendUint32(nil, uint32(len(ms)))
	for _, m := range ms {
		e := make([]byte, 108)
		le.PutUint64(e, m.base)
		le.PutUint32(e[8:], m.size)
		le.PutUint32(e[20:], b.str(m.name))
		d = append(d, e...)
	}
	b.stream(4, d)
}

// exception appends an ExceptionStream for thread tid with context ctx.
func (b *builder) exception(tid, code uint32, addr uint64, ctx []byte) {
	rva := b.blob(ctx)
	d := make([]byte, 168)
	le.PutUint32(d, tid)
	le.PutUint32(d[8:], code)
	le.PutUint64(d[24:], addr)
	le.PutUint32(d[160:], uint32(len(ctx)))
	le.PutUint32(d[164:], rva)
	b.stream(6, d)
}

// bytes returns the dump: the header, then everything appended, then the
// stream directory.
func (b *builder) bytes() []byte {
	rva := b.blob(nil)
	for _, e := range b.dir {
		for _, v := range e {
			b.buf = le.AppendUint32(b.buf, v)
		}
	}
	copy(b.buf, "MDMP")
	le.PutUint32(b.buf[4:], 0xa793)
	le.PutUint32(b.buf[8:], uint32(len(b.dir)))
	le.PutUint32(b.buf[12:], rva)
	return b.buf
}

// amd64Context returns a CONTEXT (AMD64) with flags, the integer
// registers in CONTEXT order from Rax (rax rcx rdx rbx rsp rbp rsi rdi
// r8-r15 rip) and xmm0-xmm15's low halves.
func amd64Context(flags uint32, gprs [17]uint64, xmm [16]uint64) []byte {
	c := make([]byte, 1232)
	le.PutUint32(c[48:], flags)
	for i, v := range gprs {
		le.PutUint64(c[120+8*i:], v)
	}
	for i, v := range xmm {
		le.PutUint64(c[416+16*i:], v)
		le.PutUint64(c[416+16*i+8:], ^v) // the high half, not read
	}
	return c
}

// arm64Context returns an ARM64_NT_CONTEXT at its documented offsets
// (winnt.h: ContextFlags, Cpsr, X0-X28 Fp Lr, Sp, Pc, V0-V31, Fpcr,
// Fpsr, Bcr[8], Bvr[8], Wcr[2], Wvr[2]; 0x390 bytes).
func arm64Context(flags uint32, x [31]uint64, sp, pc uint64, v [32]uint64) []byte {
	c := make([]byte, 0x390)
	le.PutUint32(c[0:], flags)
	le.PutUint32(c[4:], 0x60000000) // Cpsr
	for i, r := range x {
		le.PutUint64(c[8+8*i:], r)
	}
	le.PutUint64(c[0x100:], sp)
	le.PutUint64(c[0x108:], pc)
	for i, r := range v {
		le.PutUint64(c[0x110+16*i:], r)
		le.PutUint64(c[0x110+16*i+8:], ^r)
	}
	le.PutUint32(c[0x310:], 0x1234) // Fpcr
	le.PutUint32(c[0x314:], 0x5678) // Fpsr
	for i := range 8 {
		le.PutUint32(c[0x318+4*i:], 0xb0+uint32(i)) // Bcr
		le.PutUint64(c[0x338+8*i:], 0xb1b1)         // Bvr
	}
	le.PutUint32(c[0x378:], 0xc0) // Wcr
	le.PutUint64(c[0x380:], 0xc1) // Wvr
	return c
}
