package main

import (
	"io"

	"github.com/stackmaps/stackmaps/stackmap"
)

// writeLLVM prints every table the way llvm-readobj --stackmap prints the
// first one, from its "LLVM StackMap Version" line on.
func writeLLVM(w io.Writer, in *dumpInput, _ *dumpOptions) error {
	bw := newOutBuf(w)
	for _, sec := range in.Parsed {
		for _, t := range sec.Tables() {
			writeLLVMTable(bw, t)
		}
	}
	return bw.Flush()
}

// writeLLVMTable prints one table in llvm-readobj's layout. Versions 1 and
// 2, which today's llvm-readobj cannot read, are printed the same way; a
// version 1 function has no record count, so none is printed.
func writeLLVMTable(w *outBuf, t *stackmap.Table) {
	w.WriteString("LLVM StackMap Version: ")
	writeUint(w, uint64(t.Version()))
	w.WriteString("\nNum Functions: ")
	writeUint(w, uint64(t.NumFunctions()))
	w.WriteByte('\n')
	for _, f := range t.Functions() {
		w.WriteString("  Function address: ")
		writeUint(w, f.StoredAddress())
		w.WriteString(", stack size: ")
		writeUint(w, f.StackSize())
		if f.HasRecordCount() {
			w.WriteString(", callsite record count: ")
			writeUint(w, f.RecordCount())
		}
		w.WriteByte('\n')
		w.flushIfFull()
	}
	w.WriteString("Num Constants: ")
	writeUint(w, uint64(t.NumConstants()))
	w.WriteByte('\n')
	for i := 0; i < t.NumConstants(); i++ {
		c, _ := t.Constant(i)
		w.WriteString("  #")
		writeUint(w, uint64(i+1))
		w.WriteString(": ")
		writeUint(w, c)
		w.WriteByte('\n')
	}
	w.WriteString("Num Records: ")
	writeUint(w, uint64(t.NumRecords()))
	w.WriteByte('\n')
	for _, r := range t.Records() {
		writeLLVMRecord(w, r)
		w.flushIfFull()
	}
}

// writeLLVMRecord prints one record, its locations and live-outs.
func writeLLVMRecord(w *outBuf, r stackmap.Record) {
	w.WriteString("  Record ID: ")
	writeUint(w, r.ID())
	w.WriteString(", instruction offset: ")
	writeUint(w, uint64(r.StoredInstructionOffset()))
	w.WriteString("\n    ")
	writeUint(w, uint64(r.NumLocations()))
	w.WriteString(" locations:\n")
	for i, l := range r.Locations() {
		w.WriteString("      #")
		writeUint(w, uint64(i+1))
		w.WriteString(": ")
		switch l.Kind {
		case stackmap.Register:
			w.WriteString("Register R#")
			writeUint(w, uint64(l.Reg))
		case stackmap.Direct:
			w.WriteString("Direct R#")
			writeUint(w, uint64(l.Reg))
			w.WriteString(" + ")
			writeInt(w, int64(l.Offset))
		case stackmap.Indirect:
			w.WriteString("Indirect [R#")
			writeUint(w, uint64(l.Reg))
			w.WriteString(" + ")
			writeInt(w, int64(l.Offset))
			w.WriteByte(']')
		case stackmap.Constant:
			w.WriteString("Constant ")
			writeUint(w, uint64(uint32(l.Offset)))
		case stackmap.ConstantIndex:
			c, _ := r.ConstantValue(l)
			w.WriteString("ConstantIndex #")
			writeInt(w, int64(l.ConstantIndex()))
			w.WriteString(" (")
			writeUint(w, c)
			w.WriteByte(')')
		}
		w.WriteString(", size: ")
		writeUint(w, uint64(l.Size))
		w.WriteByte('\n')
	}
	w.WriteString("    ")
	writeUint(w, uint64(r.NumLiveOuts()))
	w.WriteString(" live-outs: [ ")
	for _, lo := range r.LiveOuts() {
		w.WriteString("R#")
		writeUint(w, uint64(lo.Reg))
		w.WriteString(" (")
		writeUint(w, uint64(lo.Size))
		w.WriteString("-bytes) ")
	}
	w.WriteString("]\n")
}
