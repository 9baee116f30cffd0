package winunwind_test

import (
	"debug/pe"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/winunwind"
)

// fuzzImage splits a fuzz input into .pdata (at 0x3000), UNWIND_INFO
// bytes (at 0x2000) and code (at 0x1000): two little-endian uint16
// lengths, then the bytes.
func fuzzImage(data []byte) (pdata, xdata, text []byte) {
	if len(data) < 4 {
		return nil, nil, data
	}
	np, nx := int(binary.LittleEndian.Uint16(data)), int(binary.LittleEndian.Uint16(data[2:]))
	data = data[4:]
	np = min(np, len(data))
	pdata, data = data[:np], data[np:]
	nx = min(nx, len(data))
	return pdata, data[:nx], data[nx:]
}

// FuzzRuleAt: no input panics, and a rule, when there is one, has a CFA
// and a return address.
func FuzzRuleAt(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte, rva uint32, atInst bool) {
		pdata, xdata, text := fuzzImage(data)
		tab, err := winunwind.NewX64(pdata, pdataRVA, []winunwind.Section{
			{RVA: textRVA, Data: text}, {RVA: xdataRVA, Data: xdata}, {RVA: pdataRVA, Data: pdata}})
		if err != nil {
			return
		}
		var r winunwind.Rule
		for i := range min(tab.Len(), 8) {
			fn := tab.At(i)
			for _, at := range []uint32{fn.Begin, fn.Begin + rva%64, fn.End - 1, rva} {
				if tab.RuleAt(at, atInst, &r) == nil && len(r.Saved()) > 32 {
					t.Fatalf("%d saved registers", len(r.Saved()))
				}
			}
			if in, err := tab.ParseInfo(fn.UnwindInfo &^ 1); err == nil {
				for j := 0; j < int(in.CountOfCodes); {
					c, next, err := in.Code(j)
					if err != nil {
						break
					}
					_ = c.String()
					j = next
				}
			}
		}
	})
}

// TestWriteFuzzSeeds writes testdata/fuzz/FuzzRuleAt/seed-* and
// FuzzARM64RuleAt/seed-* from the images of testdata/windows (.text at
// 0x1000, .rdata with the unwind records at 0x2000, .pdata at 0x3000, as
// lld-link lays them out) when STACKMAPS_WRITE_SEEDS=1.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("STACKMAPS_WRITE_SEEDS") != "1" {
		t.Skip("set STACKMAPS_WRITE_SEEDS=1 to rewrite the seed corpus")
	}
	for _, name := range []string{"win.exe", "win-v2.exe", "win-arm64.exe", "packed-arm64.exe"} {
		target, rvas := "FuzzRuleAt", []uint32{0x1049, 0x107a}
		switch name {
		case "win-arm64.exe":
			target, rvas = "FuzzARM64RuleAt", []uint32{0x1054, 0x11f8}
		case "packed-arm64.exe": // packed entries: p_fregs's body and epilog
			target, rvas = "FuzzARM64RuleAt", []uint32{0x1060, 0x106c}
		}
		dir := filepath.Join("testdata", "fuzz", target)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		f, err := pe.Open(td + name)
		require.NoError(t, err)
		defer f.Close()
		sec := func(rva uint32) []byte {
			for _, s := range f.Sections {
				if (rva == pdataRVA && s.Name == ".pdata") || (rva != pdataRVA && s.VirtualAddress == rva) {
					d, err := s.Data()
					require.NoError(t, err)
					return d[:min(len(d), int(s.VirtualSize))]
				}
			}
			t.Fatalf("%s: no section at %#x", name, rva)
			return nil
		}
		text, xdata, pdata := sec(textRVA), sec(xdataRVA), sec(pdataRVA)
		data := binary.LittleEndian.AppendUint16(nil, uint16(len(pdata)))
		data = binary.LittleEndian.AppendUint16(data, uint16(len(xdata)))
		data = append(append(append(data, pdata...), xdata...), text...)
		for i, rva := range rvas {
			body := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\nuint32(%d)\nbool(%v)\n", data, rva, i == 0)
			if target == "FuzzARM64RuleAt" {
				body = fmt.Sprintf("go test fuzz v1\n[]byte(%q)\nuint32(%d)\n", data, rva)
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed-%s-%d", name, i)), []byte(body), 0o644))
		}
	}
}

// FuzzARM64RuleAt is FuzzRuleAt for ARM64 records: the input split the
// same way, the .pdata entries 8 bytes each.
func FuzzARM64RuleAt(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte, rva uint32) {
		pdata, xdata, text := fuzzImage(data)
		tab, err := winunwind.NewARM64(pdata, pdataRVA, []winunwind.Section{
			{RVA: textRVA, Data: text}, {RVA: xdataRVA, Data: xdata}, {RVA: pdataRVA, Data: pdata}})
		if err != nil {
			return
		}
		var r winunwind.Rule
		for i := range min(tab.Len(), 8) {
			fn := tab.At(i)
			for _, at := range []uint32{fn.Begin, fn.Begin + rva%256, rva} {
				if tab.RuleAt(at, &r) == nil && len(r.Saved()) > 32 {
					t.Fatalf("%d saved registers", len(r.Saved()))
				}
			}
			if fn.Packed() {
				var buf [winunwind.MaxPackedCodes]winunwind.ARM64Code
				_, _ = fn.PackedData().Prolog(fn.Begin, &buf)
			} else if in, err := tab.ParseARM64Info(fn.UnwindData); err == nil {
				for j := 0; j < len(in.Codes); {
					c, err := in.Code(j)
					if err != nil {
						break
					}
					j += c.Size
				}
			}
		}
	})
}
