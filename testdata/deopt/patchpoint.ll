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
;   8 i64 7   9 i64 -3   10 i64 0x123456789abcdef0   11 base   12 base+16
;
; No floating-point arithmetic follows the patchpoint (the doubles are reused
; through bitcasts): on x86_64 an SSE instruction after the patchpoint makes
; MXCSR live out of it, MXCSR has no DWARF number, and llc-14 and llc-19 then
; crash (segfault in StackMaps::parseRegisterLiveOutMask).

@pp_slot_addr = global i64* null, align 8

declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)

define i64 @deopt_patchpoint(i64 %a, i64 %b, double %d, i8* %base) {
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
  %derived = getelementptr i8, i8* %base, i64 16
  call void (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.void(i64 8738, i32 40, i8* inttoptr (i64 1509949440 to i8*), i32 0,
      i64 %a, i64 %b, i64 %x, i32 %e, double %d, double %dd, i64* %slot, i64 %ld, i64 7, i64 -3, i64 1311768467463790320,
      i8* %base, i8* %derived)
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
  ret i64 %r8
}
