package elfsection

import (
	"debug/elf"

	"github.com/stackmaps/stackmaps/cfi"
)

// FrameSections are the call frame information sections an ELF file has,
// as cfi.New takes them: a stack walker unwinds with them (see packages
// cfi and stackwalk). A section the file lacks has nil Data.
//
// File.Frames gives them, with a relocatable object's relocations
// applied.
type FrameSections struct {
	EHFrame    cfi.Config // .eh_frame, with .eh_frame_hdr when the file has one
	DebugFrame cfi.Config // .debug_frame

	// Relocated reports that the file is a relocatable object whose
	// frame sections' relocations were applied (File.Frames); Data is
	// then a relocated copy, not the file's bytes.
	Relocated bool

	// EHFrameCode and DebugFrameCode give, when Relocated, each FDE the
	// code section its pc_begin relocation points into: with function
	// sections several FDEs cover one offset, and only the section tells
	// them apart (see EntrySections). Nil otherwise.
	EHFrameCode, DebugFrameCode EntrySections
}

// frames finds .eh_frame, .eh_frame_hdr and .debug_frame, and applies an
// object's relocations to them (see File.Frames).
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
	if len(x.f.Sections) == 0 {
		// No section headers (llvm-strip --strip-sections): .eh_frame
		// through PT_GNU_EH_FRAME.
		return fs, x.segmentFrames(&fs, base)
	}
	ehIndex, dfIndex := -1, -1
	for i, s := range x.f.Sections {
		var dst *cfi.Config
		switch s.Name {
		case ".eh_frame":
			dst = &fs.EHFrame
			dst.Kind = cfi.EHFrame
			ehIndex = i
		case ".debug_frame":
			dst = &fs.DebugFrame
			dst.Kind = cfi.DebugFrame
			dfIndex = i
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
	if x.f.Type != elf.ET_REL {
		return fs, nil
	}
	for _, sec := range []struct {
		index int
		cfg   *cfi.Config
		code  *EntrySections
	}{{ehIndex, &fs.EHFrame, &fs.EHFrameCode}, {dfIndex, &fs.DebugFrame, &fs.DebugFrameCode}} {
		if sec.index < 0 {
			continue
		}
		code, err := x.relocateFrame(sec.index, sec.cfg)
		if err != nil {
			return FrameSections{}, err
		}
		*sec.code = code
	}
	fs.Relocated = true
	return fs, nil
}
