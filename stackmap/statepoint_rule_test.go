package stackmap_test

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// objectSources maps each checked-in object under testdata/objects to the
// IR it was built from, by testdata/objects/MANIFEST.tsv.
func objectSources(t *testing.T) map[string]string {
	f, err := os.Open("../testdata/objects/MANIFEST.tsv")
	require.NoError(t, err)
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) >= 6 && fields[0] != "object" {
			m[filepath.Join("../testdata", fields[0])] = fields[5]
		}
	}
	require.NoError(t, sc.Err())
	return m
}

// statepointCounts walks the checked-in objects and linked binaries and
// returns, per file that has stack maps, how many records the statepoint
// rule accepts and how many records it has.
func statepointCounts(t *testing.T) (sp, all map[string]int) {
	sp, all = map[string]int{}, map[string]int{}
	for _, root := range []string{"../testdata/objects", "../testdata/linked"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			switch filepath.Ext(path) {
			case ".txt", ".bin", ".tsv", ".ll", ".c", ".sh", ".md":
				return nil
			}
			f, err := objfile.Open(path)
			if err != nil {
				return nil // not an object file (or no stack maps)
			}
			defer f.Close()
			for _, sd := range f.Sections {
				sec, err := sd.Parse()
				require.NoError(t, err, path)
				for _, tab := range sec.Tables() {
					for _, r := range tab.Records() {
						all[path]++
						_, ok := r.AsStatepoint()
						_, err := r.Statepoint()
						assert.Equal(t, ok, err == nil, "%s record %d: AsStatepoint and Statepoint disagree", path, r.Index())
						if ok {
							sp[path]++
						}
					}
				}
			}
			return nil
		})
		require.NoError(t, err)
	}
	return sp, all
}

// TestStatepointRuleOnCheckedInObjects: the statepoint rule accepts every
// record of every object built from statepoints.ll (11 gc.statepoint calls
// each, none of them removed by llc) and of link_gc.ll (2), and no record
// of any other object: in particular not const_i64_edges' stackmap call in
// constants.o, whose first three live values are the constants 0, -1, 1
// (flags -1 break the rule).
func TestStatepointRuleOnCheckedInObjects(t *testing.T) {
	src := objectSources(t)
	sp, all := statepointCounts(t)
	require.NotEmpty(t, all)
	fromStatepoints := 0
	for path, n := range all {
		base := filepath.Base(path)
		switch {
		case strings.HasSuffix(src[path], "statepoints.ll"):
			fromStatepoints++
			assert.Equal(t, 11, n, "%s: records", path)
			assert.Equal(t, 11, sp[path], "%s: statepoints", path)
		case base == "link_gc.o":
			assert.Equal(t, 2, sp[path], "%s: statepoints", path)
			assert.Equal(t, 2, n, "%s: records", path)
		case strings.HasPrefix(path, "../testdata/linked/") && (base == "exe" || base == "pie" || strings.HasSuffix(base, ".so")):
			// Linked from link_a, link_b and, except on ppc64, link_gc.
			want := 2
			if strings.Contains(path, "ppc64") {
				want = 0
			}
			assert.Equal(t, want, sp[path], "%s: statepoints", path)
		default:
			assert.Zero(t, sp[path], "%s: statepoints among %d records", path, n)
		}
	}
	// One statepoints.o per LLVM version and target, as the manifest lists.
	want := 0
	for _, ir := range src {
		if strings.HasSuffix(ir, "statepoints.ll") {
			want++
		}
	}
	assert.Equal(t, want, fromStatepoints, "objects built from statepoints.ll")
	assert.Equal(t, 20, fromStatepoints)
	t.Logf("%d files with stack maps, %d built from statepoints.ll", len(all), fromStatepoints)
}

// TestConstantsStackmapIsNotStatepoint: const_i64_edges' stackmap call
// (ID 200) has three leading Constants 0, -1, 1: the shape of a
// statepoint's preamble with 1 deopt argument and 4 "GC pairs", which the
// shape alone would accept. Flags -1 are not LLVM's StatepointFlags.
func TestConstantsStackmapIsNotStatepoint(t *testing.T) {
	f, err := objfile.Open("../testdata/objects/llvm22/x86_64-elf/constants.o")
	require.NoError(t, err)
	defer f.Close()
	sec, err := f.Sections[0].Parse()
	require.NoError(t, err)
	found := false
	for _, r := range sec.Table(0).Records() {
		if r.ID() != 200 {
			continue
		}
		found = true
		_, ok := r.AsStatepoint()
		assert.False(t, ok)
		_, err := r.Statepoint()
		require.ErrorIs(t, err, stackmap.ErrNotStatepoint)
		var se *stackmap.StatepointError
		require.ErrorAs(t, err, &se)
		assert.Equal(t, 1, se.Location)
		assert.Equal(t, r.LocationOffset(1), se.Offset)
		assert.Equal(t, "flags are -1, want 0 to 3", se.Detail)
	}
	assert.True(t, found, "const_i64_edges' record (ID 200)")
}
