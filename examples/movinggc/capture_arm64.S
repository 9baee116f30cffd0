/* The safepoint capture routine for AArch64 (AAPCS64): the llc-compiled
 * mutator calls it from every gc.statepoint (bl mgc_safepoint). At entry
 * x30 is the return address and sp is the caller's sp. Save area (its own
 * stack, MGC_SAVE_WORDS words): slots 0-30 = x0-x30 (DWARF 0-30), 31 = the
 * caller's sp (DWARF 31), 32-63 = d0-d31, the low 64 bits of v0-v31
 * (DWARF 64-95). Then it calls mgc_capture_c(save area), which calls the
 * Go collector.
 *
 * The collector may rewrite the save slots of the callee-saved registers
 * x19-x28 and x29: they are the homes of roots that the innermost frame
 * keeps in registers. So on return they are reloaded from the save area
 * (d8-d15 too, and x30 for the return). */

	.text
	.globl	mgc_safepoint
	.type	mgc_safepoint,%function
mgc_safepoint:
	.cfi_startproc
	sub	sp, sp, #512
	.cfi_adjust_cfa_offset 512
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
	add	x9, sp, #512
	stp	x30, x9, [sp, #240]
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
	bl	mgc_capture_c
	/* The callee-saved registers, as the collector left them. */
	ldr	x19, [sp, #152]
	ldp	x20, x21, [sp, #160]
	ldp	x22, x23, [sp, #176]
	ldp	x24, x25, [sp, #192]
	ldp	x26, x27, [sp, #208]
	ldp	x28, x29, [sp, #224]
	ldr	x30, [sp, #240]
	ldp	d8, d9, [sp, #320]
	ldp	d10, d11, [sp, #336]
	ldp	d12, d13, [sp, #352]
	ldp	d14, d15, [sp, #368]
	add	sp, sp, #512
	.cfi_adjust_cfa_offset -512
	ret
	.cfi_endproc
	.size	mgc_safepoint, .-mgc_safepoint

	.section .note.GNU-stack,"",%progbits
