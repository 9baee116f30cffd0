; Patchpoint test function for the stackmaps runtime ("deopt") test; see
; README.md. Written for llc-14 with typed pointers. The triple comes from
; llc -mtriple. Built for every architecture.
;
; llvm.experimental.patchpoint.void, ID 0x2222, 40 patchable bytes (enough for
; every target; ppc64 ELFv1 needs the most, 40), no call arguments, target
; 0x5a000000: a fixed address where driver.c maps a trampoline that jumps to
; stackmaps_capture (on ppc64 ELFv1 a function descriptor instead, because
; llc's ELFv1 patchpoint call loads entry and TOC from the target). The
; record sits at the start of the patchable region; the return address of
; the call lies inside it.
;
; live values, in order (index: value):
;   0 a   1 b   2 (a*b)^0x5a5a   3 i32 trunc(a+b)   4 double d   5 double d*2.0
;   6 alloca address (Direct)   7 value loaded from the alloca (a*3)
;   8 i64 7   9 i64 -3   10 i64 0x123456789abcdef0   11 base   12 base+off (off = 16, an argument)
;   13..28: (a ^ k) * b for k = 1..16, extra values live across the call so
;   that some must be spilled (Indirect locations) even on targets with many
;   callee-saved registers
;
; No floating-point arithmetic follows the patchpoint (the doubles are reused
; through bitcasts): on x86_64 an SSE instruction after the patchpoint makes
; MXCSR live out of it, MXCSR has no DWARF number, and llc-14 and llc-19 then
; crash (segfault in StackMaps::parseRegisterLiveOutMask).

@pp_slot_addr = global i64* null, align 8

declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)

define i64 @deopt_patchpoint(i64 %a, i64 %b, double %d, i8* %base, i64 %off) {
entry:
  %slot = alloca i64, align 8
  %s = mul i64 %a, 3
  store volatile i64 %s, i64* %slot, align 8
  store i64* %slot, i64** @pp_slot_addr, align 8
  %m = mul i64 %a, %b
  %x = xor i64 %m, 23130
  %c = add i64 %a, %b
  %e = trunc i64 %c to i32
  %dd = fmul double %d, 2.0
  %ld = load volatile i64, i64* %slot, align 8
  %derived = getelementptr i8, i8* %base, i64 %off
  %q1x = xor i64 %a, 1
  %q1 = mul i64 %q1x, %b
  %q2x = xor i64 %a, 2
  %q2 = mul i64 %q2x, %b
  %q3x = xor i64 %a, 3
  %q3 = mul i64 %q3x, %b
  %q4x = xor i64 %a, 4
  %q4 = mul i64 %q4x, %b
  %q5x = xor i64 %a, 5
  %q5 = mul i64 %q5x, %b
  %q6x = xor i64 %a, 6
  %q6 = mul i64 %q6x, %b
  %q7x = xor i64 %a, 7
  %q7 = mul i64 %q7x, %b
  %q8x = xor i64 %a, 8
  %q8 = mul i64 %q8x, %b
  %q9x = xor i64 %a, 9
  %q9 = mul i64 %q9x, %b
  %q10x = xor i64 %a, 10
  %q10 = mul i64 %q10x, %b
  %q11x = xor i64 %a, 11
  %q11 = mul i64 %q11x, %b
  %q12x = xor i64 %a, 12
  %q12 = mul i64 %q12x, %b
  %q13x = xor i64 %a, 13
  %q13 = mul i64 %q13x, %b
  %q14x = xor i64 %a, 14
  %q14 = mul i64 %q14x, %b
  %q15x = xor i64 %a, 15
  %q15 = mul i64 %q15x, %b
  %q16x = xor i64 %a, 16
  %q16 = mul i64 %q16x, %b
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 8738, i32 40, i8* inttoptr (i64 1509949440 to i8*), i32 0,
      i64 %a, i64 %b, i64 %x, i32 %e, double %d, double %dd, i64* %slot, i64 %ld, i64 7, i64 -3, i64 1311768467463790320,
      i8* %base, i8* %derived,
      i64 %q1, i64 %q2, i64 %q3, i64 %q4, i64 %q5, i64 %q6, i64 %q7, i64 %q8, i64 %q9, i64 %q10, i64 %q11, i64 %q12, i64 %q13, i64 %q14, i64 %q15, i64 %q16)
  %v = load volatile i64, i64* %slot, align 8
  %r1 = add i64 %a, %b
  %r2 = add i64 %r1, %x
  %e64 = sext i32 %e to i64
  %r3 = add i64 %r2, %e64
  %db = bitcast double %d to i64
  %ddb = bitcast double %dd to i64
  %dbs = add i64 %db, %ddb
  %r4 = add i64 %r3, %dbs
  %r5 = add i64 %r4, %ld
  %r6 = add i64 %r5, %v
  %bi = ptrtoint i8* %base to i64
  %pi = ptrtoint i8* %derived to i64
  %r7 = add i64 %r6, %bi
  %r8 = add i64 %r7, %pi
  %u0 = add i64 %r8, 0
  %u1 = add i64 %u0, %q1
  %u2 = add i64 %u1, %q2
  %u3 = add i64 %u2, %q3
  %u4 = add i64 %u3, %q4
  %u5 = add i64 %u4, %q5
  %u6 = add i64 %u5, %q6
  %u7 = add i64 %u6, %q7
  %u8 = add i64 %u7, %q8
  %u9 = add i64 %u8, %q9
  %u10 = add i64 %u9, %q10
  %u11 = add i64 %u10, %q11
  %u12 = add i64 %u11, %q12
  %u13 = add i64 %u12, %q13
  %u14 = add i64 %u13, %q14
  %u15 = add i64 %u14, %q15
  %u16 = add i64 %u15, %q16
  ret i64 %u16
}
