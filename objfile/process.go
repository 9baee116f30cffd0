package objfile

import (
	"fmt"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/stackmap"
)

// This file answers what a process's images are asked: their load bias,
// the image in its memory (the vDSO), and, for package procwalk, its
// dynamic linker (ProcessFiles).

// LoadBias returns the load bias (runtime address - link-time address) of
// the image a process mapped from this file, from the process's mappings
// of it (a core's NT_FILE note, /proc/PID/maps): a PT_LOAD segment whose
// file bytes start inside a mapping, at the same offset within a 4 KiB
// page, runs at the mapping's start plus its file offset from the
// mapping's. A PE image is placed by the mapping of its first byte (file
// offset 0: a minidump's module base), linked at its ImageBase. An error
// matching procwalk.ErrNoBias when no mapping places the image; only ELF
// files and PE images are placed by their mappings.
func (f *File) LoadBias(maps []procwalk.Mapping) (uint64, error) {
	if f.Universal {
		return 0, errUniversal
	}
	return f.img.loadBias(maps)
}

// sameImage refuses a file whose identity (id, computed only when a
// mapping asks; what names it) is not the one the process recorded for
// the image mapped from its first byte (procwalk.Mapping.ID): an error
// matching procwalk.ErrWrongImage.
func sameImage(maps []procwalk.Mapping, what string, id func() string) error {
	for _, m := range maps {
		if m.Offset != 0 || m.ID == "" {
			continue
		}
		if got := id(); got != m.ID {
			if got == "" {
				got = "none"
			}
			return fmt.Errorf("%w: %s %s in the file, %s in the process's image", procwalk.ErrWrongImage, what, got, m.ID)
		}
	}
	return nil
}

// loadBias is LoadBias over an ELF file's PT_LOAD segments.
func loadBias(segs []elfsection.Segment, maps []procwalk.Mapping) (uint64, bool) {
	for _, m := range maps {
		for _, s := range segs {
			if s.Offset < m.Offset || s.Offset-m.Offset >= m.End-m.Start {
				continue
			}
			if (s.Addr-s.Offset)%4096 != (m.Start-m.Offset)%4096 {
				continue
			}
			return m.Start + (s.Offset - m.Offset) - s.Addr, true
		}
	}
	return 0, false
}

// NewImage reads the image a process holds in memory at addr through mem
// (the vDSO the kernel maps into every process, at the auxiliary vector's
// AT_SYSINFO_EHDR) and returns it with its load bias: the image's first
// byte, its file offset 0, is at addr. Only ELF images are read
// (elfsection.ReadImage: at most elfsection.MaxImage bytes, copied, so
// the File needs nothing of mem afterwards). Like a file opened with
// Options.AllowNoSection, it may have no stack maps.
func NewImage(mem stackmap.MemoryReader, addr uint64) (f *File, bias uint64, err error) {
	ef, err := elfsection.ReadImage(mem, addr)
	if err != nil {
		return nil, 0, err
	}
	r := ef.ReaderAt()
	if f, err = newFile(elfImage{ef}, r, Options{AllowNoSection: true}); err != nil {
		return nil, 0, fmt.Errorf("ELF image at %#x in memory: %w", addr, err)
	}
	size := uint64(r.(interface{ Size() int64 }).Size())
	if bias, err = f.LoadBias([]procwalk.Mapping{{Start: addr, End: addr + size}}); err != nil {
		return nil, 0, fmt.Errorf("ELF image at %#x in memory: %w", addr, err)
	}
	return f, bias, nil
}

// ProcessFiles opens the images of a process for package procwalk
// (procwalk.Open): ELF files and PE images from disk and ELF images from
// the process's memory (the vDSO), each read once and closed as soon as
// procwalk has made its module. Options tune how each file is read; AllowNoSection is
// always set (most libraries have no stack maps).
type ProcessFiles struct {
	// Options tune how each file is read (AllowNoSection is set).
	Options Options
}

// Open opens the ELF file or PE image at path (procwalk.Files).
func (pf ProcessFiles) Open(path string) (procwalk.Object, error) {
	opts := pf.Options
	opts.AllowNoSection = true
	f, err := OpenOptions(path, opts)
	if err != nil {
		return nil, err
	}
	ef := f.ELF()
	if ef == nil && f.Format != stackmap.FormatPE {
		f.Close()
		return nil, fmt.Errorf("%s: not an ELF file or a PE image", path)
	}
	return processObject{f, ef}, nil
}

// ReadImage reads the image at addr of mem (procwalk.Files): NewImage.
func (ProcessFiles) ReadImage(mem stackmap.MemoryReader, addr uint64) (procwalk.Object, uint64, error) {
	f, bias, err := NewImage(mem, addr)
	if err != nil {
		return nil, 0, err
	}
	return processObject{f, f.ELF()}, bias, nil
}

// processObject is an ELF File or a PE image as package procwalk asks of
// it (procwalk.Object).
type processObject struct {
	*File
	elf *elfsection.File // nil for a PE image
}

// EntryBias returns the load bias of the ELF executable whose entry point
// runs at entry.
func (o processObject) EntryBias(entry uint64) (uint64, error) {
	if o.elf == nil {
		return 0, fmt.Errorf("%w: %v images are placed by their mappings", procwalk.ErrNoBias, o.Format)
	}
	if o.elf.Entry == 0 {
		return 0, fmt.Errorf("%w: the file has no entry point", procwalk.ErrNoBias)
	}
	return entry - o.elf.Entry, nil
}

// DynamicLinker returns the executable's DT_DEBUG as mem holds it, loaded
// at bias, and its PT_INTERP.
func (o processObject) DynamicLinker(mem stackmap.MemoryReader, bias uint64) (rdebug uint64, interp string, ok bool, err error) {
	if o.elf == nil {
		return 0, "", false, nil
	}
	if _, ok := o.elf.Dynamic(); !ok {
		return 0, "", false, nil
	}
	rdebug, _, err = o.elf.DynamicValue(mem, bias, elfsection.DTDebug)
	if err != nil {
		return 0, "", true, err
	}
	interp, _ = o.elf.Interpreter() // a name the list lacks; the list is read without it
	return rdebug, interp, true, nil
}

// Symbols returns the File's SymbolMap.
func (o processObject) Symbols() (procwalk.Symbols, error) {
	m, err := o.SymbolMap()
	if err != nil {
		return nil, err
	}
	return m, nil
}
