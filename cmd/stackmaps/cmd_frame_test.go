package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// frameObjects are the objects whose frames are golden-tested, one or two
// per architecture the unwinder reads.
var frameObjects = []string{
	"llvm22/x86_64-elf/statepoints.o", "llvm22/x86_64-elf/kinds.o",
	"llvm22/aarch64-elf/statepoints.o", "llvm22/aarch64-elf/kinds.o",
	"llvm22/ppc64le-elf/kinds.o", "llvm22/ppc64-elf/kinds.o",
	"llvm22/s390x-elf/kinds.o", "llvm22/riscv64-elf/statepoints.o",
}

func frameGoldenName(obj string) string {
	return strings.NewReplacer("/", "-", ".o", ".txt").Replace(obj)
}

// TestFrameGolden compares the frame pictures of every record of each
// object with golden files ("go test ./cmd/stackmaps -run TestFrameGolden
// -update" rewrites them).
func TestFrameGolden(t *testing.T) {
	for _, obj := range frameObjects {
		t.Run(obj, func(t *testing.T) {
			out, stderr, status := runTool("frame", td+"objects/"+obj)
			require.Equal(t, exitOK, status, stderr)
			golden := filepath.Join("testdata", "frame", frameGoldenName(obj))
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, []byte(out), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), out)
		})
	}
}

// framePictureJSON is the part of frame's JSON the agreement test reads.
type framePictureJSON struct {
	Record struct {
		ID    uint64 `json:"id"`
		Index int    `json:"index"`
	} `json:"record"`
	SPOffset *int64 `json:"sp_offset"`
	Slots    []struct {
		CFAOffset int64  `json:"cfa_offset"`
		Size      int64  `json:"size"`
		What      string `json:"what"`
		Locations []int  `json:"locations"`
	} `json:"slots"`
	Unplaced []struct {
		Location int `json:"location"`
	} `json:"unplaced"`
}

var savedRule = regexp.MustCompile(`(\w+)@CFA([+-]\d+)`)

// TestFramePictureAgreesWithRecordAndRow checks each picture's data
// against the record (every Direct and Indirect location is in exactly
// one slot, or listed unplaced; slots lie between the stack pointer and
// the CFA) and against the CFI row dump --unwind prints (every register it
// says is saved at CFA-N is a slot at CFA-N, and no other).
func TestFramePictureAgreesWithRecordAndRow(t *testing.T) {
	for _, obj := range frameObjects {
		t.Run(obj, func(t *testing.T) {
			path := td + "objects/" + obj
			pics, stderr, status := runTool("frame", "--format=json", path)
			require.Equal(t, exitOK, status, stderr)
			recs, _, status := runTool("dump", "--format=json", "--unwind", path)
			require.Equal(t, exitOK, status)
			var dump struct {
				Tables []struct {
					Records []struct {
						Locations []struct {
							Kind string `json:"kind"`
						} `json:"locations"`
					} `json:"records"`
				} `json:"tables"`
			}
			require.NoError(t, json.Unmarshal([]byte(recs), &dump))
			text, _, _ := runTool("dump", "--unwind", path)
			var unwindLines []string
			for _, l := range strings.Split(text, "\n") {
				if strings.HasPrefix(strings.TrimSpace(l), "unwind:") {
					unwindLines = append(unwindLines, l)
				}
			}
			lines := strings.Split(strings.TrimSpace(pics), "\n")
			require.Len(t, lines, len(dump.Tables[0].Records))
			require.Len(t, unwindLines, len(lines))
			for i, line := range lines {
				var p framePictureJSON
				require.NoError(t, json.Unmarshal([]byte(line), &p))
				rec := dump.Tables[0].Records[p.Record.Index]
				seen := map[int]int{}
				saved := map[int64]string{}
				for _, s := range p.Slots {
					for _, l := range s.Locations {
						seen[l]++
					}
					if len(s.Locations) > 0 && p.SPOffset != nil {
						assert.GreaterOrEqual(t, s.CFAOffset, *p.SPOffset, "record %d slot %+v below the stack pointer", p.Record.ID, s)
						assert.LessOrEqual(t, s.CFAOffset+s.Size, int64(0), "record %d slot %+v above the CFA", p.Record.ID, s)
					}
					if len(s.Locations) == 0 {
						saved[s.CFAOffset] = s.What
					}
				}
				for _, u := range p.Unplaced {
					seen[u.Location]++
				}
				for li, l := range rec.Locations {
					want := 0
					if l.Kind == "Direct" || l.Kind == "Indirect" {
						want = 1
					}
					assert.Equal(t, want, seen[li], "record %d location %d (%s)", p.Record.ID, li, l.Kind)
				}
				// The row: reg@CFA-N for each saved register.
				fromRow := map[int64]string{}
				for _, m := range savedRule.FindAllStringSubmatch(unwindLines[i], -1) {
					n, _ := strconv.ParseInt(m[2], 10, 64)
					fromRow[n] = m[1]
				}
				for off, reg := range fromRow {
					assert.Contains(t, saved[off], reg, "record %d: %s@CFA%d of the row", p.Record.ID, reg, off)
				}
				for off, what := range saved {
					if what == "return address" { // x86_64: pushed by the call, the CIE's rule
						continue
					}
					assert.Contains(t, fromRow, off, "record %d: slot %q at CFA%d is not in the row", p.Record.ID, what, off)
				}
			}
		})
	}
}

// TestFrameLayoutGolden: with llc-22's stack frame layout remark, the
// slots get their kind and variables. The layout is independent of the
// stack map: the record's Direct location of counter must land on the slot
// the remark names counter, on both architectures.
func TestFrameLayoutGolden(t *testing.T) {
	for _, arch := range []string{"x86_64", "aarch64"} {
		t.Run(arch, func(t *testing.T) {
			dir := td + "framelayout/"
			out, stderr, status := runTool("frame", "--layout", dir+"layout-"+arch+".yaml", dir+"layout-"+arch+".o")
			require.Equal(t, exitOK, status, stderr)
			golden := filepath.Join("testdata", "frame", "layout-"+arch+".txt")
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(out), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), out)
			assert.Regexp(t, `\| Direct #1 +address \| \[Variable, 4 bytes: counter @ layout.c:9\]`, out)
		})
	}
}
