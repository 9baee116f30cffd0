package main

import (
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/pesection"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/winunwind"
)

// dump --unwind --format=llvm on a COFF object or PE image: after the
// stack maps, the file's Windows x64 unwind data as llvm-readobj --unwind
// prints it (the UnwindInformation block, line for line).

// winFlagNames are the UNWIND_INFO flags as llvm-readobj names them, in
// the order it lists set flags (by name).
var winFlagNames = []struct {
	name string
	bit  uint8
}{{"ChainInfo", winunwind.FlagChainInfo}, {"ExceptionHandler", winunwind.FlagEHandler}, {"TerminateHandler", winunwind.FlagUHandler}}

// winRegNames name the frame register as llvm-readobj does.
var winRegNames = [16]string{"RAX", "RCX", "RDX", "RBX", "RSP", "RBP", "RSI", "RDI", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}

// writeLLVMUnwind writes the UnwindInformation block of in's file.
func writeLLVMUnwind(w io.Writer, in *dumpInput) error {
	if len(in.Sections) == 0 {
		return nil
	}
	sd := in.Sections[0]
	if sd.Format != stackmap.FormatCOFF && sd.Format != stackmap.FormatPE {
		return fmt.Errorf("--unwind --format=llvm: %s files: the llvm format of --unwind is llvm-readobj --unwind's, for COFF and PE only", sd.Format)
	}
	if sd.Arch == regs.AArch64 {
		return writeLLVMUnwindARM64(w, in, sd)
	}
	img := in.image(sd)
	if img == nil {
		return fmt.Errorf("--unwind: no file to read unwind tables from")
	}
	recs, tab, err := img.PDataRecords()
	if err != nil {
		return fmt.Errorf("--unwind: %w", err)
	}
	b := textout.NewBuffer(w)
	image := sd.Format == stackmap.FormatPE
	field := func(key string, f pesection.PDataField) {
		b.WriteString(key)
		b.WriteString(": ")
		switch {
		case image && f.Symbol != "":
			fmt.Fprintf(b, "%s (0x%X)", textout.Escape(f.Symbol), f.Value)
		case image:
			fmt.Fprintf(b, "(0x%X)", f.Value)
		case f.Symbol != "" && f.Value != 0:
			fmt.Fprintf(b, "%s +0x%X (0x%X)", textout.Escape(f.Symbol), f.Value, f.Offset)
		case f.Symbol != "":
			fmt.Fprintf(b, "%s (0x%X)", textout.Escape(f.Symbol), f.Offset)
		default:
			fmt.Fprintf(b, "(0x%X)", f.Offset)
		}
		b.WriteByte('\n')
	}
	b.WriteString("UnwindInformation [\n")
	for _, r := range recs {
		b.WriteString("  RuntimeFunction {\n")
		field("    StartAddress", r.Begin)
		field("    EndAddress", r.End)
		field("    UnwindInfoAddress", r.UnwindInfo)
		in, err := tab.ParseInfo(r.Function.UnwindInfo)
		if err != nil {
			return fmt.Errorf("--unwind: %s entry at %#x: %w", r.Section, r.Offset, err)
		}
		b.WriteString("    UnwindInfo {\n")
		fmt.Fprintf(b, "      Version: %d\n      Flags [ (0x%X)\n", in.Version, in.Flags)
		for _, f := range winFlagNames {
			if in.Flags&f.bit != 0 {
				fmt.Fprintf(b, "        %s (0x%X)\n", f.name, f.bit)
			}
		}
		fmt.Fprintf(b, "      ]\n      PrologSize: %d\n", in.PrologSize)
		if in.FrameRegister != 0 {
			fmt.Fprintf(b, "      FrameRegister: %s (0x%X)\n      FrameOffset: 0x%X\n", winRegNames[in.FrameRegister], in.FrameRegister, in.FrameOffset)
		} else {
			b.WriteString("      FrameRegister: -\n      FrameOffset: -\n")
		}
		fmt.Fprintf(b, "      UnwindCodeCount: %d\n      UnwindCodes [\n", in.CountOfCodes)
		for i := 0; i < int(in.CountOfCodes); {
			c, next, err := in.Code(i)
			if err != nil {
				return fmt.Errorf("--unwind: %s entry at %#x: %w", r.Section, r.Offset, err)
			}
			fmt.Fprintf(b, "        %s\n", c)
			i = next
		}
		b.WriteString("      ]\n")
		switch {
		case in.Flags&(winunwind.FlagEHandler|winunwind.FlagUHandler) != 0:
			field("      Handler", r.Handler)
		case in.Flags&winunwind.FlagChainInfo != 0:
			b.WriteString("      Chained {\n")
			field("        StartAddress", r.Chained[0])
			field("        EndAddress", r.Chained[1])
			field("        UnwindInfoAddress", r.Chained[2])
			b.WriteString("      }\n")
		}
		b.WriteString("    }\n  }\n")
	}
	b.WriteString("]\n")
	return b.Flush()
}
