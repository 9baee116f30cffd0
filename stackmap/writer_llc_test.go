package stackmap_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// TestWriterOversizedRecordLikeLLC compiles, with llc-22 -O0, a stack map
// of 65,538 locations (two of them large constants) between two ordinary
// records, and checks that the Builder and AppendTable write the same
// bytes: the big record emptied to ID 0xFFFFFFFFFFFFFFFF with its
// instruction offset kept, its constants left in the table in first-use
// order, and a later record reusing one of them by index.
func TestWriterOversizedRecordLikeLLC(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a 65,538-operand stack map with llc")
	}
	tools := testenv.Need(t, "llc-22")
	dir := t.TempDir()
	var ir strings.Builder
	ir.WriteString("declare void @llvm.experimental.stackmap(i64, i32, ...)\n")
	ir.WriteString("define void @f(i64 %x) {\n")
	ir.WriteString("  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %x)\n")
	ir.WriteString("  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, i64 8589934592, i64 17179869184")
	for i := 0; i < 65536; i++ {
		fmt.Fprintf(&ir, ", i64 %d", i%100)
	}
	ir.WriteString(")\n")
	ir.WriteString("  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, i64 17179869184, i64 25769803776)\n")
	ir.WriteString("  ret void\n}\n")
	src, obj := filepath.Join(dir, "big.ll"), filepath.Join(dir, "big.o")
	require.NoError(t, os.WriteFile(src, []byte(ir.String()), 0o644))
	out, err := exec.Command(tools[0], "-O0", "-mtriple=x86_64-unknown-linux-gnu", "-filetype=obj", src, "-o", obj).CombinedOutput()
	require.NoError(t, err, "%s", out)

	f, err := objfile.Open(obj)
	require.NoError(t, err)
	defer f.Close()
	sec, err := f.Sections[0].Parse()
	require.NoError(t, err)
	llc := sec.Table(0)
	require.Equal(t, 3, llc.NumRecords())

	// Describe the same table by its values, as a JIT would.
	b := stackmap.Builder{Spec: stackmap.TableSpec{Version: stackmap.Version3}}
	fn, _ := llc.Function(0)
	b.AddFunction(fn.StoredAddress(), fn.StackSize())
	var offs []uint32
	var first stackmap.Location
	for _, r := range llc.Records() {
		offs = append(offs, r.InstructionOffset())
		if r.ID() == 1 {
			first, _ = r.Location(0)
		}
	}
	b.AddRecord(stackmap.RecordSpec{ID: 1, InstructionOffset: offs[0], Locations: []stackmap.Location{first}})
	big := stackmap.RecordSpec{ID: 2, InstructionOffset: offs[1], Locations: []stackmap.Location{b.Constant(1 << 33), b.Constant(1 << 34)}}
	for i := 0; i < 65536; i++ {
		big.Locations = append(big.Locations, b.Constant(uint64(i%100)))
	}
	b.AddRecord(big)
	b.AddRecord(stackmap.RecordSpec{ID: 3, InstructionOffset: offs[2], Locations: []stackmap.Location{b.Constant(1 << 34), b.Constant(6 << 32)}})
	got, err := stackmap.AppendTable(nil, &b.Spec, binary.LittleEndian)
	require.NoError(t, err)
	require.Equal(t, []uint64{1 << 33, 1 << 34, 6 << 32}, b.Spec.Constants)
	if !bytes.Equal(got, llc.Bytes()) {
		t.Fatalf("writer: % x\nllc:    % x", got, llc.Bytes())
	}
	r2 := recordByID(t, llc, 0xFFFFFFFFFFFFFFFF)
	require.Equal(t, offs[1], r2.InstructionOffset())
	require.Equal(t, 0, r2.NumLocations())
}
