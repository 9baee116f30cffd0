package winunwind_test

import (
	"bufio"
	"debug/pe"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
