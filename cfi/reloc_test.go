package cfi

import (
	"debug/elf"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// applyRelocs returns a copy of the section data of a relocatable object
// with its RELA relocations applied as if every section were at address 0
// (what llvm-dwarfdump does): symbol values are section offsets. Only the
// relocation types found in .eh_frame and .debug_frame of the test data
// are handled; any other fails the test. It is kept apart from
// elfsection.File.Frames (which package cfi's own tests cannot
// import) as an independent check of it: TestRelocatedObjects requires
// both to give the same bytes.
func applyRelocs(t testing.TB, f *elf.File, target *elf.Section, data []byte) []byte {
	t.Helper()
	var idx int
	for i, s := range f.Sections {
		if s == target {
			idx = i
		}
	}
	out := append([]byte(nil), data...)
	syms, err := f.Symbols()
	if err != nil {
		syms = nil
	}
	bo := f.ByteOrder
	for _, rs := range f.Sections {
		if rs.Type != elf.SHT_RELA || int(rs.Info) != idx {
			continue
		}
		rb, err := rs.Data()
		require.NoError(t, err)
		require.Zero(t, len(rb)%24)
		for i := 0; i+24 <= len(rb); i += 24 {
			off := bo.Uint64(rb[i:])
			info := bo.Uint64(rb[i+8:])
			add := int64(bo.Uint64(rb[i+16:]))
			symIdx, typ := info>>32, uint32(info)
			var s uint64
			if symIdx > 0 {
				require.LessOrEqual(t, symIdx, uint64(len(syms)))
				s = syms[symIdx-1].Value
			}
			v := s + uint64(add)
			p := off
			kind := relocKind(f.Machine, typ)
			require.NotEmpty(t, kind, "relocation type %d on %v", typ, f.Machine)
			require.Less(t, off, uint64(len(out)))
			switch kind {
			case "abs32":
				bo.PutUint32(out[off:], uint32(v))
			case "abs64":
				bo.PutUint64(out[off:], v)
			case "pc32":
				bo.PutUint32(out[off:], uint32(v-p))
			case "pc64":
				bo.PutUint64(out[off:], v-p)
			case "add8":
				out[off] += byte(v)
			case "add16":
				bo.PutUint16(out[off:], bo.Uint16(out[off:])+uint16(v))
			case "add32":
				bo.PutUint32(out[off:], bo.Uint32(out[off:])+uint32(v))
			case "add64":
				bo.PutUint64(out[off:], bo.Uint64(out[off:])+v)
			case "sub8":
				out[off] -= byte(v)
			case "sub16":
				bo.PutUint16(out[off:], bo.Uint16(out[off:])-uint16(v))
			case "sub32":
				bo.PutUint32(out[off:], bo.Uint32(out[off:])-uint32(v))
			case "sub64":
				bo.PutUint64(out[off:], bo.Uint64(out[off:])-v)
			case "set6":
				out[off] = out[off]&0xc0 | byte(v)&0x3f
			case "sub6":
				out[off] = out[off]&0xc0 | (out[off]-byte(v))&0x3f
			case "set8":
				out[off] = byte(v)
			case "set16":
				bo.PutUint16(out[off:], uint16(v))
			case "set32":
				bo.PutUint32(out[off:], uint32(v))
			default:
				panic(fmt.Sprint("unhandled ", kind))
			}
		}
	}
	return out
}

func relocKind(m elf.Machine, typ uint32) string {
	switch m {
	case elf.EM_X86_64:
		return map[elf.R_X86_64]string{elf.R_X86_64_32: "abs32", elf.R_X86_64_64: "abs64", elf.R_X86_64_PC32: "pc32", elf.R_X86_64_PC64: "pc64"}[elf.R_X86_64(typ)]
	case elf.EM_AARCH64:
		return map[elf.R_AARCH64]string{elf.R_AARCH64_ABS32: "abs32", elf.R_AARCH64_ABS64: "abs64", elf.R_AARCH64_PREL32: "pc32", elf.R_AARCH64_PREL64: "pc64"}[elf.R_AARCH64(typ)]
	case elf.EM_PPC64:
		return map[elf.R_PPC64]string{elf.R_PPC64_ADDR32: "abs32", elf.R_PPC64_ADDR64: "abs64", elf.R_PPC64_REL32: "pc32", elf.R_PPC64_REL64: "pc64"}[elf.R_PPC64(typ)]
	case elf.EM_S390:
		return map[elf.R_390]string{elf.R_390_32: "abs32", elf.R_390_64: "abs64", elf.R_390_PC32: "pc32", elf.R_390_PC64: "pc64"}[elf.R_390(typ)]
	case elf.EM_RISCV:
		return map[elf.R_RISCV]string{elf.R_RISCV_32: "abs32", elf.R_RISCV_64: "abs64", elf.R_RISCV_32_PCREL: "pc32",
			elf.R_RISCV_ADD8: "add8", elf.R_RISCV_ADD16: "add16", elf.R_RISCV_ADD32: "add32", elf.R_RISCV_ADD64: "add64",
			elf.R_RISCV_SUB8: "sub8", elf.R_RISCV_SUB16: "sub16", elf.R_RISCV_SUB32: "sub32", elf.R_RISCV_SUB64: "sub64",
			elf.R_RISCV_SET6: "set6", elf.R_RISCV_SUB6: "sub6", elf.R_RISCV_SET8: "set8", elf.R_RISCV_SET16: "set16",
			elf.R_RISCV_SET32: "set32"}[elf.R_RISCV(typ)]
	}
	return ""
}
