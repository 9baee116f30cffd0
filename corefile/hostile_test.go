package corefile

import (
	"encoding/binary"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/stackmap"
)

// hostileCores are cores whose headers claim what the file does not hold.
func hostileCores() map[string][]byte {
	o := binary.LittleEndian
	out := map[string][]byte{}
	mod := func(name string, f func(b []byte) []byte) {
		out[name] = f(sampleCore())
	}
	// e_phnum PN_XNUM: the count is section header 0's sh_info, 2^32-1.
	mod("phnum 2^32", func(b []byte) []byte {
		o.PutUint16(b[56:], pnXNum)
		o.PutUint64(b[40:], uint64(len(b)))
		sh := make([]byte, shdrSize)
		o.PutUint32(sh[44:], 0xffffffff)
		return append(b, sh...)
	})
	mod("phnum 65534", func(b []byte) []byte { o.PutUint16(b[56:], 0xfffe); return b })
	mod("section header past the end", func(b []byte) []byte {
		o.PutUint16(b[56:], pnXNum)
		o.PutUint64(b[40:], 1<<63)
		return b
	})
	mod("phoff past the end", func(b []byte) []byte { o.PutUint64(b[32:], 1<<63); return b })
	mod("phentsize 32", func(b []byte) []byte { o.PutUint16(b[54:], 32); return b })
	// The first note claims a 2^32-1 byte description.
	mod("note past the end", func(b []byte) []byte {
		noteOff := o.Uint64(b[ehdrSize+8:])
		o.PutUint32(b[noteOff+4:], 0xffffffff)
		return b
	})
	mod("note segment past the end", func(b []byte) []byte {
		o.PutUint64(b[ehdrSize+32:], 1<<40)
		return b
	})
	mod("segments overlap", func(b []byte) []byte {
		// Move the stack segment onto the not-dumped one.
		o.PutUint64(b[ehdrSize+phdrSize+16:], 0x400800)
		return b
	})
	mod("segment wraps", func(b []byte) []byte {
		o.PutUint64(b[ehdrSize+phdrSize+16:], 1<<64-16)
		return b
	})
	mod("filesz above memsz", func(b []byte) []byte {
		o.PutUint64(b[ehdrSize+phdrSize+40:], 8)
		return b
	})
	// NT_FILE claims 2^32 entries.
	out["NT_FILE 2^32 entries"] = buildCore(nil, []testNote{{Name: "CORE", Type: ntFile, Desc: func() []byte {
		d := ntFileDesc([]Mapping{{Start: 1, End: 2, Path: "/x"}})
		o.PutUint64(d, 1<<32)
		return d
	}()}})
	out["NT_FILE path not terminated"] = buildCore(nil, []testNote{{Name: "CORE", Type: ntFile, Desc: func() []byte {
		d := ntFileDesc([]Mapping{{Start: 1, End: 2, Path: "/x"}})
		return d[:len(d)-1]
	}()}})
	out["NT_FILE end below start"] = buildCore(nil, []testNote{{Name: "CORE", Type: ntFile, Desc: ntFileDesc([]Mapping{{Start: 2, End: 1, Path: "/x"}})}})
	out["NT_PRSTATUS short"] = buildCore(nil, []testNote{{Name: "CORE", Type: ntPrStatus, Desc: make([]byte, 200)}})
	out["not a core"] = func() []byte { b := sampleCore(); o.PutUint16(b[16:], 2); return b }()
	out["32-bit"] = func() []byte { b := sampleCore(); b[4] = 1; return b }()
	out["machine 3"] = func() []byte { b := sampleCore(); o.PutUint16(b[18:], 3); return b }()
	out["big-endian x86_64"] = func() []byte { b := sampleCore(); b[5] = 2; return b }()
	out["truncated header"] = sampleCore()[:40]
	return out
}

// TestHostileCores checks that every hostile core is refused with an
// error naming an offset, allocating under 1 MiB.
func TestHostileCores(t *testing.T) {
	for name, b := range hostileCores() {
		t.Run(name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			f, err := New(b)
			runtime.ReadMemStats(&after)
			require.Error(t, err, "accepted: %+v", f)
			assert.ErrorIs(t, err, ErrFormat)
			var fe *stackmap.FileError
			assert.ErrorAs(t, err, &fe)
			assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated")
			n := testing.AllocsPerRun(10, func() { _, _ = New(b) })
			assert.Less(t, n, 100.0, "allocations")
		})
	}
}

// TestCoreHeaderMessages checks what the refusals of bad program header
// fields say: the field, its value as the file has it (not clamped) and
// the offset of the field in the ELF header.
func TestCoreHeaderMessages(t *testing.T) {
	o := binary.LittleEndian
	for _, c := range []struct {
		name string
		mod  func(b []byte) []byte
		want string
	}{
		{"PN_XNUM without section headers", func(b []byte) []byte { o.PutUint16(b[56:], pnXNum); return b },
			"ELF header at file offset 0x38: malformed core file: e_phnum is PN_XNUM (0xffff) but there is no section header table (e_shoff 0) to hold the count"},
		{"PN_XNUM, section header past the end", func(b []byte) []byte {
			o.PutUint16(b[56:], pnXNum)
			o.PutUint64(b[40:], 1<<63)
			return b
		}, "ELF header at file offset 0x28: malformed core file: e_phnum is PN_XNUM (0xffff) but section header 0 (e_shoff 0x8000000000000000) is past the end"},
		{"PN_XNUM, count 0", func(b []byte) []byte {
			o.PutUint16(b[56:], pnXNum)
			o.PutUint64(b[40:], uint64(len(b)))
			return append(b, make([]byte, shdrSize)...)
		}, "e_phnum is PN_XNUM (0xffff) but sh_info, the count, is 0"},
		{"e_phnum 0", func(b []byte) []byte { o.PutUint16(b[56:], 0); return b },
			"ELF header at file offset 0x38: malformed core file: no program headers (e_phnum 0)"},
		{"e_phoff 2^63", func(b []byte) []byte { o.PutUint64(b[32:], 1<<63); return b },
			"ELF header at file offset 0x20: malformed core file: 8 program headers of 56 bytes at e_phoff 0x8000000000000000 do not fit"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := sampleCore()
			b[56] = 8 // e_phnum 8 (sampleCore has 3), so that the count shows
			_, err := New(c.mod(b))
			require.ErrorIs(t, err, ErrFormat)
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "0x4000000000000000")
		})
	}
}
