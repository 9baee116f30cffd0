package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// series is one figure over the rounds (NaN where a round lacks it).
type series []float64

// get returns a job's figure in every round.
func (rs runs) get(job, key string) series {
	var s series
	for _, r := range rs[job] {
		v, err := strconv.ParseFloat(r[key], 64)
		if err != nil {
			v = math.NaN()
		}
		s = append(s, v)
	}
	return s
}

// scale multiplies every value by f.
func (s series) scale(f float64) series {
	out := make(series, len(s))
	for i, v := range s {
		out[i] = v * f
	}
	return out
}

// over divides s by d round by round: a ratio is taken between runs made
// close in time.
func (s series) over(d series) series {
	out := make(series, 0, len(s))
	for i := range min(len(s), len(d)) {
		out = append(out, s[i]/d[i])
	}
	return out
}

// valid returns the sorted values that are numbers.
func (s series) valid() []float64 {
	var v []float64
	for _, x := range s {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			v = append(v, x)
		}
	}
	slices.Sort(v)
	return v
}

// min returns the smallest value (NaN when there is none).
func (s series) min() float64 {
	v := s.valid()
	if len(v) == 0 {
		return math.NaN()
	}
	return v[0]
}

// max returns the largest value (NaN when there is none).
func (s series) max() float64 {
	v := s.valid()
	if len(v) == 0 {
		return math.NaN()
	}
	return v[len(v)-1]
}

// median returns the median value (the mean of the middle two for an even
// count; NaN when there is none).
func (s series) median() float64 {
	v := s.valid()
	switch n := len(v); {
	case n == 0:
		return math.NaN()
	case n%2 == 1:
		return v[n/2]
	default:
		return (v[n/2-1] + v[n/2]) / 2
	}
}

// cell formats "median (min-max)" over the rounds with prec decimals: the
// median is the figure, the range its spread (no best-of).
func (s series) cell(prec int) string {
	if len(s.valid()) == 0 {
		return "-"
	}
	return fmt.Sprintf("%.*f (%.*f-%.*f)", prec, s.median(), prec, s.min(), prec, s.max())
}
