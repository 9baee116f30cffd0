package cfi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stackmaps/stackmaps/cfi"
)

// TestCFAKindString names the CFA kinds as RuleKind names the rules.
func TestCFAKindString(t *testing.T) {
	assert.Equal(t, "unspecified", cfi.CFAUnspecified.String())
	assert.Equal(t, "reg_offset", cfi.CFARegOffset.String())
	assert.Equal(t, "expression", cfi.CFAExpression.String())
	assert.Equal(t, "invalid", cfi.CFAKind(9).String())
}
