/* Capture routine for ARM64 Windows, for testdata/windows/capture-arm64:
 * the AAPCS64 routine of testdata/capture/capture-aarch64.S with the same
 * save area (slots 0..30 = x0..x30, 31 = the caller's sp at the return
 * address, 32..63 = d0..d31), handed to stackmaps_capture_dump in x0, and
 * unwind data (.seh_*) instead of CFI. x18 (the TEB pointer on Windows)
 * is saved like any other. Also __chkstk, which llc calls for a dynamic
 * alloca (x15 = size / 16): an empty stand-in, as the loader's stack is
 * committed. */
#include "../../capture/capture.h"

	.text
	.globl	stackmaps_capture
	.def	stackmaps_capture; .scl 2; .type 32; .endef
	.p2align 2
stackmaps_capture:
	.seh_proc stackmaps_capture
	sub	sp, sp, #512
	.seh_stackalloc 512
	str	x30, [sp, #240]
	.seh_save_reg x30, 240
	.seh_endprologue
	stp	x0, x1, [sp, #0]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x19, [sp, #144]
	stp	x20, x21, [sp, #160]
	stp	x22, x23, [sp, #176]
	stp	x24, x25, [sp, #192]
	stp	x26, x27, [sp, #208]
	stp	x28, x29, [sp, #224]
	add	x9, sp, #512		/* caller sp */
	str	x9, [sp, #248]
	stp	d0, d1, [sp, #256]
	stp	d2, d3, [sp, #272]
	stp	d4, d5, [sp, #288]
	stp	d6, d7, [sp, #304]
	stp	d8, d9, [sp, #320]
	stp	d10, d11, [sp, #336]
	stp	d12, d13, [sp, #352]
	stp	d14, d15, [sp, #368]
	stp	d16, d17, [sp, #384]
	stp	d18, d19, [sp, #400]
	stp	d20, d21, [sp, #416]
	stp	d22, d23, [sp, #432]
	stp	d24, d25, [sp, #448]
	stp	d26, d27, [sp, #464]
	stp	d28, d29, [sp, #480]
	stp	d30, d31, [sp, #496]
	mov	x0, sp
	bl	stackmaps_capture_dump
	/* x19-x29 and d8-d15 are preserved by the C code; x30 is not. */
	.seh_startepilogue
	ldr	x30, [sp, #240]
	.seh_save_reg x30, 240
	add	sp, sp, #512
	.seh_stackalloc 512
	.seh_endepilogue
	ret
	.seh_endproc

	.globl	__chkstk
	.def	__chkstk; .scl 2; .type 32; .endef
	.p2align 2
__chkstk:
	ret
