package jitrt

import (
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// EHFrameUnwinder unwinds x86_64 frames with the CFI of the module's own
// .eh_frame, as the memory manager received it: the caller's rsp is the
// CFA, its return address and the callee-saved registers the callee saved
// are read from where the CFI says they are, and the callee-saved
// registers it did not save are the callee's. It reads the subset of
// DWARF CFI that LLVM writes for x86_64 (no CFA expressions). It is a
// small stand-in for a full CFI unwinder.
type EHFrameUnwinder struct{}

// calleeSaved are the x86_64 SysV callee-saved registers (DWARF rbx, rbp,
// r12-r15), whose values are the caller's unless the CFI says otherwise.
var calleeSaved = [...]uint16{3, 6, 12, 13, 14, 15}

// Unwind recovers the caller's registers at the return address.
func (EHFrameUnwinder) Unwind(m *Module, pc uint64, regs stackmap.RegisterFile, mem *LiveStack) (*CallerRegs, error) {
	// A return address may lie just past the function's last call, so the
	// CFI row is the one for pc-1 (every frame here stops at a call).
	row, err := cfiRow(m.EHFrame, m.EHFrameAddr, pc-1)
	if err != nil {
		return nil, err
	}
	base, ok := regs.Register(row.cfaReg)
	if !ok {
		return nil, fmt.Errorf("CFA register %d unknown", row.cfaReg)
	}
	cfa := uint64(int64(base) + row.cfaOffset)
	c := &CallerRegs{}
	for _, r := range calleeSaved {
		if v, ok := regs.Register(r); ok {
			c.Set(r, v)
		}
	}
	for r := uint16(0); r < uint16(len(row.saved)); r++ {
		if !row.has[r] {
			continue
		}
		v, err := mem.Word(uint64(int64(cfa) + row.saved[r]))
		if err != nil {
			return nil, fmt.Errorf("register %d saved at CFA%+d: %w", r, row.saved[r], err)
		}
		c.Set(r, v)
	}
	if !row.has[RegRIP] {
		return nil, errors.New("the CFI does not say where the return address is")
	}
	c.Set(RegRSP, cfa)
	return c, nil
}

// cfiState is one row of the CFI table: the CFA rule and the registers
// saved at CFA+offset.
type cfiState struct {
	cfaReg    uint16
	cfaOffset int64
	saved     [17]int64 // DWARF 0-16 (16 = return address)
	has       [17]bool
}

// ehReader reads .eh_frame fields, failing (not panicking) at its end.
type ehReader struct {
	b   []byte
	off int
	err error
}

func (r *ehReader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf(".eh_frame offset %#x: %s", r.off, what)
	}
}

func (r *ehReader) bytes(n int) []byte {
	if r.err != nil || n < 0 || r.off < 0 || r.off > len(r.b) || n > len(r.b)-r.off {
		r.fail(fmt.Sprintf("%d bytes past the end", n))
		return nil
	}
	p := r.b[r.off : r.off+n]
	r.off += n
	return p
}

func (r *ehReader) u8() uint8 {
	if p := r.bytes(1); p != nil {
		return p[0]
	}
	return 0
}

func (r *ehReader) uN(n int) uint64 {
	p := r.bytes(n)
	var v uint64
	for i := len(p) - 1; i >= 0; i-- {
		v = v<<8 | uint64(p[i])
	}
	return v
}

func (r *ehReader) uleb() uint64 {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		b := r.u8()
		if r.err != nil {
			return 0
		}
		if shift < 64 {
			v |= uint64(b&0x7f) << shift
		}
		if b&0x80 == 0 {
			return v
		}
	}
}

func (r *ehReader) sleb() int64 {
	var v int64
	var shift uint
	for {
		b := r.u8()
		if r.err != nil {
			return 0
		}
		if shift < 64 {
			v |= int64(b&0x7f) << shift
		}
		shift += 7
		if b&0x80 == 0 {
			if shift < 64 && b&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
	}
}

// pointer reads a pointer in DW_EH_PE encoding enc, at section address
// secAddr + r.off.
func (r *ehReader) pointer(enc uint8, secAddr uint64) uint64 {
	at := secAddr + uint64(r.off)
	var v uint64
	switch enc & 0x0f {
	case 0x00, 0x04: // absptr, udata8
		v = r.uN(8)
	case 0x03: // udata4
		v = r.uN(4)
	case 0x0b: // sdata4
		v = uint64(int64(int32(r.uN(4))))
	case 0x0c: // sdata8
		v = r.uN(8)
	default:
		r.fail(fmt.Sprintf("pointer encoding %#x not supported", enc))
		return 0
	}
	switch enc & 0x70 {
	case 0x00:
	case 0x10: // pcrel
		v += at
	default:
		r.fail(fmt.Sprintf("pointer application %#x not supported", enc&0x70))
	}
	return v
}

// cie is what an FDE needs of its CIE.
type cie struct {
	codeAlign uint64
	dataAlign int64
	raReg     uint64
	fdeEnc    uint8
	hasAug    bool // "z" augmentation: FDEs carry augmentation data
	initial   []byte
}

func parseCIE(b []byte, off int) (cie, error) {
	if off < 0 || off >= len(b) {
		return cie{}, fmt.Errorf(".eh_frame: CIE pointer to offset %d outside the section", off)
	}
	r := &ehReader{b: b, off: off}
	length := int(r.uN(4))
	end := r.off + length
	if id := r.uN(4); id != 0 && r.err == nil {
		return cie{}, fmt.Errorf(".eh_frame offset %#x: not a CIE", off)
	}
	c := cie{fdeEnc: 0}
	version := r.u8()
	aug := ""
	for ch := r.u8(); ch != 0 && r.err == nil; ch = r.u8() {
		aug += string(rune(ch))
	}
	c.codeAlign = r.uleb()
	c.dataAlign = r.sleb()
	if version == 1 {
		c.raReg = uint64(r.u8())
	} else {
		c.raReg = r.uleb()
	}
	if len(aug) > 0 && aug[0] == 'z' {
		c.hasAug = true
		n := int(r.uleb())
		augEnd := r.off + n
		for _, ch := range aug[1:] {
			switch ch {
			case 'R':
				c.fdeEnc = r.u8()
			case 'P':
				enc := r.u8()
				r.pointer(enc, 0)
			case 'L':
				r.u8()
			}
		}
		r.off = augEnd
	}
	if r.err == nil && (end < r.off || end > len(b)) {
		r.fail("CIE length out of range")
	}
	if r.err != nil {
		return cie{}, r.err
	}
	c.initial = b[r.off:end]
	return c, nil
}

// cfiRow finds the FDE covering pc in an .eh_frame at secAddr and runs its
// CFI program up to pc.
func cfiRow(eh []byte, secAddr, pc uint64) (*cfiState, error) {
	if len(eh) == 0 {
		return nil, errors.New("the module has no .eh_frame")
	}
	for off := 0; off+4 <= len(eh); {
		r := &ehReader{b: eh, off: off}
		length := int(r.uN(4))
		if length == 0 { // terminator
			break
		}
		if length == 0xffffffff {
			return nil, fmt.Errorf(".eh_frame offset %#x: 64-bit DWARF not supported", off)
		}
		end := r.off + length
		if end > len(eh) || end < r.off {
			return nil, fmt.Errorf(".eh_frame offset %#x: length %d past the end", off, length)
		}
		idAt := r.off
		id := r.uN(4)
		if id != 0 { // an FDE; id is the distance back to its CIE
			c, err := parseCIE(eh, idAt-int(id))
			if err != nil {
				return nil, err
			}
			lo := r.pointer(c.fdeEnc, secAddr)
			n := r.pointer(c.fdeEnc&0x0f, secAddr)
			if r.err != nil {
				return nil, r.err
			}
			if pc >= lo && pc-lo < n {
				if c.hasAug {
					r.bytes(int(r.uleb()))
				}
				if r.err != nil {
					return nil, r.err
				}
				st := &cfiState{}
				init := &cfiState{}
				if err := runCFI(c, c.initial, lo, pc, init, nil, secAddr); err != nil {
					return nil, err
				}
				*st = *init
				if err := runCFI(c, eh[r.off:end], lo, pc, st, init, secAddr); err != nil {
					return nil, err
				}
				return st, nil
			}
		}
		off = end
	}
	return nil, fmt.Errorf("no FDE covers %#x", pc)
}

// runCFI executes CFI instructions from loc until the row for pc is
// complete. init is the CIE's initial row (for DW_CFA_restore).
func runCFI(c cie, prog []byte, loc, pc uint64, st, init *cfiState, secAddr uint64) error {
	r := &ehReader{b: prog}
	var stack []cfiState
	setSaved := func(reg uint64, off int64) {
		if reg < uint64(len(st.saved)) {
			st.saved[reg], st.has[reg] = off, true
		}
	}
	clear := func(reg uint64) {
		if reg < uint64(len(st.saved)) {
			st.has[reg] = false
		}
	}
	for r.off < len(prog) && r.err == nil {
		op := r.u8()
		advance := uint64(0)
		switch op >> 6 {
		case 1: // DW_CFA_advance_loc
			advance = uint64(op&0x3f) * c.codeAlign
		case 2: // DW_CFA_offset
			setSaved(uint64(op&0x3f), int64(r.uleb())*c.dataAlign)
			continue
		case 3: // DW_CFA_restore
			reg := uint64(op & 0x3f)
			if init != nil && reg < uint64(len(st.saved)) {
				st.saved[reg], st.has[reg] = init.saved[reg], init.has[reg]
			}
			continue
		}
		if op>>6 == 0 {
			switch op {
			case 0x00: // nop
			case 0x01: // set_loc
				nl := r.pointer(c.fdeEnc, secAddr)
				if nl > pc {
					return r.err
				}
				loc = nl
			case 0x02:
				advance = r.uN(1) * c.codeAlign
			case 0x03:
				advance = r.uN(2) * c.codeAlign
			case 0x04:
				advance = r.uN(4) * c.codeAlign
			case 0x05: // offset_extended
				reg := r.uleb()
				setSaved(reg, int64(r.uleb())*c.dataAlign)
			case 0x06: // restore_extended
				reg := r.uleb()
				if init != nil && reg < uint64(len(st.saved)) {
					st.saved[reg], st.has[reg] = init.saved[reg], init.has[reg]
				}
			case 0x07, 0x08: // undefined, same_value
				clear(r.uleb())
			case 0x0a: // remember_state
				stack = append(stack, *st)
			case 0x0b: // restore_state
				if len(stack) == 0 {
					return errors.New("CFI restore_state without remember_state")
				}
				*st = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			case 0x0c: // def_cfa
				st.cfaReg = uint16(r.uleb())
				st.cfaOffset = int64(r.uleb())
			case 0x0d: // def_cfa_register
				st.cfaReg = uint16(r.uleb())
			case 0x0e: // def_cfa_offset
				st.cfaOffset = int64(r.uleb())
			case 0x11: // offset_extended_sf
				reg := r.uleb()
				setSaved(reg, r.sleb()*c.dataAlign)
			case 0x12: // def_cfa_sf
				st.cfaReg = uint16(r.uleb())
				st.cfaOffset = r.sleb() * c.dataAlign
			case 0x13: // def_cfa_offset_sf
				st.cfaOffset = r.sleb() * c.dataAlign
			case 0x2e: // GNU_args_size
				r.uleb()
			default:
				return fmt.Errorf("CFI opcode %#x not supported", op)
			}
		}
		if advance != 0 {
			if loc+advance > pc {
				return r.err
			}
			loc += advance
		}
	}
	return r.err
}
