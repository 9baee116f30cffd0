package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Code addresses in relocatable objects with several code sections
// (objects built with function sections, where every function starts at
// offset 0 of its own section: see objfile.CodeSection). The tool then
// writes addresses as SECTION:ADDR (".text.f:0x1c"), an offset in one
// section as LLVM's tools print them (llvm-objdump -d per section,
// llvm-dwarfdump's pc_begin), and lookup takes the same form, SECTION as
// objfile.CodeSection reads it: ".text.f", ".text[5]" or "5". Objects with
// one code section, and linked files, print plain addresses as before.

// codeAddr is an address given on the command line: ADDR, SECTION:ADDR
// (an offset in one code section), or SYMBOL+OFF (an offset in the
// function a symbol names, as addr2line and llvm-objdump print them).
type codeAddr struct {
	text      string // as given
	pc        uint64
	sectioned bool   // SECTION:ADDR
	section   string // SECTION as given
	symbol    string // SYMBOL of SYMBOL+OFF, until resolveSymbol
	symOff    uint64 // OFF
}

// parseCodeAddr parses ADDR, SECTION:ADDR or SYMBOL[+OFF], ADDR and OFF
// being decimal or 0x hex and SECTION a code section
// (objfile.ParseCodeSection). The last colon separates SECTION, so section
// names may hold colons; what is neither a number nor SECTION:ADDR is a
// symbol, the last + separating its offset.
func parseCodeAddr(s string) (codeAddr, bool) {
	q := codeAddr{text: s}
	if pc, ok := textout.ParseUint(s); ok {
		q.pc = pc
		return q, true
	}
	if i := strings.LastIndexByte(s, ':'); i >= 0 {
		pc, ok := textout.ParseUint(s[i+1:])
		if _, _, secOK := objfile.ParseCodeSection(s[:i]); ok && secOK {
			q.pc, q.sectioned, q.section = pc, true, s[:i]
			return q, true
		}
	}
	q.symbol = s
	if j := strings.LastIndexByte(s, '+'); j > 0 {
		if off, ok := textout.ParseUint(s[j+1:]); ok {
			q.symbol, q.symOff = s[:j], off
		}
	}
	if q.symbol == "" || q.symbol[0] == '+' || q.symbol[0] >= '0' && q.symbol[0] <= '9' {
		return q, false
	}
	return q, true
}

// resolveSymbol turns a SYMBOL+OFF query into the runtime address it names
// (the function's link-time address + OFF + bias), in the function's code
// section when the object has several. The symbol is a function's, by its
// symbol name or with Mach-O's leading underscore left out: one with stack
// maps first, else any function symbol of the file's symbol table
// (objfile.File.FunctionAddress: in files with one code section, where a
// symbol's value is an address).
func resolveSymbol(in *dumpInput, q codeAddr, bias uint64) (codeAddr, error) {
	if q.symbol == "" {
		return q, nil
	}
	for si, sec := range in.Parsed {
		sd := in.Sections[si]
		for _, t := range sec.Tables() {
			for _, f := range t.Functions() {
				if !f.Named(q.symbol) {
					continue
				}
				q.pc = f.Address() + q.symOff + bias
				if c := f.CodeSection(); c.Known() && sd.NumCodeSections() > 1 {
					q.sectioned, q.section = true, objfile.CodeSectionLabel(c, true)
				}
				return q, nil
			}
		}
	}
	for _, si := range in.symbolImages() {
		if addr, err := si.img.FunctionAddress(q.symbol); err == nil {
			q.pc = addr + q.symOff + bias
			return q, nil
		}
	}
	return q, fmt.Errorf("address \"%s\": no function symbol is named %s", q.text, q.symbol)
}

// symbolImage is an image whose symbols name addresses, and the universal
// file's slice it is ("" in a thin file).
type symbolImage struct {
	img   *objfile.File
	slice string
}

// symbolImages returns the images whose function symbols name in's
// addresses: the image of each stack map section, or, in an object file
// opened without one (lookup), the file itself.
func (in *dumpInput) symbolImages() []symbolImage {
	var imgs []symbolImage
	for _, sd := range in.Sections {
		if img := in.image(sd); img != nil {
			imgs = append(imgs, symbolImage{img, sd.Slice})
		}
	}
	if len(in.Sections) == 0 && in.Obj != nil {
		imgs = append(imgs, symbolImage{img: in.Obj})
	}
	return imgs
}

// resolveSection returns the code section q names among those of in,
// with what to give instead when it names none or several.
func resolveSection(in *dumpInput, q codeAddr) (stackmap.CodeSection, error) {
	c, err := in.Obj.CodeSection(q.section)
	var e *objfile.CodeSectionError
	switch {
	case !errors.As(err, &e):
		return c, err
	case len(e.Matches) > 1:
		err = fmt.Errorf("%w: give its number, as %s:%s", err, objfile.CodeSectionLabel(e.Matches[0], true), textout.HexString(q.pc))
	case len(e.All) == 0:
		err = fmt.Errorf("%w: give a plain address", err)
	}
	return c, fmt.Errorf("address \"%s\": %w", q.text, err)
}

// codeLabel returns the label of function fn's code section when the
// table's section has several ("" otherwise, and for an unknown fn).
func (tv *tableView) codeLabel(fn int) string {
	if fn < 0 || fn >= len(tv.Funcs) || tv.SD.NumCodeSections() < 2 {
		return ""
	}
	if tv.labels == nil {
		tv.labels = objfile.CodeSectionLabels(tv.SD)
	}
	return tv.labels[tv.Funcs[fn].CodeSection().Index]
}

// writeCodeAddr writes the address addr of function fn's code as the
// tool prints addresses: "0x1c", or "SECTION:0x1c" when the table's
// section has several code sections.
func writeCodeAddr(w *textout.Buffer, tv *tableView, fn int, addr uint64) {
	addr += tv.Bias
	if l := tv.codeLabel(fn); l != "" {
		w.Name(l)
		w.WriteByte(':')
	}
	w.Hex(addr)
}

// writeQuery writes a looked-up address as given, the number in hex:
// "0x4", or "SECTION:0x4".
func writeQuery(w *textout.Buffer, q codeAddr) {
	if q.symbol != "" {
		w.Name(q.text)
		w.WriteString(" (")
		defer w.WriteByte(')')
	}
	if q.sectioned {
		w.Name(q.section)
		w.WriteByte(':')
	}
	w.Hex(q.pc)
}
