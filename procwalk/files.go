package procwalk

import (
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// Files opens the images of a process for Open: the files it has mapped
// and the image the kernel maps into its memory (the vDSO). procwalk reads
// no file format itself; objfile.ProcessFiles opens ELF files and images
// for it.
type Files interface {
	// Open opens the file at path, a path on this machine.
	Open(path string) (Object, error)
	// ReadImage reads the image a process holds in memory at addr
	// through mem, and returns it with its load bias.
	ReadImage(mem stackmap.MemoryReader, addr uint64) (obj Object, bias uint64, err error)
}

// Object is an image Files opened (a file, or the bytes of one in
// memory): what Open asks of it. Open closes it once it has made the
// image's module and symbols, which must stay valid after Close.
type Object interface {
	// LoadBias returns the load bias (runtime address - link-time
	// address) of the image from the process's mappings of its file; an
	// error matching ErrNoBias when no mapping places a segment of it.
	LoadBias(maps []Mapping) (uint64, error)
	// EntryBias returns the load bias of the executable whose entry
	// point runs at address entry (the auxiliary vector's AT_ENTRY).
	EntryBias(entry uint64) (uint64, error)
	// DynamicLinker returns what the executable, loaded at bias, says of
	// its dynamic linker: the address of the dynamic linker's r_debug
	// (its DT_DEBUG entry as mem holds it: 0 when not set) and the
	// linker's path (PT_INTERP, "" when not known); ok is false for a
	// static executable (no dynamic section).
	DynamicLinker(mem stackmap.MemoryReader, bias uint64) (rdebug uint64, interp string, ok bool, err error)
	// Module makes the walk's module of the image loaded at bias.
	Module(bias uint64) (*stackwalk.Module, error)
	// Symbols returns the image's function symbols by link-time code
	// address.
	Symbols() (Symbols, error)
	// Close releases the image.
	Close() error
}

// Symbols names link-time code addresses: the function that holds addr
// and addr's offset in it, or an error when none does (or when the
// address alone cannot tell, as objfile.ErrAmbiguousAddress says).
// objfile.SymbolMap is one.
type Symbols interface {
	Lookup(addr uint64) (name string, off uint64, err error)
}
