/* Capture routine for x86_64 Windows (the Microsoft x64 calling
 * convention), for testdata/windows/capture: the SysV routine of
 * testdata/capture/capture-x86_64.S with the same save area (slots 0..15 =
 * DWARF registers 0..15, the rsp slot the caller's rsp at the return
 * address; slot 16 the return address; slots 17..32 the low 64 bits of
 * xmm0..xmm15), handed to stackmaps_capture_dump in rcx with the 32-byte
 * home area the convention asks for below it. Its unwind data (.seh_*)
 * makes it a frame Windows can unwind through. */
	.text
	.globl	stackmaps_capture
	.def	stackmaps_capture; .scl 2; .type 32; .endef
	.seh_proc stackmaps_capture
stackmaps_capture:
	/* 264 = 33*8 for the save area and 32 for the home area: 296, 8 mod
	 * 16, so that rsp (8 mod 16 at entry) is 16-aligned at the call as
	 * the convention asks. */
	subq	$296, %rsp
	.seh_stackalloc 296
	.seh_endprologue
	movq	%rax, 32(%rsp)
	movq	%rdx, 40(%rsp)
	movq	%rcx, 48(%rsp)
	movq	%rbx, 56(%rsp)
	movq	%rsi, 64(%rsp)
	movq	%rdi, 72(%rsp)
	movq	%rbp, 80(%rsp)
	leaq	304(%rsp), %rax		/* caller rsp at the return address */
	movq	%rax, 88(%rsp)
	movq	%r8, 96(%rsp)
	movq	%r9, 104(%rsp)
	movq	%r10, 112(%rsp)
	movq	%r11, 120(%rsp)
	movq	%r12, 128(%rsp)
	movq	%r13, 136(%rsp)
	movq	%r14, 144(%rsp)
	movq	%r15, 152(%rsp)
	movq	296(%rsp), %rax		/* return address */
	movq	%rax, 160(%rsp)
	movq	%xmm0, 168(%rsp)
	movq	%xmm1, 176(%rsp)
	movq	%xmm2, 184(%rsp)
	movq	%xmm3, 192(%rsp)
	movq	%xmm4, 200(%rsp)
	movq	%xmm5, 208(%rsp)
	movq	%xmm6, 216(%rsp)
	movq	%xmm7, 224(%rsp)
	movq	%xmm8, 232(%rsp)
	movq	%xmm9, 240(%rsp)
	movq	%xmm10, 248(%rsp)
	movq	%xmm11, 256(%rsp)
	movq	%xmm12, 264(%rsp)
	movq	%xmm13, 272(%rsp)
	movq	%xmm14, 280(%rsp)
	movq	%xmm15, 288(%rsp)
	leaq	32(%rsp), %rcx
	callq	stackmaps_capture_dump
	/* The callee-saved registers (rbx rbp rdi rsi r12-r15 xmm6-xmm15) are
	 * preserved by the C code. */
	nop
	addq	$296, %rsp
	retq
	.seh_endproc

/* __chkstk, the stack probe llc calls before a dynamic or large
 * allocation of rax bytes (no CRT is linked): touches every page from the
 * caller's rsp down to rsp - rax, preserving every register. */
	.globl	__chkstk
__chkstk:
	pushq	%rcx
	pushq	%rax
	leaq	24(%rsp), %rcx
1:	cmpq	$0x1000, %rax
	jb	2f
	subq	$0x1000, %rcx
	orq	$0, (%rcx)
	subq	$0x1000, %rax
	jmp	1b
2:	subq	%rax, %rcx
	orq	$0, (%rcx)
	popq	%rax
	popq	%rcx
	retq
