package procwalk

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"

	"github.com/stackmaps/stackmaps/objfile"
)

// AtSysinfoEHdr is the auxiliary vector's tag of the vDSO's ELF header.
const AtSysinfoEHdr = 33

// maxVDSO bounds the vDSO image read from a process.
const maxVDSO = 1 << 20

// vdsoPath names the vDSO's module.
const vdsoPath = "[vdso]"

// openVDSO makes the module of the vDSO, the image the kernel maps into
// every process (a thread waiting in clock_gettime or gettimeofday is in
// its code), from the process's memory at AT_SYSINFO_EHDR: a kernel core
// and a live process hold it. ok is false when the process has none or its
// memory does not hold it (qemu-user's cores).
func openVDSO(p *Process) (mi ModuleInfo, ok bool) {
	addr, ok := p.auxv(AtSysinfoEHdr)
	if !ok || addr == 0 {
		return mi, false
	}
	var h [64]byte
	if p.Memory.ReadMemory(addr, h[:]) != nil || string(h[:4]) != elf.ELFMAG || h[4] != byte(elf.ELFCLASS64) {
		return mi, false
	}
	mi.Path, mi.File = vdsoPath, vdsoPath
	var o binary.ByteOrder = binary.LittleEndian
	if h[5] == byte(elf.ELFDATA2MSB) {
		o = binary.BigEndian
	}
	phEnd := o.Uint64(h[32:]) + uint64(o.Uint16(h[54:]))*uint64(o.Uint16(h[56:]))
	shEnd := o.Uint64(h[40:]) + uint64(o.Uint16(h[58:]))*uint64(o.Uint16(h[60:]))
	size := max(phEnd, shEnd)
	if size > maxVDSO || phEnd < o.Uint64(h[32:]) || shEnd < o.Uint64(h[40:]) {
		mi.Err = fmt.Errorf("vDSO at %#x: headers claim %d bytes", addr, size)
		return mi, true
	}
	img := make([]byte, size)
	if err := p.Memory.ReadMemory(addr, img); err != nil {
		mi.Err = fmt.Errorf("vDSO at %#x: %w", addr, err)
		return mi, true
	}
	f, err := objfile.NewFileOptions(bytes.NewReader(img), objfile.Options{AllowNoSection: true})
	if err != nil {
		mi.Err = fmt.Errorf("vDSO at %#x: %w", addr, err)
		return mi, true
	}
	defer f.Close()
	ef := f.ELF()
	if ef == nil {
		mi.Err = fmt.Errorf("vDSO at %#x: not ELF", addr)
		return mi, true
	}
	// The image is the file from offset 0: the first PT_LOAD maps it.
	for _, pr := range ef.ELF().Progs {
		if pr.Type == elf.PT_LOAD {
			mi.Bias = addr - (pr.Vaddr - pr.Off)
			break
		}
	}
	m, err := f.Module(mi.Bias)
	if err != nil {
		mi.Err = fmt.Errorf("vDSO at %#x: %w", addr, err)
		return mi, true
	}
	m.Name = vdsoPath
	mi.Module = m
	mi.Stackmaps = m.Stackmaps != nil
	if sm, err := symbolMap(f); err == nil {
		mi.symbols = sm
	}
	return mi, true
}
