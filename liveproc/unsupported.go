//go:build !linux

package liveproc

import (
	"encoding/binary"
	"runtime"

	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Process is a stopped live process; on this system none can be.
type Process struct{ pid int }

// Memory reads a stopped process's memory; on this system there is none.
type Memory struct{}

func unsupported(pid, tid int, op string) error {
	return &Error{PID: pid, TID: tid, Op: op, Err: ErrUnsupported, What: "live processes are read on Linux only, not " + runtime.GOOS}
}

// Attach fails: live processes are read on Linux only.
func Attach(pid int) (*Process, error) { return nil, unsupported(pid, 0, "attach") }

// AttachThread fails: live processes are read on Linux only.
func AttachThread(pid, tid int) (*Process, error) { return nil, unsupported(pid, tid, "attach") }

// PID returns the process id.
func (p *Process) PID() int { return p.pid }

// Arch returns ArchUnknown.
func (p *Process) Arch() regs.Arch { return regs.ArchUnknown }

// Threads returns nothing.
func (p *Process) Threads() []int { return nil }

// Skipped returns nothing.
func (p *Process) Skipped() []error { return nil }

// Registers fails.
func (p *Process) Registers(tid int, s *linuxregs.Set) error {
	return unsupported(p.pid, tid, "read registers")
}

// Memory returns nil.
func (p *Process) Memory() *Memory { return nil }

// Exe returns "".
func (p *Process) Exe() string { return "" }

// Mappings fails.
func (p *Process) Mappings() ([]procwalk.Mapping, error) {
	return nil, unsupported(p.pid, 0, "read mappings")
}

// View fails.
func (p *Process) View() (*procwalk.Process, error) { return nil, unsupported(p.pid, 0, "attach") }

// Detach does nothing.
func (p *Process) Detach() error { return nil }

// ReadMemory fails.
func (m *Memory) ReadMemory(addr uint64, p []byte) error { return stackmap.ErrMemory }

// ReadUint fails.
func (m *Memory) ReadUint(addr uint64, size int, order binary.ByteOrder) (uint64, error) {
	return 0, stackmap.ErrMemory
}

// Auxv fails.
func (p *Process) Auxv() ([]procwalk.AuxEntry, error) { return nil, unsupported(p.pid, 0, "read auxv") }
