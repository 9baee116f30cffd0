package objfile_test

import (
	"bytes"
	"compress/zlib"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// hostile is a real checked-in file with one header patched to claim far
// more than the file holds.
type hostile struct {
	name  string
	file  string                               // relative to testdata/
	patch func(tb testing.TB, b []byte) []byte // returns the hostile bytes
	// tooLarge: the refusal must match stackmap.ErrTooLarge.
	tooLarge bool
}

// hostileCases are the kinds of hostile headers the locators must refuse
// cheaply: tables and counts claiming 2^32 entries, sizes past the file's
// end, a compressed section declaring gigabytes.
func hostileCases() []hostile {
	const elfObj = "objects/llvm22/x86_64-elf/kinds.o"
	const ppcObj = "linked/ppc64-elf/link_a.o"
	const elfLib = "linked/x86_64-elf/libstackmaps.so"
	const machoObj = "objects/llvm22/arm64-macho/kinds.o"
	const chained = "linked-macho/arm64-macos13.dylib"
	const fat = "fat/kinds-universal.o"
	const coff = "objects/llvm22/x86_64-coff/kinds.o"
	const dll = "linked-pe/sm.dll"
	return []hostile{
		// ELF
		{"elf/shnum-extended-2^32", elfObj, func(tb testing.TB, b []byte) []byte {
			shoff := le.Uint64(b[0x28:])
			le.PutUint16(b[0x3c:], 0)           // e_shnum 0: the count is in section 0's sh_size
			le.PutUint64(b[shoff+32:], 1<<32-1) // sh_size of section 0
			return b
		}, false},
		{"elf/shoff-past-end", elfObj, func(tb testing.TB, b []byte) []byte {
			le.PutUint64(b[0x28:], 1<<40)
			return b
		}, false},
		{"elf/phnum-65535", elfObj, func(tb testing.TB, b []byte) []byte {
			le.PutUint64(b[0x20:], 64) // e_phoff
			le.PutUint16(b[0x36:], 56) // e_phentsize
			le.PutUint16(b[0x38:], 0xfffe)
			return b
		}, false},
		{"elf/shstrndx-xindex", elfObj, func(tb testing.TB, b []byte) []byte {
			shoff := le.Uint64(b[0x28:])
			le.PutUint16(b[0x3e:], 0xffff)         // e_shstrndx SHN_XINDEX
			le.PutUint32(b[shoff+40:], 0xfffffff0) // section 0's sh_link
			return b
		}, false},
		{"elf/symtab-2^32-entries", elfObj, elfSection(elf.SHT_SYMTAB, "", 32, 24<<32), false},
		{"elf/strtab-4GiB", elfObj, elfSection(elf.SHT_STRTAB, ".strtab", 32, 1<<32), false},
		{"elf/rela-2^32-entries", elfObj, elfSection(elf.SHT_RELA, ".rela.llvm_stackmaps", 32, 24<<32), false},
		{"elf/rela-sh_link", elfObj, elfSection(elf.SHT_RELA, ".rela.llvm_stackmaps", 40, 0xfff0), false},
		{"elf/rela-sh_info", elfObj, elfSection(elf.SHT_RELA, ".rela.llvm_stackmaps", 44, 0xfff0), false},
		{"elf/stackmaps-4GiB", elfObj, elfSection(elf.SHT_PROGBITS, ".llvm_stackmaps", 32, 1<<32), false},
		{"elf/stackmaps-offset", elfObj, elfSection(elf.SHT_PROGBITS, ".llvm_stackmaps", 24, 1<<40), false},
		{"elf/opd-4GiB", ppcObj, elfSectionBE(".opd", 32, 1<<32), false},
		{"elf/strtab-nobits-4GiB", elfLib, func(tb testing.TB, b []byte) []byte {
			b = elfSection(elf.SHT_STRTAB, ".strtab", 32, 1<<32)(tb, b)
			at := elfSectionHeader(tb, b, ".strtab") + 4
			le.PutUint32(b[at:], uint32(elf.SHT_NOBITS))
			return b
		}, false},
		{"elf/gnu-versym-4GiB", "linked/x86_64-elf/pie", func(tb testing.TB, b []byte) []byte {
			// No .symtab (as if stripped): the symbols come from .dynsym,
			// which debug/elf reads with the GNU version tables.
			le.PutUint32(b[elfSectionHeader(tb, b, ".symtab")+4:], uint32(elf.SHT_PROGBITS))
			return elfSection(elf.SHT_GNU_VERSYM, "", 32, 1<<32)(tb, b)
		}, false},
		{"elf/dynsym-2^32-entries", elfLib, elfSection(elf.SHT_DYNSYM, "", 32, 24<<32), false},
		{"elf/compressed-declares-4GiB", elfObj, compressedStackMaps(1<<32, 1<<20), true},
		{"elf/compressed-bomb-past-bound", elfObj, compressedStackMaps(300<<20, 4<<20), true},
		// Mach-O
		{"macho/sizeofcmds-4GiB", machoObj, func(tb testing.TB, b []byte) []byte {
			le.PutUint32(b[20:], 1<<32-1)
			return b
		}, false},
		{"macho/ncmds-2^32", machoObj, func(tb testing.TB, b []byte) []byte {
			le.PutUint32(b[16:], 1<<32-1)
			return b
		}, false},
		{"macho/nsects-2^32", machoObj, machoLoad(macho.LoadCmdSegment64, 64, 1<<32-1), false},
		{"macho/nreloc-2^32", machoObj, machoLoad(macho.LoadCmdSegment64, 72+60, 1<<32-1), false},
		{"macho/nsyms-2^32", machoObj, machoLoad(macho.LoadCmdSymtab, 12, 1<<32-1), false},
		{"macho/strsize-4GiB", machoObj, machoLoad(macho.LoadCmdSymtab, 20, 1<<32-1), false},
		{"macho/nindirectsyms-2^32", chained, machoLoad(macho.LoadCmdDysymtab, 60, 1<<32-1), false},
		{"macho/chained-fixups-4GiB", chained, machoLoad(lcChainedFixups, 12, 1<<32-1), false},
		{"macho/linkedit-filesize-4GiB", chained, func(tb testing.TB, b []byte) []byte {
			// __LINKEDIT and the fixups both claim 4 GiB: the file has 50 KB.
			off := machoCmd(tb, b, macho.LoadCmdSegment64, "__LINKEDIT")
			le.PutUint64(b[off+48:], 1<<32)
			return machoLoad(lcChainedFixups, 12, 1<<32-1)(tb, b)
		}, false},
		{"macho/chained-seg_count-2^32", chained, chainedField(0, 1<<32-1), false},
		{"macho/chained-page_count-65535", chained, chainedSegField(20, 0xffff), false},
		{"fat/nfat_arch-2^31", fat, func(tb testing.TB, b []byte) []byte {
			be.PutUint32(b[4:], 1<<31)
			return b
		}, false},
		{"fat/slice-size-4GiB", fat, func(tb testing.TB, b []byte) []byte {
			be.PutUint32(b[8+20+12:], 1<<32-1)
			return b
		}, false},
		{"fat/slice-offset-past-end", fat, func(tb testing.TB, b []byte) []byte {
			be.PutUint32(b[8+8:], 1<<31)
			return b
		}, false},
		{"fat/slice-bad-magic", fat, func(tb testing.TB, b []byte) []byte {
			off := be.Uint32(b[8+20+8:])
			copy(b[off:], "junk")
			return b
		}, false},
		{"fat/slice-sizeofcmds-4GiB", fat, func(tb testing.TB, b []byte) []byte {
			off := be.Uint32(b[8+20+8:])
			le.PutUint32(b[off+20:], 1<<32-1)
			return b
		}, false},
		// COFF and PE
		{"coff/sections-65535", coff, func(tb testing.TB, b []byte) []byte {
			le.PutUint16(b[2:], 0xffff)
			return b
		}, false},
		{"coff/symbols-2^32", coff, func(tb testing.TB, b []byte) []byte {
			le.PutUint32(b[12:], 1<<32-1)
			return b
		}, false},
		{"coff/symtab-past-end", coff, func(tb testing.TB, b []byte) []byte {
			le.PutUint32(b[8:], 1<<31)
			return b
		}, false},
		{"coff/string-table-4GiB", coff, func(tb testing.TB, b []byte) []byte {
			at := le.Uint32(b[8:]) + 18*le.Uint32(b[12:])
			le.PutUint32(b[at:], 1<<32-1)
			return b
		}, false},
		{"coff/relocations-65535", coff, coffSection(".llvm_stackmaps", 32, 2, 0xffff), false},
		{"coff/raw-data-4GiB", coff, coffSection(".llvm_stackmaps", 16, 4, 1<<32-1), false},
		{"coff/section-name-not-a-number", coff, func(tb testing.TB, b []byte) []byte {
			off := coffSectionHeader(tb, b, ".llvm_stackmaps")
			copy(b[off:off+8], "/pdata\x00\x00")
			return b
		}, false},
		{"coff/optional-header-65535", coff, func(tb testing.TB, b []byte) []byte {
			le.PutUint16(b[16:], 0xffff)
			return b
		}, false},
		{"pe/optional-header-65535", dll, func(tb testing.TB, b []byte) []byte {
			le.PutUint16(b[le.Uint32(b[0x3c:])+4+16:], 0xffff)
			return b
		}, false},
		{"pe/sections-65535", dll, func(tb testing.TB, b []byte) []byte {
			le.PutUint16(b[le.Uint32(b[0x3c:])+4+2:], 0xffff)
			return b
		}, false},
		{"pe/signature-past-end", dll, func(tb testing.TB, b []byte) []byte {
			le.PutUint32(b[0x3c:], 1<<31)
			return b
		}, false},
		{"pe/raw-data-4GiB", dll, coffSection(".llvm_st", 16, 4, 1<<32-1), false},
	}
}

var (
	le = binary.LittleEndian
	be = binary.BigEndian
)

const lcChainedFixups = macho.LoadCmd(0x80000034)

// elfSection patches field (at byte off of the section header) of the
// first little-endian 64-bit section of type typ (and name, if given).
func elfSection(typ elf.SectionType, name string, off int, v uint64) func(testing.TB, []byte) []byte {
	return func(tb testing.TB, b []byte) []byte {
		f, err := elf.NewFile(bytes.NewReader(b))
		require.NoError(tb, err)
		for i, s := range f.Sections {
			if s.Type == typ && (name == "" || s.Name == name) {
				at := int(le.Uint64(b[0x28:])) + 64*i + off
				if off == 40 || off == 44 {
					le.PutUint32(b[at:], uint32(v))
				} else {
					le.PutUint64(b[at:], v)
				}
				return b
			}
		}
		tb.Fatalf("no section of type %v named %q", typ, name)
		return nil
	}
}

// elfSectionHeader returns the file offset of the header of the section
// named name in a little-endian 64-bit ELF file.
func elfSectionHeader(tb testing.TB, b []byte, name string) int {
	f, err := elf.NewFile(bytes.NewReader(b))
	require.NoError(tb, err)
	for i, s := range f.Sections {
		if s.Name == name {
			return int(le.Uint64(b[0x28:])) + 64*i
		}
	}
	tb.Fatalf("no section %s", name)
	return 0
}

// elfSectionBE patches a 64-bit field of a big-endian 64-bit ELF file's
// section header.
func elfSectionBE(name string, off int, v uint64) func(testing.TB, []byte) []byte {
	return func(tb testing.TB, b []byte) []byte {
		f, err := elf.NewFile(bytes.NewReader(b))
		require.NoError(tb, err)
		for i, s := range f.Sections {
			if s.Name == name {
				be.PutUint64(b[int(be.Uint64(b[0x28:]))+64*i+off:], v)
				return b
			}
		}
		tb.Fatalf("no section %s", name)
		return nil
	}
}

// compressedStackMaps appends a zlib stream of n zero bytes to the file,
// declares it (ch_size) as size bytes, and points .llvm_stackmaps at it
// with SHF_COMPRESSED.
func compressedStackMaps(size uint64, n int) func(testing.TB, []byte) []byte {
	return func(tb testing.TB, b []byte) []byte {
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		_, err := zw.Write(make([]byte, n))
		require.NoError(tb, err)
		require.NoError(tb, zw.Close())
		var chdr [24]byte
		le.PutUint32(chdr[0:], uint32(elf.COMPRESS_ZLIB))
		le.PutUint64(chdr[8:], size)
		le.PutUint64(chdr[16:], 8)
		off := uint64(len(b))
		b = append(append(b, chdr[:]...), z.Bytes()...)
		b = elfSection(elf.SHT_PROGBITS, ".llvm_stackmaps", 24, off)(tb, b)
		b = elfSection(elf.SHT_PROGBITS, ".llvm_stackmaps", 32, uint64(len(chdr)+z.Len()))(tb, b)
		f, err := elf.NewFile(bytes.NewReader(b))
		require.NoError(tb, err)
		s := f.Section(".llvm_stackmaps")
		return elfSection(elf.SHT_PROGBITS, ".llvm_stackmaps", 8, uint64((s.Flags|elf.SHF_COMPRESSED)&^elf.SHF_ALLOC))(tb, b)
	}
}

// machoCmd returns the file offset of the first load command cmd of a
// thin little-endian 64-bit Mach-O file (a segment: the one named seg).
func machoCmd(tb testing.TB, b []byte, cmd macho.LoadCmd, seg string) int {
	ncmds := le.Uint32(b[16:])
	off := 32
	for i := uint32(0); i < ncmds; i++ {
		if macho.LoadCmd(le.Uint32(b[off:])) == cmd {
			if seg == "" || string(bytes.TrimRight(b[off+8:off+24], "\x00")) == seg {
				return off
			}
		}
		off += int(le.Uint32(b[off+4:]))
	}
	tb.Fatalf("no load command %v %s", cmd, seg)
	return 0
}

// machoLoad patches the 32-bit field at byte off of the first load
// command cmd.
func machoLoad(cmd macho.LoadCmd, off int, v uint32) func(testing.TB, []byte) []byte {
	return func(tb testing.TB, b []byte) []byte {
		le.PutUint32(b[machoCmd(tb, b, cmd, "")+off:], v)
		return b
	}
}

// chainedField patches the 32-bit field at byte off of the chained fixups
// starts_in_image table (off 0 is seg_count).
func chainedField(off int, v uint32) func(testing.TB, []byte) []byte {
	return func(tb testing.TB, b []byte) []byte {
		lc := machoCmd(tb, b, lcChainedFixups, "")
		blob := int(le.Uint32(b[lc+8:]))
		starts := blob + int(le.Uint32(b[blob+4:]))
		le.PutUint32(b[starts+off:], v)
		return b
	}
}

// chainedSegField patches the 16-bit field at byte off of the
// starts_in_segment of the segment holding the stack map section.
func chainedSegField(off int, v uint16) func(testing.TB, []byte) []byte {
	return func(tb testing.TB, b []byte) []byte {
		f, err := macho.NewFile(bytes.NewReader(b))
		require.NoError(tb, err)
		seg := -1
		n := 0
		for _, l := range f.Loads {
			if s, ok := l.(*macho.Segment); ok {
				if s.Name == "__LLVM_STACKMAPS" {
					seg = n
				}
				n++
			}
		}
		require.GreaterOrEqual(tb, seg, 0)
		lc := machoCmd(tb, b, lcChainedFixups, "")
		blob := int(le.Uint32(b[lc+8:]))
		starts := blob + int(le.Uint32(b[blob+4:]))
		info := le.Uint32(b[starts+4+4*seg:])
		require.NotZero(tb, info)
		le.PutUint16(b[starts+int(info)+off:], v)
		return b
	}
}

// coffSectionHeader returns the file offset of the header of the section
// named name in a COFF object or PE image.
func coffSectionHeader(tb testing.TB, b []byte, name string) int {
	f, err := pe.NewFile(bytes.NewReader(b))
	require.NoError(tb, err)
	base := 0
	if b[0] == 'M' && b[1] == 'Z' {
		base = int(le.Uint32(b[0x3c:])) + 4
	}
	for i, s := range f.Sections {
		if s.Name == name {
			return base + 20 + int(f.SizeOfOptionalHeader) + 40*i
		}
	}
	tb.Fatalf("no section %s", name)
	return 0
}

// coffSection patches a field (size bytes at byte off of the section
// header) of the section named name.
func coffSection(name string, off, size int, v uint32) func(testing.TB, []byte) []byte {
	return func(tb testing.TB, b []byte) []byte {
		at := coffSectionHeader(tb, b, name) + off
		if size == 2 {
			le.PutUint16(b[at:], uint16(v))
		} else {
			le.PutUint32(b[at:], v)
		}
		return b
	}
}

// build returns the hostile file's bytes.
func (h hostile) build(tb testing.TB) []byte {
	b, err := os.ReadFile(filepath.Join(corpus.Root(), h.file))
	require.NoError(tb, err)
	return h.patch(tb, bytes.Clone(b))
}

// open opens b through the public path and decodes what it finds.
func open(b []byte) error {
	f, err := objfile.NewFile(bytes.NewReader(b))
	if err != nil {
		return err
	}
	defer f.Close()
	for _, sd := range f.Sections {
		if err := walk(sd); err != nil {
			return err
		}
	}
	return nil
}

// TestHostileHeadersRefusedCheaply opens each hostile file and checks
// that it is refused with an error naming a file offset, having allocated
// under 1 MiB.
func TestHostileHeadersRefusedCheaply(t *testing.T) {
	for _, h := range hostileCases() {
		t.Run(h.name, func(t *testing.T) {
			b := h.build(t)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			err := open(b)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%s: %d bytes allocated, %v: %v", h.name, alloc, elapsed, err)
			require.Error(t, err)
			assert.Empty(t, offsetless(err), "the error names no offset")
			var fe *stackmap.FileError
			assert.ErrorAs(t, err, &fe)
			if h.tooLarge {
				assert.ErrorIs(t, err, stackmap.ErrTooLarge)
			}
			assert.Less(t, alloc, uint64(1<<20), "bytes allocated refusing the file")
		})
	}
}

// BenchmarkHostileHeaders times the refusal of each hostile file.
func BenchmarkHostileHeaders(b *testing.B) {
	for _, h := range hostileCases() {
		data := h.build(b)
		b.Run(h.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if open(data) == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}
