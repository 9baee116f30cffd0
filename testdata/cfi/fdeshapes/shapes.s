# FDE shapes every pc lookup must handle (see cfi/index.go and
# testdata/cfi/fdeshapes/gen.sh): a hand-written .eh_frame, one CIE and
# FDEs in an order no compiler emits.
#
#   fz, fa   a zero-length FDE at fa, then fa's real FDE (as in Debian's
#            libLLVM-22: lld keeps only the first of them in .eh_frame_hdr)
#   fb       fb's real FDE, then a zero-length FDE at fb
#   fc       two FDEs starting at fc: [fc, fc+8) first, then [fc, fc+16)
#   fd       an outer FDE [fd, fd+32) and an inner one [fd+8, fd+16),
#            the inner one first in the section
#   ff       overlapping FDEs [ff, ff+16) and [ff+8, ff+24)
#   fg, fh   two plain FDEs listed in descending address order
#
# Assembled with --defsym NOOVERLAP=1 it leaves out the FDEs that overlap
# another (GNU ld refuses to build .eh_frame_hdr over them): the second
# FDE at fc, the inner one of fd and the second of ff.
	.text
	.hidden fa, fb, fc, fd, ff, fg, fh
	.globl fa, fb, fc, fd, ff, fg, fh
	.p2align 5
fa:	.fill 32, 1, 0x90
fb:	.fill 32, 1, 0x90
fc:	.fill 32, 1, 0x90
fd:	.fill 32, 1, 0x90
ff:	.fill 32, 1, 0x90
fg:	.fill 32, 1, 0x90
fh:	.fill 32, 1, 0x90

	.section .eh_frame,"a",@progbits
	.p2align 3
.Lcie:
	.long .Lcie_end - .Lcie_id
.Lcie_id:
	.long 0                 # CIE id
	.byte 1                 # version
	.asciz "zR"
	.uleb128 1              # code alignment
	.sleb128 -8             # data alignment
	.uleb128 16             # return address column (rip)
	.uleb128 1              # augmentation data length
	.byte 0x1b              # FDE pointers: pcrel | sdata4
	.byte 0x0c, 7, 8        # DW_CFA_def_cfa rsp+8
	.byte 0x90, 1           # DW_CFA_offset rip, cfa-8
	.p2align 3
.Lcie_end:

# fde BEGIN, LENGTH, OFFSET: an FDE for [BEGIN, BEGIN+LENGTH) whose rows
# are CFA=rsp+8 at BEGIN, CFA=rsp+OFFSET from BEGIN+2 and CFA=rsp+OFFSET+8
# (rbp saved) from BEGIN+4, each row shown when the FDE is long enough.
	.macro fde begin, length, offset
	.long 1f - 0f
0:	.long 0b - .Lcie        # CIE pointer
	.long \begin - .        # pc_begin
	.long \length           # pc_range
	.uleb128 0              # augmentation data length
	.if \length > 2
	.byte 0x42              # DW_CFA_advance_loc 2
	.byte 0x0e, \offset     # DW_CFA_def_cfa_offset
	.endif
	.if \length > 4
	.byte 0x42              # DW_CFA_advance_loc 2
	.byte 0x0e, \offset+8   # DW_CFA_def_cfa_offset
	.byte 0x86, 2           # DW_CFA_offset rbp, cfa-16
	.endif
	.p2align 3
1:
	.endm

	fde fa, 0, 16
	fde fa, 32, 16
	fde fb, 32, 24
	fde fb, 0, 16
	fde fc, 8, 32
	.ifndef NOOVERLAP
	fde fc, 16, 40
	fde fd+8, 8, 48
	.endif
	fde fd, 32, 56
	fde ff, 16, 64
	.ifndef NOOVERLAP
	fde ff+8, 16, 72
	.endif
	fde fh, 32, 80
	fde fg, 32, 88
