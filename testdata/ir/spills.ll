; spills.ll - Indirect locations: values that live in spill slots across calls.
;   @sp_ptrs    : 20 pointers live across two calls (Indirect, Size 8)
;   @sp_i32     : 20 i32 values live across a call (Indirect, Size 4 on most
;                 targets; some spill slots are 8 wide)
;   @sp_mixed   : a record whose locations mix Register, Indirect, Direct and
;                 constants, between two calls
; IDs 900-902, 904. (Doubles across a call: fp_scalar.ll @fp_many_spilled, ID 903.)
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @sp_clobber()
declare ptr @sp_getp()

define void @sp_ptrs() {
entry:
  %p0 = call ptr @sp_getp()
  %p1 = call ptr @sp_getp()
  %p2 = call ptr @sp_getp()
  %p3 = call ptr @sp_getp()
  %p4 = call ptr @sp_getp()
  %p5 = call ptr @sp_getp()
  %p6 = call ptr @sp_getp()
  %p7 = call ptr @sp_getp()
  %p8 = call ptr @sp_getp()
  %p9 = call ptr @sp_getp()
  %p10 = call ptr @sp_getp()
  %p11 = call ptr @sp_getp()
  %p12 = call ptr @sp_getp()
  %p13 = call ptr @sp_getp()
  %p14 = call ptr @sp_getp()
  %p15 = call ptr @sp_getp()
  %p16 = call ptr @sp_getp()
  %p17 = call ptr @sp_getp()
  %p18 = call ptr @sp_getp()
  %p19 = call ptr @sp_getp()
  call void @sp_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 900, i32 0, ptr %p0, ptr %p1, ptr %p2, ptr %p3, ptr %p4, ptr %p5, ptr %p6, ptr %p7, ptr %p8, ptr %p9, ptr %p10, ptr %p11, ptr %p12, ptr %p13, ptr %p14, ptr %p15, ptr %p16, ptr %p17, ptr %p18, ptr %p19)
  call void @sp_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 901, i32 0, ptr %p19, ptr %p0)
  ret void
}

define i32 @sp_i32(ptr %src) {
entry:
  %v0 = load volatile i32, ptr %src
  %v1 = load volatile i32, ptr %src
  %v2 = load volatile i32, ptr %src
  %v3 = load volatile i32, ptr %src
  %v4 = load volatile i32, ptr %src
  %v5 = load volatile i32, ptr %src
  %v6 = load volatile i32, ptr %src
  %v7 = load volatile i32, ptr %src
  %v8 = load volatile i32, ptr %src
  %v9 = load volatile i32, ptr %src
  %v10 = load volatile i32, ptr %src
  %v11 = load volatile i32, ptr %src
  %v12 = load volatile i32, ptr %src
  %v13 = load volatile i32, ptr %src
  %v14 = load volatile i32, ptr %src
  %v15 = load volatile i32, ptr %src
  %v16 = load volatile i32, ptr %src
  %v17 = load volatile i32, ptr %src
  %v18 = load volatile i32, ptr %src
  %v19 = load volatile i32, ptr %src
  call void @sp_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 902, i32 0, i32 %v0, i32 %v1, i32 %v2, i32 %v3, i32 %v4, i32 %v5, i32 %v6, i32 %v7, i32 %v8, i32 %v9, i32 %v10, i32 %v11, i32 %v12, i32 %v13, i32 %v14, i32 %v15, i32 %v16, i32 %v17, i32 %v18, i32 %v19)
  ret i32 %v0
}

define i64 @sp_mixed(i64 %a, ptr %src) {
entry:
  %slot = alloca i64, align 8
  %x0 = load volatile i64, ptr %src
  %x1 = load volatile i64, ptr %src
  %x2 = load volatile i64, ptr %src
  %x3 = load volatile i64, ptr %src
  %x4 = load volatile i64, ptr %src
  %x5 = load volatile i64, ptr %src
  %x6 = load volatile i64, ptr %src
  %x7 = load volatile i64, ptr %src
  %x8 = load volatile i64, ptr %src
  %x9 = load volatile i64, ptr %src
  %x10 = load volatile i64, ptr %src
  %x11 = load volatile i64, ptr %src
  %x12 = load volatile i64, ptr %src
  %x13 = load volatile i64, ptr %src
  %x14 = load volatile i64, ptr %src
  %x15 = load volatile i64, ptr %src
  %x16 = load volatile i64, ptr %src
  %x17 = load volatile i64, ptr %src
  %x18 = load volatile i64, ptr %src
  %x19 = load volatile i64, ptr %src
  call void @sp_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 904, i32 0, i64 %x0, ptr %slot, i64 %x1, i64 3, i64 %x2, i64 12884901888, i64 %x3, i64 %a, i64 %x4, i64 %x5, i64 %x6, i64 %x7, i64 %x8, i64 %x9, i64 %x10, i64 %x11, i64 %x12, i64 %x13, i64 %x14, i64 %x15, i64 %x16, i64 %x17, i64 %x18, i64 %x19)
  call void @sp_clobber()
  ret i64 %a
}
