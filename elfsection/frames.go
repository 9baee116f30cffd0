package elfsection

import (
	"debug/elf"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/cfi"
)

// FrameSections are the call frame information sections an ELF file has,
// as cfi.New takes them: a stack walker unwinds with them (see packages
// cfi and stackwalk). A section the file lacks has nil Data.
//
// File.Frames applies a relocatable object's relocations to them (see
// OpenFramesRelocated); the deprecated OpenFrames, ReadFrames and
// FramesFromFile give the bytes as they are in the file.
type FrameSections struct {
	EHFrame    cfi.Config // .eh_frame, with .eh_frame_hdr when the file has one
	DebugFrame cfi.Config // .debug_frame

	// Relocated reports that the file is a relocatable object whose
	// frame sections' relocations were applied (OpenFramesRelocated and
	// its siblings); Data is then a relocated copy, not the file's bytes.
	Relocated bool

	// EHFrameCode and DebugFrameCode give, when Relocated, each FDE the
	// code section its pc_begin relocation points into: with function
	// sections several FDEs cover one offset, and only the section tells
	// them apart (see EntrySections). Nil otherwise.
	EHFrameCode, DebugFrameCode EntrySections
}

// OpenFrames reads the call frame information sections of the named ELF
// file, checking every size against the file. The bytes are read into
// memory, as they are in the file (not relocated).
//
// Deprecated: use Open and File.Frames (which relocates objects' frames;
// in linked files the two agree).
func OpenFrames(name string) (FrameSections, error) { return openFrames(name, false) }

// OpenFramesRelocated is OpenFrames, but in a relocatable object (ET_REL)
// it applies the relocations of .eh_frame and .debug_frame the way this
// package relocates .llvm_stackmaps: as if every section were at address
// 0, so that a symbol's value is its section offset and an FDE's pc_begin
// comes out as S + A (symbol value plus addend), the same value a stack map
// function record of that object holds (stackmap.Function.Address). This
// is also what llvm-dwarfdump prints for objects. PC-relative fields get
// S + A - P, P being the field's section offset, and Config.Addr is 0.
//
// Relocation types applied: the absolute 32- and 64-bit ones of every
// architecture (.debug_frame); the PC-relative ones of pc_begin fields
// (x86_64 R_X86_64_PC32/PC64, AArch64 R_AARCH64_PREL32/PREL64, PowerPC64
// R_PPC64_REL32/REL64, s390x R_390_PC32/PC64, RISC-V R_RISCV_32_PCREL);
// and RISC-V's label differences (R_RISCV_ADD8/16/32/64, SUB8/16/32/64,
// SET6, SUB6, SET8/16/32) in entry lengths, address ranges and
// DW_CFA_advance_loc operands. Any other type is an error, a
// *stackmap.RelocationError naming the relocation's section offset and
// type; so is a field outside the section. In a linked file nothing is
// applied (the values are in place) and the result equals OpenFrames'.
//
// Deprecated: use Open and File.Frames.
func OpenFramesRelocated(name string) (FrameSections, error) { return openFrames(name, true) }

func openFrames(name string, relocate bool) (FrameSections, error) {
	f, err := Open(name)
	if err != nil {
		return FrameSections{}, err
	}
	defer f.Close()
	fs, err := f.x.frames(relocate)
	if err != nil {
		return FrameSections{}, fmt.Errorf("%s: %w", name, err)
	}
	return fs, nil
}

// ReadFrames is OpenFrames for a file read through r.
//
// Deprecated: use NewFile and File.Frames.
func ReadFrames(r io.ReaderAt) (FrameSections, error) { return readFrames(r, false) }

// ReadFramesRelocated is OpenFramesRelocated for a file read through r.
//
// Deprecated: use NewFile and File.Frames.
func ReadFramesRelocated(r io.ReaderAt) (FrameSections, error) { return readFrames(r, true) }

func readFrames(r io.ReaderAt, relocate bool) (FrameSections, error) {
	f, err := NewFile(r)
	if err != nil {
		return FrameSections{}, err
	}
	return f.x.frames(relocate)
}

// FramesFromFile reads the call frame information sections of an ELF file
// already opened with debug/elf, as they are in the file.
//
// Deprecated: use FromFile(ef).Frames (which relocates objects' frames;
// in linked files the two agree).
func FramesFromFile(f *elf.File) (FrameSections, error) { return FromFile(f).x.frames(false) }

// FramesFromFileRelocated is OpenFramesRelocated for an ELF file already
// opened with debug/elf.
//
// Deprecated: use FromFile(ef).Frames.
func FramesFromFileRelocated(f *elf.File) (FrameSections, error) { return FromFile(f).x.frames(true) }

// frames finds .eh_frame, .eh_frame_hdr and .debug_frame, and with
// relocate set applies an object's relocations to them.
func (x *file) frames(relocate bool) (FrameSections, error) {
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
	if !relocate || x.f.Type != elf.ET_REL {
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
