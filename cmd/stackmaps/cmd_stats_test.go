package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStatsObject(t *testing.T) {
	path := td + "objects/llvm19/x86_64-elf/kinds.o"
	out, stderr, status := runTool("stats", path)
	require.Equal(t, exitOK, status, stderr)
	assert.Equal(t, path+`: elf x86_64, section .llvm_stackmaps, 1056 bytes, 1 table
Table 0 at section offset 0x0: version 3
  bytes         1056  (header 16, functions 144, constants 24, records 872)
  functions        6  (0 with a dynamic stack size)
  records          6  (largest: 24 locations)
  locations       60  (Register 15, Direct 3, Indirect 33, Constant 6, ConstantIndex 3)
  live-outs        0
  constants        3
`, out)
}

func TestStatsLinkedTotals(t *testing.T) {
	out, stderr, status := runTool("stats", td+"linked/x86_64-elf/exe")
	require.Equal(t, exitOK, status, stderr)
	assert.Contains(t, out, "Table 2 at section offset 0x338: version 3\n")
	assert.Contains(t, out, `Total (3 tables)
  bytes         1080  (header 48, functions 264, constants 48, records 720)
  functions       11  (1 with a dynamic stack size)
  records         13  (largest: 8 locations)
  locations       32  (Register 13, Direct 1, Indirect 3, Constant 8, ConstantIndex 7)
  live-outs        3
  constants        6
`)
}

// TestStatsAgreesWithDecoder checks the counts of every object against
// the decoder's own.
func TestStatsAgreesWithDecoder(t *testing.T) {
	for _, o := range objects(t) {
		in, err := loadDumpInput(o.Path, false, nil)
		require.NoError(t, err, o.Name())
		for _, sec := range in.Parsed {
			for i := range sec.Tables() {
				tb := sec.Table(i)
				s := statsOf(tb)
				assert.Equal(t, tb.Size(), s.bytes, o.Name())
				assert.Equal(t, 16+24*tb.NumFunctions(), s.headerBytes+s.functionBytes, o.Name())
				assert.Equal(t, tb.NumRecords(), s.records, o.Name())
				sum := 0
				for _, n := range s.byKind {
					sum += n
				}
				assert.Equal(t, s.locations, sum, o.Name())
				assert.Zero(t, s.byKind[0], o.Name())
			}
		}
	}
}
