package objfile

import "github.com/stackmaps/stackmaps/stackmap"

// CodeReader reads the machine code of the functions a stack map section
// describes and names the branch targets in it, as llvm-objdump names
// them: the format's Code (elfsection.Code, machosection.Code,
// pesection.Code). It satisfies package disasm's Namer, which objfile
// does not import (disasm brings golang.org/x/arch).
type CodeReader interface {
	// FunctionCode returns the code of function fi (of a table of
	// tableFuncs functions) from its entry to the end of the section that
	// holds it, and that section's number (-1 when unknown).
	FunctionCode(fi *stackmap.Function, tableFuncs int) (code []byte, sec int, err error)
	// TargetName names the target of the branch or call of length bytes
	// at pc in code section sec: a symbol and the offset from it.
	TargetName(sec int, pc, length, target uint64) (name string, off uint64, ok bool)
}

// CodeReader returns the code reader of the image sd was found in (in a
// universal file, sd's slice), over the headers the File already read;
// nil when that image has no object file format (a raw section). Each
// call makes a new reader, which keeps what it loads (symbols, code
// sections, names) for its lifetime: keep it while reading the file.
func (f *File) CodeReader(sd *stackmap.SectionData) CodeReader {
	img := f.Image(sd)
	if img == nil {
		return nil
	}
	return img.img.codeReader()
}
