/* Capture routine for riscv64 (LP64D). See README.md (testdata/walk only).
 *
 * Entered by call (auipc/jalr ra, from a gc.statepoint) or from a patchpoint:
 * the patchable region does lui ra, SLOT; jalr ra, so ra is the return
 * address and the only register the sequence changes. The trampoline below
 * needs a scratch register to branch; it uses t0 and first stores t0 at
 * -8(sp) (below the stack pointer, nothing runs in between), and the
 * capture slot targets stackmaps_capture_tramp, which reloads t0 before
 * saving anything, so the capture sees every register as at the start of the
 * patchable region except ra. Save area slots (64 x 8 bytes):
 *   0..31  x0..x31 (DWARF 0..31; x1 = ra = return address, x2 = sp = the
 *          caller's sp, unchanged by the call)
 *   32..63 f0..f31 (DWARF 32..63, 64-bit)
 */
#include "capture.h"

	.text
	.globl	stackmaps_capture_tramp
	.type	stackmaps_capture_tramp,@function
	.p2align 2
stackmaps_capture_tramp:
	.cfi_startproc
	ld	t0, -8(sp)
	.size	stackmaps_capture_tramp, .-stackmaps_capture_tramp
	/* fall through */
	.globl	stackmaps_capture
	.type	stackmaps_capture,@function
stackmaps_capture:
	addi	sp, sp, -528		/* 512 save area + 16 for alignment */
	.cfi_def_cfa_offset 528
	sd	x0, 0(sp)
	sd	x1, 8(sp)
	.cfi_offset ra, -520
	sd	x3, 24(sp)
	sd	x4, 32(sp)
	sd	x5, 40(sp)
	sd	x6, 48(sp)
	sd	x7, 56(sp)
	sd	x8, 64(sp)
	sd	x9, 72(sp)
	sd	x10, 80(sp)
	sd	x11, 88(sp)
	sd	x12, 96(sp)
	sd	x13, 104(sp)
	sd	x14, 112(sp)
	sd	x15, 120(sp)
	sd	x16, 128(sp)
	sd	x17, 136(sp)
	sd	x18, 144(sp)
	sd	x19, 152(sp)
	sd	x20, 160(sp)
	sd	x21, 168(sp)
	sd	x22, 176(sp)
	sd	x23, 184(sp)
	sd	x24, 192(sp)
	sd	x25, 200(sp)
	sd	x26, 208(sp)
	sd	x27, 216(sp)
	sd	x28, 224(sp)
	sd	x29, 232(sp)
	sd	x30, 240(sp)
	sd	x31, 248(sp)
	addi	t0, sp, 528		/* caller's sp */
	sd	t0, 16(sp)
	fsd	f0, 256(sp)
	fsd	f1, 264(sp)
	fsd	f2, 272(sp)
	fsd	f3, 280(sp)
	fsd	f4, 288(sp)
	fsd	f5, 296(sp)
	fsd	f6, 304(sp)
	fsd	f7, 312(sp)
	fsd	f8, 320(sp)
	fsd	f9, 328(sp)
	fsd	f10, 336(sp)
	fsd	f11, 344(sp)
	fsd	f12, 352(sp)
	fsd	f13, 360(sp)
	fsd	f14, 368(sp)
	fsd	f15, 376(sp)
	fsd	f16, 384(sp)
	fsd	f17, 392(sp)
	fsd	f18, 400(sp)
	fsd	f19, 408(sp)
	fsd	f20, 416(sp)
	fsd	f21, 424(sp)
	fsd	f22, 432(sp)
	fsd	f23, 440(sp)
	fsd	f24, 448(sp)
	fsd	f25, 456(sp)
	fsd	f26, 464(sp)
	fsd	f27, 472(sp)
	fsd	f28, 480(sp)
	fsd	f29, 488(sp)
	fsd	f30, 496(sp)
	fsd	f31, 504(sp)
	mv	a0, sp
	call	stackmaps_capture_dump
	/* s0-s11, fs0-fs11 and sp are preserved by the C code; ra is not. */
	ld	ra, 8(sp)
	.cfi_restore ra
	addi	sp, sp, 528
	.cfi_def_cfa_offset 0
	ret
	.cfi_endproc
	.size	stackmaps_capture, .-stackmaps_capture

/* Trampoline template, copied by driver.c into each trampoline slot
 * (STACKMAPS_TRAMP_ADDR + k*0x40); its last 8 bytes receive the slot's
 * target. Clobbers t0 (saved at -8(sp), see above). */
	.section .rodata
	.p2align 3
	.globl	stackmaps_tramp
	.globl	stackmaps_tramp_end
stackmaps_tramp:
	.option	push
	.option	norvc			/* fixed 4-byte instructions */
	sd	t0, -8(sp)
	auipc	t0, 0
	ld	t0, 12(t0)		/* the .quad at offset 16 */
	jr	t0
	.option	pop
1:	.quad	0
stackmaps_tramp_end:

	.section .note.GNU-stack,"",@progbits
