# Calls to a temporary label in another section: the assembler writes
# X86_64_RELOC_BRANCH relocations that are not external (r_extern 0, the
# section's ordinal), which llvm-objdump -r names after the section
# ("__text2"). No stack maps: testdata/objdump/gen.sh assembles it with
# llvm-mc-22 for TestDisasmNamesEveryBranch.
	.text
_f:
	callq Lother
	callq Lother+4
	ret
	.section __TEXT,__text2,regular,pure_instructions
Lother:
	nop
	nop
	nop
	nop
	nop
	ret
