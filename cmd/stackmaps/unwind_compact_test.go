package main

import (
	"debug/macho"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/machosection"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
)

// unwindLine returns the unwind line of the record whose header starts
// with record.
func unwindLine(t *testing.T, dump, record string) string {
	t.Helper()
	_, after, ok := strings.Cut(dump, record)
	require.True(t, ok, record)
	for _, line := range strings.Split(after, "\n") {
		if strings.HasPrefix(line, "      unwind: ") {
			return strings.TrimPrefix(line, "      unwind: ")
		}
	}
	t.Fatalf("%s: no unwind line", record)
	return ""
}

// TestDumpUnwindCompactImages: the linked arm64 images have __unwind_info
// and no __eh_frame: every record's row is its compact entry's
// (llvm-objdump-22 --unwind-info, checked in beside them: 0x0400001f for
// kinds_indirect, kinds_all and many_functions' f_spill, 0x04000000 for
// the others). The x86_64 image's entries are all DWARF mode (its objects
// came from llc-19 for x86_64-apple-macosx, before compact unwind): rows
// from __eh_frame, without an encoding.
func TestDumpUnwindCompactImages(t *testing.T) {
	const frame = "CFA=x29+16 saved: x29@CFA-16 x30@CFA-8 (compact 0x04000000)"
	const pairs = "CFA=x29+16 saved: x19@CFA-24 x20@CFA-32 x21@CFA-40 x22@CFA-48 x23@CFA-56 " +
		"x24@CFA-64 x25@CFA-72 x26@CFA-80 x27@CFA-88 x28@CFA-96 x29@CFA-16 x30@CFA-8 (compact 0x0400001f)"
	for _, img := range []string{"arm64-macos11.dylib", "arm64-macos13.dylib", "arm64-macos13"} {
		out, stderr, status := runTool("dump", "--unwind", td+"linked-macho/"+img)
		require.Equal(t, exitOK, status, stderr)
		assert.Equal(t, 31, strings.Count(out, "      unwind: "), img)
		assert.Equal(t, 31, strings.Count(out, " (compact 0x0400"), img)
		assert.NotContains(t, out, "unwind: none", img)
		assert.Equal(t, pairs, unwindLine(t, out, "Record ID 102 (0x66)"), img)
		assert.Equal(t, pairs, unwindLine(t, out, "Record ID 105 (0x69)"), img)
		assert.Equal(t, frame, unwindLine(t, out, "Record ID 100 (0x64)"), img)
	}
	out, stderr, status := runTool("dump", "--unwind", td+"linked-macho/x86_64-macos11.dylib")
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, 31, strings.Count(out, "      unwind: CFA=rbp+16 saved: "))
	assert.NotContains(t, out, "(compact")
}

// TestDumpUnwindCompactGroundTruth: testdata/compactunwind, whose compact
// rules compactunwind's ground-truth test checks against the DWARF rows of
// the same code. Image: rbp frames with their saved registers, a frameless
// statepoint (CFA=rsp+16, the return address pushed by the call), and
// cx_immd6, which llc could not encode (DWARF mode): its __eh_frame row,
// found first. Object: __compact_unwind, relocated, in JSON.
func TestDumpUnwindCompactGroundTruth(t *testing.T) {
	out, stderr, status := runTool("dump", "--unwind", td+"compactunwind/x86_64.dylib")
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, "CFA=rbp+16 saved: rbx@CFA-56 rbp@CFA-16 r12@CFA-48 r13@CFA-40 r14@CFA-32 r15@CFA-24 rip@CFA-8 (compact 0x010558d1)",
		unwindLine(t, out, "Record ID 3100 "))
	assert.Equal(t, "CFA=rbp+16 saved: rbx@CFA-40 rbp@CFA-16 r12@CFA-32 r14@CFA-24 rip@CFA-8 (compact 0x01030111)",
		unwindLine(t, out, "Record ID 3103 "))
	assert.Equal(t, "CFA=rbp+16 saved: rbx@CFA-56 rbp@CFA-16 r12@CFA-48 r13@CFA-40 r14@CFA-32 r15@CFA-24 rip@CFA-8",
		unwindLine(t, out, "Record ID 3104 "))
	assert.Equal(t, "CFA=rsp+16 saved: rip@CFA-8 (compact 0x02020000)", unwindLine(t, out, "Record ID 3107 "))

	out, stderr, status = runTool("dump", "--unwind", td+"compactunwind/arm64.o")
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, "CFA=x29+16 saved: x19@CFA-24 x20@CFA-32 x21@CFA-40 x22@CFA-48 x23@CFA-56 x24@CFA-64 x29@CFA-16 x30@CFA-8 v8@CFA-72 v9@CFA-80 (compact 0x04000107)",
		unwindLine(t, out, "Record ID 3000 "))
	assert.Equal(t, 8, strings.Count(out, " (compact 0x04"))

	js, stderr, status := runTool("dump", "--unwind", "--format=json", "--id", "3000", td+"compactunwind/arm64.o")
	require.Equal(t, exitOK, status, stderr)
	var doc struct {
		Tables []struct {
			Records []struct {
				ID     uint64
				Unwind map[string]json.RawMessage
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(js), &doc))
	require.Len(t, doc.Tables, 1)
	require.Len(t, doc.Tables[0].Records, 1)
	uw := doc.Tables[0].Records[0].Unwind
	assert.JSONEq(t, `"__compact_unwind"`, string(uw["section"]))
	assert.JSONEq(t, `67109127`, string(uw["compact_encoding"]))
	assert.JSONEq(t, `"0x04000107"`, string(uw["compact_encoding_hex"]))
	assert.JSONEq(t, `null`, string(uw["fde_offset"]))
	assert.JSONEq(t, `{"reg": "x29", "dwarf_reg": 29, "offset": 16, "expression": false}`, string(uw["cfa"]))
	var saved []struct {
		Reg       string
		DwarfReg  uint16 `json:"dwarf_reg"`
		Rule      string
		CFAOffset int64 `json:"cfa_offset"`
	}
	require.NoError(t, json.Unmarshal(uw["saved"], &saved))
	require.Len(t, saved, 10)
	assert.Equal(t, "x19", saved[0].Reg) // in DWARF order, as rows from DWARF CFI
	assert.Equal(t, int64(-24), saved[0].CFAOffset)
	assert.Equal(t, "x29", saved[6].Reg)
	assert.Equal(t, int64(-16), saved[6].CFAOffset)
	assert.Equal(t, uint16(72), saved[8].DwarfReg)
	assert.Equal(t, "offset", saved[8].Rule)
	assert.Equal(t, int64(-72), saved[8].CFAOffset)
}

// TestUnwindCompactStackIndirect: cx_pure_sav6 (x86_64.dylib at 0x710,
// encoding 0x030df800) keeps its stack size in its code: subq $0x1f88 at
// +0xa, the immediate at +0xd, plus 56 (the encoding's adjust field: six
// pushes and the return address) is the CFA=RSP+8128 llvm-dwarfdump-22
// prints after its prologue. Without
// its code, the size is unknown and the line says where it is.
func TestUnwindCompactStackIndirect(t *testing.T) {
	path := td + "compactunwind/x86_64.dylib"
	cu, err := machosection.OpenCompactUnwind(path)
	require.NoError(t, err)
	img, err := objfile.OpenOptions(path, objfile.Options{AllowNoSection: true})
	require.NoError(t, err)
	defer img.Close()
	src := &unwindSource{arch: regs.X86_64, compact: cu, code: &codeReader{img: img}}
	rv := recordView{Func: 0, Address: 0x720}
	ur, ok := src.compactRow(rv, rv.Address)
	require.True(t, ok)
	require.NoError(t, src.err)
	assert.Equal(t, compactunwind.Encoding(0x030df800), ur.encoding)
	w := newOutBuf(nil)
	writeTextCompact(w, regs.X86_64, &ur)
	assert.Equal(t, "CFA=rsp+8128 saved: rbx@CFA-56 rbp@CFA-16 r12@CFA-48 r13@CFA-40 r14@CFA-32 r15@CFA-24 rip@CFA-8 (compact 0x030df800)\n", string(w.b))

	src.code = &codeReader{} // no file: the code is not readable
	ur, ok = src.compactRow(rv, rv.Address)
	require.True(t, ok)
	w = newOutBuf(nil)
	writeTextCompact(w, regs.X86_64, &ur)
	assert.Equal(t, "CFA=rsp+? saved: rbx@CFA-56 rbp@CFA-16 r12@CFA-48 r13@CFA-40 r14@CFA-32 r15@CFA-24 rip@CFA-8 "+
		"(compact 0x030df800: stack size is the uint32 at function+0xd plus 56, code not readable)\n", string(w.b))

	// Outside every entry; read as arm64 (mode 3 is DWARF there) it names
	// an FDE of an __eh_frame the source does not have.
	_, ok = src.compactRow(recordView{Address: 0x10}, 0x10)
	assert.False(t, ok)
	src.arch = regs.AArch64
	_, ok = src.compactRow(rv, rv.Address)
	assert.False(t, ok)
	require.Error(t, src.err)
	assert.Equal(t, "--unwind: record at 0x720: __unwind_info: encoding 0x030df800 names the __eh_frame FDE at 0xdf800, but the file has no __eh_frame", src.err.Error())
	src = &unwindSource{arch: regs.PPC64, compact: cu}
	_, ok = src.compactRow(rv, rv.Address)
	assert.False(t, ok)
	assert.EqualError(t, src.err, "--unwind: record at 0x720: __unwind_info: compact unwind encoding 0x030df800: ppc64 has no compact unwind (only arm64 and x86_64)")
}

// TestUnwindCompactDWARFMode: a DWARF-mode entry's row is the row of the
// __eh_frame FDE it names: cx_immd6 (x86_64.dylib at 0x620, encoding
// 0x04000018) at its record (0x635), as llvm-dwarfdump-22 prints it.
func TestUnwindCompactDWARFMode(t *testing.T) {
	path := td + "compactunwind/x86_64.dylib"
	cu, err := machosection.OpenCompactUnwind(path)
	require.NoError(t, err)
	cfg, err := machosection.OpenFrames(path)
	require.NoError(t, err)
	eh, err := cfi.New(cfg)
	require.NoError(t, err)
	src := &unwindSource{arch: regs.X86_64, compact: cu, eh: eh}
	rv := recordView{Func: 0, Address: 0x635}
	ur, ok := src.compactRow(rv, rv.Address)
	require.True(t, ok)
	require.NoError(t, src.err)
	assert.Equal(t, "__eh_frame", ur.section)
	assert.Equal(t, uint64(0x18), ur.fdeOffset)
	assert.Equal(t, compactunwind.Encoding(0x04000018), ur.encoding)
	require.NotNil(t, ur.row)
	assert.Equal(t, uint64(6), ur.row.CFA.Reg)
	assert.Equal(t, int64(16), ur.row.CFA.Offset)
	assert.Equal(t, int64(-56), ur.row.Regs[3].Offset) // rbx
}

// TestDumpUnwindCompactMalformed: an __unwind_info that does not decode
// (second-level page kind 7) fails the file with the section, the byte
// offset and what is wrong; bytes cut anywhere in the section never panic.
func TestDumpUnwindCompactMalformed(t *testing.T) {
	src := td + "linked-macho/arm64-macos13.dylib"
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	f, err := macho.Open(src)
	require.NoError(t, err)
	s := f.Section("__unwind_info")
	require.NotNil(t, s)
	f.Close()
	const page = 0x44 // llvm-objdump-22: "offset in section=0x00000044"
	require.Equal(t, uint32(3), binary.LittleEndian.Uint32(data[s.Offset+page:]), "a compressed page")
	bad := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(bad[s.Offset+page:], 7)
	path := filepath.Join(t.TempDir(), "bad.dylib")
	require.NoError(t, os.WriteFile(path, bad, 0o644))
	_, stderr, status := runTool("dump", "--unwind", path)
	assert.Equal(t, exitFail, status)
	assert.Contains(t, stderr, "__unwind_info: offset 0x44: second-level page 0: kind 7 is neither regular (2) nor compressed (3)")
	assert.Equal(t, 1, strings.Count(stderr, path), "the file is named once: %s", stderr)

	// Fill the section with 0xff from each of a few offsets on: counts and offsets
	// become 0 or point nowhere; every outcome is a dump or an error.
	for _, off := range []uint32{0, 4, 20, 24, 0x2c, 0x44, 0x48, 0x50} {
		cut := append([]byte(nil), data...)
		for i := s.Offset + off; i < s.Offset+uint32(s.Size); i++ {
			cut[i] = 0xff
		}
		require.NoError(t, os.WriteFile(path, cut, 0o644))
		_, _, status := runTool("dump", "--unwind", path)
		assert.Contains(t, []int{exitOK, exitFail}, status, "%#x", off)
	}
}
