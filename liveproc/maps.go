package liveproc

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/stackmaps/stackmaps/procwalk"
)

// maxMapsSize bounds the /proc/PID/maps text read (a process with a
// million mappings has about 100 MB of it; a walk needs far fewer).
const maxMapsSize = 64 << 20

// ParseMaps reads the text of a /proc/PID/maps file and returns its
// file-backed mappings (those whose path starts with "/"; anonymous memory,
// the stack, [vdso] and [heap] are left out), in file order. A path the
// kernel marks " (deleted)" is kept as it is. A malformed line is an error
// that names it; nothing is allocated beyond one Mapping per line.
func ParseMaps(text []byte) ([]procwalk.Mapping, error) {
	var ms []procwalk.Mapping
	for n := 1; len(text) > 0; n++ {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		m, file, err := parseMapsLine(line)
		if err != nil {
			return nil, fmt.Errorf("maps line %d (%.60q): %w", n, line, err)
		}
		if file {
			ms = append(ms, m)
		}
	}
	return ms, nil
}

// parseMapsLine reads "start-end perms offset dev inode [path]".
func parseMapsLine(line []byte) (procwalk.Mapping, bool, error) {
	var m procwalk.Mapping
	rest := line
	field := func() []byte {
		rest = bytes.TrimLeft(rest, " \t")
		i := bytes.IndexAny(rest, " \t")
		if i < 0 {
			i = len(rest)
		}
		f := rest[:i]
		rest = rest[i:]
		return f
	}
	rng, perms, off, dev, inode := field(), field(), field(), field(), field()
	if len(inode) == 0 {
		return m, false, fmt.Errorf("%d fields, want at least 5", countFields(line))
	}
	lo, hi, ok := bytes.Cut(rng, []byte{'-'})
	if !ok {
		return m, false, fmt.Errorf("address range \"%s\" has no '-'", rng)
	}
	var err error
	if m.Start, err = strconv.ParseUint(string(lo), 16, 64); err != nil {
		return m, false, fmt.Errorf("start address: %w", err)
	}
	if m.End, err = strconv.ParseUint(string(hi), 16, 64); err != nil {
		return m, false, fmt.Errorf("end address: %w", err)
	}
	if m.End < m.Start {
		return m, false, fmt.Errorf("range %#x-%#x ends before it starts", m.Start, m.End)
	}
	if len(perms) != 4 {
		return m, false, fmt.Errorf("permissions \"%s\" are not 4 letters", perms)
	}
	if m.Offset, err = strconv.ParseUint(string(off), 16, 64); err != nil {
		return m, false, fmt.Errorf("offset: %w", err)
	}
	_ = dev
	if _, err = strconv.ParseUint(string(inode), 10, 64); err != nil {
		return m, false, fmt.Errorf("inode: %w", err)
	}
	path := bytes.TrimLeft(rest, " \t")
	if len(path) == 0 || path[0] != '/' {
		return m, false, nil
	}
	m.Path = string(path)
	return m, true, nil
}

func countFields(line []byte) int { return len(bytes.Fields(line)) }
