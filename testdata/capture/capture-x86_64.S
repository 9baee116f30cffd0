/* Capture routine for x86_64 (SysV), for testdata/deopt and testdata/walk.
 * See README.md.
 *
 * stackmaps_capture is entered by a call: from a gc.statepoint (direct call)
 * or from a patchpoint (movabs $0x5a000000,%r11; call *%r11, then the
 * trampoline below jumps here without touching any register). At entry every
 * register still holds what the caller had at the call (except r11 for a
 * patchpoint) and (%rsp) is the return address. It stores, into a save area on
 * its own stack, slots 0..15 = DWARF registers 0..15 (rax rdx rcx rbx rsi rdi
 * rbp rsp r8..r15; the rsp slot holds the caller's rsp as it is at the return
 * address, i.e. entry rsp + 8), slot 16 = the return address, slots 17..32 =
 * the low 64 bits of xmm0..xmm15 (DWARF 17..32), and calls
 * stackmaps_capture_dump(save area). */
#include "capture.h"

	.text
	.globl	stackmaps_capture
	.type	stackmaps_capture,@function
stackmaps_capture:
	.cfi_startproc
	/* 264 = 33*8; entry rsp is 8 mod 16, so rsp is 16-aligned after this. */
	subq	$264, %rsp
	.cfi_def_cfa_offset 272
	movq	%rax, 0(%rsp)
	movq	%rdx, 8(%rsp)
	movq	%rcx, 16(%rsp)
	movq	%rbx, 24(%rsp)
	movq	%rsi, 32(%rsp)
	movq	%rdi, 40(%rsp)
	movq	%rbp, 48(%rsp)
	leaq	272(%rsp), %rax		/* caller rsp at the return address */
	movq	%rax, 56(%rsp)
	movq	%r8, 64(%rsp)
	movq	%r9, 72(%rsp)
	movq	%r10, 80(%rsp)
	movq	%r11, 88(%rsp)
	movq	%r12, 96(%rsp)
	movq	%r13, 104(%rsp)
	movq	%r14, 112(%rsp)
	movq	%r15, 120(%rsp)
	movq	264(%rsp), %rax		/* return address */
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
	call	stackmaps_capture_dump@PLT
	/* rbx rbp r12-r15 are preserved by the C code. */
	addq	$264, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	stackmaps_capture, .-stackmaps_capture

/* Trampoline template, copied by driver.c into each trampoline slot
 * (STACKMAPS_TRAMP_ADDR + k*0x40); its last 8 bytes receive the slot's
 * target (walk_b, walk_c, walk_d or stackmaps_capture). */
	.section .rodata
	.globl	stackmaps_tramp
	.globl	stackmaps_tramp_end
stackmaps_tramp:
	jmpq	*1f(%rip)
1:	.quad	0
stackmaps_tramp_end:

	.section .note.GNU-stack,"",@progbits
