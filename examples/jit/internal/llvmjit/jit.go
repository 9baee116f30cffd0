//go:build llvmjit

package llvmjit

/*
#include <stdlib.h>
#include "jit.h"
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/ExecutionEngine.h>

static int jit_init(void) {
	LLVMLinkInMCJIT();
	if (LLVMInitializeNativeTarget())
		return 1;
	if (LLVMInitializeNativeAsmPrinter())
		return 2;
	return 0;
}

static void *jit_capture_addr(void) { return (void *)&stackmaps_jit_capture; }

static LLVMBool jit_create(LLVMExecutionEngineRef *ee, LLVMModuleRef m, jit_mm *mm, char **err) {
	struct LLVMMCJITCompilerOptions o;
	LLVMInitializeMCJITCompilerOptions(&o, sizeof o);
	o.OptLevel = 2;
	o.NoFramePointerElim = 1;
	o.MCJMM = jit_mm_wrap(mm);
	return LLVMCreateMCJITCompilerForModule(ee, m, &o, sizeof o, err);
}

static jit_section *jit_mm_section(jit_mm *mm, int i) { return &mm->sections[i]; }
*/
import "C"

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unsafe"

	"github.com/stackmaps/stackmaps/examples/jit/jitrt"
	"github.com/stackmaps/stackmaps/stackmap"
)

var initOnce sync.Once
var initErr error

// Init initializes LLVM's native target and MCJIT, and passes args to
// LLVM's command-line option parser (for example
// "-use-registers-for-deopt-values"). Only the first call has an effect:
// LLVM options are process-wide and are parsed once.
func Init(args ...string) error {
	initOnce.Do(func() {
		if rc := C.jit_init(); rc != 0 {
			initErr = fmt.Errorf("LLVM native target initialization failed (%d)", rc)
			return
		}
		if len(args) == 0 {
			return
		}
		argv := make([]*C.char, 0, len(args)+1)
		argv = append(argv, C.CString("llvmjit"))
		for _, a := range args {
			argv = append(argv, C.CString(a))
		}
		// The array and strings are C memory and are never freed: LLVM's
		// option parser may keep pointers into them.
		cargv := (**C.char)(C.malloc(C.size_t(len(argv)) * C.size_t(unsafe.Sizeof(argv[0]))))
		copy(unsafe.Slice(cargv, len(argv)), argv)
		overview := C.CString("stackmaps JIT example")
		C.LLVMParseCommandLineOptions(C.int(len(argv)), cargv, overview)
	})
	return initErr
}

// Section is one section the memory manager allocated.
type Section struct {
	Name  string
	Addr  uint64
	Bytes []byte // the section in place (C memory: valid until Close)
	Code  bool
}

// Engine is an MCJIT execution engine with a memory manager that keeps
// every section it allocates.
type Engine struct {
	ctx  C.LLVMContextRef
	ee   C.LLVMExecutionEngineRef
	mm   *C.jit_mm
	seen int // sections already handed out by Compile
}

// ArenaSize is the memory reserved for each engine's code and data.
const ArenaSize = 16 << 20

// NewEngine returns an engine with no module yet. Call Init first.
func NewEngine() (*Engine, error) {
	if err := Init(); err != nil {
		return nil, err
	}
	mm := C.jit_mm_new(ArenaSize)
	if mm == nil {
		return nil, errors.New("cannot map the JIT arena")
	}
	return &Engine{ctx: C.LLVMContextCreate(), mm: mm}, nil
}

// Close disposes of the engine, its modules and their code and sections.
func (e *Engine) Close() {
	if e.ee != nil {
		C.LLVMDisposeExecutionEngine(e.ee)
		e.ee = nil
	}
	if e.ctx != nil {
		C.LLVMContextDispose(e.ctx)
		e.ctx = nil
	}
	C.jit_mm_free(e.mm)
	e.mm = nil
}

// Compiled is one module compiled by Compile.
type Compiled struct {
	Module   *jitrt.Module
	Sections []Section
	Entries  map[string]uint64 // address of each requested function
}

// Compile parses IR text into a new module, maps its declaration of the
// capture routine (if any) to stackmaps_jit_capture, JIT-compiles it by
// asking for the address of each of entries, and decodes the
// .llvm_stackmaps section the memory manager received for it, in place.
func (e *Engine) Compile(name, ir string, entries ...string) (*Compiled, error) {
	if len(entries) == 0 {
		return nil, errors.New("no entry function to compile")
	}
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	cir := C.CString(ir)
	defer C.free(unsafe.Pointer(cir))
	buf := C.LLVMCreateMemoryBufferWithMemoryRangeCopy(cir, C.size_t(len(ir)), cname)
	var mod C.LLVMModuleRef
	var msg *C.char
	if C.LLVMParseIRInContext(e.ctx, buf, &mod, &msg) != 0 { // takes buf
		return nil, fmt.Errorf("%s: %s", name, takeMessage(msg))
	}
	if e.ee == nil {
		if C.jit_create(&e.ee, mod, e.mm, &msg) != 0 {
			return nil, fmt.Errorf("%s: creating MCJIT: %s", name, takeMessage(msg))
		}
	} else {
		C.LLVMAddModule(e.ee, mod)
	}
	capName := C.CString("stackmaps_jit_capture")
	defer C.free(unsafe.Pointer(capName))
	if fn := C.LLVMGetNamedFunction(mod, capName); fn != nil {
		C.LLVMAddGlobalMapping(e.ee, fn, C.jit_capture_addr())
	}
	c := &Compiled{Entries: map[string]uint64{}}
	for _, en := range entries {
		cen := C.CString(en)
		addr := uint64(C.LLVMGetFunctionAddress(e.ee, cen))
		C.free(unsafe.Pointer(cen))
		if addr == 0 {
			if C.LLVMExecutionEngineGetErrMsg(e.ee, &msg) != 0 {
				return nil, fmt.Errorf("%s: compiling %s: %s", name, en, takeMessage(msg))
			}
			if e.mm.error[0] != 0 {
				return nil, fmt.Errorf("%s: compiling %s: %s", name, en, C.GoString(&e.mm.error[0]))
			}
			return nil, fmt.Errorf("%s: no address for function %s", name, en)
		}
		c.Entries[en] = addr
	}
	n := int(e.mm.nsections)
	for i := e.seen; i < n; i++ {
		s := C.jit_mm_section(e.mm, C.int(i))
		addr := uint64(uintptr(unsafe.Pointer(s.addr)))
		c.Sections = append(c.Sections, Section{
			Name:  C.GoString(&s.name[0]),
			Addr:  addr,
			Bytes: unsafe.Slice((*byte)(unsafe.Pointer(s.addr)), int(s.size)),
			Code:  s.code != 0,
		})
	}
	e.seen = n
	m, err := moduleOf(name, c.Sections)
	if err != nil {
		return nil, err
	}
	c.Module = m
	return c, nil
}

// moduleOf decodes the module's stack maps where they lie and indexes them.
func moduleOf(name string, secs []Section) (*jitrt.Module, error) {
	var lo, hi uint64
	var maps *stackmap.Section
	var eh []byte
	var ehAddr uint64
	for _, s := range secs {
		switch {
		case s.Code && len(s.Bytes) > 0:
			if lo == 0 || s.Addr < lo {
				lo = s.Addr
			}
			if end := s.Addr + uint64(len(s.Bytes)); end > hi {
				hi = end
			}
		case s.Name == ".llvm_stackmaps":
			if maps != nil {
				return nil, fmt.Errorf("%s: two .llvm_stackmaps sections", name)
			}
			var err error
			maps, err = stackmap.ParseMemory(unsafe.Pointer(&s.Bytes[0]), len(s.Bytes), binary.LittleEndian)
			if err != nil {
				return nil, fmt.Errorf("%s: .llvm_stackmaps at %#x: %w", name, s.Addr, err)
			}
		case s.Name == ".eh_frame":
			eh, ehAddr = s.Bytes, s.Addr
		}
	}
	if maps == nil {
		return nil, fmt.Errorf("%s: the memory manager received no .llvm_stackmaps section (sections: %s)", name, sectionNames(secs))
	}
	return jitrt.NewModule(name, lo, hi, maps, eh, ehAddr)
}

func sectionNames(secs []Section) string {
	var b strings.Builder
	for i, s := range secs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (%d bytes)", s.Name, len(s.Bytes))
	}
	return b.String()
}

// takeMessage returns an LLVM message and frees it.
func takeMessage(msg *C.char) string {
	if msg == nil {
		return "(no message)"
	}
	defer C.LLVMDisposeMessage(msg)
	return C.GoString(msg)
}
