// Package lint checks decoded stack map sections for what LLVM never
// writes or what a runtime cannot use (nonzero reserved fields are refused
// by stackmap.Parse itself): records outside their function or described twice, unused constants, malformed
// statepoints, registers the target does not have, zero-sized or oversized
// values and memory locations based on a register that cannot address the
// stack.
//
// Check runs the rules on one section and returns the findings in section
// order within each rule, rules in the order Rules lists them. Options
// choose the rules (Enable, Disable) and name extra statepoint IDs. Every
// rule is documented by Rules; the tool's "stackmaps check" prints them.
//
// The package imports only the standard library and this module's stackmap
// and regs packages.
package lint
