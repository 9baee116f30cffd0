package stackmap

import (
	"encoding/binary"

	"github.com/stackmaps/stackmaps/regs"
)

// SectionData is a stack map section found in a file: what the locators
// (packages elfsection and machosection) return, whichever the file format,
// so that callers need not care where the bytes came from.
type SectionData struct {
	Format    string           // "elf", "macho", "pe" or "raw"
	Arch      regs.Arch        // target architecture (regs.ArchUnknown for raw bytes)
	ByteOrder binary.ByteOrder // the target's byte order, which the section is in
	Name      string           // section name, e.g. ".llvm_stackmaps" or "__LLVM_STACKMAPS,__llvm_stackmaps"
	Addr      uint64           // the section's address (0 in relocatable objects)
	Offset    int64            // file offset of the section's first byte
	Data      []byte           // the section's bytes
	Slice     string           // Mach-O universal files: the slice's architecture; otherwise ""
}

// Parse decodes the section's bytes; see the package-level Parse.
func (s *SectionData) Parse() (*Section, error) { return Parse(s.Data, s.ByteOrder) }
