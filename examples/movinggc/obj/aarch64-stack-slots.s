	.file	"movinggc.ll"
	.text
	.p2align	2                               // -- Begin function ld
	.type	ld,@function
ld:                                     // @ld
	.cfi_startproc
// %bb.0:                               // %entry
	mov	x8, #48879                      // =0xbeef
	ldr	x0, [x0]
	movk	x8, #57005, lsl #16
	orr	x8, x8, x8, lsl #32
	cmp	x0, x8
	b.ne	.LBB0_2
// %bb.1:                               // %poison
	adrp	x8, :got:mgc_poison_reads
	ldr	x8, [x8, :got_lo12:mgc_poison_reads]
	ldr	x9, [x8]
	add	x9, x9, #1
	str	x9, [x8]
.LBB0_2:                                // %ok
	ret
.Lfunc_end0:
	.size	ld, .Lfunc_end0-ld
	.cfi_endproc
                                        // -- End function
	.p2align	2                               // -- Begin function ldp
	.type	ldp,@function
ldp:                                    // @ldp
	.cfi_startproc
// %bb.0:                               // %entry
	mov	x8, #48879                      // =0xbeef
	ldr	x0, [x0]
	movk	x8, #57005, lsl #16
	orr	x8, x8, x8, lsl #32
	cmp	x0, x8
	b.ne	.LBB1_2
// %bb.1:                               // %poison
	adrp	x8, :got:mgc_poison_reads
	ldr	x8, [x8, :got_lo12:mgc_poison_reads]
	ldr	x9, [x8]
	add	x9, x9, #1
	str	x9, [x8]
.LBB1_2:                                // %ok
	ret
.Lfunc_end1:
	.size	ldp, .Lfunc_end1-ldp
	.cfi_endproc
                                        // -- End function
	.globl	mgc_entry_stack                 // -- Begin function mgc_entry_stack
	.p2align	2
	.type	mgc_entry_stack,@function
mgc_entry_stack:                        // @mgc_entry_stack
	.cfi_startproc
// %bb.0:                               // %entry
	sub	sp, sp, #96
	.cfi_def_cfa_offset 96
	str	x30, [sp, #16]                  // 8-byte Spill
	stp	x26, x25, [sp, #32]             // 16-byte Folded Spill
	stp	x24, x23, [sp, #48]             // 16-byte Folded Spill
	stp	x22, x21, [sp, #64]             // 16-byte Folded Spill
	stp	x20, x19, [sp, #80]             // 16-byte Folded Spill
	.cfi_offset w19, -8
	.cfi_offset w20, -16
	.cfi_offset w21, -24
	.cfi_offset w22, -32
	.cfi_offset w23, -40
	.cfi_offset w24, -48
	.cfi_offset w25, -56
	.cfi_offset w26, -64
	.cfi_offset w30, -80
	mov	x19, x0
	mov	w0, #1                          // =0x1
	mov	w1, #2                          // =0x2
	mov	w23, #1                         // =0x1
	bl	mgc_alloc
	mov	x20, x0
	mov	x0, xzr
	mov	w1, #1                          // =0x1
	bl	mgc_alloc
	add	x8, x19, x19, lsl #1
	mov	x21, xzr
	mov	x26, xzr
	mov	x22, x20
	stp	x0, x19, [x20, #8]
	str	x23, [x22, #24]!
	str	x8, [x0, #8]
.LBB2_1:                                // %loop
                                        // =>This Inner Loop Header: Depth=1
	mov	x0, x21
	mov	x1, x19
	stp	x20, x22, [sp]
	str	x21, [sp, #24]
	bl	mgc_b
.Ltmp0:
	ldp	x20, x22, [sp]
	mov	x23, x0
	mov	x0, x22
	bl	ld
	mov	x24, x0
	add	x0, x20, #8
	bl	ldp
	add	x0, x0, #8
	bl	ld
	mov	x25, x0
	add	x0, x20, #16
	bl	ld
	sub	x8, x23, x26
	add	x21, x21, #1
	add	x9, x24, x23
	add	x8, x8, x26, lsl #5
	cmp	x21, #2
	str	x9, [x22]
	add	x8, x8, x0
	add	x26, x8, x25
	b.lo	.LBB2_1
// %bb.2:                               // %done
	mov	x0, x22
	bl	ld
	add	x0, x26, x0
	ldp	x20, x19, [sp, #80]             // 16-byte Folded Reload
	ldp	x22, x21, [sp, #64]             // 16-byte Folded Reload
	ldr	x30, [sp, #16]                  // 8-byte Reload
	ldp	x24, x23, [sp, #48]             // 16-byte Folded Reload
	ldp	x26, x25, [sp, #32]             // 16-byte Folded Reload
	add	sp, sp, #96
	.cfi_def_cfa_offset 0
	.cfi_restore w19
	.cfi_restore w20
	.cfi_restore w21
	.cfi_restore w22
	.cfi_restore w23
	.cfi_restore w24
	.cfi_restore w25
	.cfi_restore w26
	.cfi_restore w30
	ret
.Lfunc_end2:
	.size	mgc_entry_stack, .Lfunc_end2-mgc_entry_stack
	.cfi_endproc
                                        // -- End function
	.p2align	2                               // -- Begin function mgc_b
	.type	mgc_b,@function
mgc_b:                                  // @mgc_b
	.cfi_startproc
// %bb.0:                               // %entry
	sub	sp, sp, #160
	.cfi_def_cfa_offset 160
	stp	x29, x30, [sp, #64]             // 16-byte Folded Spill
	stp	x28, x27, [sp, #80]             // 16-byte Folded Spill
	stp	x26, x25, [sp, #96]             // 16-byte Folded Spill
	stp	x24, x23, [sp, #112]            // 16-byte Folded Spill
	stp	x22, x21, [sp, #128]            // 16-byte Folded Spill
	stp	x20, x19, [sp, #144]            // 16-byte Folded Spill
	.cfi_offset w19, -8
	.cfi_offset w20, -16
	.cfi_offset w21, -24
	.cfi_offset w22, -32
	.cfi_offset w23, -40
	.cfi_offset w24, -48
	.cfi_offset w25, -56
	.cfi_offset w26, -64
	.cfi_offset w27, -72
	.cfi_offset w28, -80
	.cfi_offset w30, -88
	.cfi_offset w29, -96
	mov	x24, x1
	mov	x19, x0
	mov	w0, #2                          // =0x2
	mov	w1, #1                          // =0x1
	bl	mgc_alloc
	mov	x20, x0
	mov	x0, xzr
	mov	w1, #2                          // =0x2
	bl	mgc_alloc
	add	x9, x19, #100
	mov	x23, x20
	mov	x22, x0
	str	x9, [x23, #24]!
	eor	x9, x24, x19
	mov	x21, xzr
	mov	x8, xzr
	stp	x0, x20, [x20, #8]
	str	x9, [x0, #8]
	mov	w9, #7                          // =0x7
	mov	x24, x0
	str	x19, [sp, #8]                   // 8-byte Spill
	str	x9, [x24, #16]!
.LBB3_1:                                // %loop
                                        // =>This Inner Loop Header: Depth=1
	ldr	x1, [sp, #8]                    // 8-byte Reload
	mov	x0, x21
	stp	x22, x24, [sp, #32]
	stp	x20, x23, [sp, #16]
	mov	x29, x8
	stp	x21, x1, [sp, #48]
	bl	mgc_c
.Ltmp1:
	ldp	x20, x23, [sp, #16]
	mov	x25, x0
	ldp	x22, x24, [sp, #32]
	mov	x0, x23
	bl	ld
	mov	x26, x0
	add	x8, x0, x25
	mov	x0, x24
	str	x8, [x23]
	bl	ld
	add	x19, x0, x0, lsl #1
	add	x0, x22, #8
	add	x8, x21, x19
	str	x8, [x24]
	bl	ld
	mov	x27, x0
	add	x0, x20, #8
	bl	ldp
	mov	x28, x0
	add	x0, x20, #16
	bl	ldp
	add	x8, x26, x27
	cmp	x0, x20
	mov	x9, #1099511627776              // =0x10000000000
	ccmp	x28, x22, #0, eq
	add	x8, x8, x29
	csel	x10, xzr, x9, eq
	add	x8, x8, x19
	add	x9, x21, #1
	add	x8, x10, x8
	cmp	x9, #2
	add	x8, x8, x25, lsl #1
	add	x8, x21, x8
	mov	x21, x9
	b.lo	.LBB3_1
// %bb.2:                               // %done
	add	x8, x27, x29
	add	x10, x10, x26
	add	x8, x8, x19
	ldp	x20, x19, [sp, #144]            // 16-byte Folded Reload
	add	x8, x10, x8
	ldp	x22, x21, [sp, #128]            // 16-byte Folded Reload
	add	x8, x8, x25, lsl #1
	ldp	x24, x23, [sp, #112]            // 16-byte Folded Reload
	ldp	x26, x25, [sp, #96]             // 16-byte Folded Reload
	ldp	x28, x27, [sp, #80]             // 16-byte Folded Reload
	add	x8, x8, x9
	ldp	x29, x30, [sp, #64]             // 16-byte Folded Reload
	sub	x0, x8, #1
	add	sp, sp, #160
	.cfi_def_cfa_offset 0
	.cfi_restore w19
	.cfi_restore w20
	.cfi_restore w21
	.cfi_restore w22
	.cfi_restore w23
	.cfi_restore w24
	.cfi_restore w25
	.cfi_restore w26
	.cfi_restore w27
	.cfi_restore w28
	.cfi_restore w30
	.cfi_restore w29
	ret
.Lfunc_end3:
	.size	mgc_b, .Lfunc_end3-mgc_b
	.cfi_endproc
                                        // -- End function
	.p2align	2                               // -- Begin function mgc_c
	.type	mgc_c,@function
mgc_c:                                  // @mgc_c
	.cfi_startproc
// %bb.0:                               // %entry
	sub	sp, sp, #128
	.cfi_def_cfa_offset 128
	stp	x30, x27, [sp, #48]             // 16-byte Folded Spill
	stp	x26, x25, [sp, #64]             // 16-byte Folded Spill
	stp	x24, x23, [sp, #80]             // 16-byte Folded Spill
	stp	x22, x21, [sp, #96]             // 16-byte Folded Spill
	stp	x20, x19, [sp, #112]            // 16-byte Folded Spill
	.cfi_offset w19, -8
	.cfi_offset w20, -16
	.cfi_offset w21, -24
	.cfi_offset w22, -32
	.cfi_offset w23, -40
	.cfi_offset w24, -48
	.cfi_offset w25, -56
	.cfi_offset w26, -64
	.cfi_offset w27, -72
	.cfi_offset w30, -80
	mov	x19, x1
	mov	x20, x0
	mov	w0, #1                          // =0x1
	mov	w1, #1                          // =0x1
	bl	mgc_alloc
	mov	w8, #10                         // =0xa
	mov	x22, x0
	mov	x26, xzr
	madd	x8, x20, x8, x19
	mov	x21, xzr
	mov	x23, x0
	str	x8, [x23, #16]!
	b	.LBB4_2
.LBB4_1:                                // %after
                                        //   in Loop: Header=BB4_2 Depth=1
	add	x26, x26, #1
	add	x8, x21, x25
	cmp	x26, #3
	add	x21, x8, x27
	b.hs	.LBB4_4
.LBB4_2:                                // %loop
                                        // =>This Loop Header: Depth=1
                                        //     Child Loop BB4_3 Depth 2
	stp	x19, x20, [sp, #32]
	stp	x23, x26, [sp, #16]
	str	x22, [sp, #8]
	bl	mgc_safepoint
.Ltmp2:
	ldp	x22, x23, [sp, #8]
	mov	x0, x23
	bl	ld
	mov	x25, x0
	mov	w0, #1                          // =0x1
	mov	w1, #1                          // =0x1
	bl	mgc_alloc
	mov	x24, x0
	mov	x0, xzr
	mov	w1, #4                          // =0x4
	bl	mgc_alloc
	add	x8, x26, x25
	add	x0, x22, #8
	str	x8, [x24, #16]
	bl	ldp
	mov	x27, xzr
	add	x25, x25, #1
	str	x0, [x24, #8]
	str	x24, [x22, #8]
	str	x25, [x23]
	cbz	x24, .LBB4_1
.LBB4_3:                                // %sumbody
                                        //   Parent Loop BB4_2 Depth=1
                                        // =>  This Inner Loop Header: Depth=2
	add	x0, x24, #16
	bl	ld
	add	x27, x27, x0
	add	x0, x24, #8
	bl	ldp
	mov	x24, x0
	cbnz	x24, .LBB4_3
	b	.LBB4_1
.LBB4_4:                                // %done
	mov	x0, x21
	ldp	x20, x19, [sp, #112]            // 16-byte Folded Reload
	ldp	x22, x21, [sp, #96]             // 16-byte Folded Reload
	ldp	x24, x23, [sp, #80]             // 16-byte Folded Reload
	ldp	x26, x25, [sp, #64]             // 16-byte Folded Reload
	ldp	x30, x27, [sp, #48]             // 16-byte Folded Reload
	add	sp, sp, #128
	.cfi_def_cfa_offset 0
	.cfi_restore w19
	.cfi_restore w20
	.cfi_restore w21
	.cfi_restore w22
	.cfi_restore w23
	.cfi_restore w24
	.cfi_restore w25
	.cfi_restore w26
	.cfi_restore w27
	.cfi_restore w30
	ret
.Lfunc_end4:
	.size	mgc_c, .Lfunc_end4-mgc_c
	.cfi_endproc
                                        // -- End function
	.section	.llvm_stackmaps,"a",@progbits
__LLVM_StackMaps:
	.byte	3
	.byte	0
	.hword	0
	.word	3
	.word	0
	.word	3
	.xword	mgc_entry_stack
	.xword	96
	.xword	1
	.xword	mgc_b
	.xword	160
	.xword	1
	.xword	mgc_c
	.xword	128
	.xword	1
	.xword	1
	.word	.Ltmp0-mgc_entry_stack
	.hword	0
	.hword	8
	.byte	4
	.byte	0
	.hword	8
	.hword	0
	.hword	0
	.word	0
	.byte	4
	.byte	0
	.hword	8
	.hword	0
	.hword	0
	.word	0
	.byte	4
	.byte	0
	.hword	8
	.hword	0
	.hword	0
	.word	1
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	24
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	0
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	8
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	0
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	0
	.p2align	3, 0x0
	.hword	0
	.hword	0
	.p2align	3, 0x0
	.xword	2
	.word	.Ltmp1-mgc_b
	.hword	0
	.hword	13
	.byte	4
	.byte	0
	.hword	8
	.hword	0
	.hword	0
	.word	0
	.byte	4
	.byte	0
	.hword	8
	.hword	0
	.hword	0
	.word	0
	.byte	4
	.byte	0
	.hword	8
	.hword	0
	.hword	0
	.word	2
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	56
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	48
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	32
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	40
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	32
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	32
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	16
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	24
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	16
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	16
	.p2align	3, 0x0
	.hword	0
	.hword	0
	.p2align	3, 0x0
	.xword	3
	.word	.Ltmp2-mgc_c
	.hword	0
	.hword	10
	.byte	4
	.byte	0
	.hword	8
	.hword	0
	.hword	0
	.word	0
	.byte	4
	.byte	0
	.hword	8
	.hword	0
	.hword	0
	.word	0
	.byte	4
	.byte	0
	.hword	8
	.hword	0
	.hword	0
	.word	3
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	40
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	32
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	24
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	8
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	16
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	8
	.byte	3
	.byte	0
	.hword	8
	.hword	31
	.hword	0
	.word	8
	.p2align	3, 0x0
	.hword	0
	.hword	0
	.p2align	3, 0x0

	.section	".note.GNU-stack","",@progbits
