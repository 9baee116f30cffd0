//go:build llvmjit

package llvmjit

/*
#include "jit.h"

static void *jit_addr(uintptr_t a) { return (void *)a; }
*/
import "C"

import (
	"errors"
	"sync"
	"unsafe"

	"github.com/stackmaps/stackmaps/examples/jit/jitrt"
)

// Capture is what the capture routine hands Go: the registers at the call
// site and the live stack the JIT'd frames are on.
type Capture struct {
	Save  jitrt.SaveArea
	Stack *jitrt.LiveStack
}

var (
	callMu  sync.Mutex // one JIT call at a time (jit_stack_hi is global)
	handler func(*Capture)
)

// Call calls the JIT'd function at fn, of C type
// uint64_t (*)(uint64_t *, uint64_t), with ctx (a pointer to C memory) and
// arg. Every time the JIT'd code calls the
// capture routine, onCapture runs, while the JIT'd frames are live on the
// stack. It must not keep the Capture's stack after it returns.
func Call(fn uint64, ctx unsafe.Pointer, arg uint64, onCapture func(*Capture)) (uint64, error) {
	if fn == 0 {
		return 0, errors.New("nil function")
	}
	callMu.Lock()
	defer callMu.Unlock()
	handler = onCapture
	defer func() { handler = nil }()
	return uint64(C.jit_call(C.uintptr_t(fn), (*C.uint64_t)(ctx), C.uint64_t(arg))), nil
}

//export goCapture
func goCapture(save *C.uint64_t) {
	c := &Capture{}
	copy(c.Save[:], unsafe.Slice((*uint64)(unsafe.Pointer(save)), jitrt.SaveWords))
	lo, hi := c.Save[jitrt.RegRSP], uint64(C.jit_stack_hi)+16
	c.Stack = &jitrt.LiveStack{Lo: lo, Hi: hi, Read: readLive}
	if lo < hi {
		// The thread's stack, read in place while the callback runs.
		c.Stack.Bytes = unsafe.Slice((*byte)(C.jit_addr(C.uintptr_t(lo))), hi-lo)
	}
	if h := handler; h != nil {
		h(c)
	}
}

// readLive copies live memory (JIT'd stack frames) into p.
func readLive(addr uint64, p []byte) {
	C.jit_read(C.uintptr_t(addr), unsafe.Pointer(&p[0]), C.size_t(len(p)))
}
