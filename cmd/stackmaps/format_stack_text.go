package main

import (
	"errors"
	"path/filepath"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// The text form of stackmaps stack: one line per frame, its record, and
// every deopt value and root with its home.

// frameModule returns the base name of the module that holds fr's pc.
func frameModule(w *procwalk.Walk, fr *stackwalk.Frame) string {
	if fr.Module == nil {
		return ""
	}
	return filepath.Base(fr.Module.Name)
}

func writeFrameText(out *textout.Buffer, w *procwalk.Walk, arch regs.Arch, fr *stackwalk.Frame) {
	out.WriteString("  #")
	out.Int(int64(fr.Index))
	out.WriteByte(' ')
	out.HexDigits(fr.PC, 16)
	out.WriteByte(' ')
	if m := frameModule(w, fr); m != "" {
		out.WriteString(textout.Escape(m))
	} else {
		out.WriteByte('?')
	}
	out.WriteByte(' ')
	if name, off, ok := w.FrameSymbol(fr); ok {
		out.WriteString(textout.Escape(name))
		out.WriteByte('+')
		out.Hex(off)
	} else {
		out.WriteByte('?')
	}
	out.WriteString(" cfa ")
	out.Hex(fr.CFA)
	writeSignalMarkText(out, fr)
	rec, ok := fr.Record()
	if !ok {
		out.WriteString(" (no stack map)\n")
		return
	}
	out.WriteString("\n      record id ")
	out.Hex(rec.ID())
	if fr.IsStatepoint() {
		out.WriteString(", statepoint")
	} else {
		out.WriteString(", patchpoint/stackmap")
	}
	if !fr.RecordExact() {
		out.WriteString(", before the return address")
	}
	out.WriteByte('\n')
	sp, isSP := fr.Statepoint()
	for i := range fr.NumDeopt() {
		out.WriteString("      deopt ")
		out.Int(int64(i))
		out.WriteString(": ")
		loc := deoptLocation(rec, sp, isSP, i)
		writeLocation(out, arch, rec, loc)
		s, err := fr.Deopt(i)
		writeSlotText(out, arch, s, err)
	}
	for i := range fr.NumRoots() {
		r, err := fr.Root(i)
		base, derived, _ := sp.GCPair(i)
		out.WriteString("      root ")
		out.Int(int64(i))
		out.WriteString(" base: ")
		writeLocation(out, arch, rec, base)
		writeSlotText(out, arch, r.Base, err)
		out.WriteString("             derived: ")
		writeLocation(out, arch, rec, derived)
		writeSlotText(out, arch, r.Derived, err)
	}
}

// writeSignalMarkText marks a signal trampoline's frame, " [signal
// frame]", and the frame a signal interrupted, " [interrupted]" (its pc is
// the interrupted instruction, not a return address); the innermost frame
// of a core or a stopped thread is always interrupted and is not marked.
func writeSignalMarkText(out *textout.Buffer, fr *stackwalk.Frame) {
	switch {
	case fr.IsSignalFrame():
		out.WriteString(" [signal frame]")
	case fr.Index > 0 && !fr.PCIsReturnAddress():
		out.WriteString(" [interrupted]")
	}
}

// deoptLocation returns the location of deopt value i.
func deoptLocation(rec stackmap.Record, sp stackmap.Statepoint, isSP bool, i int) stackmap.Location {
	if isSP {
		l, _ := sp.Deopt(i)
		return l
	}
	l, _ := rec.Location(i)
	return l
}

// writeSlotText writes " = VALUE (HOME)" or " = unknown (why)" and ends the
// line.
func writeSlotText(out *textout.Buffer, arch regs.Arch, s stackwalk.Slot, err error) {
	out.WriteString(" = ")
	if err != nil {
		out.WriteString("unknown (")
		out.WriteString(textout.Escape(unknownReason(err)))
		out.WriteString(")\n")
		return
	}
	out.Hex(s.Bits)
	out.WriteString(" (")
	writeHome(out, arch, s.Home)
	out.WriteString(")\n")
}

// writeHome writes where a value lives: "in rbx", "at 0x7ffe0010",
// "computed".
func writeHome(out *textout.Buffer, arch regs.Arch, h stackwalk.Home) {
	switch h.Kind {
	case stackwalk.HomeRegister:
		out.WriteString("in ")
		writeRegBase(out, arch, h.Reg)
	case stackwalk.HomeMemory:
		out.WriteString("at ")
		out.Hex(h.Addr)
	default:
		out.WriteString(h.Kind.String())
	}
}

// unknownReason says why a value could not be evaluated.
func unknownReason(err error) string {
	switch {
	case errors.Is(err, stackmap.ErrNoRegister):
		return "register not preserved in this frame"
	case errors.Is(err, stackmap.ErrMemory):
		return "memory not readable"
	}
	return err.Error()
}
