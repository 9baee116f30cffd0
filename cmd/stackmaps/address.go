package main

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Code addresses in relocatable objects with several code sections.
//
// An object built with function sections (llc -function-sections, clang
// -ffunction-sections, rustc's default) has a code section per function,
// and every function starts at offset 0 of its own: an address alone does
// not say which function it is in. The tool then writes addresses as
// SECTION:ADDR (".text.f:0x1c"), an offset in one section as LLVM's tools
// print them (llvm-objdump -d per section, llvm-dwarfdump's pc_begin),
// and lookup takes the same form. A section is named by its name, or by
// its number in the file when the name is not unique (clang
// -fno-unique-section-names names them all ".text"): ".text[5]:0x1c"
// or "5:0x1c". Objects with one code section, and linked files, print
// plain addresses as before.

// codeAddr is an address given on the command line: ADDR, or
// SECTION:ADDR, an offset in one code section.
type codeAddr struct {
	text      string // as given
	pc        uint64
	sectioned bool   // SECTION:ADDR
	section   string // SECTION as given
	name      string // section name; "" when given by number only
	index     int    // section number ("N" or "NAME[N]"); 0 when given by name only
}

// parseCodeAddr parses ADDR or SECTION:ADDR, ADDR being decimal or 0x
// hex and SECTION a name, a number, or a name followed by [number]. The
// last colon separates them, so section names may hold colons.
func parseCodeAddr(s string) (codeAddr, bool) {
	q := codeAddr{text: s}
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		pc, ok := parseUint64(s)
		q.pc = pc
		return q, ok
	}
	sec := s[:i]
	pc, ok := parseUint64(s[i+1:])
	if !ok || sec == "" {
		return q, false
	}
	q.pc, q.sectioned, q.section = pc, true, sec
	if n, err := strconv.Atoi(sec); err == nil {
		q.index = n
		return q, n > 0
	}
	q.name = sec
	if j := strings.LastIndexByte(sec, '['); j > 0 && strings.HasSuffix(sec, "]") {
		if n, err := strconv.Atoi(sec[j+1 : len(sec)-1]); err == nil && n > 0 {
			q.name, q.index = sec[:j], n
		}
	}
	return q, true
}

// codeSectionsOf returns the distinct code sections the stack map
// sections of in point into, by number.
func codeSectionsOf(in *dumpInput) []stackmap.CodeSection {
	var out []stackmap.CodeSection
	for _, sd := range in.Sections {
		for _, c := range sd.CodeSections() {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b stackmap.CodeSection) int { return cmp.Compare(a.Index, b.Index) })
	return slices.CompactFunc(out, func(a, b stackmap.CodeSection) bool { return a.Index == b.Index })
}

// resolveSection returns the code section q names among those of in: by
// number, by name (which must then name one section), or both.
func resolveSection(in *dumpInput, q codeAddr) (stackmap.CodeSection, error) {
	all := codeSectionsOf(in)
	var hits []stackmap.CodeSection
	for _, c := range all {
		if (q.index == 0 || c.Index == q.index) && (q.name == "" || c.Name == q.name) {
			hits = append(hits, c)
		}
	}
	switch {
	case len(hits) == 1:
		return hits[0], nil
	case len(hits) > 1:
		return stackmap.CodeSection{}, fmt.Errorf("address %q: %d code sections are named %s (%s): give its number, as %s:%s",
			q.text, len(hits), q.name, sectionList(hits, true), sectionLabel(hits[0], true), utoaHex(q.pc))
	case len(all) == 0:
		return stackmap.CodeSection{}, fmt.Errorf("address %q: the file's stack maps name no code section (only relocatable objects do): give a plain address", q.text)
	}
	return stackmap.CodeSection{}, fmt.Errorf("address %q: no code section with stack map records is %s (the file's: %s)",
		q.text, q.section, sectionList(all, false))
}

// sectionList lists code sections for an error message, at most ten.
func sectionList(cs []stackmap.CodeSection, numbered bool) string {
	var b strings.Builder
	for i, c := range cs {
		if i == 10 {
			fmt.Fprintf(&b, ", ... (%d in all)", len(cs))
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(sectionLabel(c, numbered))
	}
	return b.String()
}

// sectionLabel names a code section as addresses print it: its name, or
// NAME[N] when numbered (its name is not unique).
func sectionLabel(c stackmap.CodeSection, numbered bool) string {
	name := c.Name
	if name == "" {
		name = "section"
	}
	if numbered {
		return name + "[" + itoa(c.Index) + "]"
	}
	return name
}

// codeLabels returns the label of each code section of sd by number:
// its name, or NAME[N] for names that several sections share. It is nil
// when sd has fewer than two code sections: addresses are then plain.
func codeLabels(sd *stackmap.SectionData) map[int]string {
	if sd.NumCodeSections() < 2 {
		return nil
	}
	count := make(map[string]int, sd.NumCodeSections())
	for _, c := range sd.CodeSections() {
		count[c.Name]++
	}
	out := make(map[int]string, sd.NumCodeSections())
	for _, c := range sd.CodeSections() {
		out[c.Index] = sectionLabel(c, count[c.Name] > 1 || c.Name == "")
	}
	return out
}

// codeLabel returns the label of function fn's code section when the
// table's section has several ("" otherwise, and for an unknown fn).
func (tv *tableView) codeLabel(fn int) string {
	if fn < 0 || fn >= len(tv.Funcs) || tv.SD.NumCodeSections() < 2 {
		return ""
	}
	if tv.labels == nil {
		tv.labels = codeLabels(tv.SD)
	}
	return tv.labels[tv.Funcs[fn].CodeSection().Index]
}

// writeCodeAddr writes the address addr of function fn's code as the
// tool prints addresses: "0x1c", or "SECTION:0x1c" when the table's
// section has several code sections.
func writeCodeAddr(w *outBuf, tv *tableView, fn int, addr uint64) {
	if l := tv.codeLabel(fn); l != "" {
		w.WriteString(l)
		w.WriteByte(':')
	}
	writeHex(w, addr)
}

// writeQuery writes a looked-up address as given, the number in hex:
// "0x4", or "SECTION:0x4".
func writeQuery(w *outBuf, q codeAddr) {
	if q.sectioned {
		w.WriteString(q.section)
		w.WriteByte(':')
	}
	writeHex(w, q.pc)
}
