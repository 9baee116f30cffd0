# handler.s - unwind records llc does not write, spelled out for llvm-mc:
# an UNWIND_INFO with a language handler (UNW_FLAG_EHANDLER|UHANDLER,
# handler __C_specific_handler, undefined here), and a cold part of the
# function in a RUNTIME_FUNCTION of its own whose UNWIND_INFO chains to the
# function's (UNW_FLAG_CHAININFO). An empty stack map section makes it a
# file stackmaps dump reads. testdata/windows/gen.sh builds handler.o.
	.text
	.globl	hf
	.def	hf; .scl 2; .type 32; .endef
hf:
	pushq	%rbx		# 0: PUSH_NONVOL rbx, ends at 1
	testq	%rcx, %rcx
	jne	.Lcold
	popq	%rbx
	retq
.Lhf_end:
	.p2align 4
.Lcold:				# the cold part: rbx already pushed
	subq	$32, %rsp	# ALLOC_SMALL 32, ends at 4
	callq	hf
	addq	$32, %rsp
	popq	%rbx
	retq
.Lcold_end:

	.section .xdata,"dr"
	.p2align 2
.Lxd_hf:
	.byte	0x19		# version 1, flags EHANDLER|UHANDLER
	.byte	1		# prolog size
	.byte	1		# 1 code
	.byte	0		# no frame register
	.byte	1, 0x30		# 0x01: PUSH_NONVOL rbx
	.short	0		# pad to an even number of codes
	.long	__C_specific_handler@IMGREL
	.long	0		# handler data
.Lxd_cold:
	.byte	0x21		# version 1, flags CHAININFO
	.byte	4		# prolog size
	.byte	1		# 1 code
	.byte	0
	.byte	4, 0x32		# 0x04: ALLOC_SMALL 32
	.short	0
	.long	hf@IMGREL, .Lhf_end@IMGREL, .Lxd_hf@IMGREL

	.section .pdata,"dr"
	.p2align 2
	.long	hf@IMGREL, .Lhf_end@IMGREL, .Lxd_hf@IMGREL
	.long	.Lcold@IMGREL, .Lcold_end@IMGREL, .Lxd_cold@IMGREL

	.section .llvm_stackmaps,"dr"
	.byte	3, 0		# version 3
	.short	0
	.long	0, 0, 0		# no functions, constants or records
