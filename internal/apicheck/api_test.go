package apicheck

import (
	"flag"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite api/current.txt from the code")

const module = "github.com/stackmaps/stackmaps"

// root returns the module's root directory.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// libraryPackages returns the import paths of the library's packages: every
// package of the module but the tool, the internal ones, the performance
// programs, the examples and test data.
func libraryPackages(t *testing.T, dir string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "./...")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
		first, _, _ := strings.Cut(rel, "/")
		switch {
		case rel == "", first == "cmd", first == "perf", first == "examples", first == "testdata",
			strings.Contains("/"+rel+"/", "/internal/"):
			continue
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// listing returns the sorted API lines of the packages.
func listing(t *testing.T, dir string, pkgs []string) []string {
	t.Helper()
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	var lines []string
	for _, path := range pkgs {
		pdir := filepath.Join(dir, strings.TrimPrefix(path, module))
		files := parseDir(t, fset, pdir)
		conf := types.Config{Importer: imp.(types.ImporterFrom), Error: func(error) {}}
		pkg, err := conf.Check(path, fset, files, nil)
		if err != nil {
			t.Fatalf("type-checking %s: %v", path, err)
		}
		lines = append(lines, pkgLines(pkg)...)
	}
	sort.Strings(lines)
	return slices.Compact(lines)
}

// parseDir parses the package's non-test Go files for this platform
// (linux/amd64: the files a build here compiles).
func parseDir(t *testing.T, fset *token.FileSet, dir string) []*ast.File {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", `{{join .GoFiles "\n"}}`, ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list in %s: %v", dir, err)
	}
	var files []*ast.File
	for _, name := range strings.Fields(string(out)) {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// pkgLines lists one package's exported API.
func pkgLines(pkg *types.Package) []string {
	qual := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	pre := "pkg " + pkg.Name() + ", "
	var out []string
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch o := obj.(type) {
		case *types.Const:
			out = append(out, pre+"const "+name+" "+types.TypeString(o.Type(), qual))
			out = append(out, pre+"const "+name+" = "+o.Val().ExactString())
		case *types.Var:
			out = append(out, pre+"var "+name+" "+types.TypeString(o.Type(), qual))
		case *types.Func:
			out = append(out, pre+"func "+name+strings.TrimPrefix(types.TypeString(o.Type(), qual), "func"))
		case *types.TypeName:
			out = append(out, typeLines(pre, o, qual)...)
		}
	}
	return out
}

// typeLines lists a type, its exported fields or interface methods, and
// its exported methods (with the receiver's pointer as declared).
func typeLines(pre string, o *types.TypeName, qual types.Qualifier) []string {
	name := o.Name()
	if tp, ok := o.Type().(*types.Named); ok && tp.TypeParams().Len() > 0 {
		var ps []string
		for i := range tp.TypeParams().Len() {
			p := tp.TypeParams().At(i)
			ps = append(ps, p.Obj().Name()+" "+types.TypeString(p.Constraint(), qual))
		}
		name += "[" + strings.Join(ps, ", ") + "]"
	}
	var out []string
	if o.IsAlias() {
		return append(out, pre+"type "+name+" = "+types.TypeString(o.Type(), qual))
	}
	switch u := o.Type().Underlying().(type) {
	case *types.Struct:
		out = append(out, pre+"type "+name+" struct")
		for i := range u.NumFields() {
			f := u.Field(i)
			if !f.Exported() {
				continue
			}
			if f.Embedded() {
				out = append(out, pre+"type "+name+" struct, embedded "+types.TypeString(f.Type(), qual))
				continue
			}
			out = append(out, pre+"type "+name+" struct, "+f.Name()+" "+types.TypeString(f.Type(), qual))
		}
	case *types.Interface:
		out = append(out, pre+"type "+name+" interface { "+methodNames(u)+" }")
		for i := range u.NumExplicitMethods() {
			m := u.ExplicitMethod(i)
			if m.Exported() {
				out = append(out, pre+"type "+name+" interface, "+m.Name()+strings.TrimPrefix(types.TypeString(m.Type(), qual), "func"))
			}
		}
		for i := range u.NumEmbeddeds() {
			out = append(out, pre+"type "+name+" interface, embedded "+types.TypeString(u.EmbeddedType(i), qual))
		}
	default:
		out = append(out, pre+"type "+name+" "+types.TypeString(u, qual))
	}
	if n, ok := o.Type().(*types.Named); ok {
		for i := range n.NumMethods() {
			m := n.Method(i)
			if !m.Exported() {
				continue
			}
			sig := m.Type().(*types.Signature)
			recv := o.Name()
			if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
				recv = "*" + recv
			}
			out = append(out, pre+"method ("+recv+") "+m.Name()+strings.TrimPrefix(types.TypeString(sig, qual), "func"))
		}
	}
	return out
}

// methodNames lists an interface's method names, exported or not, so that
// an unexported method (which closes the interface to other packages)
// shows in the listing.
func methodNames(u *types.Interface) string {
	var ns []string
	for i := range u.NumMethods() {
		ns = append(ns, u.Method(i).Name())
	}
	sort.Strings(ns)
	return strings.Join(ns, ", ")
}

// TestAPI compares the code's exported API with api/current.txt, and
// checks that every identifier added to or removed from api/baseline.txt
// is named in CHANGELOG.md: a package-level one as `Name` or `pkg.Name`, a
// method or field as `Type.Name`, or by its type's name when the type
// itself was added, removed or redefined, or by its package's name when
// the package is new.
func TestAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks every library package from source: skipped with -short")
	}
	dir := root(t)
	got := listing(t, dir, libraryPackages(t, dir))
	cur := filepath.Join(dir, "api", "current.txt")
	text := strings.Join(got, "\n") + "\n"
	if *update {
		if err := os.WriteFile(cur, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	logCounts(t, got)
	want := readLines(t, cur)
	if added, removed := diff(want, got); len(added)+len(removed) > 0 {
		t.Errorf("the exported API differs from api/current.txt (review the change, name it in CHANGELOG.md, then go test ./internal/apicheck -update):\n%s",
			describe(added, removed))
	}
	base := readLines(t, filepath.Join(dir, "api", "baseline.txt"))
	log, err := os.ReadFile(filepath.Join(dir, "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	mentioned := mentions(string(log))
	added, removed := diff(base, got)
	changed := append(added, removed...)
	// A type added, removed or redefined is named as a whole: its fields
	// and methods are covered when the entry names the type.
	whole := map[string]bool{}
	for _, l := range changed {
		if k := key(l); strings.Count(k, ".") == 1 && named(k, mentioned) {
			whole[k] = true
		}
	}
	// A new package is named as a whole too.
	oldPkg := map[string]bool{}
	for _, l := range base {
		if k := key(l); k != "" {
			p, _, _ := strings.Cut(k, ".")
			oldPkg[p] = true
		}
	}
	var missing []string
	for _, l := range changed {
		k := key(l)
		if p, _, _ := strings.Cut(k, "."); k == "" || named(k, mentioned) || !oldPkg[p] && mentioned[p] {
			continue
		}
		if i := strings.LastIndexByte(k, '.'); strings.Count(k, ".") == 2 && whole[k[:i]] {
			continue
		}
		missing = append(missing, k+"\t("+l+")")
	}
	missing = slices.Compact(missing)
	if len(missing) > 0 {
		t.Errorf("%d identifiers changed since api/baseline.txt but not named in CHANGELOG.md (as `Name`, `Type.Name` or `pkg.Name`):\n%s",
			len(missing), strings.Join(missing, "\n"))
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// diff returns the lines of b not in a and those of a not in b.
func diff(a, b []string) (added, removed []string) {
	in := func(s []string) map[string]bool {
		m := make(map[string]bool, len(s))
		for _, l := range s {
			m[l] = true
		}
		return m
	}
	ina, inb := in(a), in(b)
	for _, l := range b {
		if !ina[l] {
			added = append(added, l)
		}
	}
	for _, l := range a {
		if !inb[l] {
			removed = append(removed, l)
		}
	}
	return added, removed
}

func describe(added, removed []string) string {
	var b strings.Builder
	for _, l := range removed {
		fmt.Fprintf(&b, "-%s\n", l)
	}
	for _, l := range added {
		fmt.Fprintf(&b, "+%s\n", l)
	}
	return b.String()
}

var lineRE = regexp.MustCompile(`^pkg (\w+), (?:(?:const|var|func) (\w+)|method \(\*?(\w+)\) (\w+)|type (\w+)(?:\[[^\]]*\])?(?: (?:struct|interface \{[^}]*\}), (?:embedded )?(\w+))?)`)

// key is the name a CHANGELOG entry gives a listing line's identifier:
// Name for a package-level one, Type.Name for a method, a field or an
// interface method.
func key(line string) string {
	m := lineRE.FindStringSubmatch(line)
	switch {
	case m == nil:
		return ""
	case m[2] != "":
		return m[1] + "." + m[2]
	case m[3] != "":
		return m[1] + "." + m[3] + "." + m[4]
	case m[6] != "":
		return m[1] + "." + m[5] + "." + m[6]
	}
	return m[1] + "." + m[5]
}

var (
	codeRE  = regexp.MustCompile("`([^`]+)`")
	identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*`)
)

// mentions returns the dotted identifiers CHANGELOG.md's code spans name,
// each with its suffixes: `stackmap.Index.At` names stackmap.Index.At,
// Index.At and At.
func mentions(log string) map[string]bool {
	m := map[string]bool{}
	for _, span := range codeRE.FindAllStringSubmatch(log, -1) {
		for _, id := range identRE.FindAllString(span[1], -1) {
			for {
				m[id] = true
				_, rest, ok := strings.Cut(id, ".")
				if !ok {
					break
				}
				id = rest
			}
		}
	}
	return m
}

// named reports whether the CHANGELOG names a listing key: pkg.Name as
// `pkg.Name` or `Name`; pkg.Type.Name (a method or field) as
// `Type.Name`.
func named(k string, m map[string]bool) bool {
	pkg, rest, _ := strings.Cut(k, ".")
	return m[rest] || m[pkg+"."+rest]
}

// logCounts logs how many exported identifiers each package has (its
// distinct listing keys: a constant's two lines, a type's own line and
// its kind are one each), and the total: go test -v -run TestAPI
// ./internal/apicheck shows them.
func logCounts(t *testing.T, lines []string) {
	keys := map[string]bool{}
	per := map[string]int{}
	for _, l := range lines {
		if k := key(l); k != "" && !keys[k] {
			keys[k] = true
			pkg, _, _ := strings.Cut(k, ".")
			per[pkg]++
		}
	}
	var names []string
	for p := range per {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		t.Logf("%-14s %4d", p, per[p])
	}
	t.Logf("%-14s %4d", "total", len(keys))
}
