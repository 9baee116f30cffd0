package corefile

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"

	"github.com/stackmaps/stackmaps/internal/elfnote"
	"github.com/stackmaps/stackmaps/linuxregs"
)

// Note types of Linux core files (include/uapi/linux/elf.h).
const (
	ntPrStatus = 1
	ntFPRegSet = 2
	ntPrPsInfo = 3
	ntAuxv     = 6
	ntSigInfo  = 0x53494749
	ntFile     = 0x46494c45
)

// prRegOff is the offset of pr_reg in struct elf_prstatus on every 64-bit
// Linux target: pr_info (12 bytes), pr_cursig (2, padded to 4), pr_sigpend,
// pr_sighold (8 each), pr_pid, pr_ppid, pr_pgrp, pr_sid (4 each), four
// struct timevals (16 each).
const prRegOff = 112

// MaxThreads bounds the threads of a core (its NT_PRSTATUS notes): a core
// with more is refused (a hostile one; Linux's own limit on a process's
// threads is higher, but every thread of a core costs about 1 KB of
// registers once read).
const MaxThreads = 1 << 16

// noteSeg is a PT_NOTE segment: size bytes at file offset off, from
// program header hdr.
type noteSeg struct {
	off, size uint64
	hdr       int
}

// readNoteSegs reads the notes of the PT_NOTE segments, refusing segments
// that overlap (several headers pointing at the same notes would make a
// thread of each NT_PRSTATUS again and again), more than MaxThreads
// threads and a thread id given twice. The threads are counted first, so
// that Threads is allocated once.
func (f *File) readNoteSegs(segs []noteSeg, phoff int64) error {
	sorted := slices.Clone(segs)
	slices.SortFunc(sorted, func(a, b noteSeg) int { return cmp.Compare(a.off, b.off) })
	for i := 1; i < len(sorted); i++ {
		a, b := sorted[i-1], sorted[i]
		if a.off+a.size > b.off && b.size > 0 {
			return formatErr(fmt.Sprintf("program header %d", b.hdr), phoff+int64(b.hdr)*phdrSize,
				"PT_NOTE segment 0x%x+0x%x overlaps program header %d's, 0x%x+0x%x", b.off, b.size, a.hdr, a.off, a.size)
		}
	}
	n := 0
	for _, s := range segs {
		err := f.eachNote(f.data[s.off:s.off+s.size], int64(s.off), func(typ uint32, desc []byte, off int64) error {
			if typ == ntPrStatus {
				if n++; n > MaxThreads {
					return formatErr("NT_PRSTATUS note", off, "more than %d threads (MaxThreads)", MaxThreads)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	f.Threads = make([]Thread, 0, n)
	f.tids = make(map[int]struct{}, n)
	for _, s := range segs {
		if err := f.eachNote(f.data[s.off:s.off+s.size], int64(s.off), f.readNote); err != nil {
			return err
		}
	}
	f.tids = nil
	return nil
}

// eachNote calls fn with each note of name "CORE" of one PT_NOTE segment,
// b, at file offset off: its type, its description and the description's
// file offset.
func (f *File) eachNote(b []byte, off int64, fn func(typ uint32, desc []byte, off int64) error) error {
	err := elfnote.Each(b, f.ByteOrder, func(name []byte, typ uint32, desc []byte, at int) error {
		if string(name) != "CORE" {
			return nil
		}
		return fn(typ, desc, off+int64(at))
	})
	if e, ok := err.(*elfnote.Error); ok {
		return formatErr("note", off+int64(e.Off), "%s", e.Msg)
	}
	return err
}

// readNote reads one note of name "CORE" whose description desc is at file
// offset off.
func (f *File) readNote(typ uint32, desc []byte, off int64) error {
	o := f.ByteOrder
	switch typ {
	case ntPrStatus:
		if len(desc) < prRegOff+linuxregs.GPRSize(f.Arch) {
			return formatErr("NT_PRSTATUS note", off, "%d bytes, too short for %v registers", len(desc), f.Arch)
		}
		tid := int(int32(o.Uint32(desc[32:])))
		if _, ok := f.tids[tid]; ok {
			return formatErr("NT_PRSTATUS note", off, "thread %d given twice", tid)
		}
		f.tids[tid] = struct{}{}
		f.Threads = append(f.Threads, Thread{})
		t := &f.Threads[len(f.Threads)-1]
		t.Signal = int(o.Uint16(desc[12:]))
		t.TID = tid
		if err := linuxregs.DecodeGPR(f.Arch, desc[prRegOff:], &t.Regs); err != nil {
			return &errorAt{what: "NT_PRSTATUS note", off: off, err: err}
		}
	case ntFPRegSet:
		if len(f.Threads) == 0 {
			return nil // a set of no thread
		}
		t := &f.Threads[len(f.Threads)-1]
		if t.Regs.HasFP || len(desc) < linuxregs.FPSize(f.Arch) {
			return nil // gdb writes NT_FPREGSET once per thread; ignore a short one
		}
		if err := linuxregs.DecodeFP(f.Arch, desc, &t.Regs); err != nil {
			return &errorAt{what: "NT_FPREGSET note", off: off, err: err}
		}
	case ntPrPsInfo:
		if len(desc) >= 136 {
			f.ProgName = cString(desc[40:56])
			f.Args = cString(desc[56:136])
		}
	case ntAuxv:
		f.auxv = desc
	case ntSigInfo:
		if len(desc) >= 24 {
			si := SigInfo{Signo: int(int32(o.Uint32(desc))), Errno: int(int32(o.Uint32(desc[4:]))),
				Code: int(int32(o.Uint32(desc[8:])))}
			switch si.Signo {
			case 4, 7, 8, 11: // SIGILL, SIGBUS, SIGFPE, SIGSEGV
				si.Addr = o.Uint64(desc[16:])
			}
			if !f.HasSigInfo {
				f.SigInfo, f.HasSigInfo = si, true
			}
			if n := len(f.Threads); n > 0 && !f.Threads[n-1].HasSigInfo {
				f.Threads[n-1].SigInfo, f.Threads[n-1].HasSigInfo = si, true
			}
		}
	case ntFile:
		return f.readFileNote(desc, off)
	}
	return nil
}

// readFileNote reads NT_FILE: count, page size, count (start, end, page
// offset) triples, then count NUL-terminated paths.
func (f *File) readFileNote(desc []byte, off int64) error {
	o := f.ByteOrder
	if len(desc) < 16 {
		return formatErr("NT_FILE note", off, "%d bytes, too short for its header", len(desc))
	}
	count, page := o.Uint64(desc), o.Uint64(desc[8:])
	if count > uint64(len(desc)-16)/24 {
		return formatErr("NT_FILE note", off, "%d entries do not fit in %d bytes", count, len(desc))
	}
	names := desc[16+24*count:]
	f.Mappings = make([]Mapping, 0, count)
	for i := range count {
		e := desc[16+24*i:]
		m := Mapping{Start: o.Uint64(e), End: o.Uint64(e[8:])}
		pg := o.Uint64(e[16:])
		if m.End < m.Start || page != 0 && pg > (1<<64-1)/page {
			return formatErr("NT_FILE note", off+16+24*int64(i), "entry %d: bad range 0x%x-0x%x or offset", i, m.Start, m.End)
		}
		m.Offset = pg * page
		n := bytes.IndexByte(names, 0)
		if n < 0 {
			return formatErr("NT_FILE note", off, "entry %d: path not NUL-terminated", i)
		}
		m.Path = string(names[:n])
		names = names[n+1:]
		f.Mappings = append(f.Mappings, m)
	}
	return nil
}

// cString returns b up to its first NUL.
func cString(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// errorAt wraps an error of a note's contents with where it is.
type errorAt struct {
	what string
	off  int64
	err  error
}

func (e *errorAt) Error() string {
	return fmt.Sprintf("corefile: %s at offset 0x%x: %v", e.what, e.off, e.err)
}
func (e *errorAt) Unwrap() error { return e.err }

// Auxv returns the value of the auxiliary vector entry with the given tag
// (AT_PHDR 3, AT_ENTRY 9, AT_BASE 7, AT_EXECFN 31...), and false when the
// core has no NT_AUXV note or the vector has no such entry.
func (f *File) Auxv(tag uint64) (uint64, bool) {
	o := f.ByteOrder
	for b := f.auxv; len(b) >= 16; b = b[16:] {
		t := o.Uint64(b)
		if t == 0 {
			break
		}
		if t == tag {
			return o.Uint64(b[8:]), true
		}
	}
	return 0, false
}
