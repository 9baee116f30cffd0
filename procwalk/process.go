package procwalk

import (
	"github.com/stackmaps/stackmaps/linuxregs"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
)

// Process is a stopped process as a reader shows it: a core file's notes
// and segments, or a live process's /proc files, registers and memory.
// procwalk reads it and changes nothing in it.
type Process struct {
	// Arch is the process's architecture.
	Arch regs.Arch
	// Exe is the path of the main executable as the process knew it (a
	// core's NT_FILE entry or auxv AT_EXECFN, /proc/PID/exe), "" when
	// unknown. Options.Exe replaces it.
	Exe string
	// Threads are the process's threads; the one that received the signal
	// that stopped the process first, where it is known.
	Threads []Thread
	// Mappings are the file-backed memory mappings (a core's NT_FILE
	// note, /proc/PID/maps), in any order. Open computes each file's load
	// bias from its mappings and program headers.
	Mappings []Mapping
	// Images are loaded images whose load bias is known without their
	// mappings (from the dynamic linker's link_map list, in a core
	// without NT_FILE). An image also listed in Mappings is taken from
	// Images.
	Images []Image
	// Auxv is the auxiliary vector (a core's NT_AUXV, /proc/PID/auxv):
	// with no Mappings and no Images, Open finds the loaded images from
	// it (AT_ENTRY, AT_BASE) and the dynamic linker's list in memory.
	Auxv []AuxEntry
	// Memory reads the process's memory. A reader that also implements
	// stackmap.UintReader is read without allocating.
	Memory stackmap.MemoryReader
}

// Thread is one thread of a stopped process.
type Thread struct {
	// TID is the thread's kernel id (the process id for the main thread).
	TID int
	// Regs are the thread's registers where it was stopped: at an
	// interrupted instruction (a signal, a ptrace stop), not at a call.
	Regs linuxregs.Set
	// Signal is the signal the thread received (a core's pr_cursig), 0
	// when none or unknown.
	Signal int
	// Crashed reports the thread whose signal stopped the process (a
	// core's first NT_PRSTATUS when Signal is not 0), or the thread of a
	// minidump's exception stream.
	Crashed bool
	// Exception is the Windows exception code of a minidump's crashed
	// thread (its exception stream's ExceptionCode: 0xc0000005 for an
	// access violation), 0 for every other thread and every Linux one.
	Exception uint32
}

// Mapping is one file-backed mapping of a process: the bytes of Path from
// file offset Offset mapped at [Start, End).
type Mapping struct {
	Start, End uint64
	Offset     uint64
	Path       string
	// ID, when not "", is the identity of the image the process mapped,
	// as the process recorded it; a file whose own identity differs is
	// not that image, and its load bias is refused (ErrWrongImage). A
	// core's mapping of an ELF file's first byte gives the GNU build ID
	// the core's copy of that page holds, in lower-case hex
	// (corefile.File.BuildID, elfsection.File.BuildID); a minidump's
	// module its PE TimeDateStamp and SizeOfImage, as a symbol server
	// names the image: 8 upper-case hex digits, then the size in
	// lower-case hex (pesection.File.ImageID).
	ID string
}

// Image is a loaded image (the executable, a shared library) whose load
// bias (runtime address - link-time address) is known.
type Image struct {
	Path string
	Bias uint64
}

// AuxEntry is one entry of the auxiliary vector.
type AuxEntry struct {
	Tag, Val uint64
}

// Auxiliary vector tags Open reads.
const (
	AtPHDR  = 3
	AtBase  = 7
	AtEntry = 9
)

// auxv returns the value of tag in the auxiliary vector.
func (p *Process) auxv(tag uint64) (uint64, bool) {
	for _, e := range p.Auxv {
		if e.Tag == tag {
			return e.Val, true
		}
	}
	return 0, false
}
