package objfile

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Code sections of relocatable objects.
//
// An object built with function sections (llc -function-sections, clang
// -ffunction-sections, rustc's default) has a code section per function,
// and every function starts at offset 0 of its own: an address alone does
// not say which function it is in, an address and its code section do
// (stackmap.Function.CodeSection). People name a section by its name
// (".text.f"), or, when the name is not unique (clang
// -fno-unique-section-names names them all ".text"), by its number in the
// file: "5", or the name with the number, ".text[5]". CodeSectionLabel
// writes that form and CodeSection reads it back.

// CodeSections returns the distinct code sections the functions of the
// file's stack map sections are in, sorted by number: more than one in an
// object built with function sections, none in a linked file (whose
// addresses are unambiguous).
func (f *File) CodeSections() []stackmap.CodeSection {
	var out []stackmap.CodeSection
	for _, sd := range f.Sections {
		for _, c := range sd.CodeSections() {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b stackmap.CodeSection) int { return cmp.Compare(a.Index, b.Index) })
	return slices.CompactFunc(out, func(a, b stackmap.CodeSection) bool { return a.Index == b.Index })
}

// CodeSection returns the code section (among CodeSections) that spec
// names: a name (".text.f", which must then name one section), a number
// ("5"), or a name and its number (".text[5]"). A spec that names none of
// them, or several, is a *CodeSectionError.
func (f *File) CodeSection(spec string) (stackmap.CodeSection, error) {
	all := f.CodeSections()
	name, number, ok := ParseCodeSection(spec)
	if !ok {
		return stackmap.CodeSection{}, &CodeSectionError{Spec: spec, All: all}
	}
	var hits []stackmap.CodeSection
	for _, c := range all {
		if (number == 0 || c.Index == number) && (name == "" || c.Name == name) {
			hits = append(hits, c)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	return stackmap.CodeSection{}, &CodeSectionError{Spec: spec, Name: name, Matches: hits, All: all}
}

// ParseCodeSection splits a code section spec as CodeSection reads it:
// "5" gives number 5, ".text[5]" name ".text" and number 5, anything else
// is a name (".text.f", ".text[x]"). A number must be above 0 (section 0
// is no section): ok is false for "0" and for an empty spec.
func ParseCodeSection(spec string) (name string, number int, ok bool) {
	if spec == "" {
		return "", 0, false
	}
	if n, err := strconv.Atoi(spec); err == nil {
		return "", n, n > 0
	}
	if j := strings.LastIndexByte(spec, '['); j > 0 && strings.HasSuffix(spec, "]") {
		if n, err := strconv.Atoi(spec[j+1 : len(spec)-1]); err == nil && n > 0 {
			return spec[:j], n, true
		}
	}
	return spec, 0, true
}

// CodeSectionLabel names a code section as CodeSection reads it back: its
// name, or NAME[N] when numbered (for a name other sections share). A
// section without a name is called "section".
func CodeSectionLabel(c stackmap.CodeSection, numbered bool) string {
	name := c.Name
	if name == "" {
		name = "section"
	}
	if numbered {
		return name + "[" + strconv.Itoa(c.Index) + "]"
	}
	return name
}

// CodeSectionLabels returns the label of each code section of sd by its
// number (stackmap.CodeSection.Index): CodeSectionLabel, numbered when
// another section shares the name or the section has none, so that every
// label reads back as its own section. It is nil when sd has fewer than two
// code sections: addresses in it need no section.
func CodeSectionLabels(sd *stackmap.SectionData) map[int]string {
	if sd.NumCodeSections() < 2 {
		return nil
	}
	count := make(map[string]int, sd.NumCodeSections())
	for _, c := range sd.CodeSections() {
		count[c.Name]++
	}
	out := make(map[int]string, sd.NumCodeSections())
	for _, c := range sd.CodeSections() {
		out[c.Index] = CodeSectionLabel(c, count[c.Name] > 1 || c.Name == "")
	}
	return out
}

// CodeSectionError reports a code section spec (File.CodeSection) that
// names no code section of the file, or several.
type CodeSectionError struct {
	Spec string // as given
	// Name is the name spec gives ("" for a number alone); Matches are
	// the sections of that name when there are several.
	Name    string
	Matches []stackmap.CodeSection
	// All are the file's code sections (CodeSections); none in a linked
	// file.
	All []stackmap.CodeSection
}

// Error says which sections the spec names, or what the file has.
func (e *CodeSectionError) Error() string {
	switch {
	case len(e.Matches) > 1:
		return fmt.Sprintf("%d code sections are named %s (%s)", len(e.Matches), e.Name, codeSectionList(e.Matches, true))
	case len(e.All) == 0:
		return "the file's stack maps name no code section (only relocatable objects do)"
	}
	return fmt.Sprintf("no code section with stack map records is %s (the file's: %s)", e.Spec, codeSectionList(e.All, false))
}

// codeSectionList lists code sections for an error message, at most ten.
func codeSectionList(cs []stackmap.CodeSection, numbered bool) string {
	var b strings.Builder
	for i, c := range cs {
		if i == 10 {
			fmt.Fprintf(&b, ", ... (%d in all)", len(cs))
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(CodeSectionLabel(c, numbered))
	}
	return b.String()
}
