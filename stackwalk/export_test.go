package stackwalk

// DisableCache makes w walk without its recipe cache: every frame takes
// the row and the record lookup (the reference the cache is tested
// against).
func DisableCache(w *Walker) { w.cache = nil }

// SetModules replaces the walker's modules, as a runtime's module set
// does when a module is removed and another loaded in its place.
func SetModules(w *Walker, ms []*Module) { w.cfg.Modules = ms }
