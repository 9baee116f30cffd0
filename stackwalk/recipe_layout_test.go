package stackwalk

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// TestRecipeLayout checks that a recipe is a whole number of 64-byte
// cache lines, so that every entry of the cache starts one: a frame-only
// step then reads two lines of its recipe (the first 64 bytes, and the
// known registers' mask with the first six moves), and a statepoint's
// values the lines of its found, which the cache keeps apart.
func TestRecipeLayout(t *testing.T) {
	var e recipe
	assert.Zero(t, unsafe.Sizeof(e)%64, "recipe size %d", unsafe.Sizeof(e))
	assert.Equal(t, uintptr(64), unsafe.Offsetof(e.sets), "sets start the second line")
	assert.Equal(t, uintptr(80), unsafe.Offsetof(e.moves), "six moves in the second line")
	assert.Equal(t, recipeSize, int(unsafe.Sizeof(e)), "the size Config.CacheLimit's documentation gives")
	assert.Equal(t, 320, recipeSize, "the size Config.CacheLimit's documentation gives")
	assert.Equal(t, 128, foundSize, "the size Config.CacheLimit's documentation gives")
	assert.Equal(t, 72, foundColdSize, "the size Config.CacheLimit's documentation gives")
	var f found
	assert.Equal(t, uintptr(16), unsafe.Offsetof(f.plan), "the counts in 16 bytes")
	assert.Equal(t, uintptr(8), unsafe.Sizeof(f.plan[0]), "a plan in 8 bytes")
	assert.LessOrEqual(t, unsafe.Offsetof(f.plan)+6*unsafe.Sizeof(f.plan[0]), uintptr(64), "six plans in the first line")
}
