package cfi

import "encoding/binary"

// builder assembles synthetic call frame sections for unit tests.
type builder struct {
	kind  Kind
	order binary.AppendByteOrder
	is64  bool
	buf   []byte
}

func uleb(v uint64) []byte {
	var b []byte
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v != 0 {
			b = append(b, c|0x80)
			continue
		}
		return append(b, c)
	}
}

func sleb(v int64) []byte {
	var b []byte
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func (b *builder) u32(v uint32) []byte { return b.order.AppendUint32(nil, v) }
func (b *builder) u64(v uint64) []byte { return b.order.AppendUint64(nil, v) }

// entry appends an entry whose id field is id and body follows; returns
// its offset.
func (b *builder) entry(id uint64, body []byte) int {
	off := len(b.buf)
	idSize := 4
	if b.is64 && b.kind == DebugFrame {
		idSize = 8
	}
	n := uint64(idSize + len(body))
	if b.is64 {
		b.buf = append(b.buf, b.u32(0xffffffff)...)
		b.buf = append(b.buf, b.u64(n)...)
	} else {
		b.buf = append(b.buf, b.u32(uint32(n))...)
	}
	if idSize == 8 {
		b.buf = append(b.buf, b.u64(id)...)
	} else {
		b.buf = append(b.buf, b.u32(uint32(id))...)
	}
	b.buf = append(b.buf, body...)
	return off
}

// cie appends a CIE: version, augmentation, code/data alignment, RA
// register, augmentation data (written with its length when aug starts
// with 'z'), instructions.
func (b *builder) cie(version byte, aug string, caf uint64, daf int64, ra uint64, augData, instrs []byte) int {
	body := []byte{version}
	body = append(body, aug...)
	body = append(body, 0)
	if version == 4 {
		body = append(body, 8, 0)
	}
	body = append(body, uleb(caf)...)
	body = append(body, sleb(daf)...)
	if version == 1 {
		body = append(body, byte(ra))
	} else {
		body = append(body, uleb(ra)...)
	}
	if len(aug) > 0 && aug[0] == 'z' {
		body = append(body, uleb(uint64(len(augData)))...)
		body = append(body, augData...)
	}
	body = append(body, instrs...)
	id := uint64(0)
	if b.kind == DebugFrame {
		id = 0xffffffff
		if b.is64 {
			id = ^uint64(0)
		}
	}
	return b.entry(id, body)
}

// fde appends an FDE for the CIE at cieOff with already encoded pc fields
// and, when aug is non-nil, augmentation data.
func (b *builder) fde(cieOff int, pcFields, aug, instrs []byte) int {
	off := len(b.buf)
	idPos := off + 4
	if b.is64 {
		idPos += 8
	}
	id := uint64(cieOff)
	if b.kind == EHFrame {
		id = uint64(idPos - cieOff)
	}
	body := append([]byte(nil), pcFields...)
	if aug != nil {
		body = append(body, uleb(uint64(len(aug)))...)
		body = append(body, aug...)
	}
	body = append(body, instrs...)
	return b.entry(id, body)
}

func (b *builder) section(t interface {
	Helper()
	Fatalf(string, ...any)
}, addr uint64) *Section {
	t.Helper()
	s, err := New(Config{Kind: b.kind, Data: b.buf, Addr: addr, Order: b.order.(binary.ByteOrder), PtrSize: 8})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s
}
