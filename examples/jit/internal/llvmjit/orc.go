//go:build llvmjit && (llvm19 || llvm22)

package llvmjit

/*
#include <stdlib.h>
#include "orc.h"
*/
import "C"

import (
	"bytes"
	"debug/elf"
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"github.com/stackmaps/stackmaps/objfile"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackmap"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// Linker chooses the object linking layer of an ORC JIT.
type Linker int

const (
	// RTDyld is RuntimeDyld with MCJIT-like memory manager callbacks
	// (LLVMOrcCreateRTDyldObjectLinkingLayerWithMCJITMemoryManagerLikeCallbacks):
	// one allocation context per object, whose data-section callback
	// receives .llvm_stackmaps and .eh_frame by name. Their relocations
	// are applied in JIT memory, so both are decoded in place (bias 0),
	// as on the MCJIT path.
	RTDyld Linker = iota
	// JITLink is LLJIT's default linker. The C API has no section
	// callbacks for it and the stack map section is not kept in JIT
	// memory (no symbol keeps it alive), so an object transform copies
	// each compiled object; the module is built from the copy, its
	// relocations applied by package objfile as for any relocatable object
	// (function addresses and FDEs as offsets in the code section), with
	// the code section's JIT address, found by looking the function up in
	// LLJIT, as the module's bias.
	JITLink
)

// String names the linker: "rtdyld" or "jitlink".
func (l Linker) String() string {
	if l == JITLink {
		return "jitlink"
	}
	return "rtdyld"
}

// ORC is an LLJIT (LLVM 19 and later) whose modules are added and removed
// one at a time, each under its own resource tracker.
type ORC struct {
	Linker Linker
	jit    C.LLVMOrcLLJITRef
}

// NewORC makes an LLJIT with the given linker and stackmaps_jit_capture
// defined in its main JITDylib. Call Init first (or NewORC calls it with no
// LLVM options).
func NewORC(l Linker) (*ORC, error) {
	if err := Init(); err != nil {
		return nil, err
	}
	rtdyld := C.int(0)
	if l == RTDyld {
		rtdyld = 1
	}
	o := &ORC{Linker: l}
	if err := takeError(C.orc_create(&o.jit, rtdyld)); err != nil {
		return nil, fmt.Errorf("creating LLJIT (%v): %w", l, err)
	}
	return o, nil
}

// Close disposes of the JIT and everything it compiled.
func (o *ORC) Close() error {
	if o.jit == nil {
		return nil
	}
	err := takeError(C.LLVMOrcDisposeLLJIT(o.jit))
	o.jit = nil
	return err
}

// ORCModule is one module added to an ORC JIT and compiled.
type ORCModule struct {
	Name  string
	Entry string
	Addr  uint64 // the entry function's address
	// Walk is the module for package stackwalk: its code range, unwind
	// table and stack map index.
	Walk *stackwalk.Module
	// Sections (RTDyld) are the object's sections in JIT memory, valid
	// until Remove; the stack maps and .eh_frame are decoded there.
	Sections []Section
	// Object (JITLink) is the compiled object as the transform copied it.
	Object []byte

	orc *ORC
	rt  C.LLVMOrcResourceTrackerRef
}

// Add parses IR text as module name and adds it under a resource tracker
// of its own; Compile compiles it. The module's code may call functions of
// other modules (LLJIT resolves them when it compiles) and
// stackmaps_jit_capture.
func (o *ORC) Add(name, ir, entry string) (*ORCModule, error) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	cir := C.CString(ir)
	defer C.free(unsafe.Pointer(cir))
	m := &ORCModule{Name: name, Entry: entry, orc: o}
	var msg *C.char
	if err := takeError(C.orc_add(o.jit, cname, cir, C.size_t(len(ir)), &m.rt, &msg)); err != nil {
		return nil, fmt.Errorf("%s: adding to LLJIT: %w", name, err)
	}
	if msg != nil {
		return nil, fmt.Errorf("%s: %s", name, takeMessage(msg))
	}
	return m, nil
}

// Compile compiles the module (and those its code calls, if they are not
// yet) by looking its entry up, and builds its stackwalk.Module (Walk).
func (m *ORCModule) Compile() error {
	addr, err := m.orc.Lookup(m.Entry)
	if err == nil {
		err = m.build(addr)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", m.Name, err)
	}
	return nil
}

// Lookup returns the address of a function, compiling its module (and
// those it calls) if they are not yet.
func (o *ORC) Lookup(fn string) (uint64, error) {
	cfn := C.CString(fn)
	defer C.free(unsafe.Pointer(cfn))
	var addr C.LLVMOrcExecutorAddress
	if err := takeError(C.LLVMOrcLLJITLookup(o.jit, &addr, cfn)); err != nil {
		return 0, fmt.Errorf("looking up %s: %w", fn, err)
	}
	return uint64(addr), nil
}

// Remove removes the module from the JIT: its code and sections are
// freed. Nothing may run or walk its code any more.
func (m *ORCModule) Remove() error {
	if m.rt == nil {
		return nil
	}
	err := takeError(C.LLVMOrcResourceTrackerRemove(m.rt))
	C.LLVMOrcReleaseResourceTracker(m.rt)
	m.rt = nil
	m.Sections = nil
	if m.orc.Linker == JITLink {
		forgetObject(m.Entry)
	}
	if err != nil {
		return fmt.Errorf("%s: removing: %w", m.Name, err)
	}
	return nil
}

// LiveObjects is the number of objects RuntimeDyld linked whose memory is
// not yet freed, in every RTDyld JIT of the process.
func LiveObjects() int { return int(C.orc_live_objects()) }

func (m *ORCModule) build(addr uint64) error {
	m.Addr = addr
	if m.orc.Linker == RTDyld {
		return m.buildInPlace()
	}
	return m.buildFromObject()
}

// buildInPlace (RTDyld) finds the object whose code holds the entry and
// decodes its stack maps and .eh_frame where they lie.
func (m *ORCModule) buildInPlace() error {
	var secs [C.ORC_MAX_SECTIONS]C.jit_section
	n := int(C.orc_object_sections(C.uint64_t(m.Addr), &secs[0], C.ORC_MAX_SECTIONS))
	if n < 0 {
		return fmt.Errorf("no RuntimeDyld object holds %s at %#x", m.Entry, m.Addr)
	}
	for i := 0; i < n; i++ {
		s := &secs[i]
		m.Sections = append(m.Sections, Section{
			Name:  C.GoString(&s.name[0]),
			Addr:  uint64(uintptr(unsafe.Pointer(s.addr))),
			Bytes: unsafe.Slice((*byte)(unsafe.Pointer(s.addr)), int(s.size)),
			Code:  s.code != 0,
		})
	}
	jm, err := moduleOf(m.Name, m.Sections)
	if err != nil {
		return err
	}
	m.Walk = jm.Walk
	return nil
}

// buildFromObject (JITLink) builds the module from the copy of its object:
// objfile relocates the stack maps and .eh_frame as in any relocatable
// object (addresses are offsets in the code section), and the bias is the
// code section's JIT address: the entry's address less its symbol value.
func (m *ORCModule) buildFromObject() error {
	obj := objectOf(m.Entry)
	if obj == nil {
		return fmt.Errorf("the object transform saw no object defining %s", m.Entry)
	}
	m.Object = obj
	ef, err := elf.NewFile(bytes.NewReader(obj))
	if err != nil {
		return fmt.Errorf("compiled object: %w", err)
	}
	syms, err := ef.Symbols()
	if err != nil {
		return fmt.Errorf("compiled object: %w", err)
	}
	var fn *elf.Symbol
	for i := range syms {
		if syms[i].Name == m.Entry && syms[i].Section != elf.SHN_UNDEF {
			fn = &syms[i]
		}
	}
	if fn == nil || fn.Size == 0 {
		return fmt.Errorf("compiled object: no sized symbol %s", m.Entry)
	}
	if m.Addr < fn.Value {
		return fmt.Errorf("%s at %#x: below its offset %#x in its section", m.Entry, m.Addr, fn.Value)
	}
	f, err := objfile.NewFile(bytes.NewReader(obj))
	if err != nil {
		return fmt.Errorf("compiled object: %w", err)
	}
	defer f.Close()
	sec, err := f.Sections[0].Parse()
	if err != nil {
		return fmt.Errorf("compiled object: %w", err)
	}
	ut, err := f.Unwind()
	if err != nil {
		return fmt.Errorf("compiled object: %w", err)
	}
	// Every function record must be the entry's: one function, one code
	// section, one bias.
	for ti, t := range sec.Tables() {
		for fi := 0; fi < t.NumFunctions(); fi++ {
			fr, _ := t.Function(fi)
			if fr.Entry() < fn.Value || fr.Entry()-fn.Value >= fn.Size {
				return fmt.Errorf("compiled object: table %d function %d at offset %#x is not %s [%#x, %#x)",
					ti, fi, fr.Entry(), m.Entry, fn.Value, fn.Value+fn.Size)
			}
		}
	}
	bias := m.Addr - fn.Value
	m.Walk = &stackwalk.Module{Name: m.Name, Arch: regs.X86_64, Bias: bias, Start: m.Addr, End: m.Addr + fn.Size,
		Unwind: ut, Stackmaps: stackmap.NewIndex(sec)}
	return nil
}

// The objects the JITLink transform copied, by the global functions they
// define, until a module takes its own.
var (
	objectsMu sync.Mutex
	objects   = map[string][]byte{}
)

//export goORCObject
func goORCObject(data unsafe.Pointer, size C.size_t) {
	obj := C.GoBytes(data, C.int(size))
	ef, err := elf.NewFile(bytes.NewReader(obj))
	if err != nil {
		return // Add reports the missing object
	}
	syms, _ := ef.Symbols()
	objectsMu.Lock()
	defer objectsMu.Unlock()
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_FUNC && elf.ST_BIND(s.Info) == elf.STB_GLOBAL && s.Section != elf.SHN_UNDEF {
			objects[s.Name] = obj
		}
	}
}

func objectOf(fn string) []byte {
	objectsMu.Lock()
	defer objectsMu.Unlock()
	return objects[fn]
}

func forgetObject(fn string) {
	objectsMu.Lock()
	defer objectsMu.Unlock()
	delete(objects, fn)
}

// takeError returns an LLVM error as a Go error and frees it.
func takeError(err C.LLVMErrorRef) error {
	if err == nil {
		return nil
	}
	msg := C.LLVMGetErrorMessage(err) // consumes err
	defer C.LLVMDisposeErrorMessage(msg)
	return errors.New(C.GoString(msg))
}
