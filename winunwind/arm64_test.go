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

// TestRulesARM64Packed: rules at addresses of the prolog, body and epilog
// of packed-arm64.exe's packed entries p_fregs (RegI 4, CR 1, RegF 2: a
// lone d10) and p_fp (CR 3), as their instructions (llvm-objdump-22 -d)
// move sp and save registers.
func TestRulesARM64Packed(t *testing.T) {
	tab, _ := openARM64(t, td+"packed-arm64.exe")
	const fregsBody = "body cfa=sp+64 ra=sp+32 d10=sp+56 d8=sp+40 d9=sp+48 x30=sp+32 x21=sp+16 x22=sp+24 x19=sp+0 x20=sp+8"
	for _, c := range []struct {
		rva  uint32
		want string
	}{
		// p_fregs: stp x19,x20,[sp,#-64]!; stp x21,x22,[sp,#16];
		// str x30,[sp,#32]; stp d8,d9,[sp,#40]; str d10,[sp,#56].
		{0x1048, "prolog cfa=sp+0 ra=lr"},
		{0x104c, "prolog cfa=sp+64 ra=lr x19=sp+0 x20=sp+8"},
		{0x1054, "prolog cfa=sp+64 ra=sp+32 x30=sp+32 x21=sp+16 x22=sp+24 x19=sp+0 x20=sp+8"},
		{0x105c, fregsBody},
		{0x1063, fregsBody}, // a return address minus 1: the bl
		{0x1064, "epilog" + strings.TrimPrefix(fregsBody, "body")},
		{0x106c, "epilog cfa=sp+64 ra=sp+32 x30=sp+32 x21=sp+16 x22=sp+24 x19=sp+0 x20=sp+8"},
		{0x1074, "epilog cfa=sp+64 ra=lr x19=sp+0 x20=sp+8"},
		{0x1078, "epilog cfa=sp+0 ra=lr"},
		// p_fp: stp x29,x30,[sp,#-16]!; mov x29,sp; ...; ldp x29,x30,[sp],#16; ret.
		{0x1030, "prolog cfa=sp+0 ra=lr"},
		{0x1034, "prolog cfa=sp+16 ra=sp+8 x29=sp+0 x30=sp+8"},
		{0x103c, "body cfa=x29+16 ra=x29+8 x29=x29+0 x30=x29+8"},
		{0x1040, "epilog cfa=sp+16 ra=sp+8 x29=sp+0 x30=sp+8"},
		{0x1044, "epilog cfa=sp+0 ra=lr"},
		// p_sp, the statepoint: its GC pointers in x19 and x20.
		{0x10bf, "body cfa=sp+32 ra=sp+16 x30=sp+16 x19=sp+0 x20=sp+8"},
	} {
		var r winunwind.Rule
		require.NoError(t, tab.RuleAt(c.rva, &r), "%#x", c.rva)
		assert.Equal(t, c.want, arm64Text(&r), "%#x", c.rva)
	}
	var r winunwind.Rule
	allocs := testing.AllocsPerRun(50, func() { _ = tab.RuleAt(0x1060, &r) })
	assert.Zero(t, allocs)
}

// TestPackedFieldsARM64: every packed entry's fields are those
// llvm-readobj-22 --unwind prints for it.
func TestPackedFieldsARM64(t *testing.T) {
	tab, _ := openARM64(t, td+"packed-arm64.exe")
	b, err := os.ReadFile(td + "packed-arm64.exe.unwind.txt")
	require.NoError(t, err)
	var got strings.Builder
	for i := range tab.Len() {
		p := tab.At(i).PackedData()
		fmt.Fprintf(&got, "FunctionLength: %d RegF: %d RegI: %d H: %v CR: %d FrameSize: %d\n", p.FunctionLength, p.RegF, p.RegI, p.H, p.CR, p.FrameSize)
	}
	var want strings.Builder
	re := regexp.MustCompile(`FunctionLength: (\d+)\n\s+RegF: (\d+)\n\s+RegI: (\d+)\n\s+HomedParameters: (\w+)\n\s+CR: (\d+)\n\s+FrameSize: (\d+)`)
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		fmt.Fprintf(&want, "FunctionLength: %s RegF: %s RegI: %s H: %v CR: %s FrameSize: %s\n", m[1], m[2], m[3], m[4] == "Yes", m[5], m[6])
	}
	assert.Equal(t, 7, strings.Count(want.String(), "\n"))
	assert.Equal(t, want.String(), got.String())
}
