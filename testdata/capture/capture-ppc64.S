/* Capture routine for ppc64le (ELFv2) and ppc64 (big-endian, ELFv1), for
 * testdata/deopt and testdata/walk. See README.md.
 *
 * Entered only from a patchpoint (llc crashes on gc.statepoint for PowerPC):
 * the patchable region materialises the trampoline slot address in r12, saves r2 at the TOC
 * save slot of the caller's frame (24(r1) ELFv2, 40(r1) ELFv1), on ELFv1 loads
 * r2 = 8(r12) and r12 = 0(r12) (the target is a function descriptor), then
 * mtctr r12; bctrl; and restores r2 after the call. On ELFv2 the trampoline
 * below (slot 3) branches here through r12/ctr; on ELFv1 driver.c puts a copy
 * of stackmaps_capture's descriptor into the slot instead.
 *
 * At entry LR is the return address and r1 is the caller's r1 (unchanged by
 * the call). Every register is saved before anything else changes it. Frame:
 * 896 bytes = 112 (ELFv1 minimum frame, more than ELFv2 needs) + 98 slots:
 *   slots 0..31  r0..r31 (DWARF 0..31; slot 1 = the caller's r1)
 *   slots 32..63 f0..f31 (DWARF 32..63)
 *   slot 64      LR = return address (DWARF 65)
 *   slot 65      CTR (DWARF 66)
 *   slots 66..97 doubleword 0 of vs32..vs63 = v0..v31 (DWARF 77..108),
 *                ELFv2 (POWER8, VSX) only; zero on ELFv1.
 */
#include "capture.h"

#if defined(_CALL_ELF) && _CALL_ELF == 2
	.abiversion 2
	.text
	.globl	stackmaps_capture
	.type	stackmaps_capture,@function
	.p2align 4
stackmaps_capture:
#else
	.section ".opd","aw"
	.p2align 3
	.globl	stackmaps_capture
stackmaps_capture:
	.quad	.L.stackmaps_capture, .TOC.@tocbase, 0
	.text
	.type	stackmaps_capture,@function
	.p2align 4
.L.stackmaps_capture:
#endif
	.cfi_startproc
	stdu	1, -896(1)
	.cfi_def_cfa_offset 896
	std	0, 112(1)
	ld	0, 0(1)			/* back chain = caller's r1 */
	std	0, 120(1)
	std	2, 128(1)
	std	3, 136(1)
	std	4, 144(1)
	std	5, 152(1)
	std	6, 160(1)
	std	7, 168(1)
	std	8, 176(1)
	std	9, 184(1)
	std	10, 192(1)
	std	11, 200(1)
	std	12, 208(1)
	std	13, 216(1)
	std	14, 224(1)
	std	15, 232(1)
	std	16, 240(1)
	std	17, 248(1)
	std	18, 256(1)
	std	19, 264(1)
	std	20, 272(1)
	std	21, 280(1)
	std	22, 288(1)
	std	23, 296(1)
	std	24, 304(1)
	std	25, 312(1)
	std	26, 320(1)
	std	27, 328(1)
	std	28, 336(1)
	std	29, 344(1)
	std	30, 352(1)
	std	31, 360(1)
	stfd	0, 368(1)
	stfd	1, 376(1)
	stfd	2, 384(1)
	stfd	3, 392(1)
	stfd	4, 400(1)
	stfd	5, 408(1)
	stfd	6, 416(1)
	stfd	7, 424(1)
	stfd	8, 432(1)
	stfd	9, 440(1)
	stfd	10, 448(1)
	stfd	11, 456(1)
	stfd	12, 464(1)
	stfd	13, 472(1)
	stfd	14, 480(1)
	stfd	15, 488(1)
	stfd	16, 496(1)
	stfd	17, 504(1)
	stfd	18, 512(1)
	stfd	19, 520(1)
	stfd	20, 528(1)
	stfd	21, 536(1)
	stfd	22, 544(1)
	stfd	23, 552(1)
	stfd	24, 560(1)
	stfd	25, 568(1)
	stfd	26, 576(1)
	stfd	27, 584(1)
	stfd	28, 592(1)
	stfd	29, 600(1)
	stfd	30, 608(1)
	stfd	31, 616(1)
	mflr	0
	std	0, 624(1)
	.cfi_offset lr, -272
	mfctr	0
	std	0, 632(1)
#if defined(_CALL_ELF) && _CALL_ELF == 2
	li	11, 640
	stxsdx	32, 1, 11
	addi	11, 11, 8
	stxsdx	33, 1, 11
	addi	11, 11, 8
	stxsdx	34, 1, 11
	addi	11, 11, 8
	stxsdx	35, 1, 11
	addi	11, 11, 8
	stxsdx	36, 1, 11
	addi	11, 11, 8
	stxsdx	37, 1, 11
	addi	11, 11, 8
	stxsdx	38, 1, 11
	addi	11, 11, 8
	stxsdx	39, 1, 11
	addi	11, 11, 8
	stxsdx	40, 1, 11
	addi	11, 11, 8
	stxsdx	41, 1, 11
	addi	11, 11, 8
	stxsdx	42, 1, 11
	addi	11, 11, 8
	stxsdx	43, 1, 11
	addi	11, 11, 8
	stxsdx	44, 1, 11
	addi	11, 11, 8
	stxsdx	45, 1, 11
	addi	11, 11, 8
	stxsdx	46, 1, 11
	addi	11, 11, 8
	stxsdx	47, 1, 11
	addi	11, 11, 8
	stxsdx	48, 1, 11
	addi	11, 11, 8
	stxsdx	49, 1, 11
	addi	11, 11, 8
	stxsdx	50, 1, 11
	addi	11, 11, 8
	stxsdx	51, 1, 11
	addi	11, 11, 8
	stxsdx	52, 1, 11
	addi	11, 11, 8
	stxsdx	53, 1, 11
	addi	11, 11, 8
	stxsdx	54, 1, 11
	addi	11, 11, 8
	stxsdx	55, 1, 11
	addi	11, 11, 8
	stxsdx	56, 1, 11
	addi	11, 11, 8
	stxsdx	57, 1, 11
	addi	11, 11, 8
	stxsdx	58, 1, 11
	addi	11, 11, 8
	stxsdx	59, 1, 11
	addi	11, 11, 8
	stxsdx	60, 1, 11
	addi	11, 11, 8
	stxsdx	61, 1, 11
	addi	11, 11, 8
	stxsdx	62, 1, 11
	addi	11, 11, 8
	stxsdx	63, 1, 11
	addi	11, 11, 8
#else
	li	0, 0
	std	0, 640(1)
	std	0, 648(1)
	std	0, 656(1)
	std	0, 664(1)
	std	0, 672(1)
	std	0, 680(1)
	std	0, 688(1)
	std	0, 696(1)
	std	0, 704(1)
	std	0, 712(1)
	std	0, 720(1)
	std	0, 728(1)
	std	0, 736(1)
	std	0, 744(1)
	std	0, 752(1)
	std	0, 760(1)
	std	0, 768(1)
	std	0, 776(1)
	std	0, 784(1)
	std	0, 792(1)
	std	0, 800(1)
	std	0, 808(1)
	std	0, 816(1)
	std	0, 824(1)
	std	0, 832(1)
	std	0, 840(1)
	std	0, 848(1)
	std	0, 856(1)
	std	0, 864(1)
	std	0, 872(1)
	std	0, 880(1)
	std	0, 888(1)
#endif
	/* r2 is the TOC of this module: the caller is in the same executable,
	   and the ELFv1 patchpoint loads r2 from the descriptor copy. */
	addi	3, 1, 112
	bl	stackmaps_capture_dump
	nop
	ld	0, 624(1)
	mtlr	0
	.cfi_restore lr
	ld	2, 128(1)
	addi	1, 1, 896
	.cfi_def_cfa_offset 0
	blr
	.cfi_endproc
#if defined(_CALL_ELF) && _CALL_ELF == 2
	.size	stackmaps_capture, .-stackmaps_capture
#else
	.size	stackmaps_capture, .-.L.stackmaps_capture
#endif

/* ELFv2 trampoline template, copied by driver.c into each trampoline slot
 * (STACKMAPS_TRAMP_ADDR + k*0x40); its last 8 bytes receive the slot's target
 * (a global entry point: r12 holds it when the target starts). Uses only r12 and
 * ctr, which the patchpoint call sequence already clobbers. */
	.section .rodata
	.p2align 3
	.globl	stackmaps_tramp
	.globl	stackmaps_tramp_end
stackmaps_tramp:
	ld	12, 16(12)		/* r12 = this slot's address on entry */
	mtctr	12
	bctr
	nop
	.quad	0
stackmaps_tramp_end:

	.section .note.GNU-stack,"",@progbits
