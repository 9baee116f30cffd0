package cfi

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fuzzConfig turns fuzz inputs into a Config: flags bit 0 selects
// .debug_frame, bit 1 big-endian, bit 2 4-byte pointers.
func fuzzConfig(data, hdr []byte, addr, hdrAddr uint64, flags uint8) Config {
	c := Config{Data: data, Addr: addr, Order: binary.LittleEndian, PtrSize: 8, Hdr: hdr, HdrAddr: hdrAddr,
		TextBase: addr &^ 0xffff, DataBase: hdrAddr}
	if flags&1 != 0 {
		c.Kind = DebugFrame
	}
	if flags&2 != 0 {
		c.Order = binary.BigEndian
	}
	if flags&4 != 0 {
		c.PtrSize = 4
	}
	if len(hdr) == 0 {
		c.Hdr = nil
	}
	return c
}

// FuzzParse decodes every entry of a fuzzed section and computes every row
// of every FDE; nothing may panic and every error must be an *Error.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, data, hdr []byte, addr, hdrAddr uint64, flags uint8) {
		s, err := New(fuzzConfig(data, hdr, addr, hdrAddr, flags))
		if err != nil {
			checkErr(t, err)
			return
		}
		var u Unwinder
		n := 0
		for fde, err := range s.FDEs() {
			if err != nil {
				checkErr(t, err)
				break
			}
			if n++; n > 2000 {
				break
			}
			rows := 0
			var err error
			for r, rerr := range s.Rows(&fde, &u) {
				if err = rerr; err != nil {
					break
				}
				if r.End < r.Start {
					t.Fatalf("row %#x-%#x ends before it starts", r.Start, r.End)
				}
				if rows++; rows >= 10000 {
					break
				}
			}
			if err != nil {
				checkErr(t, err)
				continue
			}
			if fde.PCEnd > fde.PCBegin {
				r, err := s.FDERow(&fde, fde.PCEnd-1, &u)
				if err != nil {
					t.Fatalf("Rows succeeded but FDERow failed: %v", err)
				}
				if r.Start > fde.PCEnd-1 || (r.End <= fde.PCEnd-1) {
					t.Fatalf("row %#x-%#x does not contain %#x", r.Start, r.End, fde.PCEnd-1)
				}
			}
			if _, err := s.ParseCIE(fde.CIE.Offset); err != nil {
				t.Fatalf("FDE's CIE does not parse alone: %v", err)
			}
		}
	})
}

// FuzzRow looks up a fuzzed PC in a fuzzed section (through the
// .eh_frame_hdr table when there is one).
func FuzzRow(f *testing.F) {
	f.Fuzz(func(t *testing.T, data, hdr []byte, addr, hdrAddr, pc uint64, flags uint8) {
		s, err := New(fuzzConfig(data, hdr, addr, hdrAddr, flags))
		if err != nil {
			checkErr(t, err)
			return
		}
		var u Unwinder
		if x, err := s.NewIndex(); err != nil {
			checkErr(t, err)
		} else if r, err := x.RowAt(pc, &u); err != nil {
			checkErr(t, err)
		} else if pc < r.Start || pc >= r.End {
			t.Fatalf("index row %#x-%#x does not contain %#x", r.Start, r.End, pc)
		}
		r, err := s.RowAt(pc, &u)
		if err != nil {
			checkErr(t, err)
			return
		}
		if pc < r.Start || pc >= r.End {
			t.Fatalf("row %#x-%#x does not contain %#x", r.Start, r.End, pc)
		}
		fde, err := s.FindFDE(pc)
		if err != nil || !fde.Contains(pc) {
			t.Fatalf("RowAt succeeded but FindFDE gives %v", err)
		}
	})
}

func checkErr(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if !asError(err, &e) || e.Err == nil || e.What == "" {
		t.Fatalf("error %v (%T) is not a complete *cfi.Error", err, err)
	}
}

func asError(err error, target **Error) bool {
	e, ok := err.(*Error)
	if ok {
		*target = e
	}
	return ok
}

// TestWriteFuzzCorpus writes the seed corpora under testdata/fuzz from
// real sections when STACKMAPS_CFI_WRITE_CORPUS=1.
func TestWriteFuzzCorpus(t *testing.T) {
	if os.Getenv("STACKMAPS_CFI_WRITE_CORPUS") != "1" {
		t.Skip("set STACKMAPS_CFI_WRITE_CORPUS=1 to rewrite testdata/fuzz")
	}
	files := []string{
		"cfi/build/x86_64/exe", "cfi/build/aarch64/pie", "cfi/build/ppc64/exe", "cfi/build/s390x/pie",
		"cfi/build/riscv64/exe", "cfi/build/ppc64le/pie", "cfi/build/aarch64/prog_pac.o",
		"cfi/build/riscv64/frames.o", "cfi/build/x86_64/frames_dwarf64.o", "cfi/build/s390x/prog_debugframe.o",
		"linked/x86_64-elf/libstackmaps.so", "cfi/build/ppc64/exe_eh", "cfi/build/x86_64/eh.o", "objects/llvm22/riscv64-elf/dynamic_alloca_rv64gcv.o",
	}
	for _, name := range []string{"FuzzParse", "FuzzRow"} {
		dir := filepath.Join("testdata/fuzz", name)
		require.NoError(t, os.RemoveAll(dir))
		require.NoError(t, os.MkdirAll(dir, 0o755))
	}
	for _, rel := range files {
		f, err := elf.Open(filepath.Join(testdataDir, rel))
		require.NoError(t, err)
		var flags uint8
		if f.ByteOrder == binary.BigEndian {
			flags |= 2
		}
		for _, secName := range []string{".eh_frame", ".debug_frame"} {
			sec := f.Section(secName)
			if sec == nil {
				continue
			}
			data := sectionBytes(t, sec)
			fl := flags
			var hdr []byte
			var hdrAddr uint64
			if secName == ".debug_frame" {
				fl |= 1
			} else if h := f.Section(".eh_frame_hdr"); h != nil {
				hdr, hdrAddr = sectionBytes(t, h), h.Addr
			}
			base := strings.NewReplacer("/", "_", ".", "_").Replace(rel + secName)
			// A PC in the middle of the first FDE.
			s, err := New(Config{Kind: Kind(fl & 1), Data: data, Addr: sec.Addr, Order: f.ByteOrder, PtrSize: 8, Hdr: hdr, HdrAddr: hdrAddr})
			require.NoError(t, err)
			pc := sec.Addr
			for fde, err := range s.FDEs() {
				require.NoError(t, err)
				pc = fde.PCBegin + (fde.PCEnd-fde.PCBegin)/2
			}
			writeSeed(t, "FuzzParse", base, data, hdr, sec.Addr, hdrAddr, fl)
			writeSeed(t, "FuzzRow", base, data, hdr, sec.Addr, hdrAddr, pc, fl)
		}
		f.Close()
	}
}

func writeSeed(t *testing.T, fuzzName, base string, vals ...any) {
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for _, v := range vals {
		switch v := v.(type) {
		case []byte:
			fmt.Fprintf(&b, "[]byte(%q)\n", v)
		case uint64:
			fmt.Fprintf(&b, "uint64(%d)\n", v)
		case uint8:
			fmt.Fprintf(&b, "byte(%q)\n", v)
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join("testdata/fuzz", fuzzName, base), []byte(b.String()), 0o644))
}
