package winunwind_test

import (
	"bufio"
	"debug/pe"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/winunwind"
)

// openARM64 reads an ARM64 image's .pdata with debug/pe.
func openARM64(t testing.TB, path string) (*winunwind.ARM64Table, uint64) {
	t.Helper()
	f, err := pe.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	oh := f.OptionalHeader.(*pe.OptionalHeader64)
	var secs []winunwind.Section
	var pdata []byte
	dir := oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_EXCEPTION]
	for _, s := range f.Sections {
		d, err := s.Data()
		require.NoError(t, err)
		d = d[:min(len(d), int(s.VirtualSize))]
		secs = append(secs, winunwind.Section{RVA: s.VirtualAddress, Data: d})
		if dir.VirtualAddress >= s.VirtualAddress && dir.VirtualAddress < s.VirtualAddress+uint32(len(d)) {
			off := dir.VirtualAddress - s.VirtualAddress
			pdata = d[off : off+dir.Size]
		}
	}
	tab, err := winunwind.NewARM64(pdata, dir.VirtualAddress, secs)
	require.NoError(t, err)
	return tab, oh.ImageBase
}

// arm64Readobj is one RuntimeFunction of llvm-readobj --unwind on ARM64.
type arm64Readobj struct {
	function           uint64
	length             uint64
	epiloguePacked     bool
	epilogueOffset     uint64
	byteCodeLength     uint64
	prologue, epilogue []string // each code's bytes, "0xd2c2"
}

var (
	reARM64Func  = regexp.MustCompile(`^\s+Function: .*\((0x[0-9A-F]+)\)$`)
	reARM64Field = regexp.MustCompile(`^\s+(FunctionLength|EpiloguePacked|EpilogueOffset|ByteCodeLength): (\S+)$`)
	reARM64Code  = regexp.MustCompile(`^\s+(0x[0-9a-f]+)\s+;`)
)

func readARM64Readobj(t *testing.T, path string) []arm64Readobj {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []arm64Readobj
	list := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		s := strings.TrimSpace(line)
		cur := func() *arm64Readobj { return &out[len(out)-1] }
		switch {
		case reARM64Func.MatchString(line):
			v, _ := strconv.ParseUint(reARM64Func.FindStringSubmatch(line)[1], 0, 64)
			out = append(out, arm64Readobj{function: v})
		case s == "Prologue [" || s == "Epilogue [":
			list = s
		case s == "]":
			list = ""
		case reARM64Code.MatchString(line) && list != "":
			c := reARM64Code.FindStringSubmatch(line)[1]
			if list == "Prologue [" {
				cur().prologue = append(cur().prologue, c)
			} else {
				cur().epilogue = append(cur().epilogue, c)
			}
		case reARM64Field.MatchString(line):
			m := reARM64Field.FindStringSubmatch(line)
			v, _ := strconv.ParseUint(m[2], 0, 64)
			switch m[1] {
			case "FunctionLength":
				cur().length = v
			case "EpiloguePacked":
				cur().epiloguePacked = m[2] == "Yes"
			case "EpilogueOffset":
				cur().epilogueOffset = v
			case "ByteCodeLength":
				cur().byteCodeLength = v
			}
		}
	}
	require.NoError(t, sc.Err())
	return out
}

// codeGroups lists the codes from byte first through the next end as
// llvm-readobj prints their bytes.
func codeGroups(t *testing.T, in *winunwind.ARM64Info, first int) []string {
	var out []string
	for i := first; i < len(in.Codes); {
		c, err := in.Code(i)
		require.NoError(t, err)
		var b strings.Builder
		b.WriteString("0x")
		for _, x := range in.Codes[i : i+c.Size] {
			fmt.Fprintf(&b, "%02x", x)
		}
		out = append(out, b.String())
		i += c.Size
		if c.Op == winunwind.ARM64End || c.Op == winunwind.ARM64EndC {
			break
		}
	}
	return out
}

// TestReadobjARM64: every entry of the ARM64 image decodes as
// llvm-readobj-22 --unwind shows it: function, length, the packed epilog,
// the code bytes, each code's bytes in its prologue and epilogue lists.
func TestReadobjARM64(t *testing.T) {
	tab, base := openARM64(t, td+"win-arm64.exe")
	want := readARM64Readobj(t, td+"win-arm64.exe.unwind.txt")
	require.Len(t, want, 9)
	require.Equal(t, len(want), tab.Len())
	for i, w := range want {
		fn := tab.At(i)
		assert.Equal(t, w.function, base+uint64(fn.Begin))
		require.False(t, fn.Packed())
		in, err := tab.ParseARM64Info(fn.UnwindData)
		require.NoError(t, err)
		assert.Equal(t, w.length, uint64(in.FunctionLength))
		assert.Equal(t, w.epiloguePacked, in.EpilogPacked)
		assert.Equal(t, w.epilogueOffset, uint64(in.EpilogStart))
		assert.Equal(t, w.byteCodeLength, uint64(len(in.Codes)))
		assert.Equal(t, w.prologue, codeGroups(t, &in, 0), "function %d", i)
		if w.epilogue != nil {
			assert.Equal(t, w.epilogue, codeGroups(t, &in, int(in.EpilogStart)), "function %d", i)
		}
	}
}

// arm64Text writes an ARM64 rule as "where cfa=sp+N ra=lr|LOC reg=LOC ...".
func arm64Text(r *winunwind.Rule) string {
	loc := func(l winunwind.Loc) string {
		return fmt.Sprintf("%s%+d", regs.DisplayName(regs.AArch64, l.Reg, 8), l.Offset)
	}
	var b strings.Builder
	ra := "lr"
	if !r.ReturnAddressInLR {
		ra = loc(r.ReturnAddress)
	}
	fmt.Fprintf(&b, "%v cfa=%s ra=%s", r.Where, loc(r.CFA), ra)
	for _, s := range r.Saved() {
		fmt.Fprintf(&b, " %s=%s", regs.DisplayName(regs.AArch64, s.Reg, 8), loc(s.At))
	}
	return b.String()
}

// TestRulesARM64: rules at addresses of the prolog (partly run), body and
// epilog of win-arm64.exe's w_pushes (save_next runs) and w_dyn (a frame
// pointer, pre-indexed saves), as their instructions (llvm-objdump-22 -d)
// move sp and save registers.
func TestRulesARM64(t *testing.T) {
	tab, _ := openARM64(t, td+"win-arm64.exe")
	const pushesBody = "body cfa=sp+112 ra=sp+96 x30=sp+96 x27=sp+80 x28=sp+88 x25=sp+64 x26=sp+72 x23=sp+48 x24=sp+56 x21=sp+32 x22=sp+40 x19=sp+16 x20=sp+24"
	for _, c := range []struct {
		rva  uint32
		want string
	}{
		{0x1024, "prolog cfa=sp+0 ra=lr"},
		{0x1028, "prolog cfa=sp+112 ra=lr"},
		{0x102c, "prolog cfa=sp+112 ra=lr x19=sp+16 x20=sp+24"},
		{0x1030, "prolog cfa=sp+112 ra=lr x21=sp+32 x22=sp+40 x19=sp+16 x20=sp+24"},
		{0x1048, pushesBody},
		{0x1047, pushesBody}, // a return address minus 1: the bl
		{0x1050, "epilog" + strings.TrimPrefix(pushesBody, "body")},
		{0x1054, "epilog cfa=sp+112 ra=lr x27=sp+80 x28=sp+88 x25=sp+64 x26=sp+72 x23=sp+48 x24=sp+56 x21=sp+32 x22=sp+40 x19=sp+16 x20=sp+24"},
		{0x1068, "epilog cfa=sp+112 ra=lr"},
		{0x106c, "epilog cfa=sp+0 ra=lr"},
		// w_dyn: stp x19,x20,[sp,#-48]!; stp x21,x22,[sp,#16]; stp x29,x30,[sp,#32]; add x29,sp,#32.
		{0x11a8, "prolog cfa=sp+48 ra=lr x19=sp+0 x20=sp+8"},
		{0x11ec, "body cfa=x29+16 ra=x29+8 x29=x29+0 x30=x29+8 x21=x29-16 x22=x29-8 x19=x29-32 x20=x29-24"},
		{0x11f8, "epilog cfa=sp+48 ra=sp+40 x29=sp+32 x30=sp+40 x21=sp+16 x22=sp+24 x19=sp+0 x20=sp+8"},
		{0x1200, "epilog cfa=sp+48 ra=lr x19=sp+0 x20=sp+8"},
		{0x1204, "epilog cfa=sp+0 ra=lr"},
	} {
		var r winunwind.Rule
		require.NoError(t, tab.RuleAt(c.rva, &r), "%#x", c.rva)
		assert.Equal(t, c.want, arm64Text(&r), "%#x", c.rva)
	}
	var r winunwind.Rule
	assert.ErrorIs(t, tab.RuleAt(0x10, &r), winunwind.ErrNotFound)
	allocs := testing.AllocsPerRun(50, func() { _ = tab.RuleAt(0x11ec, &r) })
	assert.Zero(t, allocs)
}
