package objfile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The layout rules of the module (see this package's documentation,
// "Layout"), checked over every non-test Go file of the module, whatever
// its build tags.
const module = "github.com/stackmaps/stackmaps"

// locators are the packages that read the object file formats through
// debug/*.
var locators = []string{"elfsection", "machosection", "pesection"}

// layoutExceptions are the packages that break a rule, with why: each is
// a known debt, not a rule.
var layoutExceptions = map[string]string{
	// It reads a data symbol's value (the runtime's bias symbol), which no
	// locator answers: elfsection.File.Symbols gives functions.
	"examples/deopt": "debug/elf for a data symbol",
}

// tree is the module's packages as their non-test files show them.
type tree struct {
	imports map[string][]string         // package (relative to the module) -> imports (module-relative where ours)
	calls   map[string][]token.Position // package -> calls of ELF(), MachO() or PE()
}

// readTree parses every non-test Go file under root (testdata and
// hidden directories, and directories of other modules, left out).
func readTree(t *testing.T, root string) tree {
	tr := tree{imports: map[string][]string{}, calls: map[string][]token.Position{}}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if path != root && fileExists(filepath.Join(path, "go.mod")) {
				return filepath.SkipDir // another module (examples with cgo)
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			p = strings.TrimPrefix(p, module+"/")
			if !slices.Contains(tr.imports[pkg], p) {
				tr.imports[pkg] = append(tr.imports[pkg], p)
			}
		}
		if _, ok := tr.imports[pkg]; !ok {
			tr.imports[pkg] = nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 0 {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && slices.Contains([]string{"ELF", "MachO", "PE"}, sel.Sel.Name) {
				tr.calls[pkg] = append(tr.calls[pkg], fset.Position(call.Pos()))
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	return tr
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// deps returns every package of the module pkg imports, directly or not.
func (tr tree) deps(pkg string) []string {
	var out []string
	var visit func(string)
	visit = func(p string) {
		for _, im := range tr.imports[p] {
			if _, ours := tr.imports[im]; ours && !slices.Contains(out, im) {
				out = append(out, im)
				visit(im)
			}
		}
	}
	visit(pkg)
	return out
}

// under reports whether pkg is dir or in it.
func under(pkg, dir string) bool { return pkg == dir || strings.HasPrefix(pkg, dir+"/") }

// client reports a package that is no library: the tool, the examples,
// the performance drivers and the import cost probe.
func client(pkg string) bool {
	return under(pkg, "cmd") || under(pkg, "examples") || under(pkg, "perf") || under(pkg, "objfile/internal")
}

// checkLayout returns the broken rules of tr, one line each.
func checkLayout(tr tree) []string {
	var broken []string
	for pkg, imports := range tr.imports {
		if _, ok := layoutExceptions[pkg]; ok {
			continue
		}
		for _, im := range imports {
			switch {
			case strings.HasPrefix(im, "debug/") && !slices.Contains(locators, pkg):
				broken = append(broken, pkg+" imports "+im+": debug/* only in the locators")
			case strings.HasPrefix(im, "golang.org/x/arch") && pkg != "disasm":
				broken = append(broken, pkg+" imports "+im+": golang.org/x/arch only in disasm")
			case under(im, "cmd") && !under(pkg, "cmd"):
				broken = append(broken, pkg+" imports "+im+": nothing imports the tool")
			case under(im, "perf") && !under(pkg, "perf"):
				broken = append(broken, pkg+" imports "+im+": nothing imports perf")
			}
		}
		if !client(pkg) && pkg != "objfile" && !slices.Contains(locators, pkg) {
			for _, d := range tr.deps(pkg) {
				if d == "objfile" || slices.Contains(locators, d) {
					broken = append(broken, pkg+" depends on "+d+": nothing below objfile imports a locator")
				}
			}
		}
	}
	for pkg, calls := range tr.calls {
		if pkg == "objfile" || slices.Contains(locators, pkg) {
			continue
		}
		for _, at := range calls {
			broken = append(broken, at.String()+": a format's reader (ELF, MachO, PE) is objfile's to ask")
		}
	}
	slices.Sort(broken)
	return broken
}

// TestLayout checks the rules of the package layout (package objfile's
// documentation, "Layout") over the module's source.
func TestLayout(t *testing.T) {
	tr := readTree(t, "..")
	for _, p := range []string{"objfile", "procwalk", "stackwalk", "disasm", "cmd/stackmaps", "elfsection"} {
		require.Contains(t, tr.imports, p, "the tree was read")
	}
	assert.Empty(t, checkLayout(tr))
	for pkg := range layoutExceptions {
		assert.Contains(t, tr.imports, pkg, "an exception for a package that is gone")
	}
}

// TestLayoutFails: each rule reports a tree that breaks it.
func TestLayoutFails(t *testing.T) {
	tr := tree{imports: map[string][]string{
		"stackmap":      {"debug/elf"},
		"regs":          nil,
		"unwind":        {"golang.org/x/arch/x86/x86asm", "regs"},
		"lint":          {"cmd/stackmaps"},
		"faultmap":      {"perf/gen"},
		"procwalk":      {"objfile"},
		"liveproc":      {"procwalk"},
		"objfile":       {"elfsection", "procwalk"},
		"elfsection":    {"debug/elf"},
		"cmd/stackmaps": {"objfile", "debug/dwarf"},
		"perf/gen":      nil,
	}, calls: map[string][]token.Position{
		"corefile": {{Filename: "corefile/file.go", Line: 3, Column: 1}},
		"objfile":  {{Filename: "objfile/objfile.go", Line: 1, Column: 1}},
	}}
	assert.Equal(t, []string{
		"cmd/stackmaps imports debug/dwarf: debug/* only in the locators",
		"corefile/file.go:3:1: a format's reader (ELF, MachO, PE) is objfile's to ask",
		"faultmap imports perf/gen: nothing imports perf",
		"lint depends on elfsection: nothing below objfile imports a locator",
		"lint depends on objfile: nothing below objfile imports a locator",
		"lint imports cmd/stackmaps: nothing imports the tool",
		"liveproc depends on elfsection: nothing below objfile imports a locator",
		"liveproc depends on objfile: nothing below objfile imports a locator",
		"procwalk depends on elfsection: nothing below objfile imports a locator",
		"procwalk depends on objfile: nothing below objfile imports a locator",
		"stackmap imports debug/elf: debug/* only in the locators",
		"unwind imports golang.org/x/arch/x86/x86asm: golang.org/x/arch only in disasm",
	}, checkLayout(tr))
}
