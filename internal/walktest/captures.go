package walktest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

// Dir returns the absolute path of testdata/walk.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "walk")
}

// Case is one checked-in build: testdata/walk/captures/ARCH-PIE-MODE/.
type Case struct {
	Name    string // ARCH-PIE-MODE, e.g. "x86_64-pie-statepoint"
	Arch    string
	PIE     bool
	Mode    string // "statepoint" or "patchpoint"
	Binary  string // absolute path of the executable (walk)
	Capture string // absolute path of its capture file (capture.txt)
}

// Cases lists the checked-in captures, sorted by name.
func Cases() ([]Case, error) {
	root := filepath.Join(Dir(), "captures")
	ents, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	var cs []Case
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		parts := strings.Split(e.Name(), "-")
		if len(parts) != 3 || (parts[1] != "pie" && parts[1] != "nopie") {
			return nil, fmt.Errorf("%s: directory name is not ARCH-PIE-MODE", filepath.Join(root, e.Name()))
		}
		d := filepath.Join(root, e.Name())
		cs = append(cs, Case{
			Name: e.Name(), Arch: parts[0], PIE: parts[1] == "pie", Mode: parts[2],
			Binary: filepath.Join(d, "walk"), Capture: filepath.Join(d, "capture.txt"),
		})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	return cs, nil
}
