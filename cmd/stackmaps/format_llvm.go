package main

import (
	"io"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// writeLLVM prints every table the way llvm-readobj --stackmap prints the
// first one, from its "LLVM StackMap Version" line on.
func writeLLVM(w io.Writer, in *dumpInput, _ *dumpOptions) (matched bool, err error) {
	bw := textout.NewBuffer(w)
	for si, sec := range in.Parsed {
		if sd := in.Sections[si]; sd.Slice != "" {
			writeLLVMSliceHeader(bw, in.File, sd)
		}
		for _, t := range sec.Tables() {
			writeLLVMTable(bw, t)
		}
	}
	return false, bw.Flush() // llvm takes no filters
}

// writeLLVMSliceHeader writes the lines llvm-readobj prints before each
// slice of a universal file: a blank line, File:, Format:, Arch: and
// AddressSize:, so that each slice's tables are named as it names them.
func writeLLVMSliceHeader(w *textout.Buffer, file string, sd *stackmap.SectionData) {
	w.WriteString("\nFile: ")
	w.Name(file)
	w.WriteString("\nFormat: Mach-O ")
	switch sd.Arch {
	case regs.X86_64:
		w.WriteString("64-bit x86-64")
	case regs.AArch64:
		w.WriteString("arm64")
	default:
		w.Name(sd.Slice)
	}
	w.WriteString("\nArch: ")
	w.WriteString(sd.Arch.String())
	w.WriteString("\nAddressSize: 64bit\n")
}

// writeLLVMTable prints one table in llvm-readobj's layout. Versions 1 and
// 2, which today's llvm-readobj cannot read, are printed the same way; a
// version 1 function has no record count, so none is printed.
func writeLLVMTable(w *textout.Buffer, t *stackmap.Table) {
	w.WriteString("LLVM StackMap Version: ")
	w.Uint(uint64(t.Version()))
	w.WriteString("\nNum Functions: ")
	w.Uint(uint64(t.NumFunctions()))
	w.WriteByte('\n')
	for _, f := range t.Functions() {
		w.WriteString("  Function address: ")
		w.Uint(f.StoredAddress())
		w.WriteString(", stack size: ")
		w.Uint(f.StackSize())
		if f.HasRecordCount() {
			w.WriteString(", callsite record count: ")
			w.Uint(f.RecordCount())
		}
		w.WriteByte('\n')
		w.FlushIfFull()
	}
	w.WriteString("Num Constants: ")
	w.Uint(uint64(t.NumConstants()))
	w.WriteByte('\n')
	for i := 0; i < t.NumConstants(); i++ {
		c, _ := t.Constant(i)
		w.WriteString("  #")
		w.Uint(uint64(i + 1))
		w.WriteString(": ")
		w.Uint(c)
		w.WriteByte('\n')
	}
	w.WriteString("Num Records: ")
	w.Uint(uint64(t.NumRecords()))
	w.WriteByte('\n')
	for _, r := range t.Records() {
		writeLLVMRecord(w, r)
		w.FlushIfFull()
	}
}

// writeLLVMRecord prints one record, its locations and live-outs.
func writeLLVMRecord(w *textout.Buffer, r stackmap.Record) {
	w.WriteString("  Record ID: ")
	w.Uint(r.ID())
	w.WriteString(", instruction offset: ")
	w.Uint(uint64(r.StoredInstructionOffset()))
	w.WriteString("\n    ")
	w.Uint(uint64(r.NumLocations()))
	w.WriteString(" locations:\n")
	for i, l := range r.Locations() {
		w.WriteString("      #")
		w.Uint(uint64(i + 1))
		w.WriteString(": ")
		switch l.Kind {
		case stackmap.Register:
			w.WriteString("Register R#")
			w.Uint(uint64(l.Reg))
		case stackmap.Direct:
			w.WriteString("Direct R#")
			w.Uint(uint64(l.Reg))
			w.WriteString(" + ")
			w.Int(int64(l.Offset))
		case stackmap.Indirect:
			w.WriteString("Indirect [R#")
			w.Uint(uint64(l.Reg))
			w.WriteString(" + ")
			w.Int(int64(l.Offset))
			w.WriteByte(']')
		case stackmap.Constant:
			w.WriteString("Constant ")
			w.Uint(uint64(uint32(l.Offset)))
		case stackmap.ConstantIndex:
			c, _ := r.ConstantValue(l)
			w.WriteString("ConstantIndex #")
			w.Int(int64(l.ConstantIndex()))
			w.WriteString(" (")
			w.Uint(c)
			w.WriteByte(')')
		}
		w.WriteString(", size: ")
		w.Uint(uint64(l.Size))
		w.WriteByte('\n')
	}
	w.WriteString("    ")
	w.Uint(uint64(r.NumLiveOuts()))
	w.WriteString(" live-outs: [ ")
	for _, lo := range r.LiveOuts() {
		w.WriteString("R#")
		w.Uint(uint64(lo.Reg))
		w.WriteString(" (")
		w.Uint(uint64(lo.Size))
		w.WriteString("-bytes) ")
	}
	w.WriteString("]\n")
}
