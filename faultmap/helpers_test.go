package faultmap_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/faultmap"
	"github.com/stackmaps/stackmaps/objfile"
)

// dataDir holds the checked-in objects and their llvm-objdump views.
var dataDir = filepath.Join("..", "testdata", "faultmap")

// open decodes the fault map section of a checked-in file.
func open(t testing.TB, name string) *faultmap.Section {
	t.Helper()
	f, err := objfile.OpenOptions(filepath.Join(dataDir, name), objfile.Options{AllowNoSection: true})
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	sds, err := f.FaultMaps()
	require.NoError(t, err)
	require.Len(t, sds, 1)
	s, err := faultmap.NewSection(sds[0])
	require.NoError(t, err)
	return s
}

// viewFunction is one function as llvm-objdump --fault-map-section prints it.
type viewFunction struct {
	address uint64
	faults  [][3]string // kind, faulting pc offset, handler pc offset
}

// readView reads the first table of the llvm-objdump view beside a file.
func readView(t testing.TB, name string) (version string, fns []viewFunction) {
	t.Helper()
	f, err := os.Open(filepath.Join(dataDir, name+".faultmap.txt"))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "Version: "):
			version = strings.TrimPrefix(line, "Version: ")
		case strings.HasPrefix(line, "FunctionAddress: "):
			a := strings.TrimSuffix(strings.Fields(line)[1], ",")
			v, err := strconv.ParseUint(strings.TrimPrefix(a, "0x"), 16, 64)
			require.NoError(t, err)
			fns = append(fns, viewFunction{address: v})
		case strings.HasPrefix(line, "Fault kind: "):
			var k, pc, h string
			parts := strings.Split(line, ", ")
			k = strings.TrimPrefix(parts[0], "Fault kind: ")
			pc = strings.TrimPrefix(parts[1], "faulting PC offset: ")
			h = strings.TrimPrefix(parts[2], "handling PC offset: ")
			fns[len(fns)-1].faults = append(fns[len(fns)-1].faults, [3]string{k, pc, h})
		}
	}
	require.NoError(t, sc.Err())
	return version, fns
}

// checkedIn lists the checked-in files that have a view.
func checkedIn(t testing.TB) []string {
	t.Helper()
	views, err := filepath.Glob(filepath.Join(dataDir, "*.faultmap.txt"))
	require.NoError(t, err)
	require.NotEmpty(t, views)
	var out []string
	for _, v := range views {
		out = append(out, strings.TrimSuffix(filepath.Base(v), ".faultmap.txt"))
	}
	return out
}
