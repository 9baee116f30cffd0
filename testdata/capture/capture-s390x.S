/* Capture routine for s390x (z/Architecture ELF ABI). See README.md (testdata/walk only).
 *
 * Entered by brasl %r14 (direct call) or from a patchpoint: the patchable
 * region does llilf %r1, SLOT; basr %r14, %r1, and the trampoline below then
 * branches here through %r1. At entry %r14 is the return address and %r15 the
 * caller's %r15 (a call does not move it). Save area slots (32 x 8 bytes):
 *   0..15  r0..r15 (DWARF 0..15; slot 15 = the caller's r15, slot 14 = the
 *          return address)
 *   16..31 f0,f2,f4,f6,f1,f3,f5,f7,f8,f10,f12,f14,f9,f11,f13,f15 (DWARF
 *          16..31, LLVM's s390x FPR numbering)
 * r6-r15 are first stored, as the ABI wants, into the caller's register save
 * area at 48(%r15): that is what the stack window then shows there. */
#include "capture.h"

	.text
	.globl	stackmaps_capture
	.type	stackmaps_capture,@function
	.p2align 3
stackmaps_capture:
	.cfi_startproc
	stmg	%r6, %r15, 48(%r15)
	.cfi_offset %r6, -112
	.cfi_offset %r7, -104
	.cfi_offset %r8, -96
	.cfi_offset %r9, -88
	.cfi_offset %r10, -80
	.cfi_offset %r11, -72
	.cfi_offset %r12, -64
	.cfi_offset %r13, -56
	.cfi_offset %r14, -48
	.cfi_offset %r15, -40
	.cfi_remember_state
	aghi	%r15, -416		/* 160 ABI area + 256 save area */
	.cfi_def_cfa_offset 576
	stmg	%r0, %r14, 160(%r15)	/* none of r0-r14 changed yet */
	la	%r1, 416(%r15)
	stg	%r1, 280(%r15)		/* slot 15: caller's r15 */
	std	%f0, 288(%r15)
	std	%f2, 296(%r15)
	std	%f4, 304(%r15)
	std	%f6, 312(%r15)
	std	%f1, 320(%r15)
	std	%f3, 328(%r15)
	std	%f5, 336(%r15)
	std	%f7, 344(%r15)
	std	%f8, 352(%r15)
	std	%f10, 360(%r15)
	std	%f12, 368(%r15)
	std	%f14, 376(%r15)
	std	%f9, 384(%r15)
	std	%f11, 392(%r15)
	std	%f13, 400(%r15)
	std	%f15, 408(%r15)
	la	%r2, 160(%r15)
	brasl	%r14, stackmaps_capture_dump@PLT
	/* r6-r13, r15 and f8-f15 are preserved by the C code. */
	lmg	%r6, %r15, 464(%r15)
	.cfi_restore_state
	br	%r14
	.cfi_endproc
	.size	stackmaps_capture, .-stackmaps_capture

/* Trampoline template, copied by driver.c into each trampoline slot
 * (STACKMAPS_TRAMP_ADDR + k*0x40); its last 8 bytes receive the slot's
 * target. Uses only %r1, which the patchpoint call sequence already
 * clobbers. */
	.section .rodata
	.p2align 3
	.globl	stackmaps_tramp
	.globl	stackmaps_tramp_end
stackmaps_tramp:
	larl	%r1, 1f
	lg	%r1, 0(%r1)
	br	%r1
	.p2align 3
1:	.quad	0
stackmaps_tramp_end:

	.section .note.GNU-stack,"",@progbits
