package unwind_test

import (
	"debug/macho"

	"github.com/stackmaps/stackmaps/machosection"
)

func machosectionCompact(f *macho.File) (machosection.CompactUnwind, error) {
	return machosection.FromFile(f).CompactUnwind()
}
