package elfsection

import (
	"debug/elf"

	"github.com/stackmaps/stackmaps/cfi"
)

// relocateFrame applies the relocations of call frame section index of a
// relocatable object to cfg.Data, every section taken to be at address 0
// (see OpenFramesRelocated). It uses the engine that relocates
// .llvm_stackmaps (target.apply, with the frame relocation types), then
// writes the values into the section's bytes (target.put), which frames
// read into a buffer of their own (debug/elf's Data, or an inflated copy).
func (x *file) relocateFrame(index int, cfg *cfi.Config) error {
	f := x.f
	t := newTarget(f, index, 0, cfg.Data, true)
	t.frame = true
	for i, rs := range f.Sections {
		if (rs.Type != elf.SHT_RELA && rs.Type != elf.SHT_REL) || int(rs.Info) != index {
			continue
		}
		relocs, err := x.readRelocs(i)
		if err != nil {
			return err
		}
		if err := applyAll(relocs, true, t); err != nil {
			return err // a *stackmap.RelocationError, as relocate gives
		}
	}
	for off, fx := range t.fix {
		t.put(off, fx.Size, fx.Value) // apply checked the field is in the section
	}
	cfg.Addr = 0
	return nil
}
