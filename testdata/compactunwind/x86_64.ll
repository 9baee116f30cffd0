; x86_64.ll - functions whose compact unwind encodings cover every x86_64
; mode llc-22 emits, most with a stack map record (IDs 3100-3107).
;   @cx_frame     : rbp frame, saves rbx and r12-r15 (clobbers), a call
;   @cx_frame2    : rbp frame, saves r14 and rbx only
;   @cx_leaf      : leaf, no frame pointer, nothing saved
;   @cx_immd      : no frame pointer, saves rbx, r12, r14 (a permutation), a call
;   @cx_immd6     : no frame pointer, saves all six (rbp too), a call
;   @cx_big       : no frame pointer, 4 KiB alloca and a call (the stack size
;                   no longer fits the immediate field: read from the code)
;   @cx_dyn       : dynamic alloca (rbp frame)
;   @cx_gc        : gc.statepoint, a gc pointer across the call
;   @cx_pure_big  : leaf without stack map, 4 KiB alloca
;   @cx_pure_sav3, @cx_pure_sav5, @cx_pure_sav6: leaves without stack maps
;                   that push 3, 5 and 6 registers (frameless, with a
;                   register permutation; sav6 with an 8 KiB frame)
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)
declare ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token, i32, i32)
declare void @cx_ext(ptr)
declare void @cx_callee()

define void @cx_frame(i64 %a, i64 %b) "frame-pointer"="all" {
  call void asm sideeffect "", "~{rbx},~{r12},~{r13},~{r14},~{r15}"()
  call void @cx_ext(ptr null)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3100, i32 0, i64 %a, i64 %b)
  call void @cx_ext(ptr null)
  ret void
}

define void @cx_frame2(i64 %a) "frame-pointer"="all" {
  call void asm sideeffect "", "~{rbx},~{r14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3101, i32 0, i64 %a)
  call void @cx_ext(ptr null)
  ret void
}

define i64 @cx_leaf(i64 %a) "frame-pointer"="none" {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3102, i32 0, i64 %a)
  ret i64 %a
}

define void @cx_immd(i64 %a) "frame-pointer"="none" {
  call void asm sideeffect "", "~{rbx},~{r12},~{r14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3103, i32 0, i64 %a)
  call void @cx_ext(ptr null)
  ret void
}

define void @cx_immd6(i64 %a) "frame-pointer"="none" {
  call void asm sideeffect "", "~{rbx},~{rbp},~{r12},~{r13},~{r14},~{r15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3104, i32 0, i64 %a)
  call void @cx_ext(ptr null)
  ret void
}

define void @cx_big(i64 %a) "frame-pointer"="none" {
  %buf = alloca [4096 x i8], align 16
  call void asm sideeffect "", "~{rbx},~{r15}"()
  store volatile i64 %a, ptr %buf
  call void @cx_ext(ptr %buf)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3105, i32 0, ptr %buf)
  ret void
}

define void @cx_dyn(i64 %n) "frame-pointer"="none" {
  %buf = alloca i8, i64 %n, align 16
  call void @cx_ext(ptr %buf)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3106, i32 0, ptr %buf)
  call void @cx_ext(ptr %buf)
  ret void
}

define ptr addrspace(1) @cx_gc(ptr addrspace(1) %obj) "frame-pointer"="none" gc "statepoint-example" {
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3107, i32 0, ptr elementtype(void ()) @cx_callee, i32 0, i32 0, i32 0, i32 0) ["gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define void @cx_pure_big(i64 %a) "frame-pointer"="none" {
  %buf = alloca [4096 x i8], align 16
  store volatile i64 %a, ptr %buf
  ret void
}

; Leaves without stack maps and without frame pointer that save registers:
; pushes, so the frameless encodings list them as a permutation.
define void @cx_pure_sav3(i64 %a) "frame-pointer"="none" {
  call void asm sideeffect "", "~{r14},~{rbx},~{r12}"()
  ret void
}

define void @cx_pure_sav5(ptr %p) "frame-pointer"="none" {
  %buf = alloca [64 x i8], align 16
  call void asm sideeffect "", "~{r15},~{rbx},~{r13},~{r12},~{r14}"()
  store volatile ptr %p, ptr %buf
  ret void
}

define void @cx_pure_sav6(ptr %p) "frame-pointer"="none" {
  %buf = alloca [8192 x i8], align 16
  call void asm sideeffect "", "~{r15},~{rbx},~{r13},~{r12},~{r14},~{rbp}"()
  store volatile ptr %p, ptr %buf
  ret void
}
