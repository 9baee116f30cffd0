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
	.globl	mgc_entry_stack                 # -- Begin function mgc_entry_stack
	.p2align	4
	.type	mgc_entry_stack,@function
mgc_entry_stack:                        # @mgc_entry_stack
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
	subq	$40, %rsp
	.cfi_def_cfa_offset 96
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
	movq	%rax, %r15
	xorl	%r14d, %r14d
	movl	$1, %esi
	xorl	%edi, %edi
	callq	mgc_alloc@PLT
	movq	%rax, 8(%r15)
	movq	%rbx, 16(%r15)
	movq	$1, 24(%r15)
	movq	%r15, %r12
	addq	$24, %r12
	movq	%rbx, 16(%rsp)                  # 8-byte Spill
	leaq	(%rbx,%rbx,2), %rcx
	movq	%rcx, 8(%rax)
	xorl	%ebx, %ebx
	.p2align	4
.LBB2_1:                                # %loop
                                        # =>This Inner Loop Header: Depth=1
	movq	%r12, 8(%rsp)
	movq	%r14, 32(%rsp)
	movq	%r15, (%rsp)
	movq	%r14, %rdi
	movq	16(%rsp), %rsi                  # 8-byte Reload
	callq	mgc_b
.Ltmp0:
	movq	%rax, %r13
	movq	(%rsp), %r15
	movq	8(%rsp), %r12
	movq	%r12, %rdi
	callq	ld
	movq	%rax, %rbp
	leaq	8(%r15), %rdi
	callq	ldp
	leaq	8(%rax), %rdi
	callq	ld
	movq	%rax, 24(%rsp)                  # 8-byte Spill
	leaq	16(%r15), %rdi
	callq	ld
	addq	%r13, %rbp
	movq	%rbp, (%r12)
	movq	%rbx, %rcx
	shlq	$5, %rcx
	subq	%rbx, %rcx
	addq	%r13, %rcx
	addq	%rax, %rcx
	movq	%rcx, %rbx
	addq	24(%rsp), %rbx                  # 8-byte Folded Reload
	incq	%r14
	cmpq	$2, %r14
	jb	.LBB2_1
# %bb.2:                                # %done
	movq	%r12, %rdi
	callq	ld
	addq	%rbx, %rax
	addq	$40, %rsp
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
	.size	mgc_entry_stack, .Lfunc_end2-mgc_entry_stack
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
	subq	$104, %rsp
	.cfi_def_cfa_offset 160
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	%rsi, %rbx
	movq	%rdi, %r14
	movl	$2, %edi
	movl	$1, %esi
	callq	mgc_alloc@PLT
	movq	%rax, %r15
	xorl	%r12d, %r12d
	movl	$2, %esi
	xorl	%edi, %edi
	callq	mgc_alloc@PLT
	movq	%rax, %r13
	movq	%rax, 8(%r15)
	movq	%r15, 16(%r15)
	leaq	100(%r14), %rax
	movq	%rax, 24(%r15)
	movq	%r15, %rbp
	addq	$24, %rbp
	movq	%r14, 40(%rsp)                  # 8-byte Spill
	xorq	%r14, %rbx
	movq	%rbx, 8(%r13)
	movq	$7, 16(%r13)
	movq	%r13, %r14
	addq	$16, %r14
	xorl	%eax, %eax
	.p2align	4
.LBB3_1:                                # %loop
                                        # =>This Inner Loop Header: Depth=1
	movq	%rax, 80(%rsp)                  # 8-byte Spill
	movq	%r12, 88(%rsp)
	movq	40(%rsp), %rsi                  # 8-byte Reload
	movq	%rsi, 96(%rsp)
	movq	%r14, 32(%rsp)
	movq	%r13, 24(%rsp)
	movq	%rbp, 16(%rsp)
	movq	%r15, 8(%rsp)
	movq	%r12, %rdi
	movq	%r12, 72(%rsp)                  # 8-byte Spill
	callq	mgc_c
.Ltmp1:
	movq	%rax, %rbx
	movq	%rax, 64(%rsp)                  # 8-byte Spill
	movq	8(%rsp), %r15
	movq	16(%rsp), %rbp
	movq	24(%rsp), %r13
	movq	32(%rsp), %r14
	movq	%rbp, %rdi
	callq	ld
	movq	%rax, 56(%rsp)                  # 8-byte Spill
	leaq	(%rax,%rbx), %rcx
	movq	%rcx, (%rbp)
	movq	%r14, %rdi
	callq	ld
	leaq	(%rax,%rax,2), %rbx
	leaq	(%r12,%rbx), %rax
	movq	%rax, (%r14)
	leaq	8(%r13), %rdi
	callq	ld
	movq	%rax, 48(%rsp)                  # 8-byte Spill
	leaq	8(%r15), %rdi
	callq	ldp
	movq	%rax, %r12
	xorq	%r13, %r12
	leaq	16(%r15), %rdi
	callq	ldp
	movq	%rbx, %r10
	movq	48(%rsp), %rbx                  # 8-byte Reload
	movq	56(%rsp), %r9                   # 8-byte Reload
	movq	64(%rsp), %r8                   # 8-byte Reload
	movq	80(%rsp), %rsi                  # 8-byte Reload
	xorq	%r15, %rax
	xorl	%ecx, %ecx
	orq	%r12, %rax
	setne	%cl
	shlq	$40, %rcx
	movq	72(%rsp), %r11                  # 8-byte Reload
	leaq	1(%r11), %r12
	leaq	(%r9,%rbx), %rax
	addq	%rsi, %rax
	addq	%r10, %rax
	addq	%rcx, %rax
	leaq	(%rax,%r8,2), %rax
	addq	%r11, %rax
	cmpq	$2, %r12
	jb	.LBB3_1
# %bb.2:                                # %done
	addq	%r9, %rcx
	addq	%rsi, %rbx
	addq	%r10, %rbx
	addq	%rcx, %rbx
	leaq	(%rbx,%r8,2), %rax
	leaq	-1(%r12,%rax), %rax
	addq	$104, %rsp
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
	subq	$72, %rsp
	.cfi_def_cfa_offset 128
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
	movq	%rax, %rcx
	movq	%r14, 24(%rsp)                  # 8-byte Spill
	leaq	(%r14,%r14,4), %rax
	movq	%rbx, 32(%rsp)                  # 8-byte Spill
	leaq	(%rbx,%rax,2), %rax
	movq	%rax, 16(%rcx)
	movq	%rcx, %r13
	addq	$16, %r13
	xorl	%r12d, %r12d
	xorl	%r14d, %r14d
	jmp	.LBB4_1
	.p2align	4
.LBB4_4:                                # %after
                                        #   in Loop: Header=BB4_1 Depth=1
	addq	%rbp, %r12
	addq	%r15, %r12
	incq	%r14
	cmpq	$3, %r14
	movq	40(%rsp), %rcx                  # 8-byte Reload
	jae	.LBB4_5
.LBB4_1:                                # %loop
                                        # =>This Loop Header: Depth=1
                                        #     Child Loop BB4_3 Depth 2
	movq	32(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 56(%rsp)
	movq	24(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 64(%rsp)
	movq	%r14, 48(%rsp)
	movq	%r13, 16(%rsp)
	movq	%rcx, 8(%rsp)
	callq	mgc_safepoint@PLT
.Ltmp2:
	movq	8(%rsp), %r15
	movq	16(%rsp), %r13
	movq	%r13, %rdi
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
	movq	%r15, 40(%rsp)                  # 8-byte Spill
	movq	%rbx, 8(%r15)
	incq	%rbp
	movq	%rbp, (%r13)
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
	movq	%r12, %rax
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
	.quad	mgc_entry_stack
	.quad	88
	.quad	1
	.quad	mgc_b
	.quad	152
	.quad	1
	.quad	mgc_c
	.quad	120
	.quad	1
	.quad	1
	.long	.Ltmp0-mgc_entry_stack
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
	.long	32
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	0
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	8
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	0
	.byte	3
	.byte	0
	.short	8
	.short	7
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
	.long	96
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	88
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	24
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	32
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	24
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	24
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	8
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	16
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	8
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	8
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
	.long	64
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	56
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
	.long	8
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	16
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	8
	.byte	3
	.byte	0
	.short	8
	.short	7
	.short	0
	.long	8
	.p2align	3, 0x0
	.short	0
	.short	0
	.p2align	3, 0x0

	.section	".note.GNU-stack","",@progbits
