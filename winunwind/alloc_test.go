package winunwind_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/winunwind"
)

// lookups are addresses of win-v2.exe in each part of a function: prolog,
// body, epilog (from the epilog codes) and one no entry covers.
var lookups = []struct {
	rva    uint32
	atInst bool
}{{0x1024, true}, {0x103a, false}, {0x1049, true}, {0x107a, true}, {0x1094, true}, {0x10c0, false}}

// TestRuleAtAllocatesNothing: lookups in every part of a function, in
// version 1 (epilogs read from code) and 2 records, and a miss, allocate
// nothing.
func TestRuleAtAllocatesNothing(t *testing.T) {
	for _, name := range []string{"win.exe", "win-v2.exe"} {
		tab := openImage(t, td+name).table
		var r winunwind.Rule
		for _, l := range lookups {
			require.NoError(t, tab.RuleAt(l.rva, l.atInst, &r))
		}
		allocs := testing.AllocsPerRun(100, func() {
			for _, l := range lookups {
				_ = tab.RuleAt(l.rva, l.atInst, &r)
			}
			_ = tab.RuleAt(0x10, true, &r)
		})
		assert.Zero(t, allocs, name)
	}
}

func BenchmarkRuleAt(b *testing.B) {
	tab := openImage(b, td+"win.exe").table
	var r winunwind.Rule
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		l := lookups[i%len(lookups)]
		_ = tab.RuleAt(l.rva, l.atInst, &r)
	}
}
