/* Capture routine for aarch64 (AAPCS64), for testdata/deopt and
 * testdata/walk. See README.md.
 *
 * Entered by bl (gc.statepoint) or blr x16 (patchpoint: movz/movk x16,
 * 0x5a000000; blr x16; the trampoline below then branches here through x16).
 * At entry x30 is the return address and sp is the caller's sp (unchanged by
 * the call). Save area slots: 0..30 = x0..x30 (DWARF 0..30), 31 = sp of the
 * caller at the return address (DWARF 31), 32..63 = d0..d31, the low 64 bits
 * of v0..v31 (DWARF 64..95). Then calls stackmaps_capture_dump(save area). */
#include "capture.h"

	.text
	.globl	stackmaps_capture
	.type	stackmaps_capture,%function
stackmaps_capture:
	.cfi_startproc
	sub	sp, sp, #512
	.cfi_def_cfa_offset 512
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
	stp	x30, x9, [sp, #240]
	.cfi_offset x30, -272
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
	ldr	x30, [sp, #240]
	.cfi_restore x30
	add	sp, sp, #512
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size	stackmaps_capture, .-stackmaps_capture

/* Trampoline template, copied by driver.c into each trampoline slot
 * (STACKMAPS_TRAMP_ADDR + k*0x40); its last 8 bytes receive the slot's
 * target (walk_b, walk_c, walk_d or stackmaps_capture). Uses only x16, which the
 * patchpoint call sequence already clobbers. */
	.section .rodata
	.p2align 3
	.globl	stackmaps_tramp
	.globl	stackmaps_tramp_end
stackmaps_tramp:
	ldr	x16, 1f
	br	x16
1:	.quad	0
stackmaps_tramp_end:

	.section .note.GNU-stack,"",%progbits
