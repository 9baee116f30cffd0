package elfsection

import (
	"debug/elf"
	"fmt"

	"github.com/stackmaps/stackmaps/cfi"
	"github.com/stackmaps/stackmaps/stackmap"
)

// ptGNUEHFrame is PT_GNU_EH_FRAME, the segment of .eh_frame_hdr.
const ptGNUEHFrame = elf.PT_GNU_EH_FRAME

// segmentFrames finds .eh_frame in a file without section headers:
// PT_GNU_EH_FRAME is .eh_frame_hdr, whose eh_frame_ptr gives .eh_frame's
// address; .eh_frame's bytes run to the end of the PT_LOAD segment's file
// bytes that hold it (the zero terminator ends the entries). A file
// without PT_GNU_EH_FRAME, or whose pointer encoding is not one GNU ld
// and lld write, has none (nil Data).
func (x *file) segmentFrames(fs *FrameSections, base cfi.Config) error {
	var hdr *elf.Prog
	for _, p := range x.f.Progs {
		if p.Type == ptGNUEHFrame {
			hdr = p
			break
		}
	}
	if hdr == nil || hdr.Filesz < 8 || x.bf == nil {
		return nil
	}
	hdrData, err := x.readTable("PT_GNU_EH_FRAME (.eh_frame_hdr)", hdr.Off, hdr.Filesz, 1, 1<<30)
	if err != nil {
		return err
	}
	if hdrData[0] != 1 {
		return nil // not a version 1 .eh_frame_hdr
	}
	bo := x.f.ByteOrder
	var ehAddr uint64
	switch enc := hdrData[1]; enc {
	case 0x1b: // DW_EH_PE_pcrel | DW_EH_PE_sdata4
		ehAddr = hdr.Vaddr + 4 + uint64(int64(int32(bo.Uint32(hdrData[4:]))))
	case 0x03, 0x0b: // udata4, sdata4
		ehAddr = uint64(bo.Uint32(hdrData[4:]))
	case 0x04, 0x0c: // udata8, sdata8
		if len(hdrData) < 12 {
			return nil
		}
		ehAddr = bo.Uint64(hdrData[4:])
	default:
		return nil
	}
	p, off, avail, err := x.segmentOf(ehAddr)
	if err != nil {
		return x.err("PT_GNU_EH_FRAME (.eh_frame_hdr)", int64(hdr.Off), fmt.Errorf("%w: eh_frame_ptr %#x: %v", stackmap.ErrNotObject, ehAddr, err))
	}
	data, err := x.readRange(p, off, avail)
	if err != nil {
		return err
	}
	fs.EHFrame = base
	fs.EHFrame.Kind, fs.EHFrame.Data, fs.EHFrame.Addr = cfi.EHFrame, data, ehAddr
	fs.EHFrame.Hdr, fs.EHFrame.HdrAddr = hdrData, hdr.Vaddr
	return nil
}
