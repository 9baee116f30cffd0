package stackwalk

// DisableCache makes w walk without its recipe cache: every frame takes
// the row and the record lookup (the reference the cache is tested
// against).
func DisableCache(w *Walker) { w.cache = nil }
