package main

import (
	"io"
	"os"

	"github.com/stackmaps/stackmaps/frameslots"
)

// maxLayoutBytes bounds the remarks file frame --layout reads (remarks of
// a large module are a few MB).
const maxLayoutBytes = 256 << 20

// readFrameLayouts reads the stack-frame-layout remarks of llc's remarks
// file (frameslots.ReadRemarks): each function's stack objects.
func readFrameLayouts(path string) (map[string][]frameslots.Object, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return frameslots.ReadRemarks(io.LimitReader(f, maxLayoutBytes))
}
