//go:build linux && (amd64 || arm64)

package procwalk_test

import (
	"encoding/binary"
	"os"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/regs"
)

// selfMemory reads this process's memory through /proc/self/mem.
type selfMemory struct{ f *os.File }

func (m selfMemory) ReadMemory(addr uint64, p []byte) error {
	_, err := m.f.ReadAt(p, int64(addr))
	return err
}

// TestVDSOFromMemory makes the vDSO's module from this process's own
// memory and auxiliary vector, as from a live process's or a kernel core's,
// and names a function of it: objfile.NewImage reads the image and its
// bias, procwalk.Open lists it as [vdso] and names its clock_gettime.
func TestVDSOFromMemory(t *testing.T) {
	raw, err := os.ReadFile("/proc/self/auxv")
	require.NoError(t, err)
	p := &procwalk.Process{Arch: regs.X86_64}
	if runtime.GOARCH == "arm64" {
		p.Arch = regs.AArch64
	}
	var addr uint64
	for b := raw; len(b) >= 16; b = b[16:] {
		e := procwalk.AuxEntry{Tag: binary.LittleEndian.Uint64(b), Val: binary.LittleEndian.Uint64(b[8:])}
		p.Auxv = append(p.Auxv, e)
		if e.Tag == procwalk.AtSysinfoEHdr {
			addr = e.Val
		}
	}
	if addr == 0 {
		t.Skip("this kernel maps no vDSO")
	}
	mem, err := os.Open("/proc/self/mem")
	require.NoError(t, err)
	defer mem.Close()
	p.Memory = selfMemory{mem}

	f, bias, err := objfile.NewImage(p.Memory, addr)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, p.Arch, f.Arch)
	syms, err := f.SymbolMap()
	require.NoError(t, err)
	var clock uint64
	for i := range syms.Len() {
		if s := syms.At(i); s.Name == "__vdso_clock_gettime" || s.Name == "__kernel_clock_gettime" {
			clock = s.Value
		}
	}
	require.NotZero(t, clock, "the vDSO has clock_gettime")

	w, err := procwalk.Open(p, objfile.ProcessFiles{}, procwalk.Options{})
	require.NoError(t, err)
	defer w.Close()
	mi := w.Module(clock + bias)
	require.NotNil(t, mi, "clock_gettime at %#x in a module's code", clock+bias)
	assert.Equal(t, "[vdso]", mi.Path)
	require.NoError(t, mi.Err)
	assert.Equal(t, bias, mi.Bias)
	assert.LessOrEqual(t, addr, mi.Module.Start)
	name, off, ok := w.Symbol(clock + bias + 1)
	assert.True(t, ok)
	assert.Equal(t, uint64(1), off)
	assert.Contains(t, []string{"__vdso_clock_gettime", "clock_gettime", "__kernel_clock_gettime"}, name)
}
