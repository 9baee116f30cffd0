package procwalk

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/stackwalk"
)

// ErrNoBias means no program header of a mapped file matches its
// mappings, so its load bias is unknown.
var ErrNoBias = errors.New("load bias not found from the mappings")

// ErrWrongImage means a file is not the image the process had loaded
// (Mapping.ID): a walk through it would read another program's unwind
// tables and stack maps, so its module is left out.
var ErrWrongImage = errors.New("not the image the process loaded")

// Options tune Open.
type Options struct {
	// Sysroot, when not "", is tried first for every absolute path of a
	// mapped file: a foreign architecture's libraries
	// (/usr/aarch64-linux-gnu) or a copy of the crashed machine's files.
	// For a Windows process's module (a path such as C:\app\app.exe) it
	// is the directory searched for a file of the module's name,
	// compared case-insensitively.
	Sysroot string
	// Exe, when not "", is the path of the main executable on this
	// machine: it replaces Process.Exe (and, when Process.Exe is "", the
	// file of the lowest mapping).
	Exe string
	// Images are more files on this machine for the images of a Windows
	// process (FromMinidump), each used for the module of the same file
	// name (compared case-insensitively, as Windows does); Exe is one
	// too. A module none of them names is looked for by its file name
	// in Sysroot.
	Images []string
	// MaxFrames bounds each thread's walk (stackwalk.DefaultMaxFrames
	// when 0).
	MaxFrames int
}

// ModuleInfo says what Open made of one mapped file.
type ModuleInfo struct {
	// Path is the path the process named; File the file opened for it
	// (under Options.Sysroot, or Options.Exe), "" when none was.
	Path, File string
	// Bias is the load bias.
	Bias uint64
	// Module is the walk's module; nil when the file could not be used
	// (Err says why): frames in its code end the walk.
	Module *stackwalk.Module
	// Stackmaps reports whether the file has stack maps.
	Stackmaps bool
	// Err is why the file could not be opened or used.
	Err error

	symbols Symbols
}

// Walk holds what the walks of one process need: its modules, opened once,
// their symbol maps and a stackwalk.Walker. It is not safe for concurrent
// use.
type Walk struct {
	proc    *Process
	modules []ModuleInfo // those with a Module first, sorted by Module.Start
	nmods   int          // how many have a Module
	walker  *stackwalk.Walker
	regs    stackwalk.RegisterSet
}

// Open opens every file the process has mapped (each once) through files
// (objfile.ProcessFiles reads ELF files and PE images), computes its load bias and
// builds the modules of the walks. A file that cannot be opened is listed
// in Modules with its error and left out of the walks; Open fails only
// when no module can be used or the walker refuses them.
func Open(p *Process, files Files, opts Options) (*Walk, error) {
	if p.Memory == nil {
		return nil, errors.New("procwalk: process has no memory reader")
	}
	if files == nil {
		return nil, errors.New("procwalk: no Files to open the process's images with (objfile.ProcessFiles opens ELF files)")
	}
	w := &Walk{proc: p}
	seen := map[string]bool{}
	for _, im := range p.Images {
		if im.Path == "" || seen[im.Path] {
			continue
		}
		seen[im.Path] = true
		w.modules = append(w.modules, openImage(p, files, opts, im.Path, knownBias(im.Bias)))
	}
	byPath := map[string][]Mapping{}
	var paths []string
	for _, m := range p.Mappings {
		if !strings.HasPrefix(m.Path, "/") && !windowsPath(m.Path) || seen[m.Path] {
			continue // [vdso], [stack], anonymous
		}
		if _, ok := byPath[m.Path]; !ok {
			paths = append(paths, m.Path)
		}
		byPath[m.Path] = append(byPath[m.Path], m)
	}
	for _, path := range paths {
		w.modules = append(w.modules, openImage(p, files, opts, path, mappedBias(byPath[path])))
	}
	if len(p.Images) == 0 && len(p.Mappings) == 0 {
		// A core without NT_FILE (qemu-user's): the executable's bias from
		// AT_ENTRY, the libraries from the dynamic linker's list.
		w.modules = append(w.modules, openLinkMap(p, files, opts)...)
	}
	if mi, ok := openVDSO(p, files); ok {
		w.modules = append(w.modules, mi)
	}
	mods := w.checkModules(p.Arch)
	if len(mods) == 0 {
		var first error
		for _, mi := range w.modules {
			if mi.Err != nil {
				first = mi.Err
				break
			}
		}
		if first == nil {
			first = errors.New("the process lists none")
		}
		return nil, fmt.Errorf("procwalk: none of the %d mapped files could be used: %w", len(w.modules), first)
	}
	cfg := stackwalk.Config{Arch: p.Arch, Modules: mods, Memory: p.Memory, MaxFrames: opts.MaxFrames, SignalTrampolines: true}
	if p.Arch == regs.AArch64 {
		cfg.PACMask = 0xffff000000000000
	}
	wk, err := stackwalk.NewWalker(cfg)
	if err != nil {
		return nil, fmt.Errorf("procwalk: %w", err)
	}
	w.walker = wk
	return w, nil
}

// checkModules sorts the modules by code address and leaves out of the
// walk, with an error in their ModuleInfo, those of another architecture
// (a host library found instead of the target's: see Options.Sysroot) and
// those whose code overlaps a module before them (a hostile or
// inconsistent list); it returns the modules of the walk.
func (w *Walk) checkModules(arch regs.Arch) []*stackwalk.Module {
	for i := range w.modules {
		mi := &w.modules[i]
		if m := mi.Module; m != nil && m.Arch != arch {
			mi.Err = fmt.Errorf("%s: architecture %v, the process's is %v (a foreign library: give --sysroot)", mi.File, m.Arch, arch)
			mi.Module = nil
		}
	}
	sort.SliceStable(w.modules, func(i, j int) bool {
		a, b := w.modules[i].Module, w.modules[j].Module
		if a == nil || b == nil {
			return b == nil && a != nil
		}
		return a.Start < b.Start
	})
	var mods []*stackwalk.Module
	for i := range w.modules {
		mi := &w.modules[i]
		m := mi.Module
		if m == nil {
			continue
		}
		if n := len(mods); n > 0 && mods[n-1].End > m.Start {
			mi.Err = fmt.Errorf("%s: code %#x-%#x overlaps %s's", mi.File, m.Start, m.End, mods[n-1].Name)
			mi.Module = nil
			continue
		}
		mods = append(mods, m)
	}
	// Keep the modules of the walk first, by address (Module searches
	// them).
	sort.SliceStable(w.modules, func(i, j int) bool {
		return w.modules[i].Module != nil && w.modules[j].Module == nil
	})
	w.nmods = len(mods)
	return mods
}

// localPath returns the file to open for path: under sysroot when it is
// there, the executable given for the process's executable, else path.
func localPath(p *Process, opts Options, path string) string {
	if windowsPath(path) {
		return windowsLocal(opts, path)
	}
	if opts.Exe != "" && (path == p.Exe || p.Exe == "" && path == lowestPath(p)) {
		return opts.Exe
	}
	if opts.Sysroot != "" && filepath.IsAbs(path) {
		cand := filepath.Join(opts.Sysroot, path)
		if _, err := os.Stat(cand); err == nil {
			return cand
		}
	}
	return path
}

// lowestPath returns the file of the lowest file-backed mapping (the
// executable, in a process the kernel loaded).
func lowestPath(p *Process) string {
	lowest, path := uint64(1<<64-1), ""
	for _, m := range p.Mappings {
		if strings.HasPrefix(m.Path, "/") && m.Start < lowest {
			lowest, path = m.Start, m.Path
		}
	}
	return path
}

// openImage opens one file and makes its module, with the load bias that
// bias computes from it.
func openImage(p *Process, files Files, opts Options, path string, bias func(Object) (uint64, error)) ModuleInfo {
	mi := ModuleInfo{Path: path, File: localPath(p, opts, path)}
	if mi.File == "" {
		mi.Err = fmt.Errorf("no file named %s given, or in the --sysroot directory", windowsBase(path))
		return mi
	}
	img, err := files.Open(mi.File)
	if err != nil {
		mi.Err = err
		return mi
	}
	defer img.Close()
	if mi.Bias, err = bias(img); err != nil {
		mi.Err = fmt.Errorf("%s: %w", mi.File, err)
		return mi
	}
	mi.use(img, path)
	return mi
}

// use makes the module and the symbols of img, loaded at mi.Bias, named
// name; mi.Err says why the module could not be made.
func (mi *ModuleInfo) use(img Object, name string) {
	m, err := img.Module(mi.Bias)
	if err != nil {
		mi.Err = err
		return
	}
	m.Name = name
	mi.Module = m
	mi.Stackmaps = m.Stackmaps != nil
	if syms, err := img.Symbols(); err == nil {
		mi.symbols = syms
	}
}

// knownBias is the bias function of an image whose bias is known.
func knownBias(b uint64) func(Object) (uint64, error) {
	return func(Object) (uint64, error) { return b, nil }
}

// mappedBias is the bias function of a file with mappings.
func mappedBias(maps []Mapping) func(Object) (uint64, error) {
	return func(img Object) (uint64, error) { return img.LoadBias(maps) }
}
