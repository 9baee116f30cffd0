package machosection

import (
	"debug/macho"
	"encoding/binary"
	"fmt"
	"io"
	"sort"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Linked Mach-O images for macOS 12 and later (and iOS 15) do not keep
// plain pointers with rebase opcodes: each pointer that needs a fixup holds
// an encoded value, chained to the next one on its page, and the load
// command LC_DYLD_CHAINED_FIXUPS says where the chains start (Apple's
// <mach-o/fixup-chains.h>). The stack map section's function addresses are
// such pointers; chainedFixups decodes them.

const (
	lcDyldChainedFixups = 0x80000034 // LC_DYLD_CHAINED_FIXUPS

	chainedPtr64       = 2 // DYLD_CHAINED_PTR_64: rebase target is a vmaddr
	chainedPtr64Offset = 6 // DYLD_CHAINED_PTR_64_OFFSET: rebase target is an offset from the image base

	chainedPageNone  = 0xFFFF // DYLD_CHAINED_PTR_START_NONE: no fixups on the page
	chainedPageMulti = 0x8000 // DYLD_CHAINED_PTR_START_MULTI (32-bit formats only)
	chainedImport    = 1      // DYLD_CHAINED_IMPORT: 4-byte import entries
)

// chainedFixups decodes the chained fixups that land in the stack map
// section s of a linked image (nil when the file has none).
func (x *file) chainedFixups(s *macho.Section, data []byte) ([]stackmap.Fixup, error) {
	f := x.f
	blob, blobOff, ok, err := x.chainedFixupsBlob()
	if !ok || err != nil {
		return nil, err
	}
	// fail reports a fault in the blob, at its file offset.
	fail := func(format string, args ...any) error {
		re := &stackmap.RelocationError{Section: "LC_DYLD_CHAINED_FIXUPS", Index: -1, Detail: fmt.Sprintf(format, args...)}
		return x.err("LC_DYLD_CHAINED_FIXUPS data", blobOff, re)
	}
	le := binary.LittleEndian // the fixup tables are little-endian on every Apple target
	u32 := func(off uint64) (uint32, bool) {
		if off > uint64(len(blob)) || uint64(len(blob))-off < 4 {
			return 0, false
		}
		return le.Uint32(blob[off:]), true
	}
	startsOff, ok1 := u32(4)
	importsOff, ok2 := u32(8)
	symbolsOff, ok3 := u32(12)
	importsCount, ok4 := u32(16)
	importsFormat, ok5 := u32(20)
	segCount, ok6 := u32(uint64(startsOff))
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) {
		return nil, fail("header or starts table outside the %d-byte blob", len(blob))
	}
	if uint64(segCount) > (uint64(len(blob))-uint64(startsOff)-4)/4 {
		return nil, fail("seg_count %d: the starts table at %d needs %d bytes, the %d-byte blob has %d after it", segCount, startsOff, 4+4*uint64(segCount), len(blob), uint64(len(blob))-uint64(startsOff))
	}
	if symbolsOff > uint32(len(blob)) {
		return nil, fail("symbols_offset %d is outside the %d-byte blob", symbolsOff, len(blob))
	}
	if size := importSize(importsFormat); size != 0 && (importsOff > uint32(len(blob)) || uint64(importsCount) > (uint64(len(blob))-uint64(importsOff))/size) {
		return nil, fail("%d imports of %d bytes at %d are outside the %d-byte blob", importsCount, size, importsOff, len(blob))
	}
	segIndex, segAddr := segmentOf(f, s)
	if segIndex < 0 || uint32(segIndex) >= segCount {
		return nil, nil
	}
	infoOff, ok := u32(uint64(startsOff) + 4 + 4*uint64(segIndex))
	if !ok {
		return nil, fail("segment %d's starts offset is outside the blob", segIndex)
	}
	if infoOff == 0 {
		return nil, nil // no fixups in the segment
	}
	seg := uint64(startsOff) + uint64(infoOff)
	if seg > uint64(len(blob)) || uint64(len(blob))-seg < 22 {
		return nil, fail("segment %d's starts are outside the blob", segIndex)
	}
	pageSize := uint64(le.Uint16(blob[seg+4:]))
	format := le.Uint16(blob[seg+6:])
	pageCount := uint64(le.Uint16(blob[seg+20:]))
	if uint64(len(blob))-seg-22 < 2*pageCount {
		return nil, fail("segment %d's %d page starts are outside the blob", segIndex, pageCount)
	}
	if format != chainedPtr64 && format != chainedPtr64Offset {
		return nil, fail("pointer format %d is not supported (only DYLD_CHAINED_PTR_64 and _64_OFFSET)", format)
	}
	imageBase := textBase(f)
	imports := importNames(blob, importsOff, symbolsOff, importsCount, importsFormat)

	var out []stackmap.Fixup
	for page := uint64(0); page < pageCount; page++ {
		start := uint64(le.Uint16(blob[seg+22+2*page:]))
		if start == chainedPageNone {
			continue
		}
		if start&chainedPageMulti != 0 {
			return nil, fail("page %d uses multiple chain starts, which 64-bit formats do not", page)
		}
		// Walk the chain; every location is a section offset of data.
		for loc := page*pageSize + start + segAddr - s.Addr; ; {
			if loc > uint64(len(data)) || uint64(len(data))-loc < 8 {
				return nil, fail("chained pointer at section offset %d is outside %s", loc, SectionName)
			}
			raw := f.ByteOrder.Uint64(data[loc:])
			fx := stackmap.Fixup{Offset: int(loc), Size: 8}
			if raw>>63 != 0 { // bind: ordinal 24 bits, addend 8 bits
				ordinal := raw & 0xFFFFFF
				fx.Addend = int64((raw >> 24) & 0xFF)
				fx.Value = uint64(fx.Addend)
				if ordinal < uint64(len(imports)) {
					fx.Symbol = imports[ordinal]
				}
			} else { // rebase: target 36 bits, high8 8 bits
				target := raw & (1<<36 - 1)
				if format == chainedPtr64Offset {
					target += imageBase
				}
				fx.Value = target | (raw>>36&0xFF)<<56
			}
			if len(out) >= len(data)/8 {
				return nil, fail("chains give more fixups than %s's %d bytes can hold (chains overlap)", SectionName, len(data))
			}
			out = append(out, fx)
			next := (raw >> 51) & 0xFFF
			if next == 0 {
				break
			}
			loc += 4 * next
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	return out, nil
}

// chainedFixupsBlob returns the LC_DYLD_CHAINED_FIXUPS data and its file
// offset (in the thin file), if there is any. The data must lie in
// __LINKEDIT and, when the file's size is known, in the file.
func (x *file) chainedFixupsBlob() ([]byte, int64, bool, error) {
	f := x.f
	for _, l := range f.Loads {
		raw := l.Raw()
		if len(raw) < 16 || f.ByteOrder.Uint32(raw) != lcDyldChainedFixups {
			continue
		}
		off, size := f.ByteOrder.Uint32(raw[8:]), f.ByteOrder.Uint32(raw[12:])
		le := f.Segment("__LINKEDIT")
		if le == nil || uint64(off) < le.Offset || uint64(off)+uint64(size) > le.Offset+le.Filesz {
			re := &stackmap.RelocationError{Section: "LC_DYLD_CHAINED_FIXUPS", Index: -1,
				Detail: fmt.Sprintf("data at file offset %d (%d bytes) is not inside __LINKEDIT", off, size)}
			return nil, 0, false, x.err("LC_DYLD_CHAINED_FIXUPS data", int64(off), re)
		}
		if x.bf != nil {
			if err := x.bf.Need("LC_DYLD_CHAINED_FIXUPS data", uint64(off), uint64(size)); err != nil {
				return nil, 0, false, err
			}
			blob := make([]byte, size)
			if _, err := x.bf.Reader().ReadAt(blob, int64(off)); err != nil {
				return nil, 0, false, x.wrap("LC_DYLD_CHAINED_FIXUPS data", int64(off), err)
			}
			return blob, int64(off), true, nil
		}
		// The file's size is not known (FromFile): read what is there,
		// growing the buffer only as bytes arrive.
		blob, err := io.ReadAll(io.NewSectionReader(le, int64(uint64(off)-le.Offset), int64(size)))
		if err == nil && len(blob) < int(size) {
			err = fmt.Errorf("%w: %d bytes, the file has %d", stackmap.ErrNotObject, size, len(blob))
		}
		if err != nil {
			return nil, 0, false, x.err("LC_DYLD_CHAINED_FIXUPS data", int64(off), err)
		}
		return blob, int64(off), true, nil
	}
	return nil, 0, false, nil
}

// segmentOf returns the index (in load command order, as the chained
// fixups number segments) and address of the segment holding s.
func segmentOf(f *macho.File, s *macho.Section) (int, uint64) {
	n := 0
	for _, l := range f.Loads {
		if seg, ok := l.(*macho.Segment); ok {
			if seg.Name == s.Seg {
				return n, seg.Addr
			}
			n++
		}
	}
	return -1, 0
}

// textBase returns the image's base address: the __TEXT segment's.
func textBase(f *macho.File) uint64 {
	if t := f.Segment("__TEXT"); t != nil {
		return t.Addr
	}
	return 0
}

// importSize returns the size of one import entry of the format, 0 for a
// format this package does not know.
func importSize(format uint32) uint64 {
	switch format {
	case 1: // DYLD_CHAINED_IMPORT
		return 4
	case 2: // DYLD_CHAINED_IMPORT_ADDEND
		return 8
	case 3: // DYLD_CHAINED_IMPORT_ADDEND64
		return 16
	}
	return 0
}

// importNames returns the names of the imports a bind refers to by
// ordinal (DYLD_CHAINED_IMPORT format only; nil otherwise).
func importNames(blob []byte, importsOff, symbolsOff, count, format uint32) []string {
	if format != chainedImport {
		return nil
	}
	names := make([]string, 0, min(uint64(count), uint64(len(blob))/4))
	for i := uint64(0); i < uint64(count); i++ {
		at := uint64(importsOff) + 4*i
		if at+4 > uint64(len(blob)) {
			break
		}
		nameOff := uint64(symbolsOff) + uint64(binary.LittleEndian.Uint32(blob[at:])>>9)
		name := ""
		if nameOff < uint64(len(blob)) {
			end := nameOff
			for end < uint64(len(blob)) && blob[end] != 0 {
				end++
			}
			name = string(blob[nameOff:end])
		}
		names = append(names, name)
	}
	return names
}
