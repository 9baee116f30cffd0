package main

/*
#include "mgc.h"
*/
import "C"

import (
	"fmt"
	"os"
	"sort"
	"sync"

	"github.com/stackmaps/stackmaps/liveproc"
	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/procwalk"
	"github.com/stackmaps/stackmaps/stackwalk"
	"github.com/stackmaps/stackmaps/unwind"
)

// image is the running executable as the collector sees it: its module
// (CFI and stack maps, with the load bias), the code range of mgc_run
// (where walks stop) and its function symbols when it has any (for
// messages).
type image struct {
	mod          *stackwalk.Module
	runLo, runHi uint64
	funcs        []symbol // sorted by runtime address
}

type symbol struct {
	name     string
	lo, size uint64
}

var (
	selfOnce sync.Once
	self     *image
	selfErr  error
)

// openSelf opens /proc/self/exe once.
func openSelf() (*image, error) {
	selfOnce.Do(func() { self, selfErr = loadSelf() })
	return self, selfErr
}

func loadSelf() (*image, error) {
	path, err := os.Executable()
	if err != nil {
		return nil, err
	}
	f, err := objfile.OpenOptions(path, objfile.Options{AllowNoSection: true})
	if err != nil {
		return nil, err
	}
	defer f.Close()
	runAddr := uint64(C.mgc_run_addr())
	// The symbol table, when the binary has one (go test and go run strip
	// it), gives the bias and names frames in messages; without it, the
	// bias comes from the executable's mappings.
	syms, err := f.SymbolMap()
	if err != nil {
		return nil, err
	}
	var bias uint64
	biasKnown := false
	for i := range syms.Len() {
		if s := syms.At(i); s.Name == "mgc_run" {
			bias, biasKnown = runAddr-s.Value, true
		}
	}
	if !biasKnown {
		maps, err := selfMappings(path)
		if err != nil {
			return nil, err
		}
		if bias, err = f.LoadBias(maps); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	im := &image{}
	for i := range syms.Len() {
		if s := syms.At(i); s.Value != 0 {
			im.funcs = append(im.funcs, symbol{name: s.Name, lo: s.Value + bias, size: s.Size})
		}
	}
	// Sorted by address already (SymbolMap).
	if im.mod, err = f.Module(bias); err != nil {
		return nil, err
	}
	im.mod.Name = path
	if im.mod.Stackmaps == nil {
		return nil, fmt.Errorf("%s: no stack maps linked in", path)
	}
	// Walks stop in mgc_run: its code range is its FDE's.
	var uc unwind.Context
	if _, err := im.mod.Unwind.RowAt(runAddr-bias, &uc); err != nil {
		return nil, fmt.Errorf("%s: no CFI for mgc_run at %#x: %w", path, runAddr, err)
	}
	fde := uc.Unwinder().FDE()
	im.runLo, im.runHi = fde.PCBegin+bias, fde.PCEnd+bias
	return im, nil
}

// selfMappings returns this process's mappings of the file at path, from
// /proc/self/maps.
func selfMappings(path string) ([]procwalk.Mapping, error) {
	text, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return nil, err
	}
	all, err := liveproc.ParseMaps(text)
	if err != nil {
		return nil, fmt.Errorf("/proc/self/maps: %w", err)
	}
	var out []procwalk.Mapping
	for _, m := range all {
		if m.Path == path {
			out = append(out, m)
		}
	}
	return out, nil
}

// funcName names the function holding the runtime address pc.
func (im *image) funcName(pc uint64) string {
	i := sort.Search(len(im.funcs), func(i int) bool { return im.funcs[i].lo > pc }) - 1
	if i >= 0 && pc-im.funcs[i].lo < max(im.funcs[i].size, 1) {
		return im.funcs[i].name
	}
	return "?"
}
