package procwalk

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/stackmaps/stackmaps/minidump"
)

// FromMinidump describes the process of a Windows minidump for a walk: its
// threads (the one of the exception stream marked Crashed, with the
// registers of the exception's context: the faulting instruction), one
// mapping per module of the module list (the image from its first byte,
// [Base, Base+Size), under its Windows path) and its memory (the dump
// itself, read without copying). The executable is the first module.
// Open finds each module's image by its file name (Options.Images,
// Options.Exe, Options.Sysroot).
func FromMinidump(f *minidump.File) *Process {
	p := &Process{Arch: f.Arch, Memory: f}
	p.Threads = make([]Thread, len(f.Threads))
	for i := range f.Threads {
		t := &f.Threads[i]
		p.Threads[i] = Thread{TID: int(t.ID), Regs: t.Regs, Crashed: t.Excepted}
		if t.Excepted && f.Exception != nil {
			p.Threads[i].Exception = f.Exception.Code
		}
	}
	p.Mappings = make([]Mapping, len(f.Modules))
	for i, m := range f.Modules {
		p.Mappings[i] = Mapping{Start: m.Base, End: m.Base + uint64(m.Size), Path: m.Name, ID: m.ImageID()}
	}
	if len(f.Modules) > 0 {
		p.Exe = f.Modules[0].Name
	}
	return p
}

// windowsPath reports whether path is an absolute Windows path (C:\...,
// \\server\...), as a minidump names its modules.
func windowsPath(path string) bool {
	return len(path) >= 3 && path[1] == ':' && (path[2] == '\\' || path[2] == '/') ||
		strings.HasPrefix(path, `\\`)
}

// windowsBase returns the file name of a Windows path.
func windowsBase(path string) string {
	return path[strings.LastIndexAny(path, `\/`)+1:]
}

// windowsLocal returns the file on this machine for a module of a Windows
// process: the one of Options.Images (or Options.Exe) with the module's
// file name, case-insensitively, else the file of that name under
// Options.Sysroot when there is one, else "".
func windowsLocal(opts Options, path string) string {
	base := windowsBase(path)
	for _, im := range append([]string{opts.Exe}, opts.Images...) {
		if im != "" && strings.EqualFold(filepath.Base(im), base) {
			return im
		}
	}
	if opts.Sysroot != "" {
		if local, ok := findFold(opts.Sysroot, base); ok {
			return local
		}
	}
	return ""
}

// findFold returns the file named name, compared case-insensitively, in
// directory dir.
func findFold(dir, name string) (string, bool) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), name) && e.Type().IsRegular() {
			return filepath.Join(dir, e.Name()), true
		}
	}
	return "", false
}
