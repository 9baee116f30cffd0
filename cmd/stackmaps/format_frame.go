package main

import (
	"strconv"
	"strings"

	"github.com/stackmaps/stackmaps/frameslots"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/regs"
)

// writeFrameHeader writes the record a picture is of: its function as
// SYMBOL+0xOFF, address, ID and location count.
func writeFrameHeader(w *textout.Buffer, p *framePicture) {
	tv, rv := p.tv, p.rv
	w.WriteString("Frame at ")
	writeFuncOffset(w, tv, rv)
	if rv.HasAddress() {
		w.WriteString(" (")
		writeCodeAddr(w, tv, rv.Func, rv.Address)
		w.WriteByte(')')
	}
	w.WriteString(": record ID ")
	w.Uint(rv.R.ID())
	w.WriteString(" (")
	w.Hex(rv.R.ID())
	w.WriteString("), ")
	w.Plural(rv.R.NumLocations(), "location")
	if _, ok := rv.R.AsStatepoint(); ok {
		w.WriteString(", statepoint")
	}
	w.WriteString(", ")
	w.WriteString(tv.SD.Arch.String())
	w.WriteByte('\n')
}

// writeCFAOffset writes a CFA-relative address: "CFA", "CFA-0x10", "CFA+0x8".
func writeCFAOffset(w *textout.Buffer, off int64) {
	w.WriteString("CFA")
	if off != 0 {
		w.SignedHex(off)
	}
}

const frameBar = "+------------------------------------------+"

// writeFramePictureText draws the picture: the CFA at the top, one line per
// slot, the stack pointer at the bottom, then the values in registers,
// the constants and the unplaced locations.
func writeFramePictureText(w *textout.Buffer, p *framePicture) {
	writeFrameHeader(w, p)
	arch := p.tv.SD.Arch
	var fnStack uint64
	dynamic := false
	if p.rv.Func >= 0 && p.rv.Func < len(p.tv.Funcs) {
		fnStack, dynamic = p.tv.Funcs[p.rv.Func].StackSize(), p.tv.Funcs[p.rv.Func].DynamicStack()
	}
	w.WriteString("  ")
	switch {
	case !p.HasRow:
		w.WriteString("no CFI row holds here: slots cannot be placed")
	case !p.HasCFA:
		w.WriteString("CFA computed by a DWARF expression: slots cannot be placed")
	default:
		w.WriteString("CFA = ")
		writeRegBase(w, arch, p.CFAReg)
		w.SignedHex(p.CFAOffset)
	}
	w.WriteString("; stack size ")
	if dynamic {
		w.WriteString("dynamic")
	} else {
		w.Uint(fnStack)
	}
	w.WriteByte('\n')
	if p.HasCFA {
		cfaDrawn := false
		for _, s := range p.Slots {
			if s.Off < 0 && !cfaDrawn {
				w.WriteString("  ")
				w.WriteString(padRight("CFA", 10))
				w.WriteString(frameBar)
				w.WriteString(" CFA (the caller's frame above)\n")
				cfaDrawn = true
			}
			w.WriteString("  ")
			var off textout.Buffer
			writeCFAOffset(&off, s.Off)
			w.WriteString(padRight(string(off.Bytes()), 10))
			w.WriteString("| ")
			w.WriteString(padRight(slotText(arch, &s), 32))
			w.WriteString(padLeft(sizeText(s.Size), 8))
			w.WriteString(" |")
			for i, r := range s.Roles {
				if i == 0 {
					w.WriteByte(' ')
				} else {
					w.WriteString("; ")
				}
				w.WriteString(r.String())
			}
			for _, l := range objectTexts(s.Objects) {
				w.WriteString(" [")
				w.Name(l)
				w.WriteByte(']')
			}
			w.WriteByte('\n')
		}
		if !cfaDrawn {
			w.WriteString("  ")
			w.WriteString(padRight("CFA", 10))
			w.WriteString(frameBar)
			w.WriteString(" CFA (the caller's frame above)\n")
		}
		w.WriteString("  ")
		if p.HasSP {
			var off textout.Buffer
			writeCFAOffset(&off, p.SPOff)
			w.WriteString(padRight(string(off.Bytes()), 10))
		} else {
			w.WriteString(padRight("?", 10))
		}
		w.WriteString(frameBar)
		w.WriteString(" stack pointer (")
		writeRegBase(w, arch, regs.RolesOf(arch).StackPointer)
		switch {
		case !p.HasSP:
			w.WriteString(", unknown: dynamic stack size")
		case !p.SPFromRow:
			w.WriteString(", from the stack size")
		}
		w.WriteString(")\n")
	}
	writeFrameValues(w, p, "in registers", p.Registers)
	writeFrameValues(w, p, "constants", p.Constants)
	writeFrameValues(w, p, "unplaced", p.Unplaced)
}

// slotWhat says what kind of slot s is: "saved rbx", "return address
// (rip)", "Indirect", "(Spill)".
func slotWhat(arch regs.Arch, s *frameslots.Slot) string {
	switch s.Kind {
	case frameslots.ReturnAddress:
		if s.HasReg {
			return "return address (" + regName(arch, s.Reg) + ")"
		}
		return "return address"
	case frameslots.SavedRegister:
		return "saved " + regName(arch, s.Reg)
	case frameslots.Location:
		return s.LocKind.String()
	case frameslots.StackObject:
		return "(" + s.Objects[0].Type + ")"
	}
	return "?"
}

// slotText says what a slot holds, with the locations that point there:
// "saved rbx", "Indirect #3, #7".
func slotText(arch regs.Arch, s *frameslots.Slot) string {
	var b strings.Builder
	b.WriteString(slotWhat(arch, s))
	for i, l := range s.Locs {
		if i == 0 {
			b.WriteString(" #")
		} else {
			b.WriteString(", #")
		}
		b.WriteString(strconv.Itoa(l))
	}
	return b.String()
}

// objectTexts describes the layout remark's stack objects of a slot:
// "Variable, 32 bytes: buffer @ layout.c:8".
func objectTexts(objs []frameslots.Object) []string {
	var out []string
	for _, o := range objs {
		desc := o.Type + ", " + strconv.FormatInt(o.Size, 10) + " bytes"
		if len(o.Names) > 0 {
			desc += ": " + strings.Join(o.Names, ", ")
		}
		out = append(out, desc)
	}
	return out
}

// sizeText is a slot's size: "8 bytes", or "address" for a Direct
// location (its size is the pointer's, not the object's).
func sizeText(n int) string {
	if n == 0 {
		return "address"
	}
	return textout.Plural(n, "byte")
}

// writeFrameValues lists the locations that have no slot in the picture.
func writeFrameValues(w *textout.Buffer, p *framePicture, title string, vs []frameslots.Value) {
	if len(vs) == 0 {
		return
	}
	w.WriteString("  ")
	w.WriteString(title)
	w.WriteString(":\n")
	for _, v := range vs {
		w.WriteString("    #")
		w.Int(int64(v.Loc))
		w.WriteByte(' ')
		writeLocation(w, p.tv.SD.Arch, p.rv.R, v.L)
		if v.Role.Kind != frameslots.NoRole {
			w.WriteString("  (")
			w.WriteString(v.Role.String())
			w.WriteByte(')')
		}
		w.WriteByte('\n')
	}
}

func padRight(s string, n int) string {
	if len(s) >= n {
		return s + " "
	}
	return s + strings.Repeat(" ", n-len(s))
}

func padLeft(s string, n int) string {
	if len(s) >= n {
		return s
	}
	return strings.Repeat(" ", n-len(s)) + s
}

// writeFramePictureJSON writes the picture as one JSON document.
func writeFramePictureJSON(w *textout.Buffer, file string, p *framePicture, pretty bool) {
	j := textout.NewJSON(w)
	j.Pretty = pretty
	tv, rv := p.tv, p.rv
	arch := tv.SD.Arch
	j.OpenObject()
	j.Name("file", file)
	j.Key("function")
	j.Int(int64(rv.Func))
	sym := ""
	if rv.Func >= 0 && rv.Func < len(tv.Funcs) {
		sym = tv.Funcs[rv.Func].Symbol()
	}
	j.NameOrNull("symbol", sym, sym != "")
	j.Key("record")
	j.OpenObject()
	j.Key("id")
	j.Uint(rv.R.ID())
	j.Key("id_hex")
	j.Hex(rv.R.ID())
	j.Key("address")
	if rv.HasAddress() {
		j.Uint(rv.Address)
	} else {
		j.Null()
	}
	j.Key("address_hex")
	if rv.HasAddress() {
		j.Hex(rv.Address)
	} else {
		j.Null()
	}
	j.Key("index")
	j.Int(int64(rv.R.Index()))
	j.CloseObject()
	j.Key("cfa")
	if p.HasCFA {
		j.OpenObject()
		j.Key("reg")
		j.StringOrNull(regs.PreferredName(arch, p.CFAReg))
		j.Key("dwarf_reg")
		j.Uint(uint64(p.CFAReg))
		j.Key("offset")
		j.Int(p.CFAOffset)
		j.CloseObject()
	} else {
		j.Null()
	}
	j.Key("sp_offset")
	if p.HasSP {
		j.Int(p.SPOff)
	} else {
		j.Null()
	}
	j.Key("sp_from_row")
	j.Bool(p.SPFromRow)
	j.Key("slots")
	j.OpenArray()
	for _, s := range p.Slots {
		j.Elem()
		j.OpenObject()
		j.Key("cfa_offset")
		j.Int(s.Off)
		j.Key("size")
		j.Int(int64(s.Size))
		j.Key("what")
		j.String(slotWhat(arch, &s))
		j.Key("locations")
		j.OpenArray()
		for _, l := range s.Locs {
			j.Elem()
			j.Int(int64(l))
		}
		j.CloseArray()
		j.Key("roles")
		j.OpenArray()
		for _, r := range s.Roles {
			j.Elem()
			j.String(r.String())
		}
		j.CloseArray()
		if s.Objects != nil {
			j.Key("layout")
			j.OpenArray()
			for _, l := range objectTexts(s.Objects) {
				j.Elem()
				j.String(l)
			}
			j.CloseArray()
		}
		j.CloseObject()
	}
	j.CloseArray()
	for _, part := range []struct {
		key string
		vs  []frameslots.Value
	}{{"registers", p.Registers}, {"constants", p.Constants}, {"unplaced", p.Unplaced}} {
		j.Key(part.key)
		j.OpenArray()
		for _, v := range part.vs {
			j.Elem()
			j.OpenObject()
			j.Key("location")
			j.Int(int64(v.Loc))
			j.Key("kind")
			j.String(v.L.Kind.String())
			j.Key("reg")
			j.StringOrNull(regs.PreferredName(arch, v.L.Reg))
			j.Key("offset")
			j.Int(int64(v.L.Offset))
			j.Key("size")
			j.Uint(uint64(v.L.Size))
			j.Key("role")
			j.StringOrNull(v.Role.String(), v.Role.Kind != frameslots.NoRole)
			j.CloseObject()
		}
		j.CloseArray()
	}
	j.CloseObject()
	w.WriteByte('\n')
}
