package walktest

import "math"

// What the programs compute (gen.py's IR, driver.c's arguments), recomputed
// here independently of the program: the non-pointer values a frame
// publishes, by frame name, in bundle order (deopt values, then gc
// pointers; a patchpoint lists the same operands in the same order). A
// pointer (type "ptr") is given as a placeholder: ptrStack (an alloca of the
// frame), ptrObj (the gc object) or ptrObj+k (a derived pointer, k bytes on).
const (
	argA     = 0x1122334455667788
	argB     = 0x00000001deadbeef
	argN     = 5
	ptrStack = ^uint64(0)
	ptrObj   = 0
)

type want struct {
	typ string
	v   uint64
}

func programValues() map[string][]want {
	a, b := uint64(argA), uint64(argB)
	x := (a * b) ^ 0x5a5a
	wa := []want{{"i64", a}, {"i64", b}, {"i64", x}, {"i32", uint64(uint32(a + b))},
		{"f64", math.Float64bits(float64(b) * 2.5)}, {"ptr", ptrStack}, {"i64", a * 3},
		{"i64", 7}, {"i64", 0xfffffffffffffffd}, {"i64", 0x123456789abcdef0},
		{"ptr", ptrObj}, {"ptr", ptrObj + argN}}
	p, q := x, b
	wb := []want{{"i64", p}, {"i64", q}}
	qs := make([]uint64, 21)
	for k := uint64(1); k <= 20; k++ {
		qs[k] = (p ^ k) * q
		wb = append(wb, want{"i64", qs[k]})
	}
	wb = append(wb, want{"ptr", ptrObj})
	u, v := qs[1]^qs[2], p
	wc := []want{{"i64", u}, {"i64", v}, {"ptr", ptrStack}, {"i64", u}, {"i64", u + v},
		{"i32", uint64(uint32(u * v))}, {"ptr", ptrObj}, {"ptr", ptrObj + v&56}}
	s, t := u+v, u^v
	wd := []want{{"i64", s}, {"i64", t}, {"i64", s * t}, {"f64", math.Float64bits(float64(s) * 0.25)},
		{"ptr", ptrStack}, {"i64", s}, {"i64", 42}, {"ptr", ptrObj}}
	return map[string][]want{"walk_a": wa, "walk_b": wb, "walk_c": wc, "walk_d": wd}
}

// gcCount is the number of gc-live pointers of each frame (the tail of its
// value list).
var gcCount = map[string]int{"walk_a": 2, "walk_b": 1, "walk_c": 2, "walk_d": 1}

// frameOrder is the frames of every capture, innermost first, with the ID of
// each llc frame's call and its "frame-pointer" attribute.
var frameOrder = []struct {
	name string
	id   uint64
	fp   string
}{{"walk_d", 0xd4, "all"}, {"walk_c", 0xc3, "none"}, {"walk_b", 0xb2, "none"}, {"walk_a", 0xa1, "all"}, {"main", 0, ""}}
