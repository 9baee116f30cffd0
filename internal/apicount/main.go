// Command apicount counts the exported identifiers of the module's library
// packages, the way the API review counts them: every exported constant,
// variable, function and type, every exported method of an exported type,
// every exported field of an exported struct type and every method of an
// exported interface type. Test files, package main, internal/ and
// testdata/ are not counted; examples/ and perf/ are skipped.
//
//	go run ./internal/apicount [-v] [ROOT]
//
// prints one line per package (its import path relative to the module,
// the count) and the total; -v lists the identifiers.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	verbose := flag.Bool("v", false, "list the identifiers")
	flag.Parse()
	root := "."
	if flag.NArg() > 0 {
		root = flag.Arg(0)
	}
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		switch base := d.Name(); {
		case rel == ".":
		case base == "testdata" || base == "internal" || base == "examples" || base == "perf" || base == "cmd" || strings.HasPrefix(base, "."):
			return filepath.SkipDir
		}
		dirs = append(dirs, p)
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	total := 0
	for _, dir := range dirs {
		names, err := exported(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if names == nil {
			continue
		}
		rel, _ := filepath.Rel(root, dir)
		fmt.Printf("%-16s %d\n", rel, len(names))
		if *verbose {
			for _, n := range names {
				fmt.Printf("\t%s\n", n)
			}
		}
		total += len(names)
	}
	fmt.Printf("%-16s %d\n", "total", total)
}

// exported returns the sorted exported identifiers of the non-main
// package in dir, or nil when dir holds none.
func exported(dir string) ([]string, error) {
	fset := token.NewFileSet()
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		if f.Name.Name == "main" {
			return nil, nil
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, nil
	}
	pkg, err := doc.NewFromFiles(fset, files, "x")
	if err != nil {
		return nil, err
	}
	var out []string
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			out = append(out, v.Names...)
		}
	}
	values(pkg.Consts)
	values(pkg.Vars)
	for _, f := range pkg.Funcs {
		out = append(out, f.Name)
	}
	for _, t := range pkg.Types {
		out = append(out, t.Name)
		values(t.Consts)
		values(t.Vars)
		for _, f := range t.Funcs {
			out = append(out, f.Name)
		}
		for _, m := range t.Methods {
			out = append(out, t.Name+"."+m.Name)
		}
		ts := t.Decl.Specs[0].(*ast.TypeSpec)
		for _, s := range t.Decl.Specs {
			if s.(*ast.TypeSpec).Name.Name == t.Name {
				ts = s.(*ast.TypeSpec)
			}
		}
		var fields *ast.FieldList
		switch x := ts.Type.(type) {
		case *ast.StructType:
			fields = x.Fields
		case *ast.InterfaceType:
			fields = x.Methods
		}
		if fields == nil {
			continue
		}
		for _, f := range fields.List {
			names := f.Names
			if len(names) == 0 { // embedded
				if id := embeddedName(f.Type); id != nil {
					names = []*ast.Ident{id}
				}
			}
			for _, n := range names {
				if n.IsExported() {
					out = append(out, t.Name+"."+n.Name)
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// embeddedName is the name an embedded field or interface is known by.
func embeddedName(x ast.Expr) *ast.Ident {
	switch x := x.(type) {
	case *ast.Ident:
		return x
	case *ast.StarExpr:
		return embeddedName(x.X)
	case *ast.SelectorExpr:
		return x.Sel
	case *ast.IndexExpr:
		return embeddedName(x.X)
	}
	return nil
}
