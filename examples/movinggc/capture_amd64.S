/* The safepoint capture routine for x86_64 (SysV): the llc-compiled
 * mutator calls it from every gc.statepoint (call mgc_safepoint@PLT). At
 * entry every register holds what the caller had at the call and (%rsp)
 * is the return address. It stores on its own stack MGC_SAVE_WORDS words:
 * slots 0-15 = DWARF registers 0-15 (rax rdx rcx rbx rsi rdi rbp rsp
 * r8-r15; the rsp slot holds the caller's rsp at the return address, entry
 * rsp + 8), slot 16 = the return address, slots 17-32 = the low 64 bits of
 * xmm0-xmm15 (DWARF 17-32); then calls mgc_capture_c(save area), which
 * calls the Go collector.
 *
 * The collector may rewrite the save slots of the callee-saved registers
 * (rbx rbp r12-r15): they are the homes of roots that the innermost frame
 * keeps in registers. So on return they are reloaded from the save area,
 * not merely preserved. */

	.text
	.globl	mgc_safepoint
	.type	mgc_safepoint,@function
mgc_safepoint:
	.cfi_startproc
	/* 264 = 33*8; entry rsp is 8 mod 16, so rsp is 16-aligned after this. */
	subq	$264, %rsp
	.cfi_adjust_cfa_offset 264
	movq	%rax, 0(%rsp)
	movq	%rdx, 8(%rsp)
	movq	%rcx, 16(%rsp)
	movq	%rbx, 24(%rsp)
	movq	%rsi, 32(%rsp)
	movq	%rdi, 40(%rsp)
	movq	%rbp, 48(%rsp)
	leaq	272(%rsp), %rax
	movq	%rax, 56(%rsp)
	movq	%r8, 64(%rsp)
	movq	%r9, 72(%rsp)
	movq	%r10, 80(%rsp)
	movq	%r11, 88(%rsp)
	movq	%r12, 96(%rsp)
	movq	%r13, 104(%rsp)
	movq	%r14, 112(%rsp)
	movq	%r15, 120(%rsp)
	movq	264(%rsp), %rax
	movq	%rax, 128(%rsp)
	movq	%xmm0, 136(%rsp)
	movq	%xmm1, 144(%rsp)
	movq	%xmm2, 152(%rsp)
	movq	%xmm3, 160(%rsp)
	movq	%xmm4, 168(%rsp)
	movq	%xmm5, 176(%rsp)
	movq	%xmm6, 184(%rsp)
	movq	%xmm7, 192(%rsp)
	movq	%xmm8, 200(%rsp)
	movq	%xmm9, 208(%rsp)
	movq	%xmm10, 216(%rsp)
	movq	%xmm11, 224(%rsp)
	movq	%xmm12, 232(%rsp)
	movq	%xmm13, 240(%rsp)
	movq	%xmm14, 248(%rsp)
	movq	%xmm15, 256(%rsp)
	movq	%rsp, %rdi
	call	mgc_capture_c@PLT
	/* The callee-saved registers, as the collector left them. */
	movq	24(%rsp), %rbx
	movq	48(%rsp), %rbp
	movq	96(%rsp), %r12
	movq	104(%rsp), %r13
	movq	112(%rsp), %r14
	movq	120(%rsp), %r15
	addq	$264, %rsp
	.cfi_adjust_cfa_offset -264
	ret
	.cfi_endproc
	.size	mgc_safepoint, .-mgc_safepoint

	.section .note.GNU-stack,"",@progbits
