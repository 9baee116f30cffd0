package main

/*
#include "mgc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"
)

// Variants of the mutator: the same IR, compiled by llc-22 with GC
// pointers in stack slots or in callee-saved registers (ir/build.sh).
var Variants = []string{"stack-slots", "callee-saved"}

// Result is what one run of the mutator gives.
type Result struct {
	Checksum    uint64
	PoisonReads int64 // loads of the poison pattern the mutator made
	Stats       Stats
}

var (
	sabotage = numHomeKinds // tests only: see Collector.skipHome
	runMu    sync.Mutex     // one run at a time: mgc_stack_hi and the heap are global
	current  *Collector
	runErr   error
)

// Run runs the mutator of the variant once with seed, collecting at every
// safepoint into a fresh heap (nspaces spaces of spaceSize bytes). logf,
// when not nil, is told about every frame and root.
func Run(variant string, seed uint64, logf func(string, ...any)) (*Result, error) {
	callee := 0
	switch variant {
	case "stack-slots":
	case "callee-saved":
		callee = 1
	default:
		return nil, fmt.Errorf("movinggc: unknown variant %q", variant)
	}
	runMu.Lock()
	defer runMu.Unlock()
	h, err := NewHeap(4, 64<<10)
	if err != nil {
		return nil, err
	}
	defer h.Close()
	c, err := NewCollector(h)
	if err != nil {
		return nil, err
	}
	c.Logf = logf
	c.skipHome = sabotage
	current, runErr = c, nil
	C.mgc_poison_reads = 0
	sum := uint64(C.mgc_run(C.mgc_entry_addr(C.int(callee)), C.uint64_t(seed)))
	current = nil
	return &Result{Checksum: sum, PoisonReads: int64(C.mgc_poison_reads), Stats: c.Stats}, runErr
}

//export mgcCollect
func mgcCollect(save *C.uint64_t) {
	c := current
	if c == nil {
		runErr = errors.Join(runErr, errors.New("movinggc: safepoint reached outside Run"))
		return
	}
	n := c.arch.saveWords
	if cap(c.save) < n {
		c.save = make([]uint64, n)
	}
	words := c.save[:n]
	copy(words, unsafe.Slice((*uint64)(unsafe.Pointer(save)), n))
	saveAddr := uint64(uintptr(unsafe.Pointer(save)))
	if err := c.Collect(saveAddr, words, uint64(C.mgc_stack_hi)+64); err != nil {
		runErr = errors.Join(runErr, err)
	}
}
