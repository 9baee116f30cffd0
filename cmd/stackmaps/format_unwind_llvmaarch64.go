package main

import (
	"fmt"
	"io"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/pesection"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/winunwind"
)

// dump --unwind --format=llvm on an ARM64 COFF object or PE image: the
// UnwindInformation block of llvm-readobj --unwind, unpacked and packed
// entries.

// writeLLVMUnwindARM64 writes the block of in's ARM64 file.
func writeLLVMUnwindARM64(w io.Writer, in *dumpInput, sd *stackmap.SectionData) error {
	img := in.image(sd)
	if img == nil {
		return fmt.Errorf("--unwind: no file to read unwind tables from")
	}
	recs, tab, err := img.ARM64PDataRecords()
	if err != nil {
		return fmt.Errorf("--unwind: %w", err)
	}
	b := textout.NewBuffer(w)
	sym := func(f pesection.PDataField) string {
		switch {
		case f.Symbol == "":
			return fmt.Sprintf("0x%X", f.Target)
		case sd.Format == stackmap.FormatCOFF && f.Value != 0:
			return fmt.Sprintf("%s +0x%X (0x%X)", textout.Escape(f.Symbol), f.Value, f.Target)
		}
		return fmt.Sprintf("%s (0x%X)", textout.Escape(f.Symbol), f.Target)
	}
	yes := func(v bool) string {
		if v {
			return "Yes"
		}
		return "No"
	}
	b.WriteString("UnwindInformation [\n")
	for _, r := range recs {
		b.WriteString("  RuntimeFunction {\n")
		fmt.Fprintf(b, "    Function: %s\n", sym(r.Function))
		if r.Entry.Packed() {
			if err := writeARM64Packed(b, r.Entry); err != nil {
				return err
			}
			b.WriteString("  }\n")
			continue
		}
		fmt.Fprintf(b, "    ExceptionRecord: %s\n", sym(r.UnwindData))
		in, err := tab.ParseARM64Info(r.Entry.UnwindData)
		if err != nil {
			return fmt.Errorf("--unwind: %w", err)
		}
		b.WriteString("    ExceptionData {\n")
		fmt.Fprintf(b, "      FunctionLength: %d\n      Version: %d\n      ExceptionData: %s\n      EpiloguePacked: %s\n",
			in.FunctionLength, in.Version, yes(in.X), yes(in.EpilogPacked))
		if in.EpilogPacked {
			fmt.Fprintf(b, "      EpilogueOffset: %d\n", in.EpilogStart)
		} else {
			fmt.Fprintf(b, "      EpilogueScopes: %d\n", in.NumScopes())
		}
		fmt.Fprintf(b, "      ByteCodeLength: %d\n", len(in.Codes))
		b.WriteString("      Prologue [\n")
		if err := writeARM64Codes(b, &in, 0, true, "        "); err != nil {
			return err
		}
		b.WriteString("      ]\n")
		if in.EpilogPacked && in.EpilogStart != 0 {
			b.WriteString("      Epilogue [\n")
			if err := writeARM64Codes(b, &in, int(in.EpilogStart), false, "        "); err != nil {
				return err
			}
			b.WriteString("      ]\n")
		} else if !in.EpilogPacked {
			b.WriteString("      EpilogueScopes [\n")
			for i := range in.NumScopes() {
				s := in.Scope(i)
				fmt.Fprintf(b, "        EpilogueScope {\n          StartOffset: %d\n          EpilogueStartIndex: %d\n          Opcodes [\n", s.Offset/4, s.StartIndex)
				if err := writeARM64Codes(b, &in, int(s.StartIndex), false, "            "); err != nil {
					return err
				}
				b.WriteString("          ]\n        }\n")
			}
			b.WriteString("      ]\n")
		}
		b.WriteString("    }\n  }\n")
	}
	b.WriteString("]\n")
	return b.Flush()
}

// writeARM64Codes writes the codes from byte first to the next end as
// llvm-readobj does: the bytes, then the instruction each stands for in a
// prologue or an epilogue.
func writeARM64Codes(b *textout.Buffer, in *winunwind.ARM64Info, first int, prologue bool, indent string) error {
	pick := func(p, e string) string {
		if prologue {
			return p
		}
		return e
	}
	for i := first; i < len(in.Codes); {
		c, err := in.Code(i)
		if err != nil {
			return fmt.Errorf("--unwind: %w", err)
		}
		b.WriteString(indent)
		b.WriteString("0x")
		for _, x := range in.Codes[i : i+c.Size] {
			fmt.Fprintf(b, "%02x", x)
		}
		for range 18 - 2*c.Size {
			b.WriteByte(' ')
		}
		b.WriteString("; ")
		reg, off := int(c.Reg), c.Offset
		if reg >= winunwind.DwarfD8 {
			reg -= 64
		}
		switch c.Op {
		case winunwind.ARM64AllocS, winunwind.ARM64AllocM, winunwind.ARM64AllocL:
			fmt.Fprintf(b, "%s sp, #%d", pick("sub", "add"), off)
		case winunwind.ARM64SaveR19R20X, winunwind.ARM64SaveFPLRX, winunwind.ARM64SaveRegPX:
			fmt.Fprintf(b, pick("stp x%d, x%d, [sp, #-%d]!", "ldp x%d, x%d, [sp], #%d"), reg, reg+1, off)
		case winunwind.ARM64SaveFPLR, winunwind.ARM64SaveRegP:
			fmt.Fprintf(b, "%s x%d, x%d, [sp, #%d]", pick("stp", "ldp"), reg, reg+1, off)
		case winunwind.ARM64SaveReg:
			fmt.Fprintf(b, "%s x%d, [sp, #%d]", pick("str", "ldr"), reg, off)
		case winunwind.ARM64SaveRegX:
			fmt.Fprintf(b, pick("str x%d, [sp, #-%d]!", "ldr x%d, [sp], #%d"), reg, off)
		case winunwind.ARM64SaveLRPair:
			fmt.Fprintf(b, "%s x%d, lr, [sp, #%d]", pick("stp", "ldp"), reg, off)
		case winunwind.ARM64SaveFRegP:
			fmt.Fprintf(b, "%s d%d, d%d, [sp, #%d]", pick("stp", "ldp"), reg, reg+1, off)
		case winunwind.ARM64SaveFRegPX:
			fmt.Fprintf(b, pick("stp d%d, d%d, [sp, #-%d]!", "ldp d%d, d%d, [sp], #%d"), reg, reg+1, off)
		case winunwind.ARM64SaveFReg:
			fmt.Fprintf(b, "%s d%d, [sp, #%d]", pick("str", "ldr"), reg, off)
		case winunwind.ARM64SaveFRegX:
			fmt.Fprintf(b, pick("str d%d, [sp, #-%d]!", "ldr d%d, [sp], #%d"), reg, off)
		case winunwind.ARM64SetFP:
			b.WriteString(pick("mov fp, sp", "mov sp, fp"))
		case winunwind.ARM64AddFP:
			fmt.Fprintf(b, pick("add fp, sp, #%d", "sub sp, fp, #%d"), off)
		case winunwind.ARM64Nop:
			b.WriteString("nop")
		case winunwind.ARM64End:
			b.WriteString("end")
		case winunwind.ARM64EndC:
			b.WriteString("end_c")
		case winunwind.ARM64SaveNext:
			b.WriteString(pick("save next", "restore next"))
		default:
			return fmt.Errorf("--unwind --format=llvm: unwind code %#02x is not listed", c.Byte)
		}
		b.WriteByte('\n')
		i += c.Size
		if c.Op == winunwind.ARM64End {
			break
		}
	}
	return nil
}

// writeARM64Packed writes a packed entry as llvm-readobj does: its fields,
// then the prolog it implies, the last instruction first.
func writeARM64Packed(b *textout.Buffer, e winunwind.ARM64Function) error {
	p := e.PackedData()
	yes := map[bool]string{false: "No", true: "Yes"}
	fmt.Fprintf(b, "    Fragment: %s\n    FunctionLength: %d\n    RegF: %d\n    RegI: %d\n    HomedParameters: %s\n    CR: %d\n    FrameSize: %d\n",
		yes[p.Fragment], p.FunctionLength, p.RegF, p.RegI, yes[p.H], p.CR, p.FrameSize)
	var buf [winunwind.MaxPackedCodes]winunwind.ARM64Code
	codes, err := p.Prolog(e.Begin, &buf)
	if err != nil {
		return fmt.Errorf("--unwind: %w", err)
	}
	b.WriteString("    Prologue [\n")
	for _, c := range codes {
		reg, off := int(c.Reg), c.Offset
		if reg >= winunwind.DwarfD8 {
			reg -= 64
		}
		b.WriteString("      ")
		switch c.Op {
		case winunwind.ARM64SetFP:
			b.WriteString("mov x29, sp")
		case winunwind.ARM64SaveFPLRX:
			fmt.Fprintf(b, "stp x29, lr, [sp, #-%d]!", off)
		case winunwind.ARM64SaveFPLR:
			fmt.Fprintf(b, "stp x29, lr, [sp, #%d]", off)
		case winunwind.ARM64AllocS, winunwind.ARM64AllocM, winunwind.ARM64AllocL:
			fmt.Fprintf(b, "sub sp, sp, #%d", off)
		case winunwind.ARM64Nop:
			fmt.Fprintf(b, "stp x%d, x%d, [sp, #%d]", reg, reg+1, off)
		case winunwind.ARM64SaveFReg:
			fmt.Fprintf(b, "str d%d, [sp, #%d]", reg, off)
		case winunwind.ARM64SaveFRegP:
			fmt.Fprintf(b, "stp d%d, d%d, [sp, #%d]", reg, reg+1, off)
		case winunwind.ARM64SaveFRegPX:
			fmt.Fprintf(b, "stp d%d, d%d, [sp, #-%d]!", reg, reg+1, off)
		case winunwind.ARM64SaveRegX:
			fmt.Fprintf(b, "str %s, [sp, #-%d]!", xName(reg), off)
		case winunwind.ARM64SaveReg:
			fmt.Fprintf(b, "str %s, [sp, #%d]", xName(reg), off)
		case winunwind.ARM64SaveLRPair:
			fmt.Fprintf(b, "stp x%d, lr, [sp, #%d]", reg, off)
		case winunwind.ARM64SaveR19R20X:
			fmt.Fprintf(b, "stp x19, x20, [sp, #-%d]!", off)
		case winunwind.ARM64SaveRegP:
			fmt.Fprintf(b, "stp x%d, x%d, [sp, #%d]", reg, reg+1, off)
		default: // ARM64Other: pac_sign_lr
			b.WriteString("pacibsp")
		}
		b.WriteByte('\n')
	}
	b.WriteString("      end\n    ]\n")
	return nil
}

// xName names x register n as llvm-readobj's packed listing does (lr for
// x30).
func xName(n int) string {
	if n == winunwind.DwarfX30 {
		return "lr"
	}
	return fmt.Sprintf("x%d", n)
}
