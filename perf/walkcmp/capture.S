# capture: the innermost frame of the walk comparison's chain. gcc_99 calls
# it; it saves what a runtime captures at a call (the return address, the
# caller's stack pointer and callee-saved registers) in `cap`, then calls
# measure (measure.c), which dumps the stack and times the C unwinders.
# It keeps a frame pointer and has CFI, so every unwinder passes through it.
	.text
	.globl	capture
	.type	capture, @function
capture:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	leaq	cap(%rip), %rax
	movq	8(%rbp), %rcx		# return address into gcc_99
	movq	%rcx, 0(%rax)
	leaq	16(%rbp), %rcx		# the caller's rsp after the call
	movq	%rcx, 8(%rax)
	movq	0(%rbp), %rcx		# the caller's rbp
	movq	%rcx, 16(%rax)
	movq	%rbx, 24(%rax)
	movq	%r12, 32(%rax)
	movq	%r13, 40(%rax)
	movq	%r14, 48(%rax)
	movq	%r15, 56(%rax)
	call	measure
	popq	%rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size	capture, .-capture
	.section	.note.GNU-stack,"",@progbits
