package lint

import (
	"fmt"
	"slices"
	"strings"
)

// Rule is one check Check can run.
type Rule struct {
	Name    string // what findings and Options call it, e.g. "zero-size"
	Summary string // one line saying what it reports
}

// Rule names.
const (
	RuleOutsideFunction   = "outside-function"
	RuleDuplicateAddress  = "duplicate-address"
	RuleDuplicateFunction = "duplicate-function"
	RuleUnusedConstant    = "unused-constant"
	RuleStatepoint        = "statepoint"
	RuleUnknownRegister   = "unknown-register"
	RuleZeroSize          = "zero-size"
	RuleRegisterSize      = "register-size"
	RuleBadBaseRegister   = "bad-base-register"
)

// rules lists every rule in the order Check reports them.
var rules = []Rule{
	{RuleDuplicateFunction, "one table describes the same function (address and symbol) twice"},
	{RuleOutsideFunction, "a record's instruction offset is past the end of its function's symbol"},
	{RuleDuplicateAddress, "two records of one function share both ID and address"},
	{RuleUnusedConstant, "a constants table entry no location refers to"},
	{RuleStatepoint, "a record with a statepoint ID (0xABCDEF00 or StatepointIDs) that breaks the statepoint rule, or a statepoint whose GC pointer is a nonzero constant"},
	{RuleUnknownRegister, "a DWARF register number the target does not have (65535: LLVM had none)"},
	{RuleZeroSize, "a Direct or Indirect location of size 0"},
	{RuleRegisterSize, "a Register location or live-out larger than its register"},
	{RuleBadBaseRegister, "a Direct/Indirect base that cannot address the stack (zero register, pc, non-GPR)"},
}

// Rules returns every rule, in the order Check reports them. The slice is
// a copy.
func Rules() []Rule { return slices.Clone(rules) }

// Options choose what Check does. The zero value runs every rule.
type Options struct {
	// Enable, when not empty, runs only these rules.
	Enable []string
	// Disable skips these rules (after Enable).
	Disable []string
	// StatepointIDs are record IDs, besides 0xABCDEF00, whose records must
	// be statepoints: the statepoint rule reports one that is not. Records
	// the rule calls statepoints are checked whatever their ID.
	StatepointIDs []uint64
}

// Validate reports the first rule name in Enable or Disable that is not a
// rule.
func (o *Options) Validate() error {
	for _, list := range [][]string{o.Enable, o.Disable} {
		for _, n := range list {
			if !isRule(n) {
				return fmt.Errorf("unknown rule \"%s\" (rules: %s)", n, ruleNames())
			}
		}
	}
	return nil
}

// ruleSet is the set of rules to run, by index in rules.
type ruleSet [16]bool

// selected returns the rules Options choose.
func (o *Options) selected() ruleSet {
	var s ruleSet
	for i, r := range rules {
		s[i] = len(o.Enable) == 0 || slices.Contains(o.Enable, r.Name)
		if slices.Contains(o.Disable, r.Name) {
			s[i] = false
		}
	}
	return s
}

// on reports whether the named rule is in the set.
func (s *ruleSet) on(name string) bool {
	for i, r := range rules {
		if r.Name == name {
			return s[i]
		}
	}
	return false
}

func isRule(name string) bool {
	return slices.ContainsFunc(rules, func(r Rule) bool { return r.Name == name })
}

func ruleNames() string {
	names := make([]string, len(rules))
	for i, r := range rules {
		names[i] = r.Name
	}
	return strings.Join(names, ", ")
}
