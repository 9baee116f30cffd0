package elfsection

import (
	"debug/elf"
	"fmt"
	"io"
	"os"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/internal/bounds"
	"github.com/stackmaps/stackmaps/stackmap"
)

// FrameSections are the call frame information sections an ELF file has,
// as cfi.New takes them: a stack walker unwinds with them (see packages
// cfi and stackwalk). A section the file lacks has nil Data.
//
// Their bytes are read as they are in the file: in a relocatable object,
// .eh_frame's pc_begin fields are still to be relocated.
type FrameSections struct {
	EHFrame    cfi.Config // .eh_frame, with .eh_frame_hdr when the file has one
	DebugFrame cfi.Config // .debug_frame
}

// OpenFrames reads the call frame information sections of the named ELF
// file, checking every size against the file as Open does. The bytes are
// read into memory.
func OpenFrames(name string) (FrameSections, error) {
	f, err := os.Open(name)
	if err != nil {
		return FrameSections{}, err
	}
	defer f.Close()
	fs, err := ReadFrames(f)
	if err != nil {
		return FrameSections{}, fmt.Errorf("%s: %w", name, err)
	}
	return fs, nil
}

// ReadFrames is OpenFrames for a file read through r.
func ReadFrames(r io.ReaderAt) (FrameSections, error) {
	bf := bounds.New(r, stackmap.FormatELF)
	h, err := readHeader(bf)
	if err != nil {
		return FrameSections{}, err
	}
	f, err := elf.NewFile(r)
	if err != nil {
		return FrameSections{}, bf.Wrap("ELF header", 0, err)
	}
	return (&file{f: f, h: h, bf: bf, max: Options{}.maxInflated()}).frames()
}

// FramesFromFile reads the call frame information sections of an ELF file
// already opened with debug/elf.
func FramesFromFile(f *elf.File) (FrameSections, error) {
	return (&file{f: f, h: header{shoff: -1}, max: Options{}.maxInflated()}).frames()
}

// frames finds .eh_frame, .eh_frame_hdr and .debug_frame.
func (x *file) frames() (FrameSections, error) {
	ptr := 8
	if x.f.Class == elf.ELFCLASS32 {
		ptr = 4
	}
	base := cfi.Config{Order: x.f.ByteOrder, PtrSize: ptr}
	if s := x.f.Section(".text"); s != nil {
		base.TextBase = s.Addr
	}
	if s := x.f.Section(".got"); s != nil {
		base.DataBase = s.Addr
	}
	var fs FrameSections
	for i, s := range x.f.Sections {
		var dst *cfi.Config
		switch s.Name {
		case ".eh_frame":
			dst = &fs.EHFrame
			dst.Kind = cfi.EHFrame
		case ".debug_frame":
			dst = &fs.DebugFrame
			dst.Kind = cfi.DebugFrame
		case ".eh_frame_hdr":
			data, err := x.data(i)
			if err != nil {
				return FrameSections{}, err
			}
			fs.EHFrame.Hdr, fs.EHFrame.HdrAddr = data, s.Addr
			continue
		default:
			continue
		}
		data, err := x.data(i)
		if err != nil {
			return FrameSections{}, err
		}
		kind := dst.Kind
		hdr, hdrAddr := dst.Hdr, dst.HdrAddr
		*dst = base
		dst.Kind, dst.Data, dst.Addr, dst.Hdr, dst.HdrAddr = kind, data, s.Addr, hdr, hdrAddr
	}
	return fs, nil
}
