package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/stackmap"
)

func init() { formats["llvm"] = writeLLVM }

// writeLLVM prints every table the way llvm-readobj --stackmap prints the
// first one, from its "LLVM StackMap Version" line on.
func writeLLVM(w io.Writer, in *dumpInput, _ *dumpOptions) error {
	bw := bufio.NewWriter(w)
	for _, sec := range in.Parsed {
		for i := range sec.Tables() {
			writeLLVMTable(bw, sec.Table(i))
		}
	}
	return bw.Flush()
}

// writeLLVMTable prints one table in llvm-readobj's layout. Versions 1 and
// 2, which today's llvm-readobj cannot read, are printed the same way; a
// version 1 function has no record count, so none is printed.
func writeLLVMTable(w *bufio.Writer, t *stackmap.Table) {
	fmt.Fprintf(w, "LLVM StackMap Version: %d\n", t.Version())
	fmt.Fprintf(w, "Num Functions: %d\n", t.NumFunctions())
	for _, f := range t.Functions() {
		fmt.Fprintf(w, "  Function address: %d, stack size: %d", f.StoredAddress, f.StackSize)
		if f.HasRecordCount {
			fmt.Fprintf(w, ", callsite record count: %d", f.RecordCount)
		}
		w.WriteByte('\n')
	}
	fmt.Fprintf(w, "Num Constants: %d\n", t.NumConstants())
	for i := 0; i < t.NumConstants(); i++ {
		c, _ := t.Constant(i)
		fmt.Fprintf(w, "  #%d: %d\n", i+1, c)
	}
	fmt.Fprintf(w, "Num Records: %d\n", t.NumRecords())
	for _, r := range t.Records() {
		fmt.Fprintf(w, "  Record ID: %d, instruction offset: %d\n", r.ID(), r.StoredInstructionOffset())
		fmt.Fprintf(w, "    %d locations:\n", r.NumLocations())
		for i, l := range r.Locations() {
			fmt.Fprintf(w, "      #%d: ", i+1)
			switch l.Kind {
			case stackmap.Register:
				fmt.Fprintf(w, "Register R#%d", l.Reg)
			case stackmap.Direct:
				fmt.Fprintf(w, "Direct R#%d + %d", l.Reg, l.Offset)
			case stackmap.Indirect:
				fmt.Fprintf(w, "Indirect [R#%d + %d]", l.Reg, l.Offset)
			case stackmap.Constant:
				fmt.Fprintf(w, "Constant %d", uint32(l.Offset))
			case stackmap.ConstantIndex:
				c, _ := r.ConstantValue(l)
				fmt.Fprintf(w, "ConstantIndex #%d (%d)", l.ConstantIndex(), c)
			}
			fmt.Fprintf(w, ", size: %d\n", l.Size)
		}
		fmt.Fprintf(w, "    %d live-outs: [ ", r.NumLiveOuts())
		for _, lo := range r.LiveOuts() {
			fmt.Fprintf(w, "R#%d (%d-bytes) ", lo.Reg, lo.Size)
		}
		w.WriteString("]\n")
	}
}
