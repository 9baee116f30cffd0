package stackmap_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// readobjLocation is a location line of llvm-readobj --stackmap; the
// constant a ConstantIndex refers to, in parentheses, is the table's.
var readobjLocation = regexp.MustCompile(`^      #\d+: (.*?)(?: \(\d+\))?(, size: \d+)$`)

// TestLocationString: Location.String spells every location of the
// llvm22 x86_64 objects as llvm-readobj-22 does (less the value a
// ConstantIndex refers to, which is the table's); Describe names the
// registers.
func TestLocationString(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(corpus.Root(), "objects/llvm22/x86_64-elf/*.readobj.txt"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	n := 0
	for _, p := range paths {
		text, err := os.ReadFile(p)
		require.NoError(t, err)
		var want []string
		for _, line := range strings.Split(string(text), "\n") {
			if m := readobjLocation.FindStringSubmatch(line); m != nil {
				want = append(want, m[1]+m[2])
			}
		}
		f, err := objfile.Open(strings.TrimSuffix(p, ".readobj.txt") + ".o")
		require.NoError(t, err)
		var got []string
		for _, sd := range f.Sections {
			sec, err := sd.Parse()
			require.NoError(t, err)
			for _, tb := range sec.Tables() {
				for _, r := range tb.Records() {
					for _, l := range r.Locations() {
						got = append(got, l.String())
					}
				}
			}
		}
		f.Close()
		assert.Equal(t, want, got, p)
		n += len(got)
	}
	assert.Greater(t, n, 100)

	for _, c := range []struct {
		l          stackmap.Location
		arch       regs.Arch
		str, named string
	}{
		{stackmap.Location{Kind: stackmap.Register, Size: 4, Reg: 0}, regs.X86_64, "Register R#0, size: 4", "Register eax, size: 4"},
		{stackmap.Location{Kind: stackmap.Indirect, Size: 8, Reg: 7, Offset: 8}, regs.X86_64, "Indirect [R#7 + 8], size: 8", "Indirect [rsp + 8], size: 8"},
		{stackmap.Location{Kind: stackmap.Direct, Size: 8, Reg: 29, Offset: -16}, regs.AArch64, "Direct R#29 + -16, size: 8", "Direct x29 + -16, size: 8"},
		{stackmap.Location{Kind: stackmap.Constant, Size: 8, Offset: -1}, regs.X86_64, "Constant 4294967295, size: 8", "Constant 4294967295, size: 8"},
		{stackmap.Location{Kind: 9, Size: 8, Reg: 1, Offset: 2}, regs.X86_64, "Kind(9) R#1 + 2, size: 8", "Kind(9) R#1 + 2, size: 8"},
	} {
		assert.Equal(t, c.str, c.l.String())
		assert.Equal(t, c.named, c.l.Describe(c.arch))
	}
}
