package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/stackmaps/stackmaps/regs"
)

// llc's stack frame layout remark (llc -pass-remarks-analysis=
// stack-frame-layout -pass-remarks-output=F.yaml): per function, each stack
// object's offset from the stack pointer at function entry, its kind
// (Spill, Variable, Fixed, VariableSized, Protector), alignment and size,
// and the source variables that live there (with debug information).
// stackmaps frame --layout F.yaml names the picture's slots with it.

// layoutSlot is one stack object of the remark.
type layoutSlot struct {
	EntryOff int64    // offset from the stack pointer at function entry
	Type     string   // Spill, Variable, ...
	Align    int64    // bytes
	Size     int64    // bytes
	Names    []string // "buffer @ layout.c:8"
}

// frameLayouts maps a function's name to its stack objects.
type frameLayouts map[string][]layoutSlot

// maxLayoutBytes bounds the remark file read (remarks of a large module
// are a few MB).
const maxLayoutBytes = 256 << 20

// readFrameLayouts reads the stack-frame-layout remarks of a remarks YAML
// file. Other remarks are skipped; the YAML is read line by line in the
// layout llc writes (a document per remark, "Args:" a list of one-key
// maps), not as general YAML.
func readFrameLayouts(path string) (frameLayouts, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseFrameLayouts(io.LimitReader(f, maxLayoutBytes))
}

func parseFrameLayouts(r io.Reader) (frameLayouts, error) {
	out := frameLayouts{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var (
		inLayout bool
		fn       string
		slots    []layoutSlot
		line     int
	)
	flush := func() {
		if inLayout && fn != "" {
			out[fn] = append(out[fn], slots...)
		}
		inLayout, fn, slots = false, "", nil
	}
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.HasPrefix(text, "---") {
			flush()
			continue
		}
		key, val, ok := yamlField(text)
		if !ok {
			continue
		}
		switch {
		case key == "Pass" && !strings.HasPrefix(text, " "):
			inLayout = val == "stack-frame-layout"
		case key == "Function" && !strings.HasPrefix(text, " "):
			fn = val
		case !inLayout || !strings.HasPrefix(strings.TrimSpace(text), "- "):
		case key == "Offset":
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("remarks line %d: Offset %q: %w", line, val, err)
			}
			slots = append(slots, layoutSlot{EntryOff: n})
		case len(slots) == 0:
		case key == "Type":
			slots[len(slots)-1].Type = val
		case key == "Align":
			slots[len(slots)-1].Align, _ = strconv.ParseInt(val, 10, 64)
		case key == "Size":
			slots[len(slots)-1].Size, _ = strconv.ParseInt(val, 10, 64)
		case key == "DataLoc":
			slots[len(slots)-1].Names = append(slots[len(slots)-1].Names, val)
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("remarks line %d: %w", line+1, err)
	}
	return out, nil
}

// yamlField splits "  - Key:   'value'" or "Key: value" into the key and
// the unquoted value.
func yamlField(line string) (key, val string, ok bool) {
	s := strings.TrimSpace(line)
	s = strings.TrimPrefix(s, "- ")
	key, val, ok = strings.Cut(s, ":")
	if !ok || strings.ContainsAny(key, " \"'") {
		return "", "", false
	}
	val = strings.TrimSpace(val)
	if len(val) >= 2 && (val[0] == '\'' && val[len(val)-1] == '\'') {
		val = strings.ReplaceAll(val[1:len(val)-1], "''", "'")
	} else if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
		if u, err := strconv.Unquote(val); err == nil {
			val = u
		}
	}
	return key, val, true
}

// applyLayout names the picture's slots with the function's stack objects:
// a slot at an object's place gets its kind, size and variables; an object
// no location points at is added as a slot of its own. The remark's offsets
// are from the stack pointer at function entry, which is the CFA less the
// return address a call pushes (x86_64).
func (p *framePicture) applyLayout(objs []layoutSlot, arch regs.Arch) {
	roles := regs.RolesOf(arch)
	ra := returnAddressOnStack(arch, &roles)
	at := make(map[int64][]int, len(p.Slots)+len(objs)) // slot indexes by offset: linear in the objects
	for k, s := range p.Slots {
		at[s.Off] = append(at[s.Off], k)
	}
	for _, o := range objs {
		off := o.EntryOff - ra
		desc := o.Type + ", " + strconv.FormatInt(o.Size, 10) + " bytes"
		if len(o.Names) > 0 {
			desc += ": " + strings.Join(o.Names, ", ")
		}
		if ks := at[off]; len(ks) > 0 {
			for _, k := range ks {
				p.Slots[k].Layout = append(p.Slots[k].Layout, desc)
			}
			continue
		}
		at[off] = append(at[off], len(p.Slots))
		p.Slots = append(p.Slots, frameSlot{Off: off, Size: int(o.Size), What: "(" + o.Type + ")", Layout: []string{desc}})
	}
	sortSlots(p.Slots)
}
