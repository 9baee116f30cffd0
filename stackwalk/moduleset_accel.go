package stackwalk

// accelTable answers most lookups of a snapshot from one cache line,
// before the chunks (moduleSnap.find) are asked: the addresses from the
// lowest module's start up are cut into buckets of 1<<shift bytes, from
// one to two a module when the table was built, and bucket b holds the
// modules that overlap it, up to accelSlots of them, each as its range
// clipped to the bucket and its *Module: a lookup reads the bucket's line
// and compares pc's offset with every slot, without a branch. A bucket
// that no slot of holds pc says nothing: the lookup then asks the chunks,
// which know (pc is in no module, the bucket overlaps more than
// accelSlots modules, or it lies deep inside a module, see accelNear).
// Every slot is a module of the snapshot and its range: the table is
// never wrong, only sometimes silent.
//
// Buckets are in pages of accelPageSize (64 KB), reached through a
// directory of pointers small enough to stay in the cache (about 2,000 at
// 1,000,000 modules: 16 KB); pages no module overlaps are emptyAccelPage.
// Snapshots share the pages they do not change (copy on write): Add and
// Remove copy the directory and the one or two pages whose buckets a
// module overlaps. The table is built again, from the snapshot (O(n)),
// when the number of modules has halved or doubled since it was built,
// or when more than an eighth of the modules lie outside the addresses
// it covers (the lowest start when it was built, up to half as far again
// past the highest end: a JIT whose code region slides up).
//
// Buckets wider than 2 GB (modules spread over far-apart regions) make
// no table: every lookup asks the chunks.
type accelTable struct {
	base   uint64 // bucket b covers base + [b<<shift, (b+1)<<shift)
	pages  []*accelPage
	mask   uint32 // 1<<shift - 1
	shift  uint8
	pshift uint8  // shift + accelPageBits
	limit  uint64 // the end of the addresses the pages cover
	built  int    // modules when the table was built
	// outside counts the modules of the snapshot not wholly in [base,
	// limit), whose buckets the table does not hold (when it has pages).
	outside int
}

// Sizes of an acceleration table.
const (
	accelSlots    = 4  // modules a bucket holds: 16 bytes each, one cache line
	accelPageBits = 10 // buckets a page: 1,024 (64 KB)
	accelPageSize = 1 << accelPageBits
	accelMaxShift = 31 // the widest bucket: 2 GB (its offsets fit in 32 bits)
	// accelNear is how many buckets from each end of a module hold
	// it: the buckets deeper inside a module are left empty, so that
	// adding or removing a module writes at most 2*(accelNear+2)
	// buckets, whatever its size.
	accelNear = 32
)

// accelSlot is a module whose range overlaps a bucket: the range's part
// in the bucket, [lo, end) from the bucket's low address, and the module.
// An empty slot (end == lo) holds no address; those after a bucket's
// modules are noSlot, so that the lo of the slots never decreases (see
// find), and a bucket that says nothing is all zeros.
type accelSlot struct {
	lo, end uint32
	m       *Module
}

type (
	accelBucket [accelSlots]accelSlot
	accelPage   [accelPageSize]accelBucket
)

// emptyAccelPage is the page of buckets no module overlaps, shared by
// every table and never written.
var emptyAccelPage accelPage

// noSlot is a slot after the modules of a bucket that holds any.
var noSlot = accelSlot{lo: ^uint32(0), end: ^uint32(0)}

// find returns the module the table holds for pc, or nil when it does
// not say (see accelTable).
func (t *accelTable) find(pc uint64) *Module {
	d := pc - t.base
	pi := d >> (t.pshift & 63)
	if pi >= uint64(len(t.pages)) {
		return nil
	}
	b := &t.pages[pi][(d>>(t.shift&63))&(accelPageSize-1)]
	// The slots are in address order, empty ones last with lo at the
	// top: pc's slot, if any, is the last whose lo is at or below pc's
	// offset, chosen without a branch.
	o := uint32(d) & t.mask
	i := atOrBelow(b[1].lo, o) + atOrBelow(b[2].lo, o) + atOrBelow(b[3].lo, o)
	if e := &b[i]; o-e.lo < e.end-e.lo {
		return e.m
	}
	return nil
}

// atOrBelow returns 1 when x <= o, else 0, without a branch.
func atOrBelow(x, o uint32) uint64 { return (uint64(o)-uint64(x))>>63 ^ 1 }

// inside reports whether [start, end) is wholly in the addresses the
// table covers.
func (t *accelTable) inside(start, end uint64) bool {
	return start >= t.base && end <= t.limit
}

// accelBucketOf returns the content of the bucket [lo, lo+1<<shift) of
// the modules ents (sorted, those that overlap the bucket; more than
// accelSlots: the bucket says nothing): each one's range clipped to the
// bucket. A bucket that a single module covers, more than accelNear
// buckets from either end of it, is empty too. The table holds this for
// every bucket, by build and by update alike.
func accelBucketOf(lo uint64, shift uint8, ents []moduleEntry) (b accelBucket) {
	if len(ents) > accelSlots {
		return b
	}
	w := uint64(1) << shift
	if len(ents) == 1 {
		e := &ents[0]
		if e.start <= lo && lo-e.start >= accelNear*w && e.end-lo >= (accelNear+1)*w {
			return b
		}
	}
	if len(ents) == 0 {
		return b
	}
	for i := range b {
		b[i] = noSlot
	}
	for i, e := range ents {
		s, x := max(e.start, lo), min(e.end-lo, w)
		b[i] = accelSlot{lo: uint32(s - lo), end: uint32(x), m: e.m}
	}
	return b
}

// overlapping sets out to the modules of s that overlap [lo, hi), in
// address order, and returns how many there are, or len(out)+1 when there
// are more than out holds.
func (s *moduleSnap) overlapping(lo, hi uint64, out []moduleEntry) int {
	ci, k := s.dir.find(s.firsts, lo), 0
	if ci < 0 {
		ci = 0
	} else {
		// Modules of the chunks before ci end at or below its base.
		k = max(lastEntryAtOrBelow(s.chunk(ci).ents, lo), 0)
	}
	n := 0
	for ; ci < s.nchunks; ci, k = ci+1, 0 {
		ents := s.chunk(ci).ents
		for ; k < len(ents); k++ {
			e := &ents[k]
			if e.start >= hi {
				return n
			}
			if e.end > lo {
				if n == len(out) {
					return n + 1
				}
				out[n] = *e
				n++
			}
		}
	}
	return n
}

// buildAccel returns the table of snapshot s.
func buildAccel(s *moduleSnap) accelTable {
	t := accelTable{built: s.n}
	if s.n == 0 {
		return t
	}
	ents := make([]moduleEntry, 0, s.n)
	for i := range s.nchunks {
		ents = append(ents, s.chunk(i).ents...)
	}
	base, span := ents[0].start, ents[len(ents)-1].end-ents[0].start
	// About one bucket a module; half as wide when that leaves more
	// than 1 in 50 of the buckets that hold modules with too many.
	shift := uint8(0)
	for span>>shift >= uint64(len(ents)) {
		shift++
	}
	if shift > 0 {
		var full, over int
		sweepBuckets(ents, base, shift, span>>shift+1, func(_ uint64, in []moduleEntry) {
			full++
			if len(in) > accelSlots {
				over++
			}
		})
		if over*50 > full {
			shift--
		}
	}
	if shift > accelMaxShift {
		return t
	}
	// Pages up to half the span again past the highest end, as far as
	// the addresses go (limit at most the highest address).
	k := shift + accelPageBits
	npages := (span+span/2)>>k + 1
	if room := (^base) >> k; npages > room {
		npages = room
	}
	if npages == 0 {
		return t
	}
	t.base, t.shift, t.pshift, t.limit = base, shift, k, base+npages<<k
	t.mask = 1<<shift - 1
	t.pages = make([]*accelPage, npages)
	for i := range t.pages {
		t.pages[i] = &emptyAccelPage
	}
	// The pages the modules overlap come from one array.
	slab := make([]accelPage, min(span>>k+1, npages))
	sweepBuckets(ents, base, shift, npages<<accelPageBits, func(b uint64, in []moduleEntry) {
		if bk := accelBucketOf(base+b<<shift, shift, in); bk != (accelBucket{}) {
			if pi := b >> accelPageBits; t.pages[pi] == &emptyAccelPage {
				t.pages[pi], slab = &slab[0], slab[1:]
			}
			t.setBucket(b, &bk, nil)
		}
	})
	for _, e := range ents {
		if !t.inside(e.start, e.end) {
			t.outside++
		}
	}
	return t
}

// sweepBuckets calls f with every bucket b < nb of the table of ents
// (all the modules, sorted) from base with buckets 1<<shift wide that
// holds a module and is not deep inside one (see accelBucketOf), and
// the modules that overlap it.
func sweepBuckets(ents []moduleEntry, base uint64, shift uint8, nb uint64, f func(b uint64, in []moduleEntry)) {
	w := uint64(1) << shift
	i := 0 // the first module that ends above bucket b
	for b := uint64(0); b < nb; {
		lo := base + b<<shift
		for i < len(ents) && ents[i].end <= lo {
			i++
		}
		if i == len(ents) {
			return
		}
		e := &ents[i]
		if e.start > lo && e.start-lo >= w {
			b = (e.start - base) >> shift // a gap: on to the next module
			continue
		}
		j := i
		for j < len(ents) && ents[j].start < lo+w {
			j++
		}
		if j-i == 1 && e.start <= lo && lo-e.start >= accelNear*w {
			// Deep inside e: on to the buckets near its end.
			if last := (e.end-base)>>shift - (accelNear + 1); last > b && e.end-lo >= (accelNear+1)*w {
				b = last
				continue
			}
		}
		f(b, ents[i:j])
		b++
	}
}

// setBucket writes bucket b, in a page of its own: a new copy of the
// page unless copied holds b's page (a page copied by this update),
// appended to copied.
func (t *accelTable) setBucket(b uint64, bk *accelBucket, copied []uint64) []uint64 {
	pi := b >> accelPageBits
	p := t.pages[pi]
	if p == &emptyAccelPage || copied != nil && !containsU64(copied, pi) {
		np := new(accelPage)
		if p != &emptyAccelPage {
			*np = *p
		}
		t.pages[pi], p = np, np
		if copied != nil {
			copied = append(copied, pi)
		}
	}
	p[b&(accelPageSize-1)] = *bk
	return copied
}

// containsU64 reports whether a holds x.
func containsU64(a []uint64, x uint64) bool {
	for _, y := range a {
		if y == x {
			return true
		}
	}
	return false
}

// changed returns the table of snapshot s, which is t's snapshot with the
// module of range [start, end) added (add) or removed: t with the
// buckets that module overlaps written again, in copies of their pages,
// or a table built again (see accelTable). t is unchanged.
func (t accelTable) changed(s *moduleSnap, start, end uint64, add bool) accelTable {
	if s.n > 2*t.built || 2*s.n < t.built || len(t.pages) > 0 && t.outside > s.n/8 {
		return buildAccel(s)
	}
	if len(t.pages) == 0 {
		return t
	}
	if !t.inside(start, end) {
		if add {
			t.outside++
		} else {
			t.outside--
		}
	}
	if end <= t.base || start >= t.limit {
		return t
	}
	t.pages = append([]*accelPage(nil), t.pages...)
	b0 := (max(start, t.base) - t.base) >> t.shift
	b1 := (min(end, t.limit) - 1 - t.base) >> t.shift
	var copied [4]uint64
	cp := copied[:0:len(copied)]
	write := func(b uint64) {
		lo := t.base + b<<t.shift
		var buf [accelSlots + 1]moduleEntry
		n := s.overlapping(lo, lo+1<<t.shift, buf[:])
		bk := accelBucketOf(lo, t.shift, buf[:min(n, len(buf))])
		if t.pages[b>>accelPageBits][b&(accelPageSize-1)] != bk {
			cp = t.setBucket(b, &bk, cp)
		}
	}
	// The buckets near the module's ends (accelBucketOf leaves those
	// deeper inside it empty, with or without it).
	if b1-b0 < 2*(accelNear+2) {
		for b := b0; b <= b1; b++ {
			write(b)
		}
		return t
	}
	for b := b0; b < b0+accelNear+2; b++ {
		write(b)
	}
	for b := b1 - (accelNear + 1); b <= b1; b++ {
		write(b)
	}
	return t
}
