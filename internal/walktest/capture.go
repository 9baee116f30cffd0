// Package walktest reads the whole-stack captures of testdata/walk: real
// llc-compiled programs, four frames deep, that stop in a capture routine
// and write the registers, the stack from the innermost llc frame up past
// main, and for every frame the values its stack map record must describe
// and the stack pointer it had at its call. testdata/walk/README.md
// specifies the file format; a stack walker's tests load these files,
// unwind from the captured registers and compare.
package walktest

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Magic is the first word of a capture file; Version the format version
// this package reads.
const (
	Magic   = "stackmaps-walk-capture"
	Version = "1"
)

// maxLine bounds one line of a capture file (the stack line is the longest:
// two hex digits per byte).
const maxLine = 4 << 20

// File is one capture file: the program's facts, the machine state at the
// entry of the capture routine and the frames, innermost first.
type File struct {
	Arch      string           // x86_64, aarch64, ppc64le, ppc64, s390x, riscv64
	Order     binary.ByteOrder // of the target
	ABI       string           // sysv, elfv1, elfv2, lp64d
	PIE       bool
	Mode      string            // "statepoint" or "patchpoint": how each frame calls the next
	LLC       string            // the llc that compiled the frames, e.g. "llc-22"
	Tramp     uint64            // patchpoint mode: address of trampoline slot 0
	TrampSlot uint64            // patchpoint mode: bytes per trampoline slot
	Symbols   map[string]uint64 // runtime address of each listed symbol (st_value + load bias)
	Code      map[string]uint64 // runtime code entry of each listed function
	RetAddr   uint64            // return address of the call into the capture routine
	SP        uint64            // stack pointer of the innermost frame at that call
	Regs      stackmap.Registers
	Stack     Window
	Frames    []Frame // innermost first; the last one is main
	Done      bool    // the program finished and checked its results
}

// Frame is one frame of the captured stack.
type Frame struct {
	Index  int    // 0 = innermost
	Func   string // walk_d, walk_c, walk_b, walk_a, main
	ID     uint64 // statepoint/patchpoint ID of the frame's call (llc frames)
	Call   string // "statepoint" or "patchpoint" (llc frames)
	FP     string // the function's "frame-pointer" attribute: "all" or "none" (llc frames)
	CallSP uint64 // the frame's stack pointer at its call
	CFA    uint64 // main only: __builtin_dwarf_cfa() (0 elsewhere)
	Expect []Expect
}

// Expect is one value the program computed and published before the call:
// a deopt operand, a gc-live pointer or a patchpoint live operand.
type Expect struct {
	Kind  string // "deopt", "gc" (statepoint) or "live" (patchpoint)
	Index int    // operand index within its bundle
	Type  string // "i64", "i32", "f64" (IEEE bits) or "ptr"
	Value uint64
}

// Matches reports whether an evaluated location holds the expected value
// (an i32 compares its low 32 bits only).
func (e Expect) Matches(bits uint64) bool {
	if e.Type == "i32" {
		return uint32(bits) == uint32(e.Value)
	}
	return bits == e.Value
}

// IsLLC reports whether the frame is one of the llc-compiled functions (it
// has a stack map record), not main.
func (f *Frame) IsLLC() bool { return f.Call != "" }

// CFAOffset returns what the DWARF CFA of a function adds to its caller's
// stack pointer at the call: 160 on s390x (the register save area the caller
// provides), 0 on the other supported architectures.
func CFAOffset(arch string) uint64 {
	if arch == "s390x" {
		return 160
	}
	return 0
}

// ExpectedCFA returns the DWARF CFA that frame i must unwind to: the caller's
// stack pointer at its call plus CFAOffset, or for main the CFA it recorded
// itself.
func (f *File) ExpectedCFA(i int) (uint64, bool) {
	if i < 0 || i >= len(f.Frames) {
		return 0, false
	}
	if i == len(f.Frames)-1 {
		return f.Frames[i].CFA, f.Frames[i].CFA != 0
	}
	return f.Frames[i+1].CallSP + CFAOffset(f.Arch), true
}

// ParseFile reads the capture file at path.
func ParseFile(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	f, err := Parse(fh)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// Parse reads a capture file. Errors name the line and what is wrong.
func Parse(r io.Reader) (*File, error) {
	p := &parser{f: &File{
		Order:   binary.LittleEndian,
		Symbols: map[string]uint64{},
		Code:    map[string]uint64{},
		Regs:    stackmap.Registers{},
	}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), maxLine)
	line := 0
	for sc.Scan() {
		line++
		fs := &fields{f: strings.Fields(sc.Text())}
		if len(fs.f) == 0 {
			continue
		}
		p.line(line, fs)
		if fs.err != nil {
			return nil, fmt.Errorf("line %d (%.40q): %w", line, sc.Text(), fs.err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	if err := p.finish(); err != nil {
		return nil, fmt.Errorf("line %d (end of file): %w", line, err)
	}
	return p.f, nil
}

// parser holds the state between lines.
type parser struct {
	f       *File
	magic   bool
	cur     *Frame // open frame block
	inFrame bool
	seen    map[string]bool
}

func (p *parser) line(n int, fs *fields) {
	k := fs.f[0]
	if !p.magic {
		if k != Magic {
			fs.fail("want %q first", Magic)
			return
		}
		fs.count(2)
		if v := fs.str(1); v != Version && fs.err == nil {
			fs.fail("capture format version %s, this reader knows %s", v, Version)
		}
		p.magic = true
		p.seen = map[string]bool{}
		return
	}
	if p.f.Done {
		fs.fail("%q after \"done\"", k)
		return
	}
	if p.inFrame {
		p.frameLine(fs)
		return
	}
	f := p.f
	switch k {
	case "arch":
		fs.count(2)
		f.Arch = fs.oneOf(1, "x86_64", "aarch64", "ppc64le", "ppc64", "s390x", "riscv64")
	case "endian":
		fs.count(2)
		if fs.oneOf(1, "little", "big") == "big" {
			f.Order = binary.BigEndian
		}
	case "abi":
		fs.count(2)
		f.ABI = fs.str(1)
	case "pie":
		fs.count(2)
		f.PIE = fs.oneOf(1, "0", "1") == "1"
	case "mode":
		fs.count(2)
		f.Mode = fs.oneOf(1, "statepoint", "patchpoint")
	case "llc":
		fs.count(2)
		f.LLC = fs.str(1)
	case "tramp":
		fs.count(3)
		f.Tramp, f.TrampSlot = fs.hex(1), fs.hex(2)
	case "symbol":
		fs.count(3)
		f.Symbols[fs.str(1)] = fs.hex(2)
	case "code":
		fs.count(3)
		f.Code[fs.str(1)] = fs.hex(2)
	case "retaddr":
		fs.count(2)
		f.RetAddr = fs.hex(1)
	case "sp":
		fs.count(2)
		f.SP = fs.hex(1)
	case "reg":
		fs.count(3)
		r := uint16(fs.dec(1, 1<<16))
		if _, dup := f.Regs[r]; dup && fs.err == nil {
			fs.fail("register %d listed twice", r)
		}
		f.Regs[r] = fs.hex(2)
	case "stack":
		fs.count(3)
		start := fs.hex(1)
		b, err := hex.DecodeString(fs.str(2))
		if err != nil {
			fs.fail("stack bytes: %v", err)
		}
		if start+uint64(len(b)) < start {
			fs.fail("stack window 0x%x + %d bytes wraps around", start, len(b))
		}
		f.Stack = Window{Start: start, Bytes: b}
	case "frame":
		fs.count(3)
		idx := int(fs.dec(1, 1<<16))
		if fs.err == nil && idx != len(f.Frames) {
			fs.fail("frame %d where frame %d was due", idx, len(f.Frames))
		}
		f.Frames = append(f.Frames, Frame{Index: idx, Func: fs.str(2)})
		p.cur, p.inFrame = &f.Frames[len(f.Frames)-1], true
	case "done":
		fs.count(1)
		f.Done = true
	default:
		// Unknown keywords are ignored: later versions may add lines.
		return
	}
	if fs.err == nil && k != "symbol" && k != "code" && k != "reg" && k != "frame" {
		if p.seen[k] {
			fs.fail("%q given twice", k)
		}
		p.seen[k] = true
	}
}

func (p *parser) frameLine(fs *fields) {
	fr := p.cur
	switch fs.f[0] {
	case "id":
		fs.count(2)
		fr.ID = fs.hex(1)
	case "call":
		fs.count(2)
		fr.Call = fs.oneOf(1, "statepoint", "patchpoint")
	case "fp":
		fs.count(2)
		fr.FP = fs.oneOf(1, "all", "none")
	case "callsp":
		fs.count(2)
		fr.CallSP = fs.hex(1)
	case "cfa":
		fs.count(2)
		fr.CFA = fs.hex(1)
	case "expect":
		fs.count(5)
		e := Expect{Kind: fs.oneOf(1, "deopt", "gc", "live"), Index: int(fs.dec(2, 1<<16)),
			Type: fs.oneOf(3, "i64", "i32", "f64", "ptr"), Value: fs.hex(4)}
		if e.Type == "i32" && e.Value > 0xffffffff {
			fs.fail("i32 value 0x%x does not fit 32 bits", e.Value)
		}
		fr.Expect = append(fr.Expect, e)
	case "end":
		fs.count(1)
		p.cur, p.inFrame = nil, false
	case "frame", "done":
		fs.fail("%q inside frame %d (missing \"end\")", fs.f[0], fr.Index)
	}
}

// finish checks what the whole file must hold.
func (p *parser) finish() error {
	f := p.f
	switch {
	case !p.magic:
		return errors.New("empty file")
	case p.inFrame:
		return fmt.Errorf("frame %d has no \"end\"", p.cur.Index)
	case f.Arch == "":
		return errors.New("no \"arch\" line")
	case f.Mode == "":
		return errors.New("no \"mode\" line")
	case len(f.Stack.Bytes) == 0:
		return errors.New("no \"stack\" line")
	case len(f.Frames) == 0:
		return errors.New("no frames")
	case f.Frames[len(f.Frames)-1].Func != "main":
		return fmt.Errorf("the last frame is %s, not main", f.Frames[len(f.Frames)-1].Func)
	}
	return nil
}
