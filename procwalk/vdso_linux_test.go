//go:build linux && (amd64 || arm64)

package procwalk

import (
	"encoding/binary"
	"os"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
// and names a function of it.
func TestVDSOFromMemory(t *testing.T) {
	raw, err := os.ReadFile("/proc/self/auxv")
	require.NoError(t, err)
	p := &Process{Arch: regs.X86_64}
	if runtime.GOARCH == "arm64" {
		p.Arch = regs.AArch64
	}
	for b := raw; len(b) >= 16; b = b[16:] {
		p.Auxv = append(p.Auxv, AuxEntry{binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])})
	}
	if _, ok := p.auxv(AtSysinfoEHdr); !ok {
		t.Skip("this kernel maps no vDSO")
	}
	mem, err := os.Open("/proc/self/mem")
	require.NoError(t, err)
	defer mem.Close()
	p.Memory = selfMemory{mem}
	mi, ok := openVDSO(p)
	require.True(t, ok)
	require.NoError(t, mi.Err)
	require.NotNil(t, mi.Module)
	assert.Equal(t, p.Arch, mi.Module.Arch)
	addr, _ := p.auxv(AtSysinfoEHdr)
	assert.LessOrEqual(t, addr, mi.Module.Start)
	require.NotNil(t, mi.symbols)
	found := false
	for i := range mi.symbols.Len() {
		s := mi.symbols.At(i)
		if s.Name == "__vdso_clock_gettime" || s.Name == "__kernel_clock_gettime" {
			name, off, err := mi.symbols.Lookup(s.Value)
			assert.NoError(t, err)
			assert.Equal(t, uint64(0), off)
			assert.Contains(t, []string{"__vdso_clock_gettime", "clock_gettime", "__kernel_clock_gettime"}, name)
			assert.True(t, mi.Module.Contains(s.Value+mi.Bias), "clock_gettime at %#x in the module's code", s.Value+mi.Bias)
			found = true
		}
	}
	assert.True(t, found, "the vDSO has clock_gettime")
}
