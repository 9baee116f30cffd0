package winunwind_test

import (
	"bufio"
	"bytes"
	"debug/pe"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/testenv"
	"github.com/stackmaps/stackmaps/winunwind"
)

const td = "../testdata/windows/"

// image is a PE image's unwind table, read with debug/pe.
type image struct {
	table *winunwind.Table
	base  uint64
	file  *pe.File
}

func openImage(t testing.TB, path string) image {
	t.Helper()
	f, err := pe.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	oh, ok := f.OptionalHeader.(*pe.OptionalHeader64)
	require.True(t, ok, path)
	var secs []winunwind.Section
	for _, s := range f.Sections {
		d, err := s.Data()
		require.NoError(t, err)
		if uint32(len(d)) > s.VirtualSize {
			d = d[:s.VirtualSize]
		}
		secs = append(secs, winunwind.Section{RVA: s.VirtualAddress, Data: d})
	}
	dir := oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_EXCEPTION]
	var pdata []byte
	for _, s := range secs {
		if dir.VirtualAddress >= s.RVA && dir.VirtualAddress < s.RVA+uint32(len(s.Data)) {
			off := dir.VirtualAddress - s.RVA
			pdata = s.Data[off : off+dir.Size]
		}
	}
	require.NotNil(t, pdata, path)
	tab, err := winunwind.NewX64(pdata, dir.VirtualAddress, secs)
	require.NoError(t, err, path)
	return image{tab, oh.ImageBase, f}
}

// readobjFunc is one RuntimeFunction of llvm-readobj --unwind.
type readobjFunc struct {
	start, end, info uint64 // the values in parentheses
	version, flags   uint64
	prolog           uint64
	frameReg         string // "-" or "RBP (0x5)"
	frameOff         string
	count            uint64
	codes            []string
}

var (
	reParen = regexp.MustCompile(`\((0x[0-9A-F]+)\)$`)
	reField = regexp.MustCompile(`^\s+(Version|PrologSize|UnwindCodeCount|FrameRegister|FrameOffset): (.*)$`)
	reFlags = regexp.MustCompile(`^\s+Flags \[ \((0x[0-9A-F]+)\)$`)
	reCode  = regexp.MustCompile(`^\s+(0x[0-9A-F]{2}: .*)$`)
)

func readReadobj(t *testing.T, path string) []readobjFunc {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []readobjFunc
	var cur *readobjFunc
	num := func(s string) uint64 {
		v, err := strconv.ParseUint(s, 0, 64)
		require.NoError(t, err, s)
		return v
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		s := strings.TrimSpace(line)
		switch {
		case s == "RuntimeFunction {":
			out = append(out, readobjFunc{})
			cur = &out[len(out)-1]
		case cur == nil:
		case strings.HasPrefix(s, "StartAddress:"):
			cur.start = num(reParen.FindStringSubmatch(s)[1])
		case strings.HasPrefix(s, "EndAddress:"):
			cur.end = num(reParen.FindStringSubmatch(s)[1])
		case strings.HasPrefix(s, "UnwindInfoAddress:"):
			cur.info = num(reParen.FindStringSubmatch(s)[1])
		case reFlags.MatchString(line):
			cur.flags = num(reFlags.FindStringSubmatch(line)[1])
		case reField.MatchString(line):
			m := reField.FindStringSubmatch(line)
			switch m[1] {
			case "Version":
				cur.version = num(m[2])
			case "PrologSize":
				cur.prolog = num(m[2])
			case "UnwindCodeCount":
				cur.count = num(m[2])
			case "FrameRegister":
				cur.frameReg = m[2]
			case "FrameOffset":
				cur.frameOff = m[2]
			}
		case reCode.MatchString(line):
			cur.codes = append(cur.codes, reCode.FindStringSubmatch(line)[1])
		}
	}
	require.NoError(t, sc.Err())
	return out
}

var frameRegNames = [16]string{"RAX", "RCX", "RDX", "RBX", "RSP", "RBP", "RSI", "RDI", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}

// TestReadobjImages decodes every RUNTIME_FUNCTION and UNWIND_INFO of the
// images and compares each field and each unwind code with
// llvm-readobj-22 --unwind.
func TestReadobjImages(t *testing.T) {
	for _, name := range []string{"win.exe", "win-v2.exe", "win.dll"} {
		t.Run(name, func(t *testing.T) {
			im := openImage(t, td+name)
			want := readReadobj(t, td+name+".unwind.txt")
			require.Equal(t, len(want), im.table.Len())
			require.Len(t, want, 9)
			for i, w := range want {
				fn := im.table.At(i)
				assert.Equal(t, w.start, im.base+uint64(fn.Begin))
				assert.Equal(t, w.end, im.base+uint64(fn.End))
				assert.Equal(t, w.info, im.base+uint64(fn.UnwindInfo))
				in, err := im.table.ParseInfo(fn.UnwindInfo)
				require.NoError(t, err)
				assert.Equal(t, w.version, uint64(in.Version))
				assert.Equal(t, w.flags, uint64(in.Flags))
				assert.Equal(t, w.prolog, uint64(in.PrologSize))
				assert.Equal(t, w.count, uint64(in.CountOfCodes))
				if in.FrameRegister == 0 {
					assert.Equal(t, "-", w.frameReg)
					assert.Equal(t, "-", w.frameOff)
				} else {
					assert.Equal(t, frameRegNames[in.FrameRegister]+" (0x"+strconv.FormatUint(uint64(in.FrameRegister), 16)+")", w.frameReg)
					assert.Equal(t, "0x"+strconv.FormatUint(uint64(in.FrameOffset), 16), strings.ToLower(w.frameOff))
				}
				var got []string
				for j := 0; j < int(in.CountOfCodes); {
					c, next, err := in.Code(j)
					require.NoError(t, err)
					got = append(got, c.String())
					j = next
				}
				assert.Equal(t, w.codes, got, "function %d", i)
				assert.Equal(t, len(got), in.NumCodes())
			}
		})
	}
}

// TestTestdataCurrent rebuilds testdata/windows's objects with llc-22 and
// llvm-mc-22 and checks them, and llvm-readobj-22's views of them, against
// the checked-in files (skipped without the tools, which
// STACKMAPS_REQUIRE_TOOLS=1 requires).
func TestTestdataCurrent(t *testing.T) {
	tools := testenv.Need(t, "llc-22", "llvm-mc-22", "llvm-readobj-22")
	if tools == nil {
		return
	}
	dir := t.TempDir()
	for _, c := range []struct {
		out  string
		args []string
	}{
		{"win.o", []string{tools[0], "-mtriple=x86_64-pc-windows-msvc", "-filetype=obj", td + "win.ll"}},
		{"win-fs.o", []string{tools[0], "-mtriple=x86_64-pc-windows-msvc", "-filetype=obj", "-function-sections", td + "win.ll"}},
		{"tail.o", []string{tools[0], "-mtriple=x86_64-pc-windows-msvc", "-filetype=obj", td + "tail.ll"}},
		{"win-arm64.o", []string{tools[0], "-mtriple=aarch64-pc-windows-msvc", "-filetype=obj", td + "win_arm64.ll"}},
		{"packed-arm64.o", []string{tools[0], "-mtriple=aarch64-pc-windows-msvc", "-max-registers-for-gc-values=4", "-fixup-allow-gcptr-in-csr=true", "-filetype=obj", td + "packed_arm64.ll"}},
		{"handler.o", []string{tools[1], "-triple", "x86_64-pc-windows-msvc", "-filetype=obj", td + "handler.s"}},
	} {
		out := filepath.Join(dir, c.out)
		b, err := exec.Command(c.args[0], append(c.args[1:], "-o", out)...).CombinedOutput()
		require.NoError(t, err, "%s: %s", c.out, b)
		got, err := os.ReadFile(out)
		require.NoError(t, err)
		want, err := os.ReadFile(td + c.out)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(want, got), "%s differs from a rebuild: run testdata/windows/gen.sh", c.out)
		view, err := exec.Command(tools[2], "--unwind", out).Output()
		require.NoError(t, err)
		wantView, err := os.ReadFile(td + c.out + ".unwind.txt")
		require.NoError(t, err)
		_, gotBody, _ := strings.Cut(string(view), "\nFormat:")
		_, wantBody, _ := strings.Cut(string(wantView), "\nFormat:")
		assert.Equal(t, wantBody, gotBody, c.out)
	}
}
