package procwalk

import (
	"errors"
	"fmt"

	"github.com/stackmaps/stackmaps/stackmap"
)

// Bounds of the dynamic linker's data that Open reads from a process.
const (
	maxLinkMap  = 1 << 12 // entries of the link_map list
	maxPathRead = 1 << 12 // bytes of a library's path
)

// ErrNoLinkMap means the loaded libraries could not be found from the
// auxiliary vector and the dynamic linker's list.
var ErrNoLinkMap = errors.New("no list of loaded libraries")

// openLinkMap opens the executable, with the bias AT_ENTRY gives, and the
// libraries of the dynamic linker's link_map list (found through the
// executable's DT_DEBUG entry, which points to the dynamic linker's
// r_debug), each with its l_addr as bias. The dynamic linker itself, whose
// name in the list may be in memory the core does not hold, is the
// executable's PT_INTERP at AT_BASE.
func openLinkMap(p *Process, files Files, opts Options) []ModuleInfo {
	exe := p.Exe
	if opts.Exe != "" {
		exe = opts.Exe
	}
	entry, ok := p.auxv(AtEntry)
	if exe == "" || !ok {
		return []ModuleInfo{{Path: exe, Err: fmt.Errorf("%w: the process has no file mappings; give the executable and a core with its auxiliary vector", ErrNoLinkMap)}}
	}
	var libs []Image
	var listErr error
	mi := openImage(p, files, opts, exe, func(img Object) (uint64, error) {
		bias, err := img.EntryBias(entry)
		if err != nil {
			return 0, err
		}
		libs, listErr = linkMap(p, img, bias)
		return bias, nil
	})
	mods := []ModuleInfo{mi}
	if listErr != nil {
		mods = append(mods, ModuleInfo{Path: exe, Err: listErr})
	}
	for _, im := range libs {
		mods = append(mods, openImage(p, files, opts, im.Path, knownBias(im.Bias)))
	}
	return mods
}

// linkMap reads the dynamic linker's list of loaded objects from memory,
// from the executable exe loaded at bias.
func linkMap(p *Process, exe Object, bias uint64) ([]Image, error) {
	rdebug, interpName, ok, err := exe.DynamicLinker(p.Memory, bias)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%w: %w", ErrNoLinkMap, err)
	case !ok:
		return nil, nil // a static executable: nothing else is loaded
	case rdebug == 0:
		return nil, fmt.Errorf("%w: the executable's DT_DEBUG is not set", ErrNoLinkMap)
	}
	order := p.Arch.ByteOrder()
	rd := func(addr uint64) (uint64, error) {
		if u, ok := p.Memory.(stackmap.UintReader); ok {
			return u.ReadUint(addr, 8, order)
		}
		var b [8]byte
		if err := p.Memory.ReadMemory(addr, b[:]); err != nil {
			return 0, err
		}
		return order.Uint64(b[:]), nil
	}
	base, _ := p.auxv(AtBase)
	lm, err := rd(rdebug + 8) // r_debug.r_map
	if err != nil {
		return nil, fmt.Errorf("%w: r_debug at %#x: %w", ErrNoLinkMap, rdebug, err)
	}
	var out []Image
	seen := map[uint64]bool{}
	for n := 0; lm != 0 && n < maxLinkMap && !seen[lm]; n++ {
		seen[lm] = true
		addr, err := rd(lm)
		if err != nil {
			return out, fmt.Errorf("%w: link_map at %#x: %w", ErrNoLinkMap, lm, err)
		}
		nameAt, _ := rd(lm + 8)
		name := readString(p, nameAt)
		if name == "" && addr == base && base != 0 {
			name = interpName
		}
		if name != "" && addr != bias {
			out = append(out, Image{Path: name, Bias: addr})
		}
		if lm, err = rd(lm + 24); err != nil { // l_next
			return out, fmt.Errorf("%w: link_map next: %w", ErrNoLinkMap, err)
		}
	}
	return out, nil
}

// readString reads a NUL-terminated string of at most maxPathRead bytes;
// "" when it is not readable.
func readString(p *Process, addr uint64) string {
	if addr == 0 {
		return ""
	}
	var b []byte
	var c [1]byte
	for len(b) < maxPathRead {
		if p.Memory.ReadMemory(addr+uint64(len(b)), c[:]) != nil {
			return ""
		}
		if c[0] == 0 {
			return string(b)
		}
		b = append(b, c[0])
	}
	return ""
}
