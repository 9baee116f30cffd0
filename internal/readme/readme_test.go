// Package readme checks that the Go code the README shows is copied from
// examples that go test runs, so that it compiles and does what it says.
package readme

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goBlocks returns the ```go blocks of a Markdown text.
func goBlocks(md string) [][]string {
	var blocks [][]string
	var cur []string
	in := false
	for _, line := range strings.Split(md, "\n") {
		switch {
		case !in && strings.TrimSpace(line) == "```go":
			in, cur = true, nil
		case in && strings.TrimSpace(line) == "```":
			in = false
			blocks = append(blocks, cur)
		case in:
			cur = append(cur, line)
		}
	}
	return blocks
}

// normal trims each line's indentation and drops blank lines, so that a
// block copied from inside a function matches however deep it sat.
func normal(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// exampleSources returns the normalized text of every example file (a
// _test.go file whose name starts with "example") of the module.
func exampleSources(t *testing.T, root string) map[string]string {
	t.Helper()
	srcs := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasPrefix(d.Name(), "example") && strings.HasSuffix(d.Name(), "_test.go") {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			srcs[path] = normal(strings.Split(string(b), "\n"))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return srcs
}

func TestREADMECodeIsTested(t *testing.T) {
	root := filepath.Join("..", "..")
	md, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := goBlocks(string(md))
	if len(blocks) == 0 {
		t.Fatal("README.md has no ```go block")
	}
	srcs := exampleSources(t, root)
	for i, blk := range blocks {
		want := normal(blk)
		found := ""
		for path, src := range srcs {
			if strings.Contains(src, want) {
				found = path
				break
			}
		}
		if found == "" {
			t.Errorf("README.md Go block %d (first line %q) is in no example_test.go file: copy it from a tested example", i+1, strings.TrimSpace(blk[0]))
		}
		if strings.Contains(strings.Join(blk, "\n"), "/internal/") {
			t.Errorf("README.md Go block %d imports an internal package", i+1)
		}
	}
	for path, src := range srcs {
		if strings.Contains(path, string(filepath.Separator)+"internal"+string(filepath.Separator)) {
			continue
		}
		if strings.Contains(src, "github.com/stackmaps/stackmaps/internal/") {
			t.Errorf("%s: an example imports an internal package, which a user cannot copy", path)
		}
	}
}
