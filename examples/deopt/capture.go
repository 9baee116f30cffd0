package main

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Capture is what a test program wrote at one call into its capture
// routine: the return address, the registers and a window of the caller's
// stack, with the values the program expects each live value to have.
// testdata/deopt/README.md specifies the file format.
type Capture struct {
	Kind    string // "statepoint" or "patchpoint"
	ID      uint64
	RetAddr uint64
	SP      uint64
	Regs    stackmap.Registers
	Stack   stackmap.Memory // the captured window of the caller's stack
	Expect  []Expect
}

// Expect is one value the program computed.
type Expect struct {
	Kind  string // "deopt", "gc" or "live"
	Index int
	Type  string // "i64", "i32", "f64" or "ptr"
	Value uint64
}

// Matches reports whether an evaluated value is the expected one (an i32
// compares its low 32 bits only).
func (e Expect) Matches(bits uint64) bool {
	if e.Type == "i32" {
		return uint32(bits) == uint32(e.Value)
	}
	return bits == e.Value
}

// CaptureFile is a whole capture file: the program's facts and one Capture
// per call.
type CaptureFile struct {
	Arch     string
	Order    binary.ByteOrder
	PIE      bool
	RegDeopt bool
	Symbols  map[string]uint64 // runtime addresses (st_value + bias)
	Code     map[string]uint64 // runtime code entries
	Captures []*Capture
	Done     bool // the program finished and checked its results
}

// fields reads the space-separated fields of one line, keeping the first
// error it meets.
type fields struct {
	f   []string
	err error
}

func (fs *fields) str(i int) string {
	if i >= len(fs.f) {
		if fs.err == nil {
			fs.err = fmt.Errorf("field %d missing", i+1)
		}
		return ""
	}
	return fs.f[i]
}

func (fs *fields) hex(i int) uint64 {
	v, err := strconv.ParseUint(strings.TrimPrefix(fs.str(i), "0x"), 16, 64)
	if err != nil && fs.err == nil {
		fs.err = err
	}
	return v
}

func (fs *fields) dec(i int, bits int) uint64 {
	v, err := strconv.ParseUint(fs.str(i), 10, bits)
	if err != nil && fs.err == nil {
		fs.err = err
	}
	return v
}

// ParseCapture reads a capture file.
func ParseCapture(r io.Reader) (*CaptureFile, error) {
	cf := &CaptureFile{Order: binary.LittleEndian, Symbols: map[string]uint64{}, Code: map[string]uint64{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	var cur *Capture
	for line := 1; sc.Scan(); line++ {
		fs := &fields{f: strings.Fields(sc.Text())}
		if len(fs.f) == 0 {
			continue
		}
		if cur == nil && isCaptureField(fs.f[0]) {
			return nil, fmt.Errorf("capture line %d: %q before any \"capture\" line", line, fs.f[0])
		}
		switch fs.f[0] {
		case "stackmaps-deopt-capture":
			if v := fs.str(1); v != "1" && fs.err == nil {
				fs.err = fmt.Errorf("capture format version %s, this reader knows 1", v)
			}
		case "arch":
			cf.Arch = fs.str(1)
		case "endian":
			if fs.str(1) == "big" {
				cf.Order = binary.BigEndian
			}
		case "pie":
			cf.PIE = fs.str(1) == "1"
		case "regdeopt":
			cf.RegDeopt = fs.str(1) == "1"
		case "symbol":
			cf.Symbols[fs.str(1)] = fs.hex(2)
		case "code":
			cf.Code[fs.str(1)] = fs.hex(2)
		case "capture":
			cur = &Capture{Kind: fs.str(1), Regs: stackmap.Registers{}}
			cf.Captures = append(cf.Captures, cur)
		case "id":
			cur.ID = fs.hex(1)
		case "retaddr":
			cur.RetAddr = fs.hex(1)
		case "sp":
			cur.SP = fs.hex(1)
		case "reg":
			cur.Regs[uint16(fs.dec(1, 16))] = fs.hex(2)
		case "stack":
			start := fs.hex(1)
			b, err := hex.DecodeString(fs.str(2))
			if err != nil && fs.err == nil {
				fs.err = err
			}
			cur.Stack = stackmap.Memory{Addr: start, Data: b}
		case "expect":
			cur.Expect = append(cur.Expect, Expect{Kind: fs.str(1), Index: int(fs.dec(2, 31)), Type: fs.str(3), Value: fs.hex(4)})
		case "done":
			cf.Done = true
		}
		if fs.err != nil {
			return nil, fmt.Errorf("capture line %d (%.60q): %w", line, sc.Text(), fs.err)
		}
	}
	return cf, sc.Err()
}

// isCaptureField reports whether a keyword belongs inside a capture block.
func isCaptureField(k string) bool {
	switch k {
	case "id", "retaddr", "sp", "reg", "stack", "expect":
		return true
	}
	return false
}
