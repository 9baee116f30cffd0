package main

import (
	"bytes"
	"compress/gzip"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// hostileDir holds objects whose symbol names carry terminal escapes,
// forged lines, bidi overrides and bytes that are not UTF-8
// (testdata/hostile/gen.sh).
const hostileDir = "../../testdata/hostile"

// hostileFiles returns the crafted objects: the two checked-in ones, the 1
// MiB name unpacked, and names.o copied under a file name that is itself
// hostile.
func hostileFiles(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	gz, err := os.Open(filepath.Join(hostileDir, "longname.o.gz"))
	require.NoError(t, err)
	defer gz.Close()
	zr, err := gzip.NewReader(gz)
	require.NoError(t, err)
	long, err := io.ReadAll(io.LimitReader(zr, 8<<20))
	require.NoError(t, err)
	longPath := filepath.Join(dir, "longname.o")
	require.NoError(t, os.WriteFile(longPath, long, 0o644))
	names, err := os.ReadFile(filepath.Join(hostileDir, "names.o"))
	require.NoError(t, err)
	evilPath := filepath.Join(dir, "evil\x1b]0;title\x07\nRecord ID 999\u202e\xff.o")
	require.NoError(t, os.WriteFile(evilPath, names, 0o644))
	return []string{filepath.Join(hostileDir, "names.o"), filepath.Join(hostileDir, "names-macho.o"), longPath, evilPath}
}

// requireInert fails when out holds a byte or character a terminal acts
// on other than the newline that ends each line: C0 controls (tab
// included), DEL, C1 controls, bidi controls, line separators, or bytes
// that are not UTF-8.
func requireInert(t *testing.T, what, out string) {
	t.Helper()
	for i := 0; i < len(out); {
		r, n := utf8.DecodeRuneInString(out[i:])
		bad := r == utf8.RuneError && n == 1 ||
			r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r <= 0x9f ||
			r == 0x061c || r == 0x200e || r == 0x200f || r >= 0x2028 && r <= 0x202e || r >= 0x2066 && r <= 0x2069
		if bad {
			lo, hi := max(0, i-40), min(len(out), i+40)
			t.Fatalf("%s: raw %q at byte %d: ...%q...", what, out[i:i+n], i, out[lo:hi])
		}
		i += n
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "Record ID 999") {
			t.Fatalf("%s: a name forged the line %q", what, line)
		}
	}
}

// symbolNames returns the names of an ELF object's function symbols.
func symbolNames(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := elf.Open(path)
	require.NoError(t, err)
	defer f.Close()
	syms, err := f.Symbols()
	require.NoError(t, err)
	out := map[string]bool{}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC {
			out[s.Name] = true
		}
	}
	return out
}

// TestHostileNamesCannotForgeOutput runs every command and format on the
// crafted objects and checks that nothing raw reaches stdout or stderr,
// that every JSON line is valid, and that JSON gives back each symbol's
// bytes.
func TestHostileNamesCannotForgeOutput(t *testing.T) {
	for _, file := range hostileFiles(t) {
		runs := [][]string{
			{"dump", file},
			{"dump", "--format=json", file},
			{"dump", "--format=json", "--pretty", file},
			{"dump", "--format=llvm", file},
			{"dump", "--disasm", file},
			{"dump", "--unwind", file},
			{"dump", "--unwind", "--format=json", file},
			{"check", file},
			{"check", "--format=json", file},
			{"stats", file},
			{"stats", "--format=json", file},
			{"lookup", file, "0x4", "0x14", "0x84"},
			{"lookup", "--format=json", file, "0x4", "0x14", "0x84"},
			{"frame", file},
			{"frame", "--format=json", file},
			{"dump", "--faultmap", file},
			{"dump", file + ".missing"},
			{"dump", "--format=json", file + ".missing"},
		}
		for _, args := range runs {
			name := strings.Join(args[:len(args)-1], " ")
			t.Run(filepath.Base(filepath.Dir(file))+"/"+name, func(t *testing.T) {
				stdout, stderr, _ := runTool(args...)
				requireInert(t, "stdout", stdout)
				requireInert(t, "stderr", stderr)
				if strings.Contains(name, "json") {
					for _, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
						if line != "" && !strings.Contains(name, "pretty") {
							require.True(t, json.Valid([]byte(line)), "invalid JSON line %q", line)
						}
					}
					if strings.Contains(name, "pretty") {
						require.True(t, json.Valid([]byte(stdout)), "invalid JSON %q", stdout)
					}
				}
			})
		}
	}
}

// TestHostileNamesRecoverableFromJSON: dump's JSON gives back every
// function symbol's exact bytes (through symbol_hex when they are not
// UTF-8), and the file name's.
func TestHostileNamesRecoverableFromJSON(t *testing.T) {
	files := hostileFiles(t)
	for _, file := range []string{files[0], files[2], files[3]} {
		stdout, stderr, status := runTool("dump", "--format=json", file)
		require.Equal(t, exitOK, status, stderr)
		var doc struct {
			File    string `json:"file"`
			FileHex string `json:"file_hex"`
			Tables  []struct {
				Functions []struct {
					Symbol    string `json:"symbol"`
					SymbolHex string `json:"symbol_hex"`
				} `json:"functions"`
			} `json:"tables"`
		}
		require.NoError(t, json.Unmarshal([]byte(stdout), &doc))
		gotFile := doc.File
		if doc.FileHex != "" {
			b, err := hex.DecodeString(doc.FileHex)
			require.NoError(t, err)
			gotFile = string(b)
		}
		require.Equal(t, file, gotFile)
		want := symbolNames(t, file)
		got := map[string]bool{}
		for _, tb := range doc.Tables {
			for _, f := range tb.Functions {
				s := f.Symbol
				if f.SymbolHex != "" {
					b, err := hex.DecodeString(f.SymbolHex)
					require.NoError(t, err)
					s = string(b)
				}
				got[s] = true
			}
		}
		require.Equal(t, want, got)
		if file == files[0] {
			require.Len(t, got, 11)
			require.True(t, got["notutf8_\xff\xfe"])
			require.True(t, got["lf_\nRecord ID 999, instruction offset 0, 0 locations"])
		}
	}
}

// TestHostileNamesEscapedInText: the text dump shows each name in the
// escaped form the README describes.
func TestHostileNamesEscapedInText(t *testing.T) {
	stdout, _, status := runTool("dump", filepath.Join(hostileDir, "names.o"))
	require.Equal(t, exitOK, status)
	for _, want := range []string{
		`Function #0 osc_\x1b]0;owned\x07 at 0x0`,
		`Function #4 lf_\nRecord ID 999, instruction offset 0, 0 locations at 0x40`,
		`Function #6 c1_\u009b2J at`,
		`Function #7 bidi_\u202egnp.exe at`,
		`Function #8 notutf8_\xff\xfe at`,
		`Function #9 backslash_\\x1b at`,
	} {
		require.Contains(t, stdout, want)
	}
	_ = bytes.MinRead
}
