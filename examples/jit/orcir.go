//go:build llvmjit && (llvm19 || llvm22)

package main

import (
	_ "embed"
	"fmt"
	"math"
	"strings"
	"text/template"
)

//go:embed ir/orc/module.ll.tmpl
var orcTemplateText string

var orcTemplate = template.Must(template.New("module.ll").Option("missingkey=error").Parse(orcTemplateText))

// orcFn describes one function of the ORC workload, alone in its module
// (ir/orc/module.ll.tmpl): K, its key, makes every value it computes
// distinct; Next is the function it calls when depth > 0.
type orcFn struct {
	Name, Next string
	K          uint64
}

// Record IDs: the statepoint into the capture routine (depth 0) and the
// one into Next.
func (f orcFn) LeafID() uint64 { return 0x100000 + 2*f.K }
func (f orcFn) CallID() uint64 { return f.LeafID() + 1 }
func (f orcFn) KMul() uint64   { return f.K * 1000003 }
func (f orcFn) Off() uint64    { return 8 * (f.K + 1) } // never 0: base and derived differ

// IR returns the function's module.
func (f orcFn) IR() (string, error) {
	var b strings.Builder
	if err := orcTemplate.Execute(&b, f); err != nil {
		return "", fmt.Errorf("%s: %w", f.Name, err)
	}
	return b.String(), nil
}

// orcInputs are what the Go side passes the JIT'd code in ctx.
type orcInputs struct {
	A    uint64
	D    float64
	Base uint64
}

// deopt returns the 6 deopt values the function computes at depth (both
// statepoints list the same): K, a^K, a*depth + K*1000003, i32 trunc(a+K)
// (compared in its low 32 bits), d*K, depth.
func (f orcFn) deopt(in orcInputs, depth uint64) [6]uint64 {
	return [6]uint64{
		f.K,
		in.A ^ f.K,
		in.A*depth + f.KMul(),
		uint64(uint32(in.A + f.K)),
		math.Float64bits(in.D * float64(f.K)),
		depth,
	}
}

// result is what the function returns at depth.
func (f orcFn) result(in orcInputs) uint64 { return (in.A ^ f.K) + f.Off() }
