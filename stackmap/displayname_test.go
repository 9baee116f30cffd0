package stackmap_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stackmaps/stackmaps/stackmap"
)

// TestFormatDisplayName: Mach-O names lose the C compiler's underscore,
// once; no other format's do.
func TestFormatDisplayName(t *testing.T) {
	for _, tc := range []struct {
		f         stackmap.Format
		raw, want string
	}{
		{stackmap.FormatMachO, "_foo", "foo"},
		{stackmap.FormatMachO, "__Z3barv", "_Z3barv"},
		{stackmap.FormatMachO, "ltmp0", "ltmp0"},
		{stackmap.FormatMachO, "_", "_"},
		{stackmap.FormatMachO, "", ""},
		{stackmap.FormatELF, "_start", "_start"},
		{stackmap.FormatCOFF, "_foo", "_foo"},
		{stackmap.FormatRaw, "_foo", "_foo"},
	} {
		assert.Equal(t, tc.want, tc.f.DisplayName(tc.raw), "%s %q", tc.f, tc.raw)
	}
}
