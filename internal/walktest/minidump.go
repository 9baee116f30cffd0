package walktest

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
)

// DumpMagic is the first line of the values file of
// testdata/windows/minidump (values.txt): what each frame of each thread
// of the program published before its call, written after the program
// wrote its own minidump.
const DumpMagic = "stackmaps-minidump-values 1"

// DumpThread is one thread of a values file: its id and its frames,
// innermost first, the last the thread's entry function (no record: ID 0,
// no Expect), whose CallSP is its stack pointer at its call of the
// outermost llc frame.
type DumpThread struct {
	TID    int
	Frames []Frame
}

// ExpectedCFA returns the CFA frame i must unwind to: its caller's stack
// pointer at the call (on x64, the CFA adds nothing to it).
func (t *DumpThread) ExpectedCFA(i int) uint64 { return t.Frames[i+1].CallSP }

// ParseDumpValues reads a values file (testdata/windows/minidump/README.md):
//
//	stackmaps-minidump-values 1
//	thread TID
//	frame FUNC ID CALLSP          (ID "-" for the entry function)
//	deopt|gc INDEX TYPE VALUE
//	end
//	...
//	done
func ParseDumpValues(path string) ([]DumpThread, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	var threads []DumpThread
	n, done := 0, false
	for sc.Scan() {
		n++
		line := sc.Text()
		if n == 1 {
			if line != DumpMagic {
				return nil, fmt.Errorf("%s: line 1: not %q", path, DumpMagic)
			}
			continue
		}
		fs := &fields{f: strings.Fields(line)}
		if len(fs.f) == 0 || strings.HasPrefix(line, "#") {
			continue
		}
		var t *DumpThread
		if k := len(threads); k > 0 {
			t = &threads[k-1]
		}
		switch fs.f[0] {
		case "thread":
			fs.count(2)
			threads = append(threads, DumpThread{TID: int(fs.dec(1, 1<<32))})
		case "frame":
			fs.count(4)
			if t == nil {
				fs.fail("frame before any thread")
				break
			}
			fr := Frame{Index: len(t.Frames), Func: fs.str(1), CallSP: fs.hex(3)}
			if fs.str(2) != "-" {
				fr.ID, fr.Call = fs.hex(2), "statepoint"
			}
			t.Frames = append(t.Frames, fr)
		case "deopt", "gc":
			fs.count(4)
			if t == nil || len(t.Frames) == 0 {
				fs.fail("value before any frame")
				break
			}
			fr := &t.Frames[len(t.Frames)-1]
			fr.Expect = append(fr.Expect, Expect{Kind: fs.f[0], Index: int(fs.dec(1, 1<<16)),
				Type: fs.oneOf(2, "i64", "i32", "f64", "ptr"), Value: fs.hex(3)})
		case "end":
		case "done":
			done = true
		default:
			fs.fail("unknown line %q", fs.f[0])
		}
		if fs.err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", path, n, fs.err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !done {
		return nil, errors.New(path + ": no \"done\" line: the program did not finish")
	}
	return threads, nil
}
