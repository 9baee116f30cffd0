package reloctest

import (
	"errors"
	"strings"
	"testing"

	"github.com/stackmaps/stackmaps/internal/golden"
	"github.com/stackmaps/stackmaps/stackmap"
)

// FunctionInfos decodes sd and returns the FunctionInfo of every function
// of every table, in order. It fails the test if sd does not decode.
func FunctionInfos(t testing.TB, sd *stackmap.SectionData) []stackmap.FunctionInfo {
	t.Helper()
	sec, err := sd.Parse()
	if err != nil {
		t.Fatalf("decoding %s: %v", sd.Name, err)
	}
	var out []stackmap.FunctionInfo
	for _, tb := range sec.Tables() {
		for f := range tb.Functions() {
			out = append(out, sd.FunctionInfo(f))
		}
	}
	return out
}

// Objects returns the checked-in objects of one format ("elf", "macho" or
// "coff"); it fails the test when there are none.
func Objects(t testing.TB, format string) []golden.Object {
	t.Helper()
	objs, err := golden.Objects()
	if err != nil {
		t.Fatal(err)
	}
	var out []golden.Object
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
