package faultmap_test

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/faultmap"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/objfile"
)

// A section large enough to be memory-mapped (objfile maps sections of 1
// MiB and more) stays mapped while a Section decoded from it is in use,
// after the file is closed and its SectionData dropped (without
// Section.keep this test faults: the mapping goes with the SectionData).
func TestMappedSectionOutlivesFile(t *testing.T) {
	tools := testenv.Need(t, "llvm-objcopy-22")
	if tools == nil {
		return
	}
	le := binary.LittleEndian
	const n = 100_000 // 2.8 MB
	b := []byte{1, 0, 0, 0}
	b = le.AppendUint32(b, n)
	for i := range n {
		b = le.AppendUint64(b, uint64(0x1000+64*i))
		b = le.AppendUint32(b, 1)
		b = le.AppendUint32(b, 0)
		b = le.AppendUint32(b, 1)
		b = le.AppendUint32(b, 4)
		b = le.AppendUint32(b, 9)
	}
	dir := t.TempDir()
	sec := filepath.Join(dir, "fm.bin")
	require.NoError(t, os.WriteFile(sec, b, 0o644))
	obj := filepath.Join(dir, "big.o")
	// llvm-objcopy removes sections before it adds them: one invocation
	// replaces llc's section (and drops its relocations).
	out, err := exec.Command(tools[0], "--add-section", ".llvm_faultmaps="+sec,
		filepath.Join(dataDir, "llvm22-x86_64-elf.o"), obj, "--remove-section", ".llvm_faultmaps", "--remove-section", ".rela.llvm_faultmaps").CombinedOutput()
	if err != nil {
		t.Fatalf("llvm-objcopy-22: %v\n%s", err, out)
	}

	s := func() *faultmap.Section {
		f, err := objfile.OpenOptions(obj, objfile.Options{AllowNoSection: true})
		require.NoError(t, err)
		defer f.Close()
		sds, err := f.FaultMaps()
		require.NoError(t, err)
		s, err := faultmap.NewSection(sds[0])
		require.NoError(t, err)
		return s
	}()
	for range 3 {
		runtime.GC()
	}
	x := faultmap.NewIndex(s)
	require.Equal(t, n, x.Len())
	e, ok := x.Lookup(0x1000+64*777+4, 0)
	require.True(t, ok)
	require.Equal(t, uint64(0x1000+64*777+9), e.HandlerPC)
}
