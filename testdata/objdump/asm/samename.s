# Two symbols at each of two addresses, branches between them without
# relocations (COFF, arm64) and with them (x86_64 Mach-O): llvm-objdump
# names a target after the symbol with the greatest name at its address
# (_zeta over _alpha, _mid over _beta; ltmp0, which arm64 Mach-O adds at
# the section start, over both). No stack maps: testdata/objdump/gen.sh
# assembles it with llvm-mc-22 for TestDisasmNamesEveryBranch.
	.text
_alpha:
_zeta:
	nop
	jmp _mid
_mid:
_beta:
	nop
	jmp _zeta
	jmp _alpha
	ret
