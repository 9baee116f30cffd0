; win_arm64.ll - win.ll for aarch64-pc-windows-msvc: the same functions,
; the inline asm clobbering AArch64 callee-saved registers instead
; (testdata/windows/gen.sh builds it). IDs 3000-3099.
;   @w_leaf        : a statepoint, one nonvolatile pushed: PUSH_NONVOL + ALLOC_SMALL
;   @w_pushes      : rbx rsi rdi rbp r12-r15 clobbered: eight PUSH_NONVOL
;   @w_fp          : "frame-pointer"="all": PUSH_NONVOL rbp, SET_FPREG
;   @w_xmm         : xmm6-xmm15 clobbered: SAVE_XMM128 (movaps to the frame)
;   @w_large       : an 8 KiB frame: __chkstk, ALLOC_LARGE (16-bit form)
;   @w_huge        : a 600 KB frame: ALLOC_LARGE (32-bit form); never run
;   @w_dyn         : a dynamic alloca: SET_FPREG with a frame offset
;   @w_noprobe     : a 5 KiB frame with "no-stack-arg-probe": ALLOC_LARGE, no __chkstk
;   @w_epilogs     : two returns (two epilogs)
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)
declare ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token, i32, i32)

; The callee every statepoint calls; the capture program replaces its
; body with the recorder (see capture.ll).
declare void @w_callee()
declare void @w_use(ptr)

define ptr addrspace(1) @w_leaf(ptr addrspace(1) %obj, i64 %x) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3000, i32 0, ptr elementtype(void ()) @w_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %x, i32 7), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define ptr addrspace(1) @w_pushes(ptr addrspace(1) %obj, i64 %x) gc "statepoint-example" {
entry:
  call void asm sideeffect "", "~{x19},~{x20},~{x21},~{x22},~{x23},~{x24},~{x25},~{x26},~{x27},~{x28}"()
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3001, i32 0, ptr elementtype(void ()) @w_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %x, i64 -5), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define ptr addrspace(1) @w_fp(ptr addrspace(1) %obj, i64 %x) #0 gc "statepoint-example" {
entry:
  %local = alloca i64, align 8
  store i64 %x, ptr %local
  call void @w_use(ptr %local)
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3002, i32 0, ptr elementtype(void ()) @w_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %x, ptr %local), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define ptr addrspace(1) @w_xmm(ptr addrspace(1) %obj, double %d) gc "statepoint-example" {
entry:
  call void asm sideeffect "", "~{d8},~{d9},~{d10},~{d11},~{d12},~{d13},~{d14},~{d15},~{x19}"()
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3003, i32 0, ptr elementtype(void ()) @w_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(double %d), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define ptr addrspace(1) @w_large(ptr addrspace(1) %obj, i64 %x) gc "statepoint-example" {
entry:
  %buf = alloca [8192 x i8], align 16
  call void @w_use(ptr %buf)
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3004, i32 0, ptr elementtype(void ()) @w_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %x, ptr %buf), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define ptr addrspace(1) @w_huge(ptr addrspace(1) %obj, i64 %x) gc "statepoint-example" {
entry:
  %buf = alloca [600000 x i8], align 16
  call void @w_use(ptr %buf)
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3005, i32 0, ptr elementtype(void ()) @w_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %x), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define ptr addrspace(1) @w_dyn(ptr addrspace(1) %obj, i64 %n) gc "statepoint-example" {
entry:
  call void asm sideeffect "", "~{x19},~{x21}"()
  %fixed = alloca [64 x i8], align 16
  call void @w_use(ptr %fixed)
  %p = alloca i8, i64 %n, align 16
  call void @w_use(ptr %p)
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3006, i32 0, ptr elementtype(void ()) @w_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %n, ptr %p), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define ptr addrspace(1) @w_noprobe(ptr addrspace(1) %obj, i64 %x) #1 gc "statepoint-example" {
entry:
  %buf = alloca [5000 x i8], align 16
  call void @w_use(ptr %buf)
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3007, i32 0, ptr elementtype(void ()) @w_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %x), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define ptr addrspace(1) @w_epilogs(ptr addrspace(1) %obj, i64 %x) gc "statepoint-example" {
entry:
  call void asm sideeffect "", "~{x19},~{x20},~{x21}"()
  %c = icmp eq i64 %x, 0
  br i1 %c, label %fast, label %slow
fast:
  ret ptr addrspace(1) null
slow:
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3008, i32 0, ptr elementtype(void ()) @w_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %x), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}
attributes #0 = { "frame-pointer"="all" }
attributes #1 = { "no-stack-arg-probe" }
