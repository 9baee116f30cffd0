	.file	"movinggc.ll"
	.text
	.p2align	4                               # -- Begin function ld
	.type	ld,@function
ld:                                     # @ld
	.cfi_startproc
# %bb.0:                                # %entry
	movq	(%rdi), %rax
	movabsq	$-2401053088876216593, %rcx     # imm = 0xDEADBEEFDEADBEEF
	cmpq	%rcx, %rax
	jne	.LBB0_2
# %bb.1:                                # %poison
	movq	mgc_poison_reads@GOTPCREL(%rip), %rcx
	incq	(%rcx)
.LBB0_2:                                # %ok
	retq
.Lfunc_end0:
	.size	ld, .Lfunc_end0-ld
	.cfi_endproc
                                        # -- End function
	.p2align	4                               # -- Begin function ldp
	.type	ldp,@function
ldp:                                    # @ldp
	.cfi_startproc
# %bb.0:                                # %entry
	movq	(%rdi), %rax
	movabsq	$-2401053088876216593, %rcx     # imm = 0xDEADBEEFDEADBEEF
	cmpq	%rcx, %rax
	jne	.LBB1_2
# %bb.1:                                # %poison
	movq	mgc_poison_reads@GOTPCREL(%rip), %rcx
	incq	(%rcx)
.LBB1_2:                                # %ok
	retq
.Lfunc_end1:
	.size	ldp, .Lfunc_end1-ldp
	.cfi_endproc
                                        # -- End function
	.globl	mgc_entry_callee                # -- Begin function mgc_entry_callee
	.p2align	4
	.type	mgc_entry_callee,@function
mgc_entry_callee:                       # @mgc_entry_callee
	.cfi_startproc
# %bb.0:                                # %entry
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	subq	$24, %rsp
	.cfi_def_cfa_offset 80
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	%rdi, %rbx
	movl	$1, %edi
	movl	$2, %esi
	callq	mgc_alloc@PLT
	movq	%rax, %r14
	xorl	%r15d, %r15d
	movl	$1, %esi
	xorl	%edi, %edi
	callq	mgc_alloc@PLT
	movq	%rax, 8(%r14)
	movq	%rbx, 16(%r14)
	movq	$1, 24(%r14)
	movq	%r14, %r12
	addq	$24, %r12
	movq	%rbx, (%rsp)                    # 8-byte Spill
	leaq	(%rbx,%rbx,2), %rcx
	movq	%rcx, 8(%rax)
	xorl	%ebx, %ebx
	.p2align	4
.LBB2_1:                                # %loop
                                        # =>This Inner Loop Header: Depth=1
	movq	%r15, 16(%rsp)
	movq	%r15, %rdi
	movq	(%rsp), %rsi                    # 8-byte Reload
	callq	mgc_b
.Ltmp0:
	movq	%rax, %r13
	movq	%r12, %rdi
	callq	ld
	movq	%rax, %rbp
	leaq	8(%r14), %rdi
	callq	ldp
	leaq	8(%rax), %rdi
	callq	ld
	movq	%rax, 8(%rsp)                   # 8-byte Spill
	leaq	16(%r14), %rdi
	callq	ld
	addq	%r13, %rbp
	movq	%rbp, (%r12)
	movq	%rbx, %rcx
	shlq	$5, %rcx
	subq	%rbx, %rcx
	addq	%r13, %rcx
	addq	%rax, %rcx
	movq	%rcx, %rbx
	addq	8(%rsp), %rbx                   # 8-byte Folded Reload
	incq	%r15
	cmpq	$2, %r15
	jb	.LBB2_1
# %bb.2:                                # %done
	movq	%r12, %rdi
	callq	ld
	addq	%rbx, %rax
	addq	$24, %rsp
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end2:
	.size	mgc_entry_callee, .Lfunc_end2-mgc_entry_callee
	.cfi_endproc
                                        # -- End function
	.p2align	4                               # -- Begin function mgc_b
	.type	mgc_b,@function
mgc_b:                                  # @mgc_b
	.cfi_startproc
# %bb.0:                                # %entry
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	subq	$72, %rsp
	.cfi_def_cfa_offset 128
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	%rsi, %rbx
	movq	%rdi, %r13
	movl	$2, %edi
	movl	$1, %esi
	callq	mgc_alloc@PLT
	movq	%rax, %r14
	xorl	%ebp, %ebp
	movl	$2, %esi
	xorl	%edi, %edi
	callq	mgc_alloc@PLT
	movq	%rax, 8(%r14)
	movq	%r14, 16(%r14)
	leaq	100(%r13), %rcx
	movq	%rcx, 24(%r14)
	movq	%r14, %r12
	addq	$24, %r12
	movq	%r13, 8(%rsp)                   # 8-byte Spill
	xorq	%r13, %rbx
	movq	%rbx, 8(%rax)
	movq	$7, 16(%rax)
	movq	%rax, (%rsp)                    # 8-byte Spill
	movq	%rax, %r13
	addq	$16, %r13
	xorl	%eax, %eax
	.p2align	4
.LBB3_1:                                # %loop
                                        # =>This Inner Loop Header: Depth=1
	movq	%rax, 48(%rsp)                  # 8-byte Spill
	movq	%rbp, %rbx
	movq	%rbp, 56(%rsp)
	movq	8(%rsp), %rsi                   # 8-byte Reload
	movq	%rsi, 64(%rsp)
	movq	%rbp, %rdi
	movq	(%rsp), %r15                    # 8-byte Reload
	callq	mgc_c
.Ltmp1:
	movq	%rax, %rbp
	movq	%rax, 40(%rsp)                  # 8-byte Spill
	movq	%r12, %rdi
	callq	ld
	movq	%rax, 32(%rsp)                  # 8-byte Spill
	leaq	(%rax,%rbp), %rcx
	movq	%rcx, (%r12)
	movq	%r13, %rdi
	callq	ld
	leaq	(%rax,%rax,2), %rax
	movq	%rax, 24(%rsp)                  # 8-byte Spill
	addq	%rbx, %rax
	movq	%rax, (%r13)
	leaq	8(%r15), %rdi
	callq	ld
	movq	%rax, 16(%rsp)                  # 8-byte Spill
	leaq	8(%r14), %rdi
	callq	ldp
	movq	%rax, %rbp
	movq	%r15, (%rsp)                    # 8-byte Spill
	xorq	%r15, %rbp
	leaq	16(%r14), %rdi
	callq	ldp
	movq	16(%rsp), %r9                   # 8-byte Reload
	movq	24(%rsp), %r8                   # 8-byte Reload
	movq	32(%rsp), %rdi                  # 8-byte Reload
	movq	40(%rsp), %rsi                  # 8-byte Reload
	movq	48(%rsp), %rdx                  # 8-byte Reload
	xorq	%r14, %rax
	xorl	%ecx, %ecx
	orq	%rbp, %rax
	setne	%cl
	shlq	$40, %rcx
	leaq	1(%rbx), %rbp
	leaq	(%rdi,%r9), %rax
	addq	%rdx, %rax
	addq	%r8, %rax
	addq	%rcx, %rax
	leaq	(%rax,%rsi,2), %rax
	addq	%rbx, %rax
	cmpq	$2, %rbp
	jb	.LBB3_1
# %bb.2:                                # %done
	addq	%rdi, %rcx
	addq	%rdx, %r9
	addq	%r8, %r9
	addq	%rcx, %r9
	leaq	(%r9,%rsi,2), %rax
	leaq	-1(%rbp,%rax), %rax
	addq	$72, %rsp
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end3:
	.size	mgc_b, .Lfunc_end3-mgc_b
	.cfi_endproc
                                        # -- End function
	.p2align	4                               # -- Begin function mgc_c
	.type	mgc_c,@function
mgc_c:                                  # @mgc_c
	.cfi_startproc
# %bb.0:                                # %entry
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	subq	$56, %rsp
	.cfi_def_cfa_offset 112
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	%rsi, %rbx
	movq	%rdi, %r14
	movl	$1, %edi
	movl	$1, %esi
	callq	mgc_alloc@PLT
	movq	%rax, %r15
	movq	%r14, 8(%rsp)                   # 8-byte Spill
	leaq	(%r14,%r14,4), %rax
	movq	%rbx, 16(%rsp)                  # 8-byte Spill
	leaq	(%rbx,%rax,2), %rax
	movq	%rax, 16(%r15)
	movq	%r15, %r12
	addq	$16, %r12
	xorl	%r13d, %r13d
	xorl	%r14d, %r14d
	jmp	.LBB4_1
	.p2align	4
.LBB4_4:                                # %after
                                        #   in Loop: Header=BB4_1 Depth=1
	addq	%rbp, %r13
	addq	%r15, %r13
	incq	%r14
	cmpq	$3, %r14
	movq	24(%rsp), %r15                  # 8-byte Reload
	jae	.LBB4_5
.LBB4_1:                                # %loop
                                        # =>This Loop Header: Depth=1
                                        #     Child Loop BB4_3 Depth 2
	movq	16(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 40(%rsp)
	movq	8(%rsp), %rax                   # 8-byte Reload
	movq	%rax, 48(%rsp)
	movq	%r14, 32(%rsp)
	callq	mgc_safepoint@PLT
.Ltmp2:
	movq	%r12, %rdi
	callq	ld
	movq	%rax, %rbp
	movl	$1, %edi
	movl	$1, %esi
	callq	mgc_alloc@PLT
	movq	%rax, %rbx
	movl	$4, %esi
	xorl	%edi, %edi
	callq	mgc_alloc@PLT
	leaq	(%r14,%rbp), %rax
	movq	%rax, 16(%rbx)
	leaq	8(%r15), %rdi
	callq	ldp
	movq	%rax, 8(%rbx)
	movq	%r15, 24(%rsp)                  # 8-byte Spill
	movq	%rbx, 8(%r15)
	incq	%rbp
	movq	%rbp, (%r12)
	xorl	%r15d, %r15d
	testq	%rbx, %rbx
	je	.LBB4_4
	.p2align	4
.LBB4_3:                                # %sumbody
                                        #   Parent Loop BB4_1 Depth=1
                                        # =>  This Inner Loop Header: Depth=2
	leaq	16(%rbx), %rdi
	callq	ld
	addq	%rax, %r15
	addq	$8, %rbx
	movq	%rbx, %rdi
	callq	ldp
	movq	%rax, %rbx
	testq	%rbx, %rbx
	jne	.LBB4_3
	jmp	.LBB4_4
.LBB4_5:                                # %done
	movq	%r13, %rax
	addq	$56, %rsp
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end4:
	.size	mgc_c, .Lfunc_end4-mgc_c
	.cfi_endproc
                                        # -- End function
	.section	.llvm_stackmaps,"a",@progbits
__LLVM_StackMaps:
	.byte	3
	.byte	0
	.short	0
	.long	3
	.long	0
	.long	3
	.quad	mgc_entry_callee
	.quad	72
	.quad	1
	.quad	mgc_b
	.quad	120
	.quad	1
	.quad	mgc_c
	.quad	104
	.quad	1
	.quad	1
	.long	.Ltmp0-mgc_entry_callee
	.short	0
	.short	8
	.byte	4
	.byte	0
	.short	8
	.short	0
	.short	0
	.long	0
	.byte	4
	.byte	0
	.short	8
	.short	0
	.short	0
	.long	0
	.byte	4
	.byte	0
	.short	8
	.short	0
	.short	0
	.long	1
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	16
	.byte	1
	.byte	0
	.short	8
	.short	14
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	12
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	14
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	14
	.short	0
	.long	0
	.p2align	3, 0x0
	.short	0
	.short	0
	.p2align	3, 0x0
	.quad	2
	.long	.Ltmp1-mgc_b
	.short	0
	.short	13
	.byte	4
	.byte	0
	.short	8
	.short	0
	.short	0
	.long	0
	.byte	4
	.byte	0
	.short	8
	.short	0
	.short	0
	.long	0
	.byte	4
	.byte	0
	.short	8
	.short	0
	.short	0
	.long	2
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	64
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	56
	.byte	1
	.byte	0
	.short	8
	.short	15
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	13
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	15
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	15
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	14
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	12
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	14
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	14
	.short	0
	.long	0
	.p2align	3, 0x0
	.short	0
	.short	0
	.p2align	3, 0x0
	.quad	3
	.long	.Ltmp2-mgc_c
	.short	0
	.short	10
	.byte	4
	.byte	0
	.short	8
	.short	0
	.short	0
	.long	0
	.byte	4
	.byte	0
	.short	8
	.short	0
	.short	0
	.long	0
	.byte	4
	.byte	0
	.short	8
	.short	0
	.short	0
	.long	3
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	48
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	40
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	32
	.byte	1
	.byte	0
	.short	8
	.short	15
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	12
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	15
	.short	0
	.long	0
	.byte	1
	.byte	0
	.short	8
	.short	15
	.short	0
	.long	0
	.p2align	3, 0x0
	.short	0
	.short	0
	.p2align	3, 0x0

	.section	".note.GNU-stack","",@progbits
