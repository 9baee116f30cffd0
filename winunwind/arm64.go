package winunwind

import "fmt"

// ARM64 .pdata entries are 8 bytes: the function's RVA and either the RVA
// of its .xdata record (low 2 bits 0) or packed unwind data (1: packed,
// 2: packed, a fragment without prolog).
const ARM64RuntimeFunctionSize = 8

// DWARF numbers of AArch64 that ARM64 rules use.
const (
	DwarfX29 = 29 // the frame pointer
	DwarfX30 = 30 // lr, the return address column
	DwarfSP  = 31
	DwarfD8  = 72 // d8 (v8); dN is 64+N
)

// ARM64Table holds an image's ARM64 unwind data: its .pdata entries and
// the sections their .xdata records and code are in. It is immutable and
// safe for concurrent use.
type ARM64Table struct {
	pdata    []byte
	pdataRVA uint32
	mem      memory
}

// ARM64Function is one .pdata entry: Begin, and UnwindData (an .xdata RVA,
// or packed data when its low 2 bits are not 0).
type ARM64Function struct {
	Begin, UnwindData uint32
}

// Packed reports whether the entry holds packed unwind data.
func (f ARM64Function) Packed() bool { return f.UnwindData&3 != 0 }

// NewARM64 makes an ARM64Table from the bytes of .pdata (mapped at
// pdataRVA) and the image's sections, which must hold the .xdata records.
// It checks that the entries are whole and sorted by function.
func NewARM64(pdata []byte, pdataRVA uint32, sections []Section) (*ARM64Table, error) {
	if len(pdata)%ARM64RuntimeFunctionSize != 0 {
		return nil, formatErr(pdataRVA, ".pdata", "%d bytes is not a whole number of %d-byte ARM64 RUNTIME_FUNCTION entries", len(pdata), ARM64RuntimeFunctionSize)
	}
	mem, err := newMemory(sections)
	if err != nil {
		return nil, err
	}
	n := len(pdata) / ARM64RuntimeFunctionSize
	for n > 0 && le.Uint64(pdata[(n-1)*ARM64RuntimeFunctionSize:]) == 0 {
		n--
	}
	t := &ARM64Table{pdata: pdata[:n*ARM64RuntimeFunctionSize], pdataRVA: pdataRVA, mem: mem}
	for i := 1; i < n; i++ {
		if t.At(i).Begin <= t.At(i-1).Begin {
			return nil, formatErr(pdataRVA+uint32(i*ARM64RuntimeFunctionSize), entryName(i), "function %#x is not above the previous entry's %#x (entries must be sorted)", t.At(i).Begin, t.At(i-1).Begin)
		}
	}
	return t, nil
}

// Bytes returns the n bytes of the image at rva, nil when no section
// holds them all. The slice points into the caller's sections.
func (t *ARM64Table) Bytes(rva uint32, n int) []byte { return t.mem.bytes(rva, n) }

// Len returns the number of entries.
func (t *ARM64Table) Len() int { return len(t.pdata) / ARM64RuntimeFunctionSize }

// At returns entry i (0 <= i < Len()).
func (t *ARM64Table) At(i int) ARM64Function {
	b := t.pdata[i*ARM64RuntimeFunctionSize:]
	return ARM64Function{le.Uint32(b), le.Uint32(b[4:])}
}

// ARM64Info is a decoded ARM64 unwind record: an .xdata record, a view
// over the image's bytes.
type ARM64Info struct {
	RVA            uint32 // where the .xdata record is
	FunctionLength uint32 // in bytes
	Version        uint8
	X              bool // an exception handler follows the codes
	// EpilogPacked (the E bit): one epilog, at the function's end, whose
	// codes start at byte EpilogStart of the codes; otherwise Scopes
	// lists the epilogs.
	EpilogPacked bool
	EpilogStart  uint32
	scopes       []byte // 4 bytes per epilog scope
	// Codes are the unwind code bytes.
	Codes []byte
}

// ARM64Scope is an epilog scope: the epilog starts at Offset bytes into
// the function, and its codes at byte StartIndex of the codes.
type ARM64Scope struct {
	Offset     uint32
	StartIndex uint32
}

// NumScopes returns the number of epilog scopes.
func (in *ARM64Info) NumScopes() int { return len(in.scopes) / 4 }

// Scope returns epilog scope i.
func (in *ARM64Info) Scope(i int) ARM64Scope {
	w := le.Uint32(in.scopes[4*i:])
	return ARM64Scope{Offset: (w & (1<<18 - 1)) * 4, StartIndex: w >> 22}
}

// ParseARM64Info decodes the .xdata record at rva and checks that every
// code decodes and every epilog scope's start is a code.
func (t *ARM64Table) ParseARM64Info(rva uint32) (ARM64Info, error) {
	const what = ".xdata"
	h := t.mem.bytes(rva, 4)
	if h == nil {
		return ARM64Info{}, formatErr(rva, what, "not in any section of the image")
	}
	w := le.Uint32(h)
	in := ARM64Info{RVA: rva, FunctionLength: (w & (1<<18 - 1)) * 4, Version: uint8(w >> 18 & 3),
		X: w>>20&1 != 0, EpilogPacked: w>>21&1 != 0}
	epilogs, words := w>>22&31, w>>27
	at := rva + 4
	if epilogs == 0 && words == 0 {
		x := t.mem.bytes(at, 4)
		if x == nil {
			return ARM64Info{}, formatErr(rva, what, "extended header past the end of the section")
		}
		ew := le.Uint32(x)
		epilogs, words = ew&0xffff, ew>>16&0xff
		at += 4
	}
	if in.Version != 0 {
		return ARM64Info{}, formatErr(rva, what, "version %d (0 exists)", in.Version)
	}
	nscopes := epilogs
	if in.EpilogPacked {
		in.EpilogStart, nscopes = epilogs, 0
	}
	body := t.mem.bytes(at, int(4*nscopes+4*words))
	if body == nil {
		return ARM64Info{}, formatErr(rva, what, "%d epilog scopes and %d code words pass the end of the section", nscopes, words)
	}
	in.scopes, in.Codes = body[:4*nscopes], body[4*nscopes:]
	starts := map[uint32]bool{} // code starts, to check the epilogs'
	for i := 0; i < len(in.Codes); {
		c, err := in.code(i)
		if err != nil {
			return ARM64Info{}, err
		}
		starts[uint32(i)] = true
		i += c.Size
	}
	check := func(start uint32) error {
		if !starts[start] {
			return formatErr(rva, what, "epilog codes start at byte %d, which is no code", start)
		}
		return nil
	}
	if in.EpilogPacked {
		if err := check(in.EpilogStart); err != nil {
			return ARM64Info{}, err
		}
	}
	for i := range in.NumScopes() {
		s := in.Scope(i)
		if err := check(s.StartIndex); err != nil {
			return ARM64Info{}, err
		}
		if s.Offset >= in.FunctionLength {
			return ARM64Info{}, formatErr(rva, what, "epilog scope %d at %#x is past the function's %#x bytes", i, s.Offset, in.FunctionLength)
		}
	}
	return in, nil
}

// ARM64Op is an ARM64 unwind operation.
type ARM64Op uint8

// The operations (the Microsoft documentation's names).
const (
	ARM64AllocS ARM64Op = iota
	ARM64SaveR19R20X
	ARM64SaveFPLR
	ARM64SaveFPLRX
	ARM64AllocM
	ARM64SaveRegP
	ARM64SaveRegPX
	ARM64SaveReg
	ARM64SaveRegX
	ARM64SaveLRPair
	ARM64SaveFRegP
	ARM64SaveFRegPX
	ARM64SaveFReg
	ARM64SaveFRegX
	ARM64AllocL
	ARM64SetFP
	ARM64AddFP
	ARM64Nop
	ARM64End
	ARM64EndC
	ARM64SaveNext
	ARM64Other // an operation no rule here expresses (SVE, custom frames, pac_sign_lr, ...)
)

var arm64OpNames = [...]string{"alloc_s", "save_r19r20_x", "save_fplr", "save_fplr_x", "alloc_m", "save_regp", "save_regp_x",
	"save_reg", "save_reg_x", "save_lrpair", "save_fregp", "save_fregp_x", "save_freg", "save_freg_x", "alloc_l",
	"set_fp", "add_fp", "nop", "end", "end_c", "save_next", "other"}

// String returns the operation's name, e.g. "save_fplr_x".
func (o ARM64Op) String() string {
	if int(o) < len(arm64OpNames) {
		return arm64OpNames[o]
	}
	return fmt.Sprintf("ARM64Op(%d)", uint8(o))
}

// ARM64Code is one decoded unwind code.
type ARM64Code struct {
	Op   ARM64Op
	Size int // bytes of the code
	// Reg is the first register saved (a DWARF number: x19.., x29, d8..);
	// Pair reports a pair (Reg and the next, or Reg and lr for
	// save_lrpair).
	Reg  uint16
	Pair bool
	// Offset is the save's offset from sp, or for the _x forms and
	// allocations the bytes sp moves; for add_fp the offset of fp from sp.
	Offset uint32
	// Byte is the code's first byte.
	Byte byte
}

// Code returns the code at byte i of in.Codes.
func (in *ARM64Info) Code(i int) (ARM64Code, error) { return in.code(i) }

func (in *ARM64Info) code(i int) (ARM64Code, error) {
	b := in.Codes
	if i < 0 || i >= len(b) {
		return ARM64Code{}, formatErr(in.RVA, ".xdata", "unwind code byte %d of %d", i, len(b))
	}
	c := ARM64Code{Byte: b[i], Size: 1}
	need := func(n int) bool { c.Size = n; return i+n <= len(b) }
	x := b[i]
	var y, z byte
	if i+1 < len(b) {
		y = b[i+1]
	}
	ok := true
	switch {
	case x < 0x20:
		c.Op, c.Offset = ARM64AllocS, uint32(x)*16
	case x < 0x40:
		c.Op, c.Reg, c.Pair, c.Offset = ARM64SaveR19R20X, 19, true, uint32(x&31)*8
	case x < 0x80:
		c.Op, c.Reg, c.Pair, c.Offset = ARM64SaveFPLR, DwarfX29, true, uint32(x&63)*8
	case x < 0xc0:
		c.Op, c.Reg, c.Pair, c.Offset = ARM64SaveFPLRX, DwarfX29, true, (uint32(x&63)+1)*8
	case x < 0xc8:
		ok = need(2)
		c.Op, c.Offset = ARM64AllocM, (uint32(x&7)<<8|uint32(y))*16
	case x < 0xd0:
		ok = need(2)
		c.Op, c.Pair = ARM64SaveRegP, true
		if x&4 != 0 {
			c.Op = ARM64SaveRegPX
		}
		c.Reg = 19 + uint16(x&3)<<2 + uint16(y>>6)
		c.Offset = uint32(y&63) * 8
		if c.Op == ARM64SaveRegPX {
			c.Offset += 8
		}
	case x < 0xd4:
		ok = need(2)
		c.Op, c.Reg, c.Offset = ARM64SaveReg, 19+uint16(x&3)<<2+uint16(y>>6), uint32(y&63)*8
	case x < 0xd6:
		ok = need(2)
		c.Op, c.Reg, c.Offset = ARM64SaveRegX, 19+uint16(x&1)<<3+uint16(y>>5), (uint32(y&31)+1)*8
	case x < 0xd8:
		ok = need(2)
		c.Op, c.Reg, c.Pair, c.Offset = ARM64SaveLRPair, 19+2*(uint16(x&1)<<2+uint16(y>>6)), true, uint32(y&63)*8
	case x < 0xda:
		ok = need(2)
		c.Op, c.Reg, c.Pair, c.Offset = ARM64SaveFRegP, DwarfD8+uint16(x&1)<<2+uint16(y>>6), true, uint32(y&63)*8
	case x < 0xdc:
		ok = need(2)
		c.Op, c.Reg, c.Pair, c.Offset = ARM64SaveFRegPX, DwarfD8+uint16(x&1)<<2+uint16(y>>6), true, (uint32(y&63)+1)*8
	case x < 0xde:
		ok = need(2)
		c.Op, c.Reg, c.Offset = ARM64SaveFReg, DwarfD8+uint16(x&1)<<2+uint16(y>>6), uint32(y&63)*8
	case x == 0xde:
		ok = need(2)
		c.Op, c.Reg, c.Offset = ARM64SaveFRegX, DwarfD8+uint16(y>>5), (uint32(y&31)+1)*8
	case x == 0xe0:
		ok = need(4)
		if ok {
			z = b[i+2]
			c.Op, c.Offset = ARM64AllocL, (uint32(y)<<16|uint32(z)<<8|uint32(b[i+3]))*16
		}
	case x == 0xe1:
		c.Op = ARM64SetFP
	case x == 0xe2:
		ok = need(2)
		c.Op, c.Offset = ARM64AddFP, uint32(y)*8
	case x == 0xe3:
		c.Op = ARM64Nop
	case x == 0xe4:
		c.Op = ARM64End
	case x == 0xe5:
		c.Op = ARM64EndC
	case x == 0xe6:
		c.Op = ARM64SaveNext
	case x == 0xdf: // alloc_z (SVE)
		ok = need(2)
		c.Op = ARM64Other
	case x == 0xe7: // save_any_reg
		ok = need(3)
		c.Op = ARM64Other
	default: // e8-ff: custom frames, pac_sign_lr, reserved
		c.Op = ARM64Other
	}
	if !ok {
		return c, formatErr(in.RVA, ".xdata", "code byte %d (%#02x): %v needs %d bytes, %d are left", i, x, c.Op, c.Size, len(b)-i)
	}
	return c, nil
}

// Lookup returns the entry whose function covers rva, and its
// .xdata record (zero for a packed entry). A packed entry of the reserved
// Flag 3 is a *FormatError.
func (t *ARM64Table) Lookup(rva uint32) (ARM64Function, ARM64Info, bool, error) {
	lo, hi := 0, t.Len()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.At(m).Begin <= rva {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return ARM64Function{}, ARM64Info{}, false, nil
	}
	fn := t.At(lo - 1)
	if fn.Packed() {
		if fn.UnwindData&3 == 3 {
			return fn, ARM64Info{}, false, formatErr(fn.Begin, "packed .pdata entry", "Flag 3 is reserved")
		}
		if length := (fn.UnwindData >> 2 & (1<<11 - 1)) * 4; rva-fn.Begin >= length {
			return ARM64Function{}, ARM64Info{}, false, nil
		}
		return fn, ARM64Info{}, true, nil
	}
	in, err := t.ParseARM64Info(fn.UnwindData)
	if err != nil {
		return fn, in, false, err
	}
	if rva-fn.Begin >= in.FunctionLength {
		return ARM64Function{}, ARM64Info{}, false, nil
	}
	return fn, in, true, nil
}

// RuleAt gives the rule at rva of an ARM64 function: its CFA (the
// caller's sp), where lr (the return address) is saved, if it is
// (otherwise Rule.ReturnAddressInLR), and where each saved register is.
// Every unwind code is one instruction, so the instruction index of rva
// says how much of the prolog has run or where in an epilog rva is, for
// an interrupted instruction as for a return address minus 1 (the index of
// the call). The operations no rule expresses (SVE, custom frames,
// end_c, pointer authentication) are ErrUnsupported. A packed entry's
// rule is that of the canonical prolog and epilog it implies
// (ARM64Packed.Prolog); a fragment (Flag 2) is body throughout. It
// allocates nothing unless it fails with a *FormatError.
func (t *ARM64Table) RuleAt(rva uint32, r *Rule) error {
	fn, in, ok, err := t.Lookup(rva)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotFound
	}
	*r = Rule{Function: RuntimeFunction{Begin: fn.Begin, UnwindInfo: fn.UnwindData}, CFA: Loc{DwarfSP, 0}}
	if fn.Packed() {
		return packedRule(fn, int((rva-fn.Begin)/4), r)
	}
	r.Function.End = fn.Begin + in.FunctionLength
	k := int((rva - fn.Begin) / 4)
	prolog, err := in.count(0)
	if err != nil {
		return err
	}
	// An epilog: its codes from the instruction at rva on.
	try := func(start uint32, first int) (bool, error) {
		n, err := in.count(first)
		if err != nil {
			return false, err
		}
		n++ // the end code is the ret
		if at := int(start / 4); k >= at && k < at+n {
			r.Where = InEpilog
			return true, in.apply(first, k-at, r)
		}
		return false, nil
	}
	if in.EpilogPacked {
		n, err := in.count(int(in.EpilogStart))
		if err != nil {
			return err
		}
		if found, err := try(in.FunctionLength-4*uint32(n+1), int(in.EpilogStart)); found || err != nil {
			return err
		}
	}
	for i := range in.NumScopes() {
		s := in.Scope(i)
		if found, err := try(s.Offset, int(s.StartIndex)); found || err != nil {
			return err
		}
	}
	skip := 0
	if k < prolog {
		r.Where, skip = InProlog, prolog-k
	}
	return in.apply(0, skip, r)
}

// count returns the number of codes from byte first to the next end.
func (in *ARM64Info) count(first int) (int, error) {
	n := 0
	for i := first; i < len(in.Codes); {
		c, err := in.code(i)
		if err != nil {
			return 0, err
		}
		if c.Op == ARM64End || c.Op == ARM64EndC {
			return n, nil
		}
		n++
		i += c.Size
	}
	return n, nil
}

// apply unwinds by the codes from byte first to the next end, skipping
// the first skip of them (instructions that have not run, or already
// have), into r: r.CFA starts as sp and moves as the codes say.
func (in *ARM64Info) apply(first, skip int, r *Rule) error {
	u := arm64Unwinder{rule: r, cur: Loc{DwarfSP, 0}}
	for i, n := first, 0; i < len(in.Codes); n++ {
		c, err := in.code(i)
		if err != nil {
			return err
		}
		i += c.Size
		if c.Op == ARM64End {
			break
		}
		if n < skip {
			continue
		}
		if c.Op == ARM64SaveNext {
			base, m, err := in.saveNextBase(i)
			if err != nil {
				return err
			}
			at := u.cur
			switch base.Op {
			case ARM64SaveRegP, ARM64SaveFRegP:
				at.Offset += int64(base.Offset)
			}
			at.Offset += 16 * int64(m)
			u.save(base.Reg+2*uint16(m), at)
			u.save(base.Reg+2*uint16(m)+1, Loc{at.Reg, at.Offset + 8})
			continue
		}
		if !u.step(c) {
			return unsupported(in.RVA, ".xdata", "code %#02x (%v) is not expressed as a rule", c.Byte, c.Op)
		}
	}
	u.finish()
	return nil
}

// arm64Unwinder is the state of one ARM64 rule computation: sp of the
// frame being unwound as a location (it starts as sp + 0), and whether
// lr was saved.
type arm64Unwinder struct {
	rule *Rule
	cur  Loc
	lr   bool
}

func (u *arm64Unwinder) save(reg uint16, at Loc) {
	u.rule.save(reg, at)
	if reg == DwarfX30 {
		u.lr = true
	}
}

// step applies code c (any but save_next), reporting false for one no
// rule expresses.
func (u *arm64Unwinder) step(c ARM64Code) bool {
	off, cur := int64(c.Offset), u.cur
	switch c.Op {
	case ARM64AllocS, ARM64AllocM, ARM64AllocL:
		u.cur.Offset += off
	case ARM64SaveR19R20X, ARM64SaveFPLRX, ARM64SaveRegPX, ARM64SaveRegX, ARM64SaveFRegPX, ARM64SaveFRegX:
		u.save(c.Reg, cur)
		if c.Pair {
			u.save(c.Reg+1, Loc{cur.Reg, cur.Offset + 8})
		}
		u.cur.Offset += off
	case ARM64SaveFPLR, ARM64SaveRegP, ARM64SaveReg, ARM64SaveFRegP, ARM64SaveFReg:
		u.save(c.Reg, Loc{cur.Reg, cur.Offset + off})
		if c.Pair {
			u.save(c.Reg+1, Loc{cur.Reg, cur.Offset + off + 8})
		}
	case ARM64SaveLRPair:
		u.save(c.Reg, Loc{cur.Reg, cur.Offset + off})
		u.save(DwarfX30, Loc{cur.Reg, cur.Offset + off + 8})
	case ARM64SetFP:
		u.cur = Loc{DwarfX29, 0}
	case ARM64AddFP:
		u.cur = Loc{DwarfX29, -off}
	case ARM64Nop:
	default:
		return false
	}
	return true
}

// finish sets the rule's CFA and return address.
func (u *arm64Unwinder) finish() {
	r := u.rule
	r.CFA = u.cur
	if u.lr {
		for _, s := range r.Saved() {
			if s.Reg == DwarfX30 {
				r.ReturnAddress = s.At
			}
		}
	} else {
		r.ReturnAddressInLR = true
	}
}

// saveNextBase returns, for a save_next whose code ends at byte i, the
// save it continues and how many pairs after that save's it is: the codes
// run in reverse of the prolog, so the save is the first code after the
// run of save_next, and a save_next m codes before it saves the m-th
// pair after.
func (in *ARM64Info) saveNextBase(i int) (ARM64Code, int, error) {
	m := 1
	for i < len(in.Codes) {
		c, err := in.code(i)
		if err != nil {
			return c, 0, err
		}
		switch c.Op {
		case ARM64SaveNext:
			m++
			i += c.Size
			continue
		case ARM64SaveR19R20X, ARM64SaveRegP, ARM64SaveRegPX, ARM64SaveFRegP, ARM64SaveFRegPX:
			last := uint16(28)
			if c.Reg >= DwarfD8 {
				last = DwarfD8 + 7
			}
			if c.Reg+2*uint16(m)+1 > last {
				return c, 0, formatErr(in.RVA, ".xdata", "save_next past the last callee-saved register pair")
			}
			return c, m, nil
		}
		return c, 0, unsupported(in.RVA, ".xdata", "save_next after %v", c.Op)
	}
	return ARM64Code{}, 0, formatErr(in.RVA, ".xdata", "save_next with no save after it")
}
