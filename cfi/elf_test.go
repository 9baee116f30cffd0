package cfi

import (
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// testdataDir is the repository's testdata directory.
const testdataDir = "../testdata"

// elfFile is an ELF test file with its call frame sections.
type elfFile struct {
	path    string // relative to testdata
	arch    string // x86_64, aarch64, ppc64, ppc64le, s390x, riscv64
	isRel   bool   // relocatable object: pc_begin fields are unrelocated
	eh      *Section
	debug   *Section
	ehNoHdr *Section // .eh_frame without .eh_frame_hdr (nil when there is none)
}

func elfArch(f *elf.File) string {
	switch f.Machine {
	case elf.EM_X86_64:
		return "x86_64"
	case elf.EM_AARCH64:
		return "aarch64"
	case elf.EM_PPC64:
		if f.ByteOrder == binary.LittleEndian {
			return "ppc64le"
		}
		return "ppc64"
	case elf.EM_S390:
		return "s390x"
	case elf.EM_RISCV:
		return "riscv64"
	}
	return ""
}

func sectionBytes(t testing.TB, s *elf.Section) []byte {
	t.Helper()
	if s == nil || s.Type == elf.SHT_NOBITS {
		return nil
	}
	b, err := s.Data()
	require.NoError(t, err)
	return b
}

// openELF reads path (relative to testdata) and builds its Sections.
func openELF(t testing.TB, rel string) *elfFile {
	t.Helper()
	f, err := elf.Open(filepath.Join(testdataDir, rel))
	require.NoError(t, err)
	defer f.Close()
	ef := &elfFile{path: rel, arch: elfArch(f), isRel: f.Type == elf.ET_REL}
	ptr := 8
	if f.Class == elf.ELFCLASS32 {
		ptr = 4
	}
	if s := f.Section(".eh_frame"); s != nil {
		data := sectionBytes(t, s)
		if ef.isRel {
			data = applyRelocs(t, f, s, data)
		}
		cfg := Config{Kind: EHFrame, Data: data, Addr: s.Addr, Order: f.ByteOrder, PtrSize: ptr}
		if got := f.Section(".got"); got != nil {
			cfg.DataBase = got.Addr
		}
		ef.eh, err = New(cfg)
		require.NoError(t, err, rel)
		if h := f.Section(".eh_frame_hdr"); h != nil {
			ef.ehNoHdr = ef.eh
			cfg.Hdr = sectionBytes(t, h)
			cfg.HdrAddr = h.Addr
			ef.eh, err = New(cfg)
			require.NoError(t, err, rel)
			require.True(t, ef.eh.HasHdr(), rel)
		}
	}
	if s := f.Section(".debug_frame"); s != nil {
		data := sectionBytes(t, s)
		if ef.isRel {
			data = applyRelocs(t, f, s, data)
		}
		ef.debug, err = New(Config{Kind: DebugFrame, Data: data, Addr: s.Addr, Order: f.ByteOrder, PtrSize: ptr})
		require.NoError(t, err, rel)
	}
	return ef
}

// goldenFiles lists testdata/cfi/golden/FILES.tsv: path and section kinds.
func goldenFiles(t testing.TB) [][2]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdataDir, "cfi/golden/FILES.tsv"))
	require.NoError(t, err)
	var out [][2]string
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(line, "\t")
		require.Len(t, f, 2, line)
		out = append(out, [2]string{f[0], f[1]})
	}
	return out
}
