package corefile

import (
	"encoding/binary"

	"github.com/stackmaps/stackmaps/internal/coretest"
)

// The synthetic cores of these tests are written by coretest.Synthetic.
var (
	buildCore = coretest.WriteCore
	prstatus  = coretest.PRStatus
)

type testNote = coretest.Note

// ntFileDesc returns an NT_FILE description of the given mappings (page
// size 4096).
func ntFileDesc(maps []Mapping) []byte {
	cm := make([]coretest.Mapping, len(maps))
	for i, m := range maps {
		cm[i] = coretest.Mapping(m)
	}
	return coretest.FileNote(cm)
}

// sampleCore is a small valid core: two threads, NT_FILE, NT_AUXV,
// NT_SIGINFO, two segments (one not dumped).
func sampleCore() []byte {
	o := binary.LittleEndian
	auxv := make([]byte, 48)
	o.PutUint64(auxv, 9) // AT_ENTRY
	o.PutUint64(auxv[8:], 0x401000)
	o.PutUint64(auxv[16:], 3) // AT_PHDR
	o.PutUint64(auxv[24:], 0x400040)
	sig := make([]byte, 128)
	o.PutUint32(sig, 11)
	o.PutUint32(sig[8:], 1)
	stack := make([]byte, 64)
	for i := range stack {
		stack[i] = byte(i)
	}
	return buildCore(
		[]coretest.Seg{{Addr: 0x7ff000, Data: stack}, {Addr: 0x400000, Data: nil, Mem: 0x1000}},
		[]testNote{
			{Name: "CORE", Type: ntPrStatus, Desc: prstatus(100, 11, 0x401234, 0x7ff010)},
			{Name: "CORE", Type: ntFPRegSet, Desc: make([]byte, 512)},
			{Name: "CORE", Type: ntSigInfo, Desc: sig},
			{Name: "CORE", Type: ntAuxv, Desc: auxv},
			{Name: "CORE", Type: ntFile, Desc: ntFileDesc([]Mapping{{Start: 0x400000, End: 0x401000, Offset: 0, Path: "/bin/prog"}})},
			{Name: "LINUX", Type: 0x202, Desc: make([]byte, 8)}, // NT_X86_XSTATE: ignored
			{Name: "CORE", Type: ntPrStatus, Desc: prstatus(101, 0, 0x401300, 0x7ff020)},
		})
}
