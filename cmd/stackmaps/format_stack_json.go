package main

import (
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// The JSON Lines form of stackmaps stack: module, thread, frame and end
// objects, addresses and values as hex strings.

func writeFrameJSON(out *textout.Buffer, w *procwalk.Walk, arch regs.Arch, t *procwalk.Thread, fr *stackwalk.Frame) {
	j := textout.NewJSON(out)
	j.OpenObject()
	j.Key("type")
	j.String("frame")
	j.Key("tid")
	j.Int(int64(t.TID))
	j.Key("index")
	j.Int(int64(fr.Index))
	j.Key("pc")
	j.Hex(fr.PC)
	j.Key("cfa")
	j.Hex(fr.CFA)
	j.Key("sp")
	j.Hex(fr.SP)
	if fr.Module != nil {
		j.Name("module", fr.Module.Name)
	} else {
		j.Key("module")
		j.Null()
	}
	name, off, ok := w.FrameSymbol(fr)
	if ok {
		j.Name("symbol", name)
	} else {
		j.Key("symbol")
		j.Null()
	}
	j.Key("offset")
	if ok {
		j.Hex(off)
	} else {
		j.Null()
	}
	j.Key("pc_is_return_address")
	j.Bool(fr.PCIsReturnAddress())
	j.Key("signal_frame")
	j.Bool(fr.IsSignalFrame())
	rec, has := fr.Record()
	j.Key("record")
	if !has {
		j.Null()
		j.CloseObject()
		out.WriteByte('\n')
		return
	}
	sp, isSP := fr.Statepoint()
	j.OpenObject()
	j.Key("id")
	j.Hex(rec.ID())
	j.Key("statepoint")
	j.Bool(fr.IsStatepoint())
	j.Key("exact")
	j.Bool(fr.RecordExact())
	j.CloseObject()
	j.Key("deopt")
	j.OpenArray()
	for i := range fr.NumDeopt() {
		j.Elem()
		s, err := fr.Deopt(i)
		writeSlotJSON(j, arch, deoptLocation(rec, sp, isSP, i), s, err)
	}
	j.CloseArray()
	j.Key("roots")
	j.OpenArray()
	for i := range fr.NumRoots() {
		r, err := fr.Root(i)
		base, derived, _ := sp.GCPair(i)
		j.Elem()
		j.OpenObject()
		j.Key("base")
		writeSlotJSON(j, arch, base, r.Base, err)
		j.Key("derived")
		writeSlotJSON(j, arch, derived, r.Derived, err)
		j.CloseObject()
	}
	j.CloseArray()
	j.CloseObject()
	out.WriteByte('\n')
}

// writeModuleJSON writes one "module" line: a mapped file, the file read
// for it, its load bias and code range, whether it has stack maps, or why
// it could not be used.
func writeModuleJSON(out *textout.Buffer, m procwalk.ModuleInfo) {
	j := textout.NewJSON(out)
	j.OpenObject()
	j.Key("type")
	j.String("module")
	j.Name("path", m.Path)
	j.Name("file", m.File)
	j.Key("bias")
	j.Hex(m.Bias)
	if m.Module != nil {
		j.Key("start")
		j.Hex(m.Module.Start)
		j.Key("end")
		j.Hex(m.Module.End)
	}
	j.Key("stackmaps")
	j.Bool(m.Stackmaps)
	j.Key("error")
	if m.Err != nil {
		j.String(m.Err.Error())
	} else {
		j.Null()
	}
	j.CloseObject()
	out.WriteByte('\n')
}

// writeSlotJSON writes one evaluated location: its kind, register, offset
// and size, and its value and home, or "known": false and why not.
func writeSlotJSON(j *textout.JSON, arch regs.Arch, loc stackmap.Location, s stackwalk.Slot, err error) {
	j.OpenObject()
	j.Key("kind")
	j.String(loc.Kind.String())
	j.Key("reg")
	j.Int(int64(loc.Reg))
	j.Key("offset")
	j.Int(int64(loc.Offset))
	j.Key("size")
	j.Int(int64(loc.Size))
	j.Key("known")
	j.Bool(err == nil)
	if err != nil {
		j.Key("why")
		j.String(unknownReason(err))
		j.CloseObject()
		return
	}
	j.Key("value")
	j.Hex(s.Bits)
	j.Key("home")
	j.String(s.Home.Kind.String())
	switch s.Home.Kind {
	case stackwalk.HomeRegister:
		j.Key("home_reg")
		j.Int(int64(s.Home.Reg))
		if n, ok := regs.PreferredName(arch, s.Home.Reg); ok {
			j.Key("home_reg_name")
			j.String(n)
		}
	case stackwalk.HomeMemory:
		j.Key("home_addr")
		j.Hex(s.Home.Addr)
	}
	j.CloseObject()
}
