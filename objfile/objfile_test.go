package objfile_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/corpus"
	"github.com/stackmaps/stackmaps/internal/reloctest"
	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/stackmap"
)

// file is one checked-in file of any format, with where its symbols'
// addresses can be checked: a checked-in llvm-nm listing, or none (then
// llvm-nm-22 is run on it).
type file struct {
	path, nm string
	format   stackmap.Format
	slices   int
}

// everyFile lists every checked-in object and binary of every format.
func everyFile(t *testing.T) []file {
	t.Helper()
	objs, err := corpus.Objects()
	require.NoError(t, err)
	var out []file
	for _, o := range objs {
		out = append(out, file{path: o.Path, format: stackmap.Format(o.Format), slices: 1})
	}
	linked, err := corpus.LinkedBinaries()
	require.NoError(t, err)
	for _, l := range linked {
		out = append(out, file{path: l.Path, nm: l.Path + ".nm.txt", format: stackmap.FormatELF, slices: 1})
	}
	root := corpus.Root()
	for _, name := range []string{"arm64-macos11.dylib", "arm64-macos13.dylib", "arm64-macos13", "x86_64-macos11.dylib"} {
		p := filepath.Join(root, "linked-macho", name)
		out = append(out, file{path: p, nm: p + ".nm.txt", format: stackmap.FormatMachO, slices: 1})
	}
	p := filepath.Join(root, "linked-pe", "sm.dll")
	out = append(out, file{path: p, nm: p + ".nm.txt", format: stackmap.FormatPE, slices: 1})
	out = append(out, file{path: filepath.Join(root, "fat", "kinds-universal.o"), format: stackmap.FormatMachO, slices: 2})
	return out
}

// TestOpenEveryFile opens every checked-in file with one call, from its
// path and through an io.ReaderAt, and checks what each function and record
// says: a symbol, and a record address inside its function.
func TestOpenEveryFile(t *testing.T) {
	files := everyFile(t)
	require.Greater(t, len(files), 370)
	for _, fl := range files {
		rel, _ := filepath.Rel(corpus.Root(), fl.path)
		t.Run(rel, func(t *testing.T) {
			f, err := objfile.Open(fl.path)
			require.NoError(t, err)
			defer f.Close()
			assert.Equal(t, fl.format, f.Format)
			assert.Equal(t, fl.slices > 1, f.Universal)
			require.Len(t, f.Sections, fl.slices)

			data, err := os.ReadFile(fl.path)
			require.NoError(t, err)
			g, err := objfile.NewFile(bytes.NewReader(data))
			require.NoError(t, err)
			require.Len(t, g.Sections, fl.slices)

			for i, sd := range f.Sections {
				assert.Equal(t, g.Sections[i].Data, sd.Data, "mapped and read bytes agree")
				sec, err := sd.Parse()
				require.NoError(t, err)
				records := 0
				for _, tb := range sec.Tables() {
					for _, fn := range tb.Functions() {
						assert.NotEmpty(t, fn.Symbol(), "function %d at %#x", fn.Index(), fn.Address())
						assert.NotEmpty(t, fn.Name())
					}
					for _, r := range tb.Records() {
						records++
						assert.Same(t, tb, r.Table(), "records point at the section's own table")
						fn, ok := tb.Function(r.Function())
						require.True(t, ok)
						addr, ok := r.Address()
						require.True(t, ok)
						assert.Equal(t, fn.Entry()+uint64(r.InstructionOffset()), addr)
						if fn.Size() != 0 {
							assert.Less(t, addr, fn.Entry()+fn.Size(), "record %d of %s is inside it", r.Index(), fn.Name())
						}
					}
				}
				assert.Positive(t, records)
			}
		})
	}
}

// TestAddressesMatchNM checks, for every checked-in file, that each
// function's address is the value llvm-nm gives its symbol: from the
// checked-in listing of linked binaries, and by running llvm-nm-22 on the
// LLVM 22 objects of every format (one of each with -short).
func TestAddressesMatchNM(t *testing.T) {
	checked := map[stackmap.Format]int{}
	live := map[stackmap.Format]bool{}
	for _, fl := range everyFile(t) {
		var listing string
		switch {
		case fl.nm != "":
			b, err := os.ReadFile(fl.nm)
			require.NoError(t, err)
			listing = string(b)
		case strings.Contains(fl.path, "/llvm22/"):
			if testing.Short() && live[fl.format] {
				continue // -short: one object per format
			}
			live[fl.format] = true
			nm := testenv.Need(t, "llvm-nm-22")
			if nm == nil {
				return
			}
			out, err := exec.Command(nm[0], "--defined-only", fl.path).Output()
			require.NoError(t, err, fl.path)
			listing = string(out)
		default:
			continue
		}
		syms, err := reloctest.ParseNM(listing)
		require.NoError(t, err)
		f, err := objfile.Open(fl.path)
		require.NoError(t, err)
		for _, sd := range f.Sections {
			sec, err := sd.Parse()
			require.NoError(t, err)
			for _, tb := range sec.Tables() {
				for _, fn := range tb.Functions() {
					s := syms[fn.Symbol()]
					if assert.Len(t, s, 1, "%s: %s in llvm-nm", fl.path, fn.Symbol()) {
						assert.Equal(t, s[0].Value, fn.Address(), "%s: %s", fl.path, fn.Symbol())
						checked[f.Format]++
					}
				}
			}
		}
		f.Close()
	}
	for _, format := range []stackmap.Format{stackmap.FormatELF, stackmap.FormatMachO, stackmap.FormatCOFF, stackmap.FormatPE} {
		assert.Positive(t, checked[format], "no %s function checked against llvm-nm", format)
	}
}

// TestNoSectionAndNotObject tells the two failures apart with errors.Is,
// whatever the format, and both errors name the file offset they concern.
func TestNoSectionAndNotObject(t *testing.T) {
	root := corpus.Root()
	// Objects whose stack map section is renamed have none.
	for _, rel := range []string{"objects/llvm22/x86_64-elf/kinds.o", "objects/llvm22/arm64-macho/kinds.o", "objects/llvm22/x86_64-coff/kinds.o", "linked-pe/sm.dll", "fat/kinds-universal.o"} {
		data, err := os.ReadFile(filepath.Join(root, rel))
		require.NoError(t, err)
		data = bytes.ReplaceAll(data, []byte("llvm_stackmaps"), []byte("llvm_stackmapz"))
		data = bytes.ReplaceAll(data, []byte(".llvm_st"), []byte(".llvm_sz"))
		_, err = objfile.NewFile(bytes.NewReader(data))
		assert.ErrorIs(t, err, objfile.ErrNoSection, rel)
		assert.NotErrorIs(t, err, objfile.ErrNotObject, rel)
		var fe *stackmap.FileError
		assert.ErrorAs(t, err, &fe, rel)
	}
	for name, data := range map[string][]byte{
		"text":       []byte("hello, world\n"),
		"empty":      nil,
		"short":      []byte("\x7fEL"),
		"bare table": {3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	} {
		_, err := objfile.NewFile(bytes.NewReader(data))
		assert.ErrorIs(t, err, objfile.ErrNotObject, name)
		assert.NotErrorIs(t, err, objfile.ErrNoSection, name)
		var fe *stackmap.FileError
		if assert.ErrorAs(t, err, &fe, name) {
			assert.Equal(t, int64(0), fe.Offset, name)
		}
	}
	_, err := objfile.Open(filepath.Join(t.TempDir(), "missing.o"))
	assert.True(t, errors.Is(err, os.ErrNotExist))
}

// TestIdentify names each format from its first bytes.
func TestIdentify(t *testing.T) {
	root := corpus.Root()
	for rel, want := range map[string]stackmap.Format{
		"objects/llvm22/ppc64-elf/kinds.o":    stackmap.FormatELF,
		"objects/llvm22/x86_64-macho/kinds.o": stackmap.FormatMachO,
		"fat/kinds-universal.o":               stackmap.FormatMachO,
		"objects/llvm22/x86_64-coff/kinds.o":  stackmap.FormatCOFF,
		"linked-pe/sm.dll":                    stackmap.FormatPE,
	} {
		f, err := os.Open(filepath.Join(root, rel))
		require.NoError(t, err)
		got, err := objfile.Identify(f)
		f.Close()
		require.NoError(t, err, rel)
		assert.Equal(t, want, got, rel)
	}
}

// TestOpenRaw maps a bare section dump and reads it like the object's.
func TestOpenRaw(t *testing.T) {
	base := filepath.Join(corpus.Root(), "objects/llvm22/s390x-elf/kinds")
	raw, err := objfile.OpenRaw(base+".stackmaps.bin", binary.BigEndian)
	require.NoError(t, err)
	defer raw.Close()
	obj, err := objfile.Open(base + ".o")
	require.NoError(t, err)
	defer obj.Close()
	assert.Equal(t, stackmap.FormatRaw, raw.Format)
	assert.Equal(t, obj.Sections[0].Data, raw.Sections[0].Data)
}
