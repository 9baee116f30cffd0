package main

// Checksum is what ir/movinggc.ll computes for seed, computed in Go: the
// mutator's result must equal it whatever the collector did.
func Checksum(seed uint64) uint64 {
	xi0, xi1, yi0 := seed, uint64(1), seed*3
	var acc uint64
	for i := range uint64(2) {
		r := modelB(i, seed)
		v1 := xi1
		xi1 = v1 + r
		acc = acc*31 + r + xi0 + yi0
	}
	return acc + xi1
}

func modelB(k, seed uint64) uint64 {
	zi0, li0, li1 := k+100, seed^k, uint64(7)
	var acc uint64
	for j := range uint64(2) {
		r := modelC(j, k)
		zi0 += r
		li1 = li1*3 + j
		acc += r + zi0 + li1 + li0
	}
	return acc
}

func modelC(j, k uint64) uint64 {
	wi0 := j*10 + k
	var list []uint64
	var acc uint64
	for n := range uint64(3) {
		cur := wi0
		list = append(list, n+cur)
		wi0 = cur + 1
		var s uint64
		for _, v := range list {
			s += v
		}
		acc += wi0 + s
	}
	return acc
}
