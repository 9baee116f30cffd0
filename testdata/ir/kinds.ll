; kinds.ll - one stackmap record per location kind, then one record with all
; five kinds together.
;   Register      : incoming arguments of several widths (i64, i32, ptr;
;                   i8/i16/i1 are in small_ints.ll: llc-14 crashes on them)
;   Direct        : pointers to allocas (a frame slot address, FP/SP + offset)
;   Indirect      : values live across a call with more values than callee-saved
;                   registers, so the stackmap reads them from spill slots
;   Constant      : small immediates (stored inline, signed 32-bit)
;   ConstantIndex : 64-bit immediates that do not fit in 32 bits
; IDs 100-105.
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @kinds_ext(ptr)
declare void @kinds_clobber()

define i64 @kinds_register(i64 %a, i32 %b, ptr %p) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 100, i32 0, i64 %a, i32 %b, ptr %p)
  ret i64 %a
}

define void @kinds_direct() {
entry:
  %slot = alloca i64, align 8
  %buf = alloca [24 x i8], align 16
  call void @kinds_ext(ptr %buf)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 101, i32 0, ptr %slot, ptr %buf)
  ret void
}

define i64 @kinds_indirect(ptr %src) {
entry:
  %v0 = load volatile i64, ptr %src
  %v1 = load volatile i64, ptr %src
  %v2 = load volatile i64, ptr %src
  %v3 = load volatile i64, ptr %src
  %v4 = load volatile i64, ptr %src
  %v5 = load volatile i64, ptr %src
  %v6 = load volatile i64, ptr %src
  %v7 = load volatile i64, ptr %src
  %v8 = load volatile i64, ptr %src
  %v9 = load volatile i64, ptr %src
  %v10 = load volatile i64, ptr %src
  %v11 = load volatile i64, ptr %src
  %v12 = load volatile i64, ptr %src
  %v13 = load volatile i64, ptr %src
  %v14 = load volatile i64, ptr %src
  %v15 = load volatile i64, ptr %src
  %v16 = load volatile i64, ptr %src
  %v17 = load volatile i64, ptr %src
  %v18 = load volatile i64, ptr %src
  %v19 = load volatile i64, ptr %src
  %v20 = load volatile i64, ptr %src
  %v21 = load volatile i64, ptr %src
  %v22 = load volatile i64, ptr %src
  %v23 = load volatile i64, ptr %src
  call void @kinds_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 102, i32 0, i64 %v0, i64 %v1, i64 %v2, i64 %v3, i64 %v4, i64 %v5, i64 %v6, i64 %v7, i64 %v8, i64 %v9, i64 %v10, i64 %v11, i64 %v12, i64 %v13, i64 %v14, i64 %v15, i64 %v16, i64 %v17, i64 %v18, i64 %v19, i64 %v20, i64 %v21, i64 %v22, i64 %v23)
  ret i64 %v0
}

define void @kinds_constant() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 103, i32 0, i64 0, i64 1, i64 42, i32 7, i64 -5)
  ret void
}

define void @kinds_constant_index() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 104, i32 0, i64 10000000000, i64 -10000000000)
  ret void
}

define i64 @kinds_all(i64 %a, ptr %src) {
entry:
  %slot = alloca i64, align 8
  %s0 = load volatile i64, ptr %src
  %s1 = load volatile i64, ptr %src
  %s2 = load volatile i64, ptr %src
  %s3 = load volatile i64, ptr %src
  %s4 = load volatile i64, ptr %src
  %s5 = load volatile i64, ptr %src
  %s6 = load volatile i64, ptr %src
  %s7 = load volatile i64, ptr %src
  %s8 = load volatile i64, ptr %src
  %s9 = load volatile i64, ptr %src
  %s10 = load volatile i64, ptr %src
  %s11 = load volatile i64, ptr %src
  %s12 = load volatile i64, ptr %src
  %s13 = load volatile i64, ptr %src
  %s14 = load volatile i64, ptr %src
  %s15 = load volatile i64, ptr %src
  %s16 = load volatile i64, ptr %src
  %s17 = load volatile i64, ptr %src
  %s18 = load volatile i64, ptr %src
  %s19 = load volatile i64, ptr %src
  call void @kinds_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 105, i32 0, i64 %a, ptr %slot, i64 %s0, i64 -1, i64 4294967296, i64 %s1, i64 %s2, i64 %s3, i64 %s4, i64 %s5, i64 %s6, i64 %s7, i64 %s8, i64 %s9, i64 %s10, i64 %s11, i64 %s12, i64 %s13, i64 %s14, i64 %s15, i64 %s16, i64 %s17, i64 %s18, i64 %s19)
  ret i64 %a
}
