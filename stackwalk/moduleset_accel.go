package stackwalk

import "slices"

// accelTable answers most lookups of a big snapshot (accelMinModules
// modules or more) from one cache line, before the chunks
// (moduleSnap.find) are asked: the addresses from the lowest module's
// start up are cut into buckets of 1<<shift bytes, about one a module
// when the table was built, and bucket b holds the modules that overlap
// it, up to accelSlots of them, each as its range clipped to the bucket
// and its *Module: a lookup reads the bucket's line and picks the slot
// of pc's offset without a branch. A bucket that no slot of holds pc says
// nothing: the lookup then asks the chunks, which know (pc is in no
// module, the bucket overlaps more than accelSlots modules, or it lies
// deep inside a module, see accelNear). Every slot is a module of the
// snapshot and its range: the table is never wrong, only sometimes
// silent.
//
// Buckets are in pages of accelPageSize (4 KB), reached through a
// directory of two levels: blocks of accelMidSize page pointers (1 KB)
// under a list of blocks (at 1,000,000 modules, 120 to 240 blocks: a list
// of 1 to 2 KB, and 120 to 240 KB of blocks); pages and blocks no module
// overlaps are emptyAccelPage and emptyAccelMid. Snapshots share the
// pages and blocks they do not change (copy on write): Add and Remove
// copy the list, and the block and page of each bucket the module
// overlaps (most often one of each: about 6 KB at 1,000,000 modules).
// The table is built again, from the snapshot (O(n)), when the number of
// modules has halved or doubled since it was built, or when more than an
// eighth of the modules lie outside the addresses it covers (the lowest
// start when it was built, up to half as far again past the highest end:
// a JIT whose code region slides up).
//
// Buckets wider than 2 GB (modules spread over far-apart regions) make
// no table: every lookup asks the chunks.
type accelTable struct {
	base   uint64      // bucket b covers base + [b<<shift, (b+1)<<shift)
	dir    []*accelMid // page p is dir[p>>accelMidBits][p&(accelMidSize-1)]
	mask   uint32      // 1<<shift - 1
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
	accelSlots    = 4 // modules a bucket holds: 16 bytes each, one cache line
	accelPageBits = 6 // buckets a page: 64 (4 KB)
	accelPageSize = 1 << accelPageBits
	accelMidBits  = 7 // pages a directory block: 128 (1 KB)
	accelMidSize  = 1 << accelMidBits
	accelMaxShift = 31 // the widest bucket: 2 GB (its offsets fit in 32 bits)
	// accelNear is how many buckets from each end of a module hold
	// it: the buckets deeper inside a module are left empty, so that
	// adding or removing a module writes at most 2*(accelNear+2)
	// buckets, whatever its size.
	accelNear = 32
)

// accelMinModules is the fewest modules a table is built for. Below it
// the chunks (34 bytes a module) stay in the caches, and a lookup through
// them measured as fast as one through a table (64 to 128 bytes a module)
// or faster: at 100,000 modules in perf/modscale, cold lookups through a
// table took 16 to 50 ns from run to run, through the chunks 15 to 25.
// (A variable: the package's tests build tables of a few modules.)
var accelMinModules = 1 << 17

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
	accelMid    [accelMidSize]*accelPage
)

// emptyAccelPage is the page of buckets no module overlaps, shared by
// every table and never written.
var emptyAccelPage accelPage

// emptyAccelMid is the directory block of pages no module overlaps.
var emptyAccelMid = func() *accelMid {
	var d accelMid
	for i := range d {
		d[i] = &emptyAccelPage
	}
	return &d
}()

// noSlot is a slot after the modules of a bucket that holds any.
var noSlot = accelSlot{lo: ^uint32(0), end: ^uint32(0)}

// find returns the module the table holds for pc, or nil when it does
// not say (see accelTable).
func (t *accelTable) find(pc uint64) *Module {
	d := pc - t.base
	pi := d >> (t.pshift & 63)
	if pi>>accelMidBits >= uint64(len(t.dir)) {
		return nil
	}
	b := &t.dir[pi>>accelMidBits][pi&(accelMidSize-1)][(d>>(t.shift&63))&(accelPageSize-1)]
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
	if s.n < accelMinModules {
		return t
	}
	ents := make([]moduleEntry, 0, s.n)
	for i := range s.nchunks {
		ents = append(ents, s.chunk(i).ents...)
	}
	base, span := ents[0].start, ents[len(ents)-1].end-ents[0].start
	// About one bucket a module over the span; narrower by halves while
	// more than 1 in 50 of the buckets that hold modules hold too many
	// (a few big modules widen the span), down to 16 buckets a module
	// over the span.
	shift := uint8(0)
	for span>>shift >= uint64(len(ents)) {
		shift++
	}
	for shift > 0 {
		if span>>(shift-1) >= 16*uint64(len(ents)) {
			break
		}
		var full, over int
		sweepBuckets(ents, base, shift, span>>shift+1, func(b uint64, in []moduleEntry) {
			full++
			if len(in) > accelSlots {
				over++
			}
		})
		if over*50 <= full {
			break
		}
		shift--
	}
	if shift > accelMaxShift {
		return t
	}
	// Pages up to half the span again past the highest end, as far as
	// the addresses go (limit at most the highest address).
	k := shift + accelPageBits + accelMidBits
	nmids := (span+span/2)>>k + 1
	if room := (^base) >> k; nmids > room {
		nmids = room
	}
	if nmids == 0 {
		return t
	}
	t.base, t.shift, t.pshift, t.limit = base, shift, shift+accelPageBits, base+nmids<<k
	t.mask = 1<<shift - 1
	t.dir = make([]*accelMid, nmids)
	for i := range t.dir {
		t.dir[i] = emptyAccelMid
	}
	sweepBuckets(ents, base, shift, nmids<<(accelPageBits+accelMidBits), func(b uint64, in []moduleEntry) {
		if bk := accelBucketOf(base+b<<shift, shift, in); bk != (accelBucket{}) {
			mid, pi := t.mid(b)
			if mid == emptyAccelMid {
				mid = new(accelMid)
				*mid = *emptyAccelMid
				t.dir[b>>(accelPageBits+accelMidBits)] = mid
			}
			if mid[pi] == &emptyAccelPage {
				mid[pi] = new(accelPage)
			}
			mid[pi][b&(accelPageSize-1)] = bk
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

// mid returns the directory block of bucket b and its page's place in
// it.
func (t *accelTable) mid(b uint64) (*accelMid, uint64) {
	return t.dir[b>>(accelPageBits+accelMidBits)], b >> accelPageBits & (accelMidSize - 1)
}

// bucket returns bucket b.
func (t *accelTable) bucket(b uint64) *accelBucket {
	mid, pi := t.mid(b)
	return &mid[pi][b&(accelPageSize-1)]
}

// accelCopies lists the directory blocks and pages an update has copied
// (those it may write).
type accelCopies struct {
	mids  []*accelMid
	pages []*accelPage
}

// setBucket writes bucket b, in copies of its page and directory block
// unless c says they are copies already (made by this update).
func (t *accelTable) setBucket(b uint64, bk *accelBucket, c *accelCopies) {
	mid, pi := t.mid(b)
	if !slices.Contains(c.mids, mid) {
		nm := new(accelMid)
		*nm = *mid
		t.dir[b>>(accelPageBits+accelMidBits)], mid = nm, nm
		c.mids = append(c.mids, nm)
	}
	p := mid[pi]
	if !slices.Contains(c.pages, p) {
		np := new(accelPage)
		if p != &emptyAccelPage {
			*np = *p
		}
		mid[pi], p = np, np
		c.pages = append(c.pages, np)
	}
	p[b&(accelPageSize-1)] = *bk
}

// changed returns the table of snapshot s, which is t's snapshot with the
// module of range [start, end) added (add) or removed: t with the
// buckets that module overlaps written again, in copies of their pages,
// or a table built again (see accelTable). t is unchanged.
func (t accelTable) changed(s *moduleSnap, start, end uint64, add bool) accelTable {
	if s.n > 2*t.built || 2*s.n < t.built || len(t.dir) > 0 && t.outside > s.n/8 {
		return buildAccel(s)
	}
	if len(t.dir) == 0 {
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
	t.dir = slices.Clone(t.dir)
	b0 := (max(start, t.base) - t.base) >> t.shift
	b1 := (min(end, t.limit) - 1 - t.base) >> t.shift
	var mids [2]*accelMid
	var pages [4]*accelPage
	c := accelCopies{mids[:0], pages[:0]}
	write := func(b uint64) {
		lo := t.base + b<<t.shift
		var buf [accelSlots + 1]moduleEntry
		n := s.overlapping(lo, lo+1<<t.shift, buf[:])
		bk := accelBucketOf(lo, t.shift, buf[:min(n, len(buf))])
		if *t.bucket(b) != bk {
			t.setBucket(b, &bk, &c)
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
