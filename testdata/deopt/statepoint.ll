; Statepoint test function for the stackmaps runtime ("deopt") test; see
; README.md. Written for llc-14 with typed pointers (llc-14 crashes in the
; verifier on gc.statepoint with opaque pointers). The triple comes from
; llc -mtriple. Built for x86_64 and aarch64 only (llc crashes on gc.statepoint
; for PowerPC).
;
; The function computes values from its arguments, keeps them alive across a
; gc.statepoint call (ID 0x1111) into the capture routine stackmaps_capture
; (capture-ARCH.S) and uses them again afterwards, so LLVM must keep them in
; callee-saved registers or stack slots. driver.c knows the arguments and
; recomputes every value independently; the one value it cannot know in
; advance, the address of the alloca, is published through @deopt_slot_addr.
;
; deopt bundle, in order (index: value):
;   0 a   1 b   2 (a*b)^0x5a5a   3 i32 trunc(a+b)   4 double d   5 double d*2.0
;   6 alloca address (Direct)   7 value loaded from the alloca (a*3)
;   8 i64 7   9 i64 -3   10 i64 0x123456789abcdef0 (constants table)
; gc-live bundle: 0 base, 1 derived = base+off (driver.c passes off = 16);
; relocated as (0,0) and (0,1). The offset is an argument, not a constant:
; with a constant offset CodeGenPrepare rewrites the derived relocate as
; relocate(base)+16 and the record then holds only the (base, base) pair.

@deopt_slot_addr = global i64* null, align 8

declare void @stackmaps_capture()
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)

define i64 @deopt_statepoint(i64 %a, i64 %b, double %d, i8 addrspace(1)* %base, i64 %off) gc "statepoint-example" {
entry:
  %slot = alloca i64, align 8
  %s = mul i64 %a, 3
  store volatile i64 %s, i64* %slot, align 8
  store i64* %slot, i64** @deopt_slot_addr, align 8
  %m = mul i64 %a, %b
  %x = xor i64 %m, 23130                  ; 0x5a5a
  %c = add i64 %a, %b
  %e = trunc i64 %c to i32
  %dd = fmul double %d, 2.0
  %ld = load volatile i64, i64* %slot, align 8
  %derived = getelementptr i8, i8 addrspace(1)* %base, i64 %off
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 4369, i32 0, void ()* elementtype(void ()) @stackmaps_capture, i32 0, i32 0, i32 0, i32 0)
      [ "deopt"(i64 %a, i64 %b, i64 %x, i32 %e, double %d, double %dd, i64* %slot, i64 %ld, i64 7, i64 -3, i64 1311768467463790320),
        "gc-live"(i8 addrspace(1)* %base, i8 addrspace(1)* %derived) ]
  %base.r = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  %derived.r = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 1)
  ; Use everything again after the call.
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
  %bi = ptrtoint i8 addrspace(1)* %base.r to i64
  %pi = ptrtoint i8 addrspace(1)* %derived.r to i64
  %r7 = add i64 %r6, %bi
  %r8 = add i64 %r7, %pi
  ret i64 %r8
}
