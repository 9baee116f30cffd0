package stackwalk

// beginWalk enters the module set's current epoch (for a Config.ModuleSet)
// and takes its snapshot: the modules this walk sees.
func (w *Walker) beginWalk() {
	if w.slot != nil {
		w.mods.gp.enter(w.slot)
	}
	w.snap = w.mods.snap.Load()
	w.hit = moduleHit{}
}

// endWalk leaves the epoch: ModuleSet.Synchronize no longer waits for this
// walker. The snapshot is kept for a Config.Modules walker (whose set does
// not change) and dropped otherwise.
func (w *Walker) endWalk() {
	if w.slot != nil {
		leave(w.slot)
		w.snap, w.hit = nil, moduleHit{}
	}
}

// Done ends the walk under way, if any, before Next has returned false: a
// walker that stops early (it found the frame it looked for) calls it so
// that Config.ModuleSet's Synchronize need not wait for the walker's next
// Start. The Frame and the modules the walk gave may no longer be used, and
// Next reports ErrNotStarted until the next Start. A Frames iteration that
// is stopped early calls Done itself. Done does nothing when no walk is
// under way.
func (w *Walker) Done() {
	if w.end == Walking {
		w.started = false
	}
	w.endWalk()
}
