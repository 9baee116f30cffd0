; arm64.ll - functions whose compact unwind encodings cover every arm64
; mode llc-22 emits, each with a stack map record (IDs 3000-3008).
;   @cu_pairs    : frame, saves x19-x22 and d8-d9 (clobbers), a call
;   @cu_all      : frame, saves every pair x19-x28 and d8-d15
;   @cu_leaf     : leaf without a frame, nothing saved
;   @cu_leaf_big : leaf without frame pointer, 4 KiB alloca (frameless, size)
;   @cu_leaf_sav : leaf without frame pointer that saves x19/x20
;   @cu_huge     : leaf without frame pointer, 1 MiB alloca (too large for
;                  the frameless size field)
;   @cu_dyn      : dynamic alloca (frame)
;   @cu_gc       : gc.statepoint (frame), a gc pointer across the call
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)
declare ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token, i32, i32)
declare void @cu_ext(ptr)
declare void @cu_callee()

define void @cu_pairs(i64 %a, i64 %b) "frame-pointer"="non-leaf" {
  call void asm sideeffect "", "~{x19},~{x20},~{x21},~{x22},~{d8},~{d9}"()
  call void @cu_ext(ptr null)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3000, i32 0, i64 %a, i64 %b)
  call void @cu_ext(ptr null)
  ret void
}

define void @cu_all(i64 %a) "frame-pointer"="non-leaf" {
  call void asm sideeffect "", "~{x19},~{x20},~{x21},~{x22},~{x23},~{x24},~{x25},~{x26},~{x27},~{x28},~{d8},~{d9},~{d10},~{d11},~{d12},~{d13},~{d14},~{d15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3001, i32 0, i64 %a)
  call void @cu_ext(ptr null)
  ret void
}

define i64 @cu_leaf(i64 %a) "frame-pointer"="none" {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3002, i32 0, i64 %a)
  ret i64 %a
}

define void @cu_leaf_big(i64 %a) "frame-pointer"="none" {
  %buf = alloca [4096 x i8], align 16
  store volatile i64 %a, ptr %buf
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3003, i32 0, ptr %buf)
  ret void
}

define void @cu_leaf_sav(i64 %a) "frame-pointer"="none" {
  call void asm sideeffect "", "~{x19},~{x20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3004, i32 0, i64 %a)
  ret void
}

define void @cu_huge(i64 %a) "frame-pointer"="none" {
  %buf = alloca [1048576 x i8], align 16
  store volatile i64 %a, ptr %buf
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3005, i32 0, ptr %buf)
  ret void
}

define void @cu_dyn(i64 %n) "frame-pointer"="non-leaf" {
  %buf = alloca i8, i64 %n, align 16
  call void @cu_ext(ptr %buf)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3006, i32 0, ptr %buf)
  call void @cu_ext(ptr %buf)
  ret void
}

define ptr addrspace(1) @cu_gc(ptr addrspace(1) %obj) "frame-pointer"="non-leaf" gc "statepoint-example" {
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3007, i32 0, ptr elementtype(void ()) @cu_callee, i32 0, i32 0, i32 0, i32 0) ["gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

; Functions without stack maps: what a leaf gets with no calls.
define i64 @cu_pure_leaf(i64 %a) "frame-pointer"="none" {
  %r = add i64 %a, 1
  ret i64 %r
}

define void @cu_pure_big(i64 %a) "frame-pointer"="none" {
  %buf = alloca [4096 x i8], align 16
  store volatile i64 %a, ptr %buf
  ret void
}

define void @cu_pure_sav(i64 %a) "frame-pointer"="none" {
  call void asm sideeffect "", "~{x19},~{x20},~{x21},~{d8}"()
  ret void
}
