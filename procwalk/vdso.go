package procwalk

import "fmt"

// AtSysinfoEHdr is the auxiliary vector's tag of the vDSO's ELF header.
const AtSysinfoEHdr = 33

// vdsoPath names the vDSO's module.
const vdsoPath = "[vdso]"

// openVDSO makes the module of the vDSO, the image the kernel maps into
// every process (a thread waiting in clock_gettime or gettimeofday is in
// its code), from the process's memory at AT_SYSINFO_EHDR: a kernel core
// and a live process hold it. ok is false when the process has none or its
// memory does not hold it (qemu-user's cores).
func openVDSO(p *Process, files Files) (mi ModuleInfo, ok bool) {
	addr, ok := p.auxv(AtSysinfoEHdr)
	var b [1]byte
	if !ok || addr == 0 || p.Memory.ReadMemory(addr, b[:]) != nil {
		return mi, false
	}
	mi.Path, mi.File = vdsoPath, vdsoPath
	img, bias, err := files.ReadImage(p.Memory, addr)
	if err != nil {
		mi.Err = fmt.Errorf("vDSO at %#x: %w", addr, err)
		return mi, true
	}
	defer img.Close()
	mi.Bias = bias
	mi.use(img, vdsoPath)
	if mi.Err != nil {
		mi.Err = fmt.Errorf("vDSO at %#x: %w", addr, mi.Err)
	}
	return mi, true
}
