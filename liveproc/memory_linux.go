package liveproc

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/stackmaps/stackmaps/stackmap"
)

// pageSize is the unit the memory reader caches.
const (
	pageSize   = 4096
	cachePages = 8
)

// Memory reads a stopped process's memory through /proc/PID/mem. It keeps
// the last pages it read (the process is stopped, so they stay valid until
// Detach), so that a walk's many small reads cost few system calls, and
// ReadUint allocates nothing. It is a stackmap.MemoryReader and
// stackmap.UintReader. It is not safe for concurrent use.
type Memory struct {
	pid   int
	f     *os.File
	next  int // the cache slot to replace next
	pages [cachePages]page
}

type page struct {
	addr  uint64 // page-aligned; valid only when ok
	ok    bool
	bytes [pageSize]byte
}

func openMemory(pid int) (*Memory, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/mem", pid))
	if err != nil {
		e := &Error{PID: pid, Op: "read memory", Err: ErrPermission, Cause: err, What: "cannot open /proc/PID/mem"}
		if os.IsNotExist(err) {
			e.Err = ErrNoProcess
		}
		return nil, e
	}
	return &Memory{pid: pid, f: f}, nil
}

func (m *Memory) close() {
	if m.f != nil {
		m.f.Close()
		m.f = nil
	}
	for i := range m.pages {
		m.pages[i].ok = false
	}
}

// ReadMemory fills p from address addr, or returns an *Error matching
// stackmap.ErrMemory that names the address.
func (m *Memory) ReadMemory(addr uint64, p []byte) error {
	for len(p) > 0 {
		pg, err := m.page(addr &^ (pageSize - 1))
		if err != nil {
			// The page may be readable only in part (a guard page
			// beside it): read exactly what is asked.
			return m.readDirect(addr, p)
		}
		off := addr % pageSize
		n := copy(p, pg.bytes[off:])
		p, addr = p[n:], addr+uint64(n)
	}
	return nil
}

// ReadUint reads an unsigned integer of 1 to 8 bytes at addr.
func (m *Memory) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	if size < 1 || size > 8 {
		return 0, m.fail(addr, fmt.Sprintf("size %d is not 1 to 8", size), nil)
	}
	off := addr % pageSize
	if off+uint64(size) > pageSize {
		var b [8]byte
		if err := m.ReadMemory(addr, b[:size]); err != nil {
			return 0, err
		}
		return decodeUint(b[:size], order), nil
	}
	pg, err := m.page(addr - off)
	if err != nil {
		return 0, err
	}
	return decodeUint(pg.bytes[off:off+uint64(size)], order), nil
}

// ReadAt reads len(p) bytes at address off: Memory is an io.ReaderAt.
func (m *Memory) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, m.fail(uint64(off), "negative address", nil)
	}
	if err := m.ReadMemory(uint64(off), p); err != nil {
		return 0, err
	}
	return len(p), nil
}

var _ io.ReaderAt = (*Memory)(nil)

// page returns the cached page at addr, reading it when it is not.
func (m *Memory) page(addr uint64) (*page, error) {
	for i := range m.pages {
		if pg := &m.pages[i]; pg.ok && pg.addr == addr {
			return pg, nil
		}
	}
	pg := &m.pages[m.next]
	m.next = (m.next + 1) % cachePages
	pg.ok = false
	if err := m.readDirect(addr, pg.bytes[:]); err != nil {
		return nil, err
	}
	pg.addr, pg.ok = addr, true
	return pg, nil
}

// readDirect reads p at addr with one pread.
func (m *Memory) readDirect(addr uint64, p []byte) error {
	if m.f == nil {
		return &Error{PID: m.pid, Op: "read memory", Addr: addr, Err: ErrDetached}
	}
	if addr > 1<<63-1 || addr+uint64(len(p)) < addr {
		return m.fail(addr, "address out of range", nil)
	}
	for len(p) > 0 {
		n, err := syscall.Pread(int(m.f.Fd()), p, int64(addr))
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return m.fail(addr, "", err)
		}
		if n == 0 {
			return m.fail(addr, "not mapped", nil)
		}
		p, addr = p[n:], addr+uint64(n)
	}
	return nil
}

func (m *Memory) fail(addr uint64, what string, cause error) error {
	return &Error{PID: m.pid, Op: "read memory", Addr: addr, What: what, Err: stackmap.ErrMemory, Cause: cause}
}

func decodeUint(b []byte, order binary.ByteOrder) uint64 {
	var v uint64
	if order == binary.BigEndian {
		for _, c := range b {
			v = v<<8 | uint64(c)
		}
		return v
	}
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

// readBounded reads a /proc file of at most limit bytes.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, limit)
	}
	return b, nil
}
