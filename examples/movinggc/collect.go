package main

import (
	"fmt"
	"syscall"

	"github.com/stackmaps/stackmaps/stackwalk"
)

// Stats counts what the collections of a run did.
type Stats struct {
	Collections int
	Frames      int // statepoint frames walked, over all collections
	Roots       int // (base, derived) pairs found
	Writes      int // words written back to roots' homes
	Verified    int // pairs found relocated by the walk after each collection
	Homes       [numHomeKinds]int
	Copied      int    // objects copied
	Bytes       uint64 // bytes copied
	Freed       uint64 // bytes left behind (garbage)
	// Walks lists, per collection, the statepoint IDs of the frames
	// walked, innermost first.
	Walks [][]uint64
}

// Collector is the moving collector: a copying collector over the Heap's
// spaces, with roots found by walking the mutator's frames.
type Collector struct {
	arch   archInfo
	im     *image
	heap   *Heap
	stack  liveStack
	walker *stackwalk.Walker
	regs   stackwalk.RegisterSet
	roots  []root
	want   []root   // verify's copy of roots
	save   []uint64 // the capture's save area, copied
	starts []uint64 // object starts of the from-space, one bit per word
	Stats  Stats
	// Logf, when not nil, is told about every frame and root.
	Logf func(format string, args ...any)
	// skipHome, for tests only, makes writeBack forget every root whose
	// home is of this kind (numHomeKinds: none forgotten), to show that
	// a forgotten root does not go unnoticed.
	skipHome HomeKind

	from, to       []byte
	fromLo, toLo   uint64
	fromUsed, toAt uint64
}

// NewCollector makes a collector of the running binary's mutator over h.
func NewCollector(h *Heap) (*Collector, error) {
	a, err := nativeArch()
	if err != nil {
		return nil, err
	}
	im, err := openSelf()
	if err != nil {
		return nil, err
	}
	c := &Collector{arch: a, im: im, heap: h, skipHome: numHomeKinds}
	c.walker, err = stackwalk.NewWalker(stackwalk.Config{
		Modules:    []*stackwalk.Module{im.mod},
		Memory:     &c.stack,
		StopPCLow:  im.runLo,
		StopPCHigh: im.runHi,
		ExactOnly:  true,
		MaxFrames:  64,
	})
	if err != nil {
		return nil, err
	}
	c.starts = make([]uint64, (len(h.spaces[0])/wordSize+63)/64)
	return c, nil
}

func (c *Collector) logf(format string, args ...any) {
	if c.Logf != nil {
		c.Logf(format, args...)
	}
}

// Collect runs one collection from the capture routine's save area (at
// address saveAddr; save is its copy) with the live stack ending at
// stackHi. On error nothing has moved unless the error says otherwise.
func (c *Collector) Collect(saveAddr uint64, save []uint64, stackHi uint64) error {
	c.stack = liveStack{lo: saveAddr, hi: stackHi}
	c.Stats.Collections++
	n := c.Stats.Collections
	h := c.heap
	c.from, c.fromLo, c.fromUsed = h.spaces[h.cur], h.base(h.cur), h.used()
	if _, err := markObjects(c.from, c.fromUsed, c.starts); err != nil {
		return fmt.Errorf("movinggc: collection %d: from-space: %w", n, err)
	}
	ids, err := c.findRoots(save, saveAddr, true)
	if err != nil {
		return fmt.Errorf("movinggc: collection %d: %w", n, err)
	}
	c.Stats.Walks = append(c.Stats.Walks, ids)
	if err := c.validate(); err != nil {
		return err
	}
	next := (h.cur + 1) % len(h.spaces)
	c.to, c.toLo, c.toAt = h.spaces[next], h.base(next), 0
	if err := syscall.Mprotect(c.to, syscall.PROT_READ|syscall.PROT_WRITE); err != nil {
		return fmt.Errorf("movinggc: collection %d: unprotecting the to-space: %w", n, err)
	}
	if err := c.copyAll(); err != nil {
		return fmt.Errorf("movinggc: collection %d (objects partly moved, old space kept): %w", n, err)
	}
	if err := c.writeBack(); err != nil {
		return fmt.Errorf("movinggc: collection %d (roots partly written): %w", n, err)
	}
	c.Stats.Freed += c.fromUsed - c.toAt
	for i := range c.from {
		c.from[i] = byte(poison >> (8 * (i % 8)))
	}
	if err := syscall.Mprotect(c.from, syscall.PROT_NONE); err != nil {
		return fmt.Errorf("movinggc: collection %d: protecting the old space: %w", n, err)
	}
	h.cur = next
	h.setAlloc(c.toAt)
	return c.verify(save, saveAddr)
}

// findRoots walks the mutator's frames and fills c.roots; it returns the
// statepoint IDs of the frames, innermost first. The first walk of a
// collection counts and logs its frames; the verifying walk does not.
func (c *Collector) findRoots(save []uint64, saveAddr uint64, first bool) ([]uint64, error) {
	c.roots = c.roots[:0]
	c.arch.registers(save, &c.regs)
	c.walker.Start(save[c.arch.raSlot], &c.regs)
	var ids []uint64
	for fr, err := range c.walker.Frames() {
		if err != nil {
			return nil, err
		}
		sp, ok := fr.Statepoint()
		if !ok {
			if !first {
				continue
			}
			c.logf("frame %d pc %#x %s: no statepoint", fr.Index, fr.PC, c.im.funcName(fr.PC))
			continue
		}
		id := sp.Record().ID()
		ids = append(ids, id)
		if first {
			c.Stats.Frames++
			c.logf("frame %d pc %#x %s: statepoint ID %d, %d roots", fr.Index, fr.PC, c.im.funcName(fr.PC), id, fr.NumRoots())
		}
		for i := range fr.NumRoots() {
			r, err := fr.Root(i)
			if err != nil {
				return nil, fmt.Errorf("frame %d (pc %#x, %s) root %d: %w", fr.Index, fr.PC, c.im.funcName(fr.PC), i, err)
			}
			c.roots = append(c.roots, root{frame: fr.Index, pc: fr.PC, id: id, pair: i,
				base: classify(r.Base, &c.arch, saveAddr), der: classify(r.Derived, &c.arch, saveAddr)})
		}
	}
	if e := c.walker.End(); e != stackwalk.EndStopPC {
		pc, sp := c.walker.Stopped()
		return nil, fmt.Errorf("walk ended with %v (pc %#x, sp %#x) before reaching mgc_run", e, pc, sp)
	}
	return ids, nil
}

// inFrom reports whether v points into the used part of the from-space,
// and its offset.
func (c *Collector) inFrom(v uint64) (uint64, bool) {
	return v - c.fromLo, v >= c.fromLo && v-c.fromLo < c.fromUsed
}

// validate checks every root before anything moves: a base is null or
// the start of a from-space object, a derived pointer lies inside its
// base's object, and each pointer has a home the collector can write.
func (c *Collector) validate() error {
	var probs []string
	for i := range c.roots {
		r := &c.roots[i]
		where := fmt.Sprintf("frame %d (pc %#x, %s, statepoint ID %d) pair %d", r.frame, r.pc, c.im.funcName(r.pc), r.id, r.pair)
		if r.base.val == 0 && r.der.val == 0 {
			continue
		}
		off, ok := c.inFrom(r.base.val)
		switch {
		case !ok:
			probs = append(probs, fmt.Sprintf("%s: base %s does not point into the heap [%#x, %#x)", where, r.base.describe(&c.arch), c.fromLo, c.fromLo+c.fromUsed))
			continue
		case !isStart(c.starts, off):
			probs = append(probs, fmt.Sprintf("%s: base %s is not the start of an object", where, r.base.describe(&c.arch)))
			continue
		}
		size, _, _ := objectSize(c.from, c.fromUsed, off)
		if r.der.val < r.base.val || r.der.val-r.base.val > size {
			probs = append(probs, fmt.Sprintf("%s: derived %s is outside its base's object (%#x, %d bytes)", where, r.der.describe(&c.arch), r.base.val, size))
		}
		if r.base.kind == HomeNone {
			probs = append(probs, fmt.Sprintf("%s: base %s", where, r.base.describe(&c.arch)))
		}
		if r.der.kind == HomeNone {
			probs = append(probs, fmt.Sprintf("%s: derived %s", where, r.der.describe(&c.arch)))
		}
	}
	if len(probs) > 0 {
		return &RootError{Problems: probs}
	}
	return nil
}

// copyAll copies every object reachable from the roots to the to-space
// (Cheney: the roots' objects, then breadth-first through the pointer
// fields of the copies) and computes each root's new values.
func (c *Collector) copyAll() error {
	for i := range c.roots {
		r := &c.roots[i]
		if r.base.val == 0 && r.der.val == 0 {
			continue
		}
		nb, err := c.forward(r.base.val)
		if err != nil {
			return err
		}
		r.newVal = [2]uint64{nb, nb + (r.der.val - r.base.val)}
	}
	for scan := uint64(0); scan < c.toAt; {
		size, nptr, err := objectSize(c.to, c.toAt, scan)
		if err != nil {
			return fmt.Errorf("to-space: %w", err)
		}
		for f := uint64(1); f <= nptr; f++ {
			at := scan + f*wordSize
			v := le.Uint64(c.to[at:])
			if v == 0 {
				continue
			}
			off, ok := c.inFrom(v)
			if !ok || !isStart(c.starts, off) {
				return fmt.Errorf("object copied to %#x: pointer field %d = %#x is not a from-space object", c.toLo+scan, f-1, v)
			}
			nv, err := c.forward(v)
			if err != nil {
				return err
			}
			le.PutUint64(c.to[at:], nv)
		}
		scan += size
	}
	return nil
}

// forward returns the new address of the from-space object at p, copying
// it on its first visit and leaving fwdBit | new address in its header.
func (c *Collector) forward(p uint64) (uint64, error) {
	off := p - c.fromLo
	hdr := le.Uint64(c.from[off:])
	if hdr&fwdBit != 0 {
		return hdr &^ fwdBit, nil
	}
	size, _, err := objectSize(c.from, c.fromUsed, off)
	if err != nil {
		return 0, err
	}
	if size > uint64(len(c.to))-c.toAt {
		return 0, fmt.Errorf("to-space full: %d bytes copied, %d more", c.toAt, size)
	}
	copy(c.to[c.toAt:], c.from[off:off+size])
	np := c.toLo + c.toAt
	c.toAt += size
	le.PutUint64(c.from[off:], fwdBit|np)
	c.Stats.Copied++
	c.Stats.Bytes += size
	return np, nil
}

// writeBack stores every root's relocated base and derived pointers in
// their homes.
func (c *Collector) writeBack() error {
	for i := range c.roots {
		r := &c.roots[i]
		if r.base.val == 0 && r.der.val == 0 {
			continue
		}
		c.Stats.Roots++
		for k, p := range [2]*ptr{&r.base, &r.der} {
			if p.kind == c.skipHome {
				continue
			}
			if err := c.stack.writeWord(p.addr, r.newVal[k]); err != nil {
				return fmt.Errorf("frame %d pair %d: %w", r.frame, r.pair, err)
			}
			c.Stats.Writes++
			c.Stats.Homes[p.kind]++
			c.logf("  frame %d pair %d %s: %#x -> %#x (%s)", r.frame, r.pair, [2]string{"base", "derived"}[k], p.val, r.newVal[k], p.kind)
		}
	}
	return nil
}

// verify walks the frames again: every root must now hold the value the
// collection wrote, in the to-space.
func (c *Collector) verify(save []uint64, saveAddr uint64) error {
	c.want = append(c.want[:0], c.roots...)
	want := c.want
	// The save area's callee-saved slots were rewritten in memory: read
	// them again.
	for i := range save {
		v, err := c.stack.ReadUint(saveAddr+uint64(i)*wordSize, 8, le)
		if err != nil {
			return err
		}
		save[i] = v
	}
	if _, err := c.findRoots(save, saveAddr, false); err != nil {
		return fmt.Errorf("movinggc: verifying walk: %w", err)
	}
	if len(c.roots) != len(want) {
		return fmt.Errorf("movinggc: verifying walk found %d roots, the collection %d", len(c.roots), len(want))
	}
	for i, r := range c.roots {
		w := &want[i]
		if w.base.val == 0 && w.der.val == 0 {
			continue
		}
		if r.base.val != w.newVal[0] || r.der.val != w.newVal[1] {
			return fmt.Errorf("movinggc: after the collection frame %d pair %d reads (%#x, %#x), want (%#x, %#x)",
				r.frame, r.pair, r.base.val, r.der.val, w.newVal[0], w.newVal[1])
		}
		if r.base.val-c.toLo >= c.toAt {
			return fmt.Errorf("movinggc: after the collection frame %d pair %d base %#x is not in the to-space", r.frame, r.pair, r.base.val)
		}
		c.Stats.Verified++
	}
	return nil
}
