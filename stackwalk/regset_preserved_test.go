package stackwalk_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/internal/walktest"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// TestKeepCalleeSaved starts the walk of every checked-in patchpoint
// capture as a thread stopped after its callee returned would give it: the
// caller-saved registers overwritten. Given every register, Start reads the
// innermost frame's patchpoint values that sit in caller-saved registers
// wrong, with no error; after KeepCalleeSaved those values are errors
// matching stackmap.ErrNoRegister and every other value still matches.
func TestKeepCalleeSaved(t *testing.T) {
	cases, err := walktest.Cases()
	require.NoError(t, err)
	checked := 0
	for _, c := range cases {
		if c.Mode != "patchpoint" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			f, err := walktest.ParseFile(c.Capture)
			require.NoError(t, err)
			arch, err := regs.ParseArch(f.Arch)
			require.NoError(t, err)
			m, err := objfile.OpenModule(c.Binary, bias(t, c.Binary, f))
			require.NoError(t, err)
			defer m.Close()
			w, err := stackwalk.NewWalker(stackwalk.Config{Modules: []*stackwalk.Module{m}, Memory: f.Stack})
			require.NoError(t, err)

			roles := regs.RolesOf(arch)
			preserved := map[uint16]bool{roles.StackPointer: true}
			for _, r := range roles.CalleeSaved {
				preserved[r] = true
			}
			var clobbered stackwalk.RegisterSet
			for r, v := range f.Regs {
				if !preserved[r] {
					v = ^v // what the callee left
				}
				clobbered.Set(r, v)
			}
			kept := clobbered
			require.True(t, kept.KeepCalleeSaved(arch))
			for r := range f.Regs {
				_, ok := kept.Register(r)
				assert.Equal(t, preserved[r] && r < stackwalk.MaxRegs, ok, "register %d kept", r)
			}

			want := &f.Frames[0]
			inCallerSaved := 0
			for _, e := range want.Expect {
				w.Start(f.RetAddr, &clobbered)
				require.True(t, w.Next())
				v, err := w.Frame().Deopt(e.Index)
				require.NoError(t, err)
				loc := v.Loc
				volatile := loc.Kind == stackmap.Register && !preserved[loc.Reg]
				if volatile {
					inCallerSaved++
					assert.False(t, e.Matches(v.Bits), "live %d in %d: the clobbered value must differ", e.Index, loc.Reg)
				}

				w.Start(f.RetAddr, &kept)
				require.True(t, w.Next())
				v, err = w.Frame().Deopt(e.Index)
				if volatile {
					assert.ErrorIs(t, err, stackmap.ErrNoRegister, "live %d in register %d", e.Index, loc.Reg)
					continue
				}
				require.NoError(t, err, "live %d", e.Index)
				assert.True(t, e.Matches(v.Bits), "live %d: %#x, want %#x", e.Index, v.Bits, e.Value)
			}
			t.Logf("%s: %d of %d values of %s in caller-saved registers", filepath.Base(filepath.Dir(c.Binary)), inCallerSaved, len(want.Expect), want.Func)
			checked += inCallerSaved
		})
	}
	assert.Positive(t, checked, "no capture has a value in a caller-saved register")
}

func TestKeepCalleeSavedUnsupported(t *testing.T) {
	var s stackwalk.RegisterSet
	s.Set(0, 1)
	assert.False(t, s.KeepCalleeSaved(regs.ArchUnknown))
	_, ok := s.Register(0)
	assert.True(t, ok)
	assert.True(t, s.KeepCalleeSaved(regs.X86_64))
	_, ok = s.Register(0)
	assert.False(t, ok, "rax is caller-saved")
}

func TestKeepCalleeSavedAllocs(t *testing.T) {
	var s stackwalk.RegisterSet
	s.KeepCalleeSaved(regs.AArch64) // builds the masks
	n := testing.AllocsPerRun(100, func() {
		s.Set(1, 2)
		s.KeepCalleeSaved(regs.AArch64)
	})
	assert.Zero(t, n)
}
