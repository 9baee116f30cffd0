package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stackmaps/stackmaps/compactunwind"
	"github.com/stackmaps/stackmaps/internal/textout"
	"github.com/stackmaps/stackmaps/regs"
	"github.com/stackmaps/stackmaps/unwind"
)

// TestStackIndirectUnresolved: an x86_64 STACK_IND entry whose stack size
// could not be read has no DWARF rules (unwind.Row.Rules nil); its line
// says where the size is, and JSON gives a null CFA offset. The checked-in
// files always have their code, so this is the only test of that output.
func TestStackIndirectUnresolved(t *testing.T) {
	// STACK_IND, the sub's immediate at function+0x6, stack adjust 2
	// (8 bytes), one register saved: rbx (permutation 0).
	const enc = compactunwind.Encoding(0x03064400)
	rule, err := compactunwind.Interpret(regs.X86_64, enc)
	require.NoError(t, err)
	require.Equal(t, compactunwind.KindStackIndirect, rule.Kind)
	ur := unwindRow{Row: &unwind.Row{Table: unwind.KindUnwindInfo, Compact: true, Encoding: enc, Rule: rule}, section: "__unwind_info"}

	var b bytes.Buffer
	w := textout.NewBuffer(&b)
	writeTextStackIndirect(w, regs.X86_64, &ur)
	require.NoError(t, w.Flush())
	assert.Equal(t, "CFA=rsp+? saved: rbx@CFA-16 rip@CFA-8 (compact 0x03064400: stack size is the uint32 at function+0x6 plus 16, code not readable)\n", b.String())

	b.Reset()
	w = textout.NewBuffer(&b)
	j := textout.NewJSON(w)
	j.OpenObject()
	writeJSONStackIndirect(j, regs.X86_64, &ur)
	require.NoError(t, w.Flush())
	var got map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b.Bytes(), &got), b.String())
	assert.JSONEq(t, `null`, string(got["fde_offset"]))
	assert.JSONEq(t, `null`, string(got["ra_signed"]))
	assert.JSONEq(t, `{"reg": "rsp", "dwarf_reg": 7, "offset": null, "expression": false}`, string(got["cfa"]))
	assert.JSONEq(t, `[{"reg": "rbx", "dwarf_reg": 3, "rule": "offset", "cfa_offset": -16},
		{"reg": "rip", "dwarf_reg": 16, "rule": "offset", "cfa_offset": -8}]`, string(got["saved"]))
}
