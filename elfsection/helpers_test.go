package elfsection_test

import "github.com/stackmaps/stackmaps/stackmap"

// names returns the symbol names of infos.
func names(fis []stackmap.Function) []string {
	out := make([]string, len(fis))
	for i, fi := range fis {
		out[i] = fi.Symbol()
	}
	return out
}
