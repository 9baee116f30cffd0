package reloctest

import (
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Functions decodes sd and returns every function of every table, in
// order, relocations applied. It fails the test if sd does not decode.
func Functions(t testing.TB, sd *stackmap.SectionData) []stackmap.Function {
	t.Helper()
	sec, err := sd.Parse()
	if err != nil {
		t.Fatalf("decoding %s: %v", sd.Name, err)
	}
	var out []stackmap.Function
	for _, tb := range sec.Tables() {
		for _, f := range tb.Functions() {
			out = append(out, f)
		}
	}
	return out
}

// Objects returns the checked-in objects of one format ("elf", "macho" or
// "coff"); it fails the test when there are none.
func Objects(t testing.TB, format string) []corpus.Object {
	t.Helper()
	objs, err := corpus.Objects()
	if err != nil {
		t.Fatal(err)
	}
	var out []corpus.Object
	for _, o := range objs {
		if o.Format == format {
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s objects in the manifest", format)
	}
	return out
}

// RequireRefused checks that err is a *stackmap.RelocationError for
// relocation index whose message contains detail, and returns it.
func RequireRefused(t testing.TB, err error, index int, detail string) *stackmap.RelocationError {
	t.Helper()
	var re *stackmap.RelocationError
	if !errors.As(err, &re) {
		t.Fatalf("got error %v, want a *stackmap.RelocationError", err)
	}
	if !errors.Is(err, stackmap.ErrRelocation) {
		t.Errorf("%v does not match stackmap.ErrRelocation", err)
	}
	if re.Index != index {
		t.Errorf("relocation index %d, want %d", re.Index, index)
	}
	if !strings.Contains(err.Error(), detail) {
		t.Errorf("%q does not say %q", err.Error(), detail)
	}
	return re
}

// WalkRelocated decodes sd and applies its relocations to every function
// and every record's instruction offset; it returns the decoding error, if
// any. The scramble tests use it to drive the relocation code over damaged
// input.
func WalkRelocated(sd *stackmap.SectionData) error {
	sec, err := sd.Parse()
	if err != nil {
		return err
	}
	for _, tb := range sec.Tables() {
		for range tb.Functions() {
		}
		for _, r := range tb.Records() {
			r.Address()
		}
	}
	return nil
}

// AddressesMatchNM checks every checked-in LLVM 22 object of one format
// (with -short, one per target):
// each function's address (its symbol's value plus the addend) must be the
// value llvm-nm-22 gives its symbol. open is the format's locator.
func AddressesMatchNM(t *testing.T, format string, open func(path string) (*stackmap.SectionData, error)) {
	t.Helper()
	nmTool := testenv.Need(t, "llvm-nm-22")[0]
	targets := map[string]bool{}
	for _, o := range Objects(t, format) {
		if o.LLVM != "22" || (testing.Short() && targets[o.Target]) {
			continue // -short: one object per target
		}
		targets[o.Target] = true
		t.Run(o.Name(), func(t *testing.T) {
			out, err := exec.Command(nmTool, "--defined-only", o.Path).Output()
			if err != nil {
				t.Fatalf("llvm-nm-22 %s: %v", o.Path, err)
			}
			nm, err := ParseNM(string(out))
			if err != nil {
				t.Fatal(err)
			}
			sd, err := open(o.Path)
			if err != nil {
				t.Fatal(err)
			}
			defer sd.Close()
			fis := Functions(t, sd)
			if len(fis) == 0 {
				t.Fatal("no functions")
			}
			for _, fi := range fis {
				syms := nm[fi.Symbol()]
				if len(syms) != 1 {
					t.Errorf("%s: %d llvm-nm entries, want 1", fi.Symbol(), len(syms))
					continue
				}
				if syms[0].Value != fi.Address() {
					t.Errorf("%s: address 0x%x, llvm-nm says 0x%x", fi.Symbol(), fi.Address(), syms[0].Value)
				}
			}
		})
	}
}
