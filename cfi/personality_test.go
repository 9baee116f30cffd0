package cfi

import (
	"debug/elf"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPersonalityAndLSDA checks the "zPLR" pointers of the linked
// exe_eh binaries against the linker's output itself: the personality
// pointer is indirect and the slot it names holds the address of
// __gcc_personality_v0 (a function descriptor on ppc64 ELFv1); the LSDA
// of cfi_cleanup lies in .gcc_except_table.
func TestPersonalityAndLSDA(t *testing.T) {
	for _, arch := range []string{"x86_64", "aarch64", "ppc64le", "ppc64", "s390x", "riscv64"} {
		rel := "cfi/build/" + arch + "/exe_eh"
		ef := openELF(t, rel)
		f, err := elf.Open(filepath.Join(testdataDir, rel))
		require.NoError(t, err)
		syms, err := f.Symbols()
		require.NoError(t, err)
		addr := map[string]uint64{}
		for _, s := range syms {
			addr[s.Name] = s.Value
		}
		except := f.Section(".gcc_except_table")
		require.NotNil(t, except, rel)

		entry := addr["cfi_cleanup"]
		if arch == "ppc64" { // ELFv1: the symbol is the .opd descriptor
			opd := f.Section(".opd")
			b, err := opd.Data()
			require.NoError(t, err)
			entry = f.ByteOrder.Uint64(b[entry-opd.Addr:])
		}
		var u Unwinder
		r, err := ef.eh.RowAt(entry, &u)
		require.NoError(t, err, rel)
		require.NotNil(t, r)
		fde := u.FDE()
		require.Equal(t, "zPLR", string(fde.CIE.Augmentation), rel)
		require.True(t, fde.CIE.HasPersonality && fde.CIE.PersonalityIndirect, rel)
		require.True(t, fde.HasLSDA, rel)
		require.GreaterOrEqual(t, fde.LSDA, except.Addr, rel)
		require.Less(t, fde.LSDA, except.Addr+except.Size, rel)

		// Read the personality slot from the section that holds it.
		var slot uint64
		found := false
		for _, s := range f.Sections {
			if s.Type == elf.SHT_NOBITS || fde.CIE.Personality < s.Addr || fde.CIE.Personality+8 > s.Addr+s.Size || s.Addr == 0 {
				continue
			}
			b, err := s.Data()
			require.NoError(t, err)
			slot = f.ByteOrder.Uint64(b[fde.CIE.Personality-s.Addr:])
			found = true
			break
		}
		require.True(t, found, "%s: personality slot %#x in no section", rel, fde.CIE.Personality)
		require.Equal(t, addr["__gcc_personality_v0"], slot, rel)
		require.Equal(t, addr["DW.ref.__gcc_personality_v0"], fde.CIE.Personality, rel)
		f.Close()
	}
}
