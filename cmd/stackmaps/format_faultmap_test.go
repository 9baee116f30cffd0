package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
)

var faultMapDir = filepath.Join("..", "..", "testdata", "faultmap")

// faultMapFiles lists the checked-in files with an llvm-objdump view.
func faultMapFiles(t *testing.T) []string {
	t.Helper()
	views, err := filepath.Glob(filepath.Join(faultMapDir, "*.faultmap.txt"))
	require.NoError(t, err)
	require.NotEmpty(t, views)
	var out []string
	for _, v := range views {
		out = append(out, strings.TrimSuffix(v, ".faultmap.txt"))
	}
	return out
}

// dump --faultmap --format=llvm prints exactly the checked-in
// llvm-objdump-22 --fault-map-section view of every file (llc 14, 19, 22;
// x86_64 and AArch64; ELF and Mach-O objects; linked PIEs).
func TestFaultMapLLVMGolden(t *testing.T) {
	for _, path := range faultMapFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			want, err := os.ReadFile(path + ".faultmap.txt")
			require.NoError(t, err)
			got, stderr, status := runTool("dump", "--faultmap", "--format=llvm", path)
			require.Equal(t, exitOK, status, stderr)
			assert.Equal(t, string(want), got)
		})
	}
}

// The same, against llvm-objdump-22 run now.
func TestFaultMapLLVMLive(t *testing.T) {
	objdump := testenv.Need(t, "llvm-objdump-22")
	if objdump == nil {
		return
	}
	for _, path := range faultMapFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			out, err := exec.Command(objdump[0], "--fault-map-section", path).Output()
			require.NoError(t, err)
			i := bytes.Index(out, []byte("FaultMap table:\n"))
			require.GreaterOrEqual(t, i, 0, "%s", out)
			got, stderr, status := runTool("dump", "--faultmap", "--format=llvm", path)
			require.Equal(t, exitOK, status, stderr)
			assert.Equal(t, string(out[i:]), got)
		})
	}
}

func TestFaultMapText(t *testing.T) {
	got, stderr, status := runTool("dump", "--faultmap", filepath.Join(faultMapDir, "llvm22-x86_64-elf.o"))
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, filepath.Join(faultMapDir, "llvm22-x86_64-elf.o")+`: elf x86_64, section .llvm_faultmaps, 132 bytes, 1 fault map table

Table 0 at section offset 0x0 (132 bytes): version 1, 4 functions, 5 faults
  Function #0 load_or at 0x0 (.text), 1 fault
    FaultingLoad at 0x0 (+0x0), resume at 0x3 (+0x3)
  Function #1 load_plus at 0x10 (.text), 1 fault
    FaultingLoad at 0x10 (+0x0), resume at 0x19 (+0x9)
  Function #2 store at 0x30 (.text), 1 fault
    FaultingStore at 0x30 (+0x0), resume at 0x33 (+0x3)
  Function #3 two_checks at 0x40 (.text), 2 faults
    FaultingLoad at 0x40 (+0x0), resume at 0x45 (+0x5)
    FaultingLoad at 0x42 (+0x2), resume at 0x4b (+0xb)
`, got)
}

func TestFaultMapJSON(t *testing.T) {
	path := filepath.Join(faultMapDir, "linked-x86_64")
	for _, pretty := range []bool{false, true} {
		args := []string{"dump", "--faultmap", "--format=json", path}
		if pretty {
			args = append(args, "--pretty")
		}
		got, stderr, status := runTool(args...)
		require.Equal(t, exitOK, status, stderr)
		if !pretty {
			assert.Equal(t, 1, strings.Count(got, "\n"), "one document a line")
		}
		// The shape of dump's stack map document: tables at the top, each
		// naming its section.
		var doc struct {
			File, Format, Arch string
			Tables             []struct {
				Slice         *string
				Section       string
				SectionOffset int `json:"section_offset"`
				Functions     []struct {
					Symbol  string
					Address uint64
					Faults  []struct {
						KindName   string `json:"kind_name"`
						FaultingPC uint64 `json:"faulting_pc"`
						HandlerPC  uint64 `json:"handler_pc"`
					}
				}
			}
		}
		require.NoError(t, json.Unmarshal([]byte(got), &doc))
		assert.Equal(t, "elf", doc.Format)
		assert.Equal(t, "x86_64", doc.Arch)
		s := doc
		require.Len(t, s.Tables, 2)
		assert.Equal(t, ".llvm_faultmaps", s.Tables[0].Section)
		assert.Nil(t, s.Tables[0].Slice)
		assert.Equal(t, 0x84, s.Tables[1].SectionOffset)
		fn := s.Tables[0].Functions[3]
		assert.Equal(t, "two_checks", fn.Symbol)
		assert.Equal(t, uint64(0x1740), fn.Address)
		assert.Equal(t, uint64(0x1742), fn.Faults[1].FaultingPC)
		assert.Equal(t, uint64(0x174b), fn.Faults[1].HandlerPC)
		assert.Equal(t, "FaultingLoadStore", s.Tables[1].Functions[1].Faults[0].KindName)
	}
}

// A raw section (here extracted from an object: unrelocated) and standard
// input; hostile and missing sections fail with where and what.
func TestFaultMapRawAndErrors(t *testing.T) {
	obj := filepath.Join(faultMapDir, "llvm22-x86_64-elf.o")
	want, err := os.ReadFile(obj + ".faultmap.txt")
	require.NoError(t, err)
	data, err := os.ReadFile(obj)
	require.NoError(t, err)
	stdin = bytes.NewReader(data)
	defer func() { stdin = os.Stdin }()
	got, stderr, status := runTool("dump", "--faultmap", "--format=llvm", "-")
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, string(want), got)

	dir := t.TempDir()
	raw := []byte{1, 0, 0, 0, 1, 0, 0, 0}
	raw = binary.BigEndian.AppendUint64(raw, 0x1000)
	raw = append(raw, 0, 0, 0, 1, 0, 0, 0, 0)
	raw = append(raw, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 8)
	raw[4], raw[7] = 0, 1 // big-endian count
	p := filepath.Join(dir, "fm.bin")
	require.NoError(t, os.WriteFile(p, raw, 0o644))
	got, stderr, status = runTool("dump", "--faultmap", "--raw", "--big-endian", p)
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, got, "Function #0 at 0x1000, 1 fault\n    FaultingStore at 0x1004 (+0x4), resume at 0x1008 (+0x8)\n")

	_, stderr, status = runTool("dump", "--faultmap", "--raw", p) // little-endian: counts are huge
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "faultmap: table 0, offset 4 (0x4): 16777216 functions need at least 268435456 bytes, 28 are left")

	_, stderr, status = runTool("dump", "--faultmap", filepath.Join("..", "..", "testdata", "objects", "llvm19", "x86_64-elf", "kinds.o"))
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "no fault map section named .llvm_faultmaps")

	_, stderr, status = runTool("dump", "--faultmap")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, "no FILE given")

	_, stderr, status = runTool("dump", "--faultmap", "--format=yaml", obj)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, `unknown format "yaml"`)

	_, stderr, status = runTool("dump", "--faultmap", "--disasm", obj)
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, stderr, "--faultmap takes no")
}
