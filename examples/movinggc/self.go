package main

/*
#include "mgc.h"
*/
import "C"

import (
	"debug/elf"
	"fmt"
	"os"
	"sort"
	"sync"

	"github.com/stackmaps/stackmaps/stackwalk"
)

// image is the running executable as the collector sees it: its module
// (CFI and stack maps, with the load bias), the code range of mgc_run
// (where walks stop) and its function symbols (for messages).
type image struct {
	mod            *stackwalk.Module
	runLo, runHi   uint64
	funcs          []symbol // sorted by runtime address
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
	ef, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer ef.Close()
	syms, err := ef.Symbols()
	if err != nil {
		return nil, fmt.Errorf("%s: symbols: %w", path, err)
	}
	var run *elf.Symbol
	for i := range syms {
		if syms[i].Name == "mgc_run" && elf.ST_TYPE(syms[i].Info) == elf.STT_FUNC {
			run = &syms[i]
		}
	}
	if run == nil || run.Size == 0 {
		return nil, fmt.Errorf("%s: no sized symbol mgc_run", path)
	}
	runAddr := uint64(C.mgc_run_addr())
	bias := runAddr - run.Value
	im := &image{runLo: runAddr, runHi: runAddr + run.Size}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Value != 0 {
			im.funcs = append(im.funcs, symbol{name: s.Name, lo: s.Value + bias, size: s.Size})
		}
	}
	sort.Slice(im.funcs, func(i, j int) bool { return im.funcs[i].lo < im.funcs[j].lo })
	if im.mod, err = stackwalk.OpenELF(path, bias); err != nil {
		return nil, err
	}
	if im.mod.Stackmaps == nil {
		return nil, fmt.Errorf("%s: no stack maps linked in", path)
	}
	return im, nil
}

// funcName names the function holding the runtime address pc.
func (im *image) funcName(pc uint64) string {
	i := sort.Search(len(im.funcs), func(i int) bool { return im.funcs[i].lo > pc }) - 1
	if i >= 0 && pc-im.funcs[i].lo < max(im.funcs[i].size, 1) {
		return im.funcs[i].name
	}
	return "?"
}
