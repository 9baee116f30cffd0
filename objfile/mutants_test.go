package objfile_test

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/objfile"
)

// checkedInObjects returns every checked-in object file of every format:
// the compiled objects, the linked ELF, Mach-O and PE binaries and their
// components, and the universal Mach-O file.
func checkedInObjects(tb testing.TB) map[string][]byte {
	tb.Helper()
	out := map[string][]byte{}
	root := corpus.Root()
	for _, dir := range []string{"objects", "linked", "linked-macho", "linked-pe", "fat", "reloc", "compressed"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if _, err := objfile.Identify(bytes.NewReader(b)); err != nil {
				return nil // sources, listings, raw sections
			}
			rel, _ := filepath.Rel(root, path)
			out[rel] = b
			return nil
		})
		require.NoError(tb, err)
	}
	require.Greater(tb, len(out), 300)
	return out
}

// readerOnly hides the size of a reader: the locators must probe.
type readerOnly struct{ r io.ReaderAt }

func (r readerOnly) ReadAt(p []byte, off int64) (int, error) { return r.r.ReadAt(p, off) }

// mutate changes a few bytes of b (a copy), mostly in the headers at the
// start and the tables at the end, where structure lives: a random byte, a
// flipped bit, an interesting 16/32/64-bit value, or a truncation.
func mutate(rng *rand.Rand, b []byte) []byte {
	b = bytes.Clone(b)
	pos := func(width int) int {
		if len(b) <= width {
			return 0
		}
		n := len(b) - width
		switch rng.IntN(4) {
		case 0:
			return rng.IntN(min(n, 512))
		case 1:
			return n - rng.IntN(min(n, 2048))
		}
		return rng.IntN(n)
	}
	interesting := []uint64{0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, 1 << 32, 1<<63 - 1, ^uint64(0)}
	for n := 1 + rng.IntN(3); n > 0 && len(b) > 0; n-- {
		switch rng.IntN(6) {
		case 0:
			b[pos(1)] = byte(rng.Uint32())
		case 1:
			b[pos(1)] ^= 1 << rng.IntN(8)
		case 2, 3, 4:
			width := []int{2, 4, 8}[rng.IntN(3)]
			if len(b) < width {
				continue
			}
			v := interesting[rng.IntN(len(interesting))]
			if rng.IntN(3) == 0 {
				v = rng.Uint64()
			}
			at := pos(width)
			for i := 0; i < width; i++ {
				if rng.IntN(2) == 0 { // either byte order
					b[at+i] = byte(v >> (8 * i))
				} else {
					b[at+width-1-i] = byte(v >> (8 * i))
				}
			}
		case 5:
			b = b[:rng.IntN(len(b)+1)]
		}
	}
	return b
}

// TestMutantsSayWhere opens thousands of byte-level mutants of every
// checked-in object through objfile.NewFile, decodes and walks whatever
// it returns, and checks that nothing panics and every error says where:
// a *stackmap.FileError with a file offset, a *stackmap.DecodeError or a
// *stackmap.RelocationError for one relocation, never a bare EOF.
func TestMutantsSayWhere(t *testing.T) {
	files := checkedInObjects(t)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	// Map order is random: sort for a deterministic run.
	sortStrings(names)
	perFile := 100
	if testing.Short() {
		perFile = 8
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var (
		total, failures, bad int
		examples             []string
		kinds                = map[string]int{}
	)
	for _, name := range names {
		for i := 0; i < perFile; i++ {
			m := mutate(rng, files[name])
			var r io.ReaderAt = bytes.NewReader(m)
			if i%4 == 3 {
				r = readerOnly{r}
			}
			total++
			err := openReader(t, name, i, r)
			if err == nil {
				continue
			}
			failures++
			if why := offsetless(err); why != "" {
				bad++
				kinds[why]++
				if len(examples) < 12 {
					examples = append(examples, fmt.Sprintf("%s mutant %d: %s: %v", name, i, why, err))
				}
			}
		}
	}
	t.Logf("%d mutants of %d files: %d refused, %d errors without an offset", total, len(names), failures, bad)
	if bad > 0 {
		t.Errorf("%d of %d errors do not say where (%v):\n%s", bad, failures, kinds, strings.Join(examples, "\n"))
	}
}

// openReader opens r through objfile.NewFile and walks every section,
// failing the test (not crashing it) on a panic.
func openReader(t *testing.T, name string, i int, r io.ReaderAt) (err error) {
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("%s mutant %d: panic: %v\n%s", name, i, p, debug.Stack())
			err = nil
		}
	}()
	f, err := objfile.NewFile(r)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, sd := range f.Sections {
		if err := walk(sd); err != nil {
			return err
		}
	}
	return nil
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
