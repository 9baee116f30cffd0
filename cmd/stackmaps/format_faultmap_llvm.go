package main

import (
	"io"

	"github.com/stackmaps/stackmaps/faultmap"
	"github.com/stackmaps/stackmaps/internal/textout"
)

// writeFaultMapLLVM prints what llvm-objdump --fault-map-section prints
// from its "FaultMap table:" line on: the first table of each section
// (llvm-objdump reads no further), function addresses as the section
// stores them (unrelocated in objects), fault kinds by name. The values
// are read in the file's byte order: for a big-endian file (aarch64_be)
// llvm-objdump-22, which reads every fault map little-endian, prints
// garbage where this prints what the section holds.
func writeFaultMapLLVM(w io.Writer, in *faultMapInput, _ bool) error {
	bw := textout.NewBuffer(w)
	for _, s := range in.Parsed {
		bw.WriteString("FaultMap table:\n")
		tb := s.Table(0)
		bw.WriteString("Version: ")
		bw.HexDigits(uint64(tb.Version()), 1)
		bw.WriteString("\nNumFunctions: ")
		bw.Int(int64(tb.NumFunctions()))
		bw.WriteByte('\n')
		for j := range tb.NumFunctions() {
			writeFaultMapLLVMFunction(bw, tb.Function(j))
		}
	}
	return bw.Flush()
}

func writeFaultMapLLVMFunction(w *textout.Buffer, fn faultmap.Function) {
	// format_hex(v, 8): "0x" and at least 6 digits.
	w.WriteString("FunctionAddress: ")
	w.HexDigits(fn.StoredAddress(), 6)
	w.WriteString(", NumFaultingPCs: ")
	w.Int(int64(fn.NumFaults()))
	w.WriteByte('\n')
	for k := range fn.NumFaults() {
		ft := fn.Fault(k)
		w.WriteString("Fault kind: ")
		w.WriteString(ft.Kind.String())
		w.WriteString(", faulting PC offset: ")
		w.Uint(uint64(ft.FaultingPCOffset))
		w.WriteString(", handling PC offset: ")
		w.Uint(uint64(ft.HandlerPCOffset))
		w.WriteByte('\n')
	}
}
