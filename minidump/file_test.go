package minidump_test

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/minidump"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

const crashDump = "../testdata/windows/minidump/crash.dmp"

// TestCheckedInDump reads the dump testdata/windows/minidump's program
// wrote of itself under wine (dbghelp's MiniDumpWriteDump, MiniDumpNormal,
// with the exception): what its streams say, as the program and wine set
// them up.
func TestCheckedInDump(t *testing.T) {
	f, err := minidump.Open(crashDump)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, regs.X86_64, f.Arch)
	assert.Equal(t, uint16(minidump.ArchAMD64), f.ProcessorArchitecture)
	require.NotEmpty(t, f.Modules)
	assert.Regexp(t, `^[A-Z]:\\.*\\dump\.exe$`, f.Modules[0].Name)
	assert.Equal(t, uint64(0x140000000), f.Modules[0].Base, "dump.exe at its fixed image base")
	names := map[string]bool{}
	for _, m := range f.Modules {
		names[m.Name[len(m.Name)-len("kernel32.dll"):]] = true
	}
	assert.True(t, names["kernel32.dll"], "kernel32.dll is loaded: %v", names)
	require.Len(t, f.Threads, 2)
	require.NotNil(t, f.Exception)
	assert.Equal(t, uint32(0xc0000005), f.Exception.Code, "EXCEPTION_ACCESS_VIOLATION")
	assert.Equal(t, []uint64{1, 0}, f.Exception.Information, "a write to address 0")
	for _, th := range f.Threads {
		assert.Equal(t, th.ID == f.Exception.ThreadID, th.Excepted)
		assert.NotZero(t, th.ContextFlags&minidump.ContextAMD64)
		assert.True(t, th.Regs.HasFP)
		pc, ok := th.Regs.Register(16)
		assert.True(t, ok)
		assert.Equal(t, th.Regs.PC, pc)
		sp, _ := th.Regs.Register(7)
		assert.Equal(t, th.Regs.SP, sp)
		// Both threads stopped in the program's code; the stack pointer
		// is in the stack the dump holds, and reads from it.
		assert.True(t, f.Modules[0].Base <= th.Regs.PC && th.Regs.PC < f.Modules[0].Base+uint64(f.Modules[0].Size))
		assert.True(t, th.StackStart <= th.Regs.SP && th.Regs.SP < th.StackStart+th.StackSize)
		v, err := f.ReadUint(th.Regs.SP, 8, binary.LittleEndian)
		require.NoError(t, err)
		b, err := f.Bytes(th.Regs.SP, 8)
		require.NoError(t, err)
		assert.Equal(t, v, binary.LittleEndian.Uint64(b))
	}
	// The exception's thread takes the exception's context: it faulted at
	// the exception address.
	for _, th := range f.Threads {
		if th.Excepted {
			assert.Equal(t, f.Exception.Address, th.Regs.PC)
		}
	}
	_, err = f.Bytes(0, 8)
	assert.ErrorIs(t, err, minidump.ErrMemory)
	assert.ErrorIs(t, f.ReadMemory(0, make([]byte, 8)), stackmap.ErrMemory)
}

// TestReadsDoNotAllocate: ReadUint and ReadMemory over the dump's memory
// allocate nothing.
func TestReadsDoNotAllocate(t *testing.T) {
	f, err := minidump.Open(crashDump)
	require.NoError(t, err)
	defer f.Close()
	sp := f.Threads[0].Regs.SP
	p := make([]byte, 16)
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := f.ReadUint(sp, 8, binary.LittleEndian); err != nil {
			t.Fatal(err)
		}
		if err := f.ReadMemory(sp, p); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Bytes(sp, 16); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}

// armDump is a hand-built ARM64 dump: one thread whose registers are
// their own numbers, 1 KiB of stack, one module, an exception.
func armDump(excepted bool) []byte {
	var x [31]uint64
	for i := range x {
		x[i] = 0x1000 + uint64(i)
	}
	var v [32]uint64
	for i := range v {
		v[i] = 0x4000 + uint64(i)
	}
	const flags = minidump.ContextARM64 | minidump.ContextControl | minidump.ContextInteger | minidump.ContextFloatARM64
	ctx := arm64Context(flags, x, 0x7ff000, 0x140001234, v)
	b := newBuilder()
	b.sysInfo(minidump.ArchARM64)
	stack := make([]byte, 1024)
	le.PutUint64(stack[8:], 0xfeedface)
	b.threadList(thread{id: 7, stack: 0x7ff000, stackBytes: stack, ctx: ctx})
	b.moduleList(module{base: 0x140000000, size: 0x10000, name: `C:\app\arm64.exe`})
	if excepted {
		x[0] = 0xdead
		b.exception(7, 0x80000003, 0x140001000, arm64Context(flags, x, 0x7ff010, 0x140001000, v))
	}
	return b.bytes()
}

// TestARM64Context decodes a hand-built ARM64_NT_CONTEXT at the offsets
// winnt.h gives: x0-x30, sp (DWARF 31), pc, v0-v31 (DWARF 64-95, low
// halves), and the exception's context replacing its thread's.
func TestARM64Context(t *testing.T) {
	f, err := minidump.New(armDump(false))
	require.NoError(t, err)
	assert.Equal(t, regs.AArch64, f.Arch)
	require.Len(t, f.Threads, 1)
	th := f.Threads[0]
	assert.Equal(t, uint32(7), th.ID)
	for r := range uint16(31) {
		v, ok := th.Regs.Register(r)
		assert.True(t, ok)
		assert.Equal(t, 0x1000+uint64(r), v, "x%d", r)
	}
	sp, _ := th.Regs.Register(31)
	assert.Equal(t, uint64(0x7ff000), sp)
	assert.Equal(t, uint64(0x7ff000), th.Regs.SP)
	assert.Equal(t, uint64(0x140001234), th.Regs.PC)
	for r := range uint16(32) {
		v, ok := th.Regs.Register(64 + r)
		assert.True(t, ok)
		assert.Equal(t, 0x4000+uint64(r), v, "v%d", r)
	}
	assert.False(t, th.Excepted)
	assert.Equal(t, []minidump.Module{{Base: 0x140000000, Size: 0x10000, Name: `C:\app\arm64.exe`}}, f.Modules)
	v, err := f.ReadUint(0x7ff008, 8, binary.LittleEndian)
	require.NoError(t, err)
	assert.Equal(t, uint64(0xfeedface), v)

	f, err = minidump.New(armDump(true))
	require.NoError(t, err)
	th = f.Threads[0]
	assert.True(t, th.Excepted)
	assert.Equal(t, uint64(0x140001000), th.Regs.PC)
	assert.Equal(t, uint64(0x7ff010), th.Regs.SP)
	x0, _ := th.Regs.Register(0)
	assert.Equal(t, uint64(0xdead), x0)
	assert.Equal(t, uint32(0x80000003), f.Exception.Code)
}

// TestAMD64ContextGroups: a context without CONTEXT_INTEGER gives the
// control registers only; without CONTEXT_FLOATING_POINT no xmm.
func TestAMD64ContextGroups(t *testing.T) {
	var gprs [17]uint64
	for i := range gprs {
		gprs[i] = 0x100 + uint64(i)
	}
	var xmm [16]uint64
	for i := range xmm {
		xmm[i] = 0x200 + uint64(i)
	}
	for _, tc := range []struct {
		flags       uint32
		integer, fp bool
	}{
		{minidump.ContextAMD64 | minidump.ContextControl, false, false},
		{minidump.ContextAMD64 | minidump.ContextControl | minidump.ContextInteger, true, false},
		{minidump.ContextAMD64 | minidump.ContextControl | minidump.ContextInteger | minidump.ContextFloatAMD64, true, true},
	} {
		b := newBuilder()
		b.sysInfo(minidump.ArchAMD64)
		b.threadList(thread{id: 1, ctx: amd64Context(tc.flags, gprs, xmm)})
		f, err := minidump.New(b.bytes())
		require.NoError(t, err)
		s := &f.Threads[0].Regs
		assert.Equal(t, uint64(0x100+16), s.PC, "rip")
		assert.Equal(t, uint64(0x100+4), s.SP, "rsp")
		// CONTEXT order rax rcx rdx rbx rsp rbp rsi rdi -> DWARF rax 0,
		// rdx 1, rcx 2, rbx 3, rsi 4, rdi 5, rbp 6, rsp 7.
		for dwarf, ctxIndex := range []uint64{0, 2, 1, 3, 6, 7, 5, 4, 8, 9, 10, 11, 12, 13, 14, 15} {
			v, ok := s.Register(uint16(dwarf))
			if dwarf == 7 {
				assert.True(t, ok)
				assert.Equal(t, uint64(0x104), v)
				continue
			}
			assert.Equal(t, tc.integer, ok, "DWARF %d", dwarf)
			if ok {
				assert.Equal(t, 0x100+ctxIndex, v, "DWARF %d", dwarf)
			}
		}
		v, ok := s.Register(17 + 6)
		assert.Equal(t, tc.fp, ok)
		if ok {
			assert.Equal(t, uint64(0x206), v, "xmm6")
		}
	}
}

// TestMemory64List reads the 64-bit memory list (contiguous bytes from a
// base RVA) beside the 32-bit one.
func TestMemory64List(t *testing.T) {
	b := newBuilder()
	b.sysInfo(minidump.ArchAMD64)
	b.memoryList(memory{0x1000, []byte{1, 2, 3, 4}})
	b.memory64List(memory{0x2000, []byte{5, 6}}, memory{0x3000, []byte{7, 8, 9}})
	f, err := minidump.New(b.bytes())
	require.NoError(t, err)
	for addr, want := range map[uint64]byte{0x1003: 4, 0x2001: 6, 0x3000: 7, 0x3002: 9} {
		v, err := f.ReadUint(addr, 1, binary.LittleEndian)
		require.NoError(t, err)
		assert.Equal(t, uint64(want), v, "%#x", addr)
	}
	_, err = f.ReadUint(0x3002, 2, binary.LittleEndian)
	assert.ErrorIs(t, err, minidump.ErrMemory)
	assert.Len(t, f.Memory().Regions(), 3)
}

// TestOverlappingMemory: ranges that overlap with the same bytes are
// read (dbghelp writes the code around each thread's pc, and two threads
// may stop near each other); with different bytes they are refused.
func TestOverlappingMemory(t *testing.T) {
	b := newBuilder()
	b.sysInfo(minidump.ArchAMD64)
	b.memoryList(memory{0x1000, []byte{1, 2, 3, 4}}, memory{0x1002, []byte{3, 4, 5, 6}}, memory{0x1001, []byte{2}})
	f, err := minidump.New(b.bytes())
	require.NoError(t, err)
	v, err := f.ReadUint(0x1004, 2, binary.LittleEndian)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x0605), v)

	b = newBuilder()
	b.sysInfo(minidump.ArchAMD64)
	b.memoryList(memory{0x1000, []byte{1, 2, 3, 4}}, memory{0x1002, []byte{9, 4, 5, 6}})
	_, err = minidump.New(b.bytes())
	assert.ErrorIs(t, err, minidump.ErrFormat)
	assert.ErrorContains(t, err, "overlap with different bytes")

	// A range that wraps around the address space, after one it
	// overlaps: refused, not trimmed.
	_, err = minidump.New(wrapDump())
	assert.ErrorIs(t, err, minidump.ErrFormat)
	assert.ErrorContains(t, err, "wraps around the address space")
}

// hostileCase is one malformed dump: an edit of armDump(true), and what
// the error must say.
type hostileCase struct {
	name, want string
	edit       func(b []byte)
}

// hostileCases are the malformed dumps TestHostile refuses (and the fuzz
// corpus holds).
func hostileCases() []hostileCase {
	good := armDump(true)
	dirRVA := le.Uint32(good[12:])
	// Streams of armDump in directory order: SystemInfo, ThreadList,
	// ModuleList, Exception.
	rvaOf := func(i int) uint32 { return le.Uint32(good[dirRVA+uint32(12*i)+8:]) }
	return []hostileCase{
		{"magic", "not a minidump", func(b []byte) { b[0] = 'X' }},
		{"version", "version", func(b []byte) { le.PutUint16(b[4:], 1) }},
		{"huge directory", "stream directory entries", func(b []byte) { le.PutUint32(b[8:], 0xffffffff) }},
		{"stream past the end", "runs past the end of the file", func(b []byte) { le.PutUint32(b[dirRVA+4:], 0x7fffffff) }},
		{"two thread lists", "a second ThreadListStream", func(b []byte) { le.PutUint32(b[dirRVA+12*2:], 3) }},
		{"no system info", "no SystemInfoStream", func(b []byte) { le.PutUint32(b[dirRVA:], 0xffff) }},
		{"x86 dump", "processor architecture 0", func(b []byte) { le.PutUint16(b[rvaOf(0):], 0) }},
		{"huge thread count", "entries of 48 bytes do not fit", func(b []byte) { le.PutUint32(b[rvaOf(1):], 0x10000000) }},
		{"more threads than contexts", "do not fit in the file", func(b []byte) {
			// The thread list made to span the rest of the file, with as
			// many entries as fit in it: not as many contexts do.
			size := uint32(len(b)) - rvaOf(1)
			le.PutUint32(b[dirRVA+12+4:], size)
			le.PutUint32(b[rvaOf(1):], (size-4)/48)
		}},
		{"context past the end", "thread 0 (id 7) context", func(b []byte) { le.PutUint32(b[rvaOf(1)+4+44:], 0xfffffff0) }},
		{"stack past the end", "thread 0 (id 7) stack", func(b []byte) { le.PutUint32(b[rvaOf(1)+4+32:], 0xfffffff0) }},
		{"short context", "ARM64 context of 16 bytes", func(b []byte) { le.PutUint32(b[rvaOf(1)+4+40:], 16) }},
		{"context flags", "want CONTEXT_ARM64", func(b []byte) {
			le.PutUint32(b[le.Uint32(b[rvaOf(1)+4+44:]):], minidump.ContextAMD64|minidump.ContextControl)
		}},
		{"huge module count", "entries of 108 bytes do not fit", func(b []byte) { le.PutUint32(b[rvaOf(2):], 0xffffffff) }},
		{"module name past the end", "module 0 name", func(b []byte) { le.PutUint32(b[rvaOf(2)+4+20:], 0xfffffff0) }},
		{"odd module name", "odd", func(b []byte) {
			le.PutUint32(b[le.Uint32(b[rvaOf(2)+4+20:]):], 3)
		}},
		{"exception parameters", "exception parameters", func(b []byte) { le.PutUint32(b[rvaOf(3)+32:], 16) }},
		{"exception thread", "thread id 8 is not in the thread list", func(b []byte) { le.PutUint32(b[rvaOf(3):], 8) }},
		{"module wraps", "wraps", func(b []byte) { le.PutUint64(b[rvaOf(2)+4:], 0xffffffffffffff00) }},
	}
}

// TestHostile: every malformed dump is refused with an error that matches
// ErrFormat and says where and what, before anything its counts claim is
// allocated.
func TestHostile(t *testing.T) {
	good := armDump(true)
	for _, tc := range hostileCases() {
		t.Run(tc.name, func(t *testing.T) {
			b := append([]byte(nil), good...)
			tc.edit(b)
			_, err := minidump.New(b)
			require.Error(t, err)
			assert.ErrorIs(t, err, minidump.ErrFormat)
			assert.ErrorContains(t, err, tc.want)
			var fe *stackmap.FileError
			assert.True(t, errors.As(err, &fe))
			assert.Equal(t, stackmap.Format("minidump"), fe.Format)
		})
	}
	_, err := minidump.New(good)
	require.NoError(t, err, "the unedited dump")
	_, err = minidump.New(good[:20])
	assert.ErrorIs(t, err, minidump.ErrFormat)
}

// TestThreadExList reads the threads of a ThreadExListStream (64-byte
// entries) when the dump has no ThreadListStream.
func TestThreadExList(t *testing.T) {
	var gprs [17]uint64
	gprs[16], gprs[4] = 0x140001000, 0x7000
	const flags = minidump.ContextAMD64 | minidump.ContextControl
	b := newBuilder()
	b.sysInfo(minidump.ArchAMD64)
	b.threadExList(thread{id: 5, stack: 0x7000, stackBytes: []byte{1, 2, 3, 4, 5, 6, 7, 8}, ctx: amd64Context(flags, gprs, [16]uint64{})},
		thread{id: 6, ctx: amd64Context(flags, [17]uint64{16: 0x140002000}, [16]uint64{})})
	f, err := minidump.New(b.bytes())
	require.NoError(t, err)
	require.Len(t, f.Threads, 2)
	assert.Equal(t, uint32(5), f.Threads[0].ID)
	assert.Equal(t, uint64(0x140001000), f.Threads[0].Regs.PC)
	assert.Equal(t, uint64(0x7000), f.Threads[0].Regs.SP)
	assert.Equal(t, uint32(6), f.Threads[1].ID)
	assert.Equal(t, uint64(0x140002000), f.Threads[1].Regs.PC)
	v, err := f.ReadUint(0x7000, 8, binary.LittleEndian)
	require.NoError(t, err)
	assert.Equal(t, uint64(0x0807060504030201), v)
}

// BenchmarkReadUint reads the stack of the checked-in dump's first thread
// eight bytes at a time, as a walk does.
func BenchmarkReadUint(b *testing.B) {
	f, err := minidump.Open(crashDump)
	require.NoError(b, err)
	defer f.Close()
	th := f.Threads[0]
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		addr := th.Regs.SP + uint64(i*8)%(th.StackStart+th.StackSize-th.Regs.SP-8)
		if _, err := f.ReadUint(addr&^7, 8, binary.LittleEndian); err != nil {
			b.Fatal(err)
		}
	}
}

// wrapDump is a dump whose second memory range wraps around the address
// space, overlapping the first.
func wrapDump() []byte {
	b := newBuilder()
	b.sysInfo(minidump.ArchAMD64)
	b.memoryList(memory{0xfffffffffffffff0, make([]byte, 8)}, memory{0xfffffffffffffff4, make([]byte, 32)})
	return b.bytes()
}

// TestIsFile: the checked-in dump is a minidump; a Linux core, an
// executable, a directory and a missing file are not.
func TestIsFile(t *testing.T) {
	assert.True(t, minidump.IsFile(crashDump))
	assert.False(t, minidump.IsFile("../testdata/windows/minidump/dump.exe"), "a PE image")
	assert.False(t, minidump.IsFile("../testdata/linked/x86_64-elf/exe"), "an ELF file")
	assert.False(t, minidump.IsFile("../testdata/windows"), "a directory")
	assert.False(t, minidump.IsFile("../testdata/windows/minidump/no-such-file"))
}
