package frameslots

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/stackmaps/stackmaps/regs"
)

// Object is one stack object of llc's stack frame layout remark.
type Object struct {
	EntryOff int64    // offset from the stack pointer at function entry
	Type     string   // Spill, Variable, Fixed, VariableSized, Protector
	Align    int64    // bytes
	Size     int64    // bytes
	Names    []string // the source variables there ("buffer @ layout.c:8"), with debug information
}

// ReadRemarks reads the stack-frame-layout remarks of a remarks file
// (llc -pass-remarks-analysis=stack-frame-layout -pass-remarks-output=F):
// each function's stack objects, by function name. Other remarks are
// skipped; the YAML is read line by line in the layout llc writes (a
// document per remark, "Args:" a list of one-key maps), not as general
// YAML, in time linear in its size; lines longer than 1 MiB are an error.
func ReadRemarks(r io.Reader) (map[string][]Object, error) {
	out := map[string][]Object{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var (
		inLayout bool
		fn       string
		slots    []Object
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
				return nil, fmt.Errorf("remarks line %d: Offset \"%s\": %w", line, val, err)
			}
			slots = append(slots, Object{EntryOff: n})
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

// AddObjects puts the function's stack objects (ReadRemarks) in the frame:
// a slot at an object's place gets it in Objects; an object no slot is at
// becomes a StackObject slot of its own. The remark's offsets are from the
// stack pointer at function entry, which is the CFA less the return
// address a call pushes (x86_64). Linear in the slots and objects.
func (f *Frame) AddObjects(objs []Object, arch regs.Arch) {
	ra := ReturnAddressSize(arch)
	at := make(map[int64][]int, len(f.Slots)+len(objs))
	for k, s := range f.Slots {
		at[s.Off] = append(at[s.Off], k)
	}
	for _, o := range objs {
		off := o.EntryOff - ra
		if ks := at[off]; len(ks) > 0 {
			for _, k := range ks {
				f.Slots[k].Objects = append(f.Slots[k].Objects, o)
			}
			continue
		}
		at[off] = append(at[off], len(f.Slots))
		f.Slots = append(f.Slots, Slot{Off: off, Size: int(max(o.Size, 0)), Kind: StackObject, Objects: []Object{o}})
	}
	sortSlots(f.Slots)
}
