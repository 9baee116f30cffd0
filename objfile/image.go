package objfile

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/elfsection"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/pesection"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/unwind"
)

// image is one format's reader behind a thin File (an ELF file, a thin
// Mach-O file or one slice of a universal one, a COFF object or PE
// image): what File asks of every format. Each format has one adapter
// (elfImage, machoImage, peImage), made by the one opener, open, so that
// File answers without switching on the format (as Go's
// cmd/internal/objfile hides its formats behind rawFile).
type image interface {
	// header returns the image's format, architecture and byte order.
	header() (stackmap.Format, regs.Arch, binary.ByteOrder)
	// stackMaps returns the image's stack map section (an error matching
	// ErrNoSection when it has none).
	stackMaps() (*stackmap.SectionData, error)
	// faultMaps returns the image's fault map section.
	faultMaps() (*stackmap.SectionData, error)
	// unwind builds the image's unwind table; code copies the file's
	// code ranges, for the formats whose tables read code.
	unwind(code func() (codeRanges, error)) (*unwind.Table, error)
	// codeRanges returns the image's executable code.
	codeRanges() []CodeRange
	// extent returns the lowest and the end of the image's code
	// addresses in memory (lo >= hi when it has none), for a walk module;
	// an error for a format walks do not read.
	extent() (lo, hi uint64, err error)
	// symbols returns the image's function symbols by code address.
	symbols() ([]stackmap.Symbol, error)
	// codeReader returns the format's code reader.
	codeReader() CodeReader
	// loadBias returns the load bias from a process's mappings of the
	// file.
	loadBias(maps []procwalk.Mapping) (uint64, error)
}

// open reads the object file read through r, whose first bytes id told:
// the one place objfile switches on the format.
func open(id identity, r io.ReaderAt, opts Options) (*File, error) {
	switch id.format {
	case stackmap.FormatELF:
		ef, err := elfsection.NewFileOptions(r, opts.elf())
		if err != nil {
			return nil, err
		}
		return newFile(elfImage{ef}, r, opts)
	case stackmap.FormatMachO:
		ff, err := machosection.NewFat(r)
		if err != nil {
			return nil, err
		}
		if !ff.Universal {
			return newFile(machoImage{ff.Slices[0]}, r, opts)
		}
		return newUniversal(ff, r, opts)
	}
	pf, err := pesection.NewFile(r)
	if err != nil {
		return nil, err
	}
	return newFile(peImage{pf}, r, opts)
}

// newFile makes the File of one image read through r.
func newFile(img image, r io.ReaderAt, opts Options) (*File, error) {
	f := &File{img: img, r: r}
	f.Format, f.Arch, f.ByteOrder = img.header()
	sd, err := img.stackMaps()
	if err := opts.check(err); err != nil {
		return nil, err
	}
	if sd != nil {
		f.Sections = []*stackmap.SectionData{sd}
	}
	return f, nil
}

// newUniversal makes the File of a universal Mach-O file: a File per
// slice, and the sections of all of them.
func newUniversal(ff *machosection.Fat, r io.ReaderAt, opts Options) (*File, error) {
	f := &File{Format: stackmap.FormatMachO, Universal: true, r: r}
	var err error
	f.Sections, err = ff.StackMaps()
	if err := opts.check(err); err != nil {
		return nil, err
	}
	for _, s := range ff.Slices {
		sub := &File{Format: stackmap.FormatMachO, Arch: s.Arch, ByteOrder: s.ByteOrder, img: machoImage{s}, r: s.ReaderAt()}
		for _, sd := range f.Sections {
			if sd.Slice == s.Slice {
				sub.Sections = []*stackmap.SectionData{sd}
			}
		}
		f.Slices = append(f.Slices, sub)
	}
	return f, nil
}

// elfImage is an ELF file.
type elfImage struct{ f *elfsection.File }

func (e elfImage) header() (stackmap.Format, regs.Arch, binary.ByteOrder) {
	return stackmap.FormatELF, e.f.Arch, e.f.ByteOrder
}
func (e elfImage) stackMaps() (*stackmap.SectionData, error) { return e.f.StackMaps() }
func (e elfImage) faultMaps() (*stackmap.SectionData, error) { return e.f.FaultMaps() }
func (e elfImage) symbols() ([]stackmap.Symbol, error)       { return e.f.CodeSymbols() }
func (e elfImage) codeReader() CodeReader                    { return e.f.Code() }

func (e elfImage) unwind(func() (codeRanges, error)) (*unwind.Table, error) {
	fs, err := e.f.Frames()
	if err != nil {
		return nil, err
	}
	return unwind.New(unwind.Sources{
		Arch:               e.f.Arch,
		EHFrame:            fs.EHFrame,
		DebugFrame:         fs.DebugFrame,
		EHFrameSections:    sectionOf(fs.EHFrameCode),
		DebugFrameSections: sectionOf(fs.DebugFrameCode),
	})
}

func (e elfImage) codeRanges() []CodeRange { return e.f.TextRanges() }

func (e elfImage) extent() (lo, hi uint64, err error) { return extent(e.f.TextRanges()) }

func (e elfImage) loadBias(maps []procwalk.Mapping) (uint64, error) {
	if err := sameImage(maps, "build ID", func() string { return hex.EncodeToString(e.f.BuildID()) }); err != nil {
		return 0, err
	}
	if b, ok := loadBias(e.f.Segments(), maps); ok {
		return b, nil
	}
	return 0, procwalk.ErrNoBias
}

// machoImage is a thin Mach-O file or a slice of a universal one.
type machoImage struct{ f *machosection.File }

func (m machoImage) header() (stackmap.Format, regs.Arch, binary.ByteOrder) {
	return stackmap.FormatMachO, m.f.Arch, m.f.ByteOrder
}
func (m machoImage) stackMaps() (*stackmap.SectionData, error) { return m.f.StackMaps() }
func (m machoImage) faultMaps() (*stackmap.SectionData, error) { return m.f.FaultMaps() }
func (m machoImage) symbols() ([]stackmap.Symbol, error)       { return m.f.Symbols(), nil }
func (m machoImage) codeReader() CodeReader                    { return m.f.Code() }

func (m machoImage) unwind(code func() (codeRanges, error)) (*unwind.Table, error) {
	eh, err := m.f.Frames()
	if err != nil {
		return nil, err
	}
	cu, err := m.f.CompactUnwind()
	if err != nil {
		return nil, err
	}
	src := unwind.Sources{
		Arch:          m.f.Arch,
		EHFrame:       eh,
		UnwindInfo:    cu.Info,
		TextAddr:      cu.TextAddr,
		CompactUnwind: cu.Object,
	}
	if (cu.Info != nil || cu.Object != nil) && m.f.Arch == regs.X86_64 {
		if src.Code, err = code(); err != nil {
			return nil, err
		}
	}
	return unwind.New(src)
}

func (m machoImage) codeRanges() []CodeRange { return m.f.TextRanges() }

func (m machoImage) extent() (lo, hi uint64, err error) { return extent(m.f.TextRanges()) }

func (m machoImage) loadBias([]procwalk.Mapping) (uint64, error) {
	return 0, notPlaced(stackmap.FormatMachO)
}

// peImage is a COFF object or a PE image.
type peImage struct{ f *pesection.File }

func (p peImage) header() (stackmap.Format, regs.Arch, binary.ByteOrder) {
	return p.f.Format, p.f.Arch, p.f.ByteOrder
}
func (p peImage) stackMaps() (*stackmap.SectionData, error) { return p.f.StackMaps() }
func (p peImage) symbols() ([]stackmap.Symbol, error)       { return p.f.Symbols(), nil }
func (p peImage) codeReader() CodeReader                    { return p.f.Code() }

func (p peImage) faultMaps() (*stackmap.SectionData, error) { return nil, noFaultMaps(p.f.Format) }

func (p peImage) unwind(func() (codeRanges, error)) (*unwind.Table, error) { return peUnwind(p.f) }

func (p peImage) codeRanges() []CodeRange { return p.f.TextRanges() }

func (p peImage) extent() (lo, hi uint64, err error) { return extent(p.f.TextRanges()) }

// loadBias places a PE image by the mapping of its first byte (file
// offset 0, as a minidump's module list gives each image's base): the
// image is mapped whole, each section at its RVA.
func (p peImage) loadBias(maps []procwalk.Mapping) (uint64, error) {
	if p.f.Format != stackmap.FormatPE {
		return 0, notPlaced(p.f.Format)
	}
	if err := sameImage(maps, "TimeDateStamp and SizeOfImage", p.f.ImageID); err != nil {
		return 0, err
	}
	for _, m := range maps {
		if m.Offset == 0 {
			return m.Start - p.f.ImageBase(), nil
		}
	}
	return 0, fmt.Errorf("%w: no mapping of the image's first byte (file offset 0)", procwalk.ErrNoBias)
}

// rawImage is a bare stack map section (NewRaw): no object file format,
// so no code, symbols or tables beside the section.
type rawImage struct{}

func (rawImage) header() (stackmap.Format, regs.Arch, binary.ByteOrder) {
	return stackmap.FormatRaw, regs.ArchUnknown, nil
}
func (rawImage) stackMaps() (*stackmap.SectionData, error) { return nil, ErrNoSection }
func (rawImage) symbols() ([]stackmap.Symbol, error)       { return nil, nil }
func (rawImage) codeReader() CodeReader                    { return nil }
func (rawImage) codeRanges() []CodeRange                   { return nil }
func (rawImage) faultMaps() (*stackmap.SectionData, error) {
	return nil, noFaultMaps(stackmap.FormatRaw)
}
func (rawImage) unwind(func() (codeRanges, error)) (*unwind.Table, error) {
	return nil, noUnwind(stackmap.FormatRaw)
}
func (rawImage) extent() (lo, hi uint64, err error) { return 0, 0, noModule(stackmap.FormatRaw) }
func (rawImage) loadBias([]procwalk.Mapping) (uint64, error) {
	return 0, notPlaced(stackmap.FormatRaw)
}

// The errors of the formats that lack what is asked.
func noFaultMaps(f stackmap.Format) error {
	return fmt.Errorf("%s file: no fault map section (%w: LLVM writes fault maps in ELF and Mach-O files only)", f, ErrNoSection)
}

func noUnwind(f stackmap.Format) error {
	return fmt.Errorf("%v files have no unwind table support (only ELF, Mach-O, COFF and PE)", f)
}

func noModule(f stackmap.Format) error {
	return fmt.Errorf("a walk module is built from a thin ELF, Mach-O, COFF or PE file, not %v", f)
}

func notPlaced(f stackmap.Format) error {
	return fmt.Errorf("%w: %v files are placed by their mappings only in ELF", procwalk.ErrNoBias, f)
}

// extent returns the lowest address of the code ranges and the end of the
// highest, in memory.
func extent(rs []CodeRange) (lo, hi uint64, err error) {
	lo = ^uint64(0)
	for _, r := range rs {
		lo, hi = min(lo, r.Addr), max(hi, r.Addr+r.Size)
	}
	return lo, hi, nil
}
