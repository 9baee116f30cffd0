package elfsection

import (
	"bytes"
	"fmt"

	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/stackmap"
)

// MaxImage bounds the size of an image ReadImage reads from memory: 1 MiB
// (a vDSO is a few pages).
const MaxImage = 1 << 20

// ReadImage reads the ELF image a process holds in memory at addr, such
// as the vDSO the kernel maps into every process (its address is the
// auxiliary vector's AT_SYSINFO_EHDR), through mem: the ELF header at
// addr, then as many bytes as its program headers, section headers and
// PT_LOAD segments reach from it, at most MaxImage, read once into the
// heap. The image must be laid out in memory as in its file (the vDSO is:
// it is one PT_LOAD segment from file offset 0). The File it returns is
// read from those bytes, as NewFile reads a file; its size is the image's.
func ReadImage(mem stackmap.MemoryReader, addr uint64) (*File, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("ELF image at %#x in memory: "+format, append([]any{addr}, args...)...)
	}
	var h [64]byte
	if err := mem.ReadMemory(addr, h[:]); err != nil {
		return nil, fail("header: %w", err)
	}
	e, err := readEhdr(bounds.New(bytes.NewReader(h[:]), stackmap.FormatELF))
	if err != nil {
		return nil, fail("%w", err)
	}
	if e.phnum > 0 && e.phentsize < e.l.phentsize {
		return nil, fail("e_phentsize %d is less than %d", e.phentsize, e.l.phentsize)
	}
	size := max(e.l.ehdr, tableEnd(e.phoff, e.phnum, e.phentsize))
	if e.shoff != 0 {
		size = max(size, tableEnd(e.shoff, e.shnum, e.shentsize))
	}
	if size > MaxImage {
		return nil, fail("%w: its headers reach %d bytes, over the bound of %d", stackmap.ErrTooLarge, size, MaxImage)
	}
	// The PT_LOAD segments' file bytes may reach further than the headers.
	if e.phnum > 0 {
		ph := make([]byte, e.phnum*e.phentsize)
		if err := mem.ReadMemory(addr+e.phoff, ph); err != nil {
			return nil, fail("program header table at %#x: %w", addr+e.phoff, err)
		}
		for i := uint64(0); i < e.phnum; i++ {
			p := ph[i*e.phentsize:]
			if e.bo.Uint32(p) != ptLoad {
				continue
			}
			var off, filesz uint64
			if e.l == layout32 {
				off, filesz = uint64(e.bo.Uint32(p[4:])), uint64(e.bo.Uint32(p[16:]))
			} else {
				off, filesz = e.bo.Uint64(p[8:]), e.bo.Uint64(p[32:])
			}
			size = max(size, tableEnd(off, 1, filesz))
		}
	}
	if size > MaxImage {
		return nil, fail("%w: its segments reach %d bytes, over the bound of %d", stackmap.ErrTooLarge, size, MaxImage)
	}
	img := make([]byte, size)
	if err := mem.ReadMemory(addr, img); err != nil {
		return nil, fail("%d bytes: %w", size, err)
	}
	f, err := NewFile(bytes.NewReader(img))
	if err != nil {
		return nil, fail("%w", err)
	}
	return f, nil
}

// ptLoad is PT_LOAD.
const ptLoad = 1

// tableEnd returns off + count*size, or a value over MaxImage when that
// overflows.
func tableEnd(off, count, size uint64) uint64 {
	if count != 0 && size > (1<<63)/count || off > 1<<62 || count*size > 1<<62 {
		return 1 << 63
	}
	return off + count*size
}
