package stackmap_test

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/stackmap"
)

// These tests pin what llc wrote for stack map operands we crafted by hand
// in MIR (testdata/mir/src): values IR cannot make llc produce.

// mirTable decodes testdata/mir/llvm<v>/<obj>.stackmaps.bin and returns
// its only table.
func mirTable(t *testing.T, v, obj string) *stackmap.Table {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpus.Root(), "mir", "llvm"+v, obj+".stackmaps.bin"))
	require.NoError(t, err)
	sec, err := stackmap.Parse(data, binary.LittleEndian)
	require.NoError(t, err, obj)
	require.Equal(t, 1, sec.NumTables())
	return sec.Table(0)
}

// mirRecord returns the record with the given ID.
func mirRecord(t *testing.T, tab *stackmap.Table, id uint64) stackmap.Record {
	t.Helper()
	for _, r := range tab.Records() {
		if r.ID() == id {
			return r
		}
	}
	t.Fatalf("no record with ID %d", id)
	return stackmap.Record{}
}

type mirCase struct {
	obj      string   // e.g. "x86_64-elf/x86_memory"
	versions []string // LLVM versions that wrote exactly this
	id       uint64
	locs     []stackmap.Location // every location, in order
	liveOuts []stackmap.LiveOut  // every live-out, in order
}

var all, since19 = []string{"14", "19", "22"}, []string{"19", "22"}

func reg(size, dwarf uint16) stackmap.Location {
	return stackmap.Location{Kind: stackmap.Register, Size: size, Reg: dwarf}
}

func regOff(size, dwarf uint16, off int32) stackmap.Location {
	return stackmap.Location{Kind: stackmap.Register, Size: size, Reg: dwarf, Offset: off}
}

func direct(dwarf uint16, off int32) stackmap.Location {
	return stackmap.Location{Kind: stackmap.Direct, Size: 8, Reg: dwarf, Offset: off}
}

func indirect(size, dwarf uint16, off int32) stackmap.Location {
	return stackmap.Location{Kind: stackmap.Indirect, Size: size, Reg: dwarf, Offset: off}
}

func constant(v int32) stackmap.Location {
	return stackmap.Location{Kind: stackmap.Constant, Size: 8, Offset: v}
}

func lo(dwarf uint16, size uint8) stackmap.LiveOut { return stackmap.LiveOut{Reg: dwarf, Size: size} }

const noDwarf = 0xFFFF // a register without a DWARF number, or a frame index

var mirCases = []mirCase{
	// AH and BH: size 1 under RAX/RBX's number; the offset field holds the
	// sub-register's bit offset (8).
	{"x86_64-elf/x86_subregs", all, 1001, []stackmap.Location{
		regOff(1, 0, 8), reg(1, 0), regOff(1, 3, 8), reg(1, 7), reg(1, 4), reg(1, 8), reg(2, 15), reg(4, 9), reg(4, 0), reg(8, 0),
	}, nil},
	// xmm0 16, ymm1 32, zmm2 64 (under the xmm numbers 17-32), zmm16 and
	// xmm31 (67-82), k1 (119), mm0 (41), st0 (33, 10 bytes).
	{"x86_64-elf/x86_vectors", all, 1002, []stackmap.Location{
		reg(16, 17), reg(32, 18), reg(64, 19), reg(64, 67), reg(16, 82), reg(8, 119), reg(8, 41), reg(10, 33),
	}, nil},
	{"x86_64-elf/x86_memory", all, 1003, []stackmap.Location{
		indirect(3, 6, math.MinInt32),  // odd size, INT32_MIN
		indirect(64, 7, math.MaxInt32), // INT32_MAX
		indirect(0, 6, -8),             // size 0
		indirect(3, 6, -16),            // size 65539, truncated to 16 bits
		indirect(8, 6, 8),              // offset 2^32+8, truncated to 32 bits
		direct(16, 16),                 // rip base
		indirect(8, 16, 0),             // rip base
		direct(noDwarf, 0),             // $noreg
		indirect(8, noDwarf, 24),       // $noreg
	}, nil},
	// fp0, dr0, cr0, fpsw, tmm0 (1024 bytes), k0_k1, then EFLAGS and FS,
	// which llc-14 has no DWARF numbers for.
	{"x86_64-elf/x86_unknown_regs", []string{"14"}, 1004, []stackmap.Location{
		reg(10, noDwarf), reg(4, noDwarf), reg(8, noDwarf), reg(2, noDwarf), reg(1024, noDwarf), reg(4, noDwarf), reg(4, noDwarf), reg(2, noDwarf),
	}, nil},
	{"x86_64-elf/x86_unknown_regs", since19, 1004, []stackmap.Location{
		reg(10, noDwarf), reg(4, noDwarf), reg(8, noDwarf), reg(2, noDwarf), reg(1024, noDwarf), reg(4, noDwarf), reg(4, 49), reg(2, 54),
	}, nil},
	// Live-outs sorted by DWARF number; xmm3 and ymm3 merged into one entry.
	{"x86_64-elf/x86_liveouts", []string{"14"}, 1005, []stackmap.Location{reg(8, 5)}, []stackmap.LiveOut{
		lo(0, 1), lo(15, 2), lo(20, 32), lo(32, 16), lo(33, 10), lo(48, 8), lo(82, 64), lo(125, 8), lo(noDwarf, 4),
	}},
	{"x86_64-elf/x86_liveouts", since19, 1005, []stackmap.Location{reg(8, 5)}, []stackmap.LiveOut{
		lo(0, 1), lo(15, 2), lo(20, 32), lo(32, 16), lo(33, 10), lo(48, 8), lo(49, 4), lo(82, 64), lo(125, 8),
	}},
	{"x86_64-elf/x86_liveouts", all, 1006, nil, []stackmap.LiveOut{lo(noDwarf, 10)}}, // fp0
	{"x86_64-elf/x86_liveouts", all, 1007, nil, []stackmap.LiveOut{lo(noDwarf, 0)}},  // tmm0: 1024 truncated to 8 bits
	// Calling convention, flags, 5 deopt values (rdi, esi, xmm0, r11 and 7),
	// then the (base, derived) pair of the GC pointer in rax.
	{"x86_64-elf/x86_statepoint", all, 1008, []stackmap.Location{
		constant(0), constant(0), constant(5), reg(8, 5), reg(4, 4), reg(16, 17), reg(8, 11), constant(7), reg(8, 0), reg(8, 0),
	}, nil},
	{"x86_64-elf/x86_frameindex_pei", all, 1009, []stackmap.Location{
		direct(6, -8), indirect(8, 6, -8), indirect(64, 6, -76),
	}, nil},
	{"x86_64-elf/x86_frameindex_late", all, 1009, []stackmap.Location{
		direct(noDwarf, 0), indirect(8, noDwarf, 0), indirect(64, noDwarf, 4),
	}, nil},
	// w0, x1, h2, b3, s4, d5, q6 (v registers 64+), z7 (96+), p0 (48+),
	// wzr and xzr as 31 (sp), x0_x1, nzcv, za.
	{"aarch64-elf/a64_registers", all, 2001, []stackmap.Location{
		reg(4, 0), reg(8, 1), reg(2, 66), reg(1, 67), reg(4, 68), reg(8, 69), reg(16, 70), reg(16, 103), reg(2, 48),
		reg(4, 31), reg(8, 31), reg(16, noDwarf), reg(4, noDwarf), reg(256, noDwarf),
	}, nil},
	{"aarch64-elf/a64_memory", all, 2002, []stackmap.Location{
		indirect(8, 31, 8), direct(31, 0), indirect(16, 31, 16), indirect(0, 29, -8), indirect(3, 29, math.MinInt32),
	}, nil},
	{"aarch64-elf/a64_liveouts", all, 2003, nil, []stackmap.LiveOut{
		lo(0, 4), lo(31, 8), lo(52, 2), lo(65, 1), lo(66, 16), lo(69, 2), lo(70, 8), lo(99, 16), lo(noDwarf, 4),
	}},
	// x0 as a base; v8m8 (an LMUL=8 group) under v8's number; vtype.
	{"riscv64-elf/rv_registers", since19, 3001, []stackmap.Location{
		indirect(8, 0, 16), direct(0, -4), reg(64, 104), reg(8, noDwarf),
	}, nil},
	// vsl3 (16 bytes) under f3's number 35, f1, cr0lt under cr0 (68), the
	// 32-bit lr as 65534 (DWARF -2), acc0, vsrp0, x3.
	{"ppc64le-elf/ppc_registers", all, 4001, []stackmap.Location{
		reg(16, 35), reg(8, 33), reg(4, 68), reg(4, 0xFFFE), reg(64, noDwarf), reg(32, noDwarf), reg(8, 3),
	}, nil},
}

func TestMIRCraftedValues(t *testing.T) {
	for _, c := range mirCases {
		for _, v := range c.versions {
			t.Run("llvm"+v+"/"+c.obj+"/"+strconv.FormatUint(c.id, 10), func(t *testing.T) {
				r := mirRecord(t, mirTable(t, v, c.obj), c.id)
				require.Equal(t, len(c.locs), r.NumLocations())
				for i, want := range c.locs {
					got, ok := r.Location(i)
					require.True(t, ok)
					assert.Equal(t, want, got, "location %d", i)
				}
				require.Equal(t, len(c.liveOuts), r.NumLiveOuts())
				for i, want := range c.liveOuts {
					got, ok := r.LiveOut(i)
					require.True(t, ok)
					assert.Equal(t, want, got, "live-out %d", i)
				}
			})
		}
	}
}

// TestMIRCraftedTSV checks testdata/mir/CRAFTED.tsv against the sections:
// every row's values are what llc wrote, and every location and live-out
// of every MIR object has exactly one row.
func TestMIRCraftedTSV(t *testing.T) {
	rows, err := corpus.MIRCrafted()
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	objs, err := corpus.MIRObjects()
	require.NoError(t, err)
	type key struct {
		v, obj, rec, item string
		index             int
	}
	seen := map[key]bool{}
	faults := map[string]bool{"-": true, "unknown-register": true, "zero-size": true, "register-size": true, "bad-base-register": true}
	for _, c := range rows {
		assert.True(t, faults[c.Fault], "unknown fault %q", c.Fault)
		for _, v := range c.LLVM {
			k := key{v, c.Object, c.Record, c.Item, c.Index}
			assert.False(t, seen[k], "duplicate row %v", k)
			seen[k] = true
			id, err := strconv.ParseUint(c.Record, 10, 64)
			require.NoError(t, err)
			r := mirRecord(t, mirTable(t, v, c.Object), id)
			name := "llvm" + v + "/" + c.Object + " " + c.Record + " " + c.Item + " " + strconv.Itoa(c.Index)
			switch c.Item {
			case "location":
				l, ok := r.Location(c.Index)
				require.True(t, ok, name)
				assert.Equal(t, c.Kind, l.Kind.String(), name)
				assert.Equal(t, c.Size, int(l.Size), name)
				assert.Equal(t, c.DwarfReg, int(l.Reg), name)
				assert.Equal(t, c.Offset, strconv.Itoa(int(l.Offset)), name)
			case "liveout":
				l, ok := r.LiveOut(c.Index)
				require.True(t, ok, name)
				assert.Equal(t, c.Size, int(l.Size), name)
				assert.Equal(t, c.DwarfReg, int(l.Reg), name)
			default:
				t.Errorf("%s: item %q", name, c.Item)
			}
		}
	}
	// Every location and live-out is listed.
	for _, o := range objs {
		rel, err := filepath.Rel(filepath.Join(corpus.Root(), "mir", "llvm"+o.LLVM), o.Base())
		require.NoError(t, err)
		rel = filepath.ToSlash(rel)
		for _, r := range mirTable(t, o.LLVM, rel).Records() {
			rec := strconv.FormatUint(r.ID(), 10)
			for i := 0; i < r.NumLocations(); i++ {
				assert.True(t, seen[key{o.LLVM, rel, rec, "location", i}], "%s record %s location %d not in CRAFTED.tsv", o.Name(), rec, i)
			}
			for i := 0; i < r.NumLiveOuts(); i++ {
				assert.True(t, seen[key{o.LLVM, rel, rec, "liveout", i}], "%s record %s live-out %d not in CRAFTED.tsv", o.Name(), rec, i)
			}
		}
	}
}
