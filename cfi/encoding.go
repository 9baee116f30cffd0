package cfi

// DW_EH_PE pointer encodings: the low four bits give the format, bits 4-6
// the base the value is relative to, bit 7 an indirection.
const (
	PEAbsPtr  = 0x00 // pointer-sized, unsigned
	PEULEB128 = 0x01
	PEUData2  = 0x02
	PEUData4  = 0x03
	PEUData8  = 0x04
	PESigned  = 0x08 // pointer-sized, signed
	PESLEB128 = 0x09
	PESData2  = 0x0a
	PESData4  = 0x0b
	PESData8  = 0x0c

	PEPCRel   = 0x10 // relative to the address of the encoded value
	PETextRel = 0x20 // relative to Config.TextBase
	PEDataRel = 0x30 // relative to Config.DataBase (.eh_frame_hdr: its start)
	PEFuncRel = 0x40 // relative to the FDE's pc_begin
	PEAligned = 0x50 // aligned to the pointer size, then an absolute pointer

	PEIndirect = 0x80 // the value is the address of the real value
	PEOmit     = 0xff // no value
)

// bases are the addresses relative encodings are resolved against.
type bases struct {
	addr uint64 // address of byte 0 of the reader's buffer (pcrel)
	text uint64
	data uint64
	fn   uint64
}

// encodedSize returns the fixed size of a value in the encoding's format,
// or 0 for LEB128 (variable) and -1 for an invalid format.
func encodedSize(enc uint8, ptrSize int) int {
	switch enc & 0x0f {
	case PEAbsPtr, PESigned:
		return ptrSize
	case PEUData2, PESData2:
		return 2
	case PEUData4, PESData4:
		return 4
	case PEUData8, PESData8:
		return 8
	case PEULEB128, PESLEB128:
		return 0
	}
	return -1
}

// readRaw reads a value in the encoding's format, sign-extending signed
// formats, without applying any base.
func (r *reader) readRaw(enc uint8, ptrSize int, what string) (uint64, error) {
	start := r.pos
	// The 4-byte formats (most FDEs' pc_begin and pc_range) first.
	if f := enc & 0x0f; (f == PESData4 || f == PEUData4) && r.end-r.pos >= 4 && r.pos >= 0 {
		v := r.ord.U32(r.b, r.pos)
		r.pos += 4
		if f == PESData4 {
			return uint64(int64(int32(v))), nil
		}
		return uint64(v), nil
	}
	switch enc & 0x0f {
	case PEULEB128:
		return r.uleb(what)
	case PESLEB128:
		v, err := r.sleb(what)
		return uint64(v), err
	}
	size := encodedSize(enc, ptrSize)
	if size <= 0 {
		return 0, errAt(uint64(start), what, ErrEncoding)
	}
	v, err := r.uN(size, what)
	if err != nil {
		return 0, err
	}
	if enc&0x08 != 0 && size < 8 { // signed formats
		shift := uint(64 - 8*size)
		v = uint64(int64(v<<shift) >> shift)
	}
	return v, nil
}

// readPointer reads an encoded pointer and applies its base. For
// PEIndirect it returns the address where the real value is stored and
// indirect=true: the section bytes cannot be used to dereference it.
func (r *reader) readPointer(enc uint8, ptrSize int, b *bases, what string) (v uint64, indirect bool, err error) {
	start := r.pos
	// pcrel|sdata4 of a 64-bit target first: most FDEs' pc_begin.
	if enc == PEPCRel|PESData4 && ptrSize == 8 && r.end-r.pos >= 4 && r.pos >= 0 {
		v := int32(r.ord.U32(r.b, r.pos))
		r.pos += 4
		return b.addr + uint64(start) + uint64(int64(v)), false, nil
	}
	if enc == PEOmit {
		return 0, false, errAt(uint64(start), what, ErrEncoding)
	}
	fieldAddr := b.addr + uint64(r.pos)
	app := enc & 0x70
	if app == PEAligned {
		if ptrSize <= 0 {
			return 0, false, errAt(uint64(start), what, ErrEncoding)
		}
		mis := fieldAddr % uint64(ptrSize)
		if mis != 0 {
			pad := int(uint64(ptrSize) - mis)
			if err := r.need(pad, what); err != nil {
				return 0, false, err
			}
			r.pos += pad
			fieldAddr += uint64(pad)
		}
		if enc&0x0f != PEAbsPtr {
			return 0, false, errAt(uint64(start), what, ErrEncoding)
		}
	}
	v, err = r.readRaw(enc, ptrSize, what)
	if err != nil {
		return 0, false, err
	}
	switch app {
	case 0, PEAligned:
	case PEPCRel:
		v += fieldAddr
	case PETextRel:
		v += b.text
	case PEDataRel:
		v += b.data
	case PEFuncRel:
		v += b.fn
	default:
		return 0, false, errAt(uint64(start), what, ErrEncoding)
	}
	if enc&0x80 != 0 {
		if enc&0x80 != PEIndirect {
			return 0, false, errAt(uint64(start), what, ErrEncoding)
		}
		indirect = true
	}
	if ptrSize == 4 {
		v &= 0xffffffff
	}
	return v, indirect, nil
}

// validEncoding reports whether enc is a usable pointer encoding.
func validEncoding(enc uint8) bool {
	if enc == PEOmit {
		return true
	}
	if encodedSize(enc, 8) < 0 {
		return false
	}
	return enc&0x70 <= PEAligned
}
