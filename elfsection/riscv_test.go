package elfsection_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/stackmap"
)

// RISC-V objects built with linker relaxation (-mattr=+relax) store some
// instruction offsets as 0 and compute them with an R_RISCV_ADD32 /
// R_RISCV_SUB32 pair. GNU ld, linking without relaxing (so the code does
// not move), (a static link, entry and undefined symbols ignored) writes the computed offsets into the linked section: each
// must equal what InstructionOffset computes from the object.
func TestRISCVRelaxInstructionOffsets(t *testing.T) {
	tools := testenv.Need(t, "riscv64-linux-gnu-ld")
	computed := 0
	for _, o := range reloctest.Objects(t, "elf") {
		if o.Target != "riscv64-elf" || !strings.Contains(strings.Join(o.LLCFlags, " "), "+relax") {
			continue
		}
		t.Run(o.Name(), func(t *testing.T) {
			linked := filepath.Join(t.TempDir(), "out")
			out, err := exec.Command(tools[0], "--no-relax", "-e", "0", "--unresolved-symbols=ignore-all", "-o", linked, o.Path).CombinedOutput()
			require.NoError(t, err, "%s", out)

			obj, err := openSection(o.Path)
			require.NoError(t, err)
			defer obj.Close()
			lib, err := openSection(linked)
			require.NoError(t, err)
			defer lib.Close()

			want := storedOffsets(t, lib)
			got := computedOffsets(t, obj)
			require.NotEmpty(t, want)
			assert.Equal(t, want, got)
			for i, r := range records(t, obj) {
				if r.StoredInstructionOffset() == 0 && got[i] != 0 {
					computed++
				}
			}
		})
	}
	assert.Greater(t, computed, 10, "few records had their offset computed from an ADD32/SUB32 pair")
}

func records(t *testing.T, sd *stackmap.SectionData) []stackmap.Record {
	t.Helper()
	sec, err := sd.Parse()
	require.NoError(t, err)
	var out []stackmap.Record
	for _, tb := range sec.Tables() {
		for _, r := range tb.Records() {
			out = append(out, r)
		}
	}
	return out
}

func storedOffsets(t *testing.T, sd *stackmap.SectionData) []uint32 {
	var out []uint32
	for _, r := range records(t, sd) {
		out = append(out, r.StoredInstructionOffset())
	}
	return out
}

func computedOffsets(t *testing.T, sd *stackmap.SectionData) []uint32 {
	var out []uint32
	for _, r := range records(t, sd) {
		out = append(out, r.InstructionOffset())
	}
	return out
}
