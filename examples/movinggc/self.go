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
	"strconv"
	"strings"
	"sync"

	"github.com/stackmaps/stackmaps/objfile"
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
	ef, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer ef.Close()
	runAddr := uint64(C.mgc_run_addr())
	// The symbol table, when the binary has one (go test and go run strip
	// it), gives the bias and names frames in messages.
	syms, _ := ef.Symbols()
	var bias uint64
	biasKnown := false
	for _, s := range syms {
		if s.Name == "mgc_run" && elf.ST_TYPE(s.Info) == elf.STT_FUNC {
			bias, biasKnown = runAddr-s.Value, true
		}
	}
	if !biasKnown {
		if bias, err = loadBias(ef, path); err != nil {
			return nil, err
		}
	}
	im := &image{}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Value != 0 {
			im.funcs = append(im.funcs, symbol{name: s.Name, lo: s.Value + bias, size: s.Size})
		}
	}
	sort.Slice(im.funcs, func(i, j int) bool { return im.funcs[i].lo < im.funcs[j].lo })
	if im.mod, err = objfile.OpenModule(path, bias); err != nil {
		return nil, err
	}
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

// loadBias returns the load bias of the running executable: 0 for a
// non-PIE one, else from /proc/self/maps (the mapping of file offset 0).
func loadBias(ef *elf.File, path string) (uint64, error) {
	if ef.Type == elf.ET_EXEC {
		return 0, nil
	}
	var first *elf.Prog
	for _, p := range ef.Progs {
		if p.Type == elf.PT_LOAD && p.Off == 0 {
			first = p
			break
		}
	}
	if first == nil {
		return 0, fmt.Errorf("%s: no PT_LOAD segment at file offset 0", path)
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(maps), "\n") {
		f := strings.Fields(line)
		if len(f) < 6 || f[2] != "00000000" || f[len(f)-1] != path {
			continue
		}
		lo, _, _ := strings.Cut(f[0], "-")
		start, err := strconv.ParseUint(lo, 16, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/self/maps: %q: %w", line, err)
		}
		return start - first.Vaddr&^(first.Align-1), nil
	}
	return 0, fmt.Errorf("%s: not found in /proc/self/maps", path)
}

// funcName names the function holding the runtime address pc.
func (im *image) funcName(pc uint64) string {
	i := sort.Search(len(im.funcs), func(i int) bool { return im.funcs[i].lo > pc }) - 1
	if i >= 0 && pc-im.funcs[i].lo < max(im.funcs[i].size, 1) {
		return im.funcs[i].name
	}
	return "?"
}
