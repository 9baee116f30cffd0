package lint_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/lint"
	"github.com/stackmaps/stackmaps/objfile"
)

// registerRules are the rules CRAFTED.tsv's fault column names.
var registerRules = []string{lint.RuleUnknownRegister, lint.RuleZeroSize, lint.RuleRegisterSize, lint.RuleBadBaseRegister}

// craftedRules are the register rules llc can be made to break from MIR.
// No hand-written MIR made llc write a register location larger than its
// register (the one candidate, ppc vsl3 under f3's number, is VSX vs3,
// which shares f3's number): register-size is proven on an encoded section
// (TestRegisterSizeRule).
var craftedRules = []string{lint.RuleUnknownRegister, lint.RuleZeroSize, lint.RuleBadBaseRegister}

// checkFile runs every rule on every section of a file.
func checkFile(t *testing.T, path string, opts lint.Options) []lint.Finding {
	t.Helper()
	f, err := objfile.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []lint.Finding
	for _, sd := range f.Sections {
		sec, err := sd.Parse()
		require.NoError(t, err)
		out = append(out, lint.Check(sd, sec, opts)...)
	}
	return out
}

// faultKey says where a register rule fired: "x86_64-elf/x86_memory@14
// record 1003 location 2 zero-size".
func faultKey(object, llvm, id, item string, index int, rule string) string {
	return fmt.Sprintf("%s@%s record %s %s %d %s", object, llvm, id, item, index, rule)
}

// TestRegisterRulesOnCraftedObjects asserts that unknown-register,
// zero-size, register-size and bad-base-register fire on exactly the
// faults CRAFTED.tsv lists, in every MIR object, and nowhere in the
// objects llc compiled from IR nor in the linked ELF, Mach-O and PE binaries.
func TestRegisterRulesOnCraftedObjects(t *testing.T) {
	crafted, err := corpus.MIRCrafted()
	require.NoError(t, err)
	want := map[string]bool{}
	for _, c := range crafted {
		if c.Fault == "-" {
			continue
		}
		require.Contains(t, registerRules, c.Fault, "CRAFTED.tsv fault with no rule")
		for _, v := range c.LLVM {
			want[faultKey(c.Object, v, c.Record, c.Item, c.Index, c.Fault)] = true
		}
	}
	require.NotEmpty(t, want)
	t.Logf("%d crafted faults", len(want))

	mir, err := corpus.MIRObjects()
	require.NoError(t, err)
	require.NotEmpty(t, mir)
	got := map[string]bool{}
	for _, o := range mir {
		// mir/llvm14/x86_64-elf/x86_memory.o -> x86_64-elf/x86_memory
		object := strings.TrimSuffix(strings.TrimPrefix(o.Rel, "mir/llvm"+o.LLVM+"/"), ".o")
		for _, f := range checkFile(t, o.Path, lint.Options{Enable: registerRules}) {
			require.GreaterOrEqual(t, f.Record, 0, f.String())
			item := "location"
			if f.LiveOut {
				item = "liveout"
			}
			k := faultKey(object, o.LLVM, strconv.FormatUint(f.ID, 10), item, f.Location, f.Rule)
			assert.False(t, got[k], "reported twice: %s", k)
			got[k] = true
		}
	}
	var missing, extra []string
	for k := range want {
		if !got[k] {
			missing = append(missing, k)
		}
	}
	for k := range got {
		if !want[k] {
			extra = append(extra, k)
		}
	}
	slices.Sort(missing)
	slices.Sort(extra)
	assert.Empty(t, missing, "crafted faults no rule reported")
	assert.Empty(t, extra, "findings CRAFTED.tsv does not list")
	for _, rule := range craftedRules {
		n := 0
		for k := range got {
			if strings.HasSuffix(k, " "+rule) {
				n++
			}
		}
		assert.Positive(t, n, "%s never fired", rule)
	}

	objs, err := corpus.Objects()
	require.NoError(t, err)
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	paths := make([]string, 0, len(objs)+len(linked))
	for _, o := range objs {
		paths = append(paths, o.Path)
	}
	for _, l := range linked {
		paths = append(paths, l.Path)
	}
	for _, p := range []string{"linked-macho/arm64-macos11.dylib", "linked-macho/arm64-macos13", "linked-macho/arm64-macos13.dylib",
		"linked-macho/x86_64-macos11.dylib", "linked-pe/sm.dll"} {
		paths = append(paths, filepath.Join(corpus.Root(), p))
	}
	for _, p := range paths {
		fs := checkFile(t, p, lint.Options{Enable: registerRules})
		assert.Empty(t, fs, "%s", filepath.Base(p))
	}
}
