; link_gc.ll - third component (x86_64 and aarch64 only: statepoints crash
; llc on PowerPC). Typed pointers: built with llc-14 (whose -opaque-pointers
; mode segfaults on gc.statepoint).
;   @lg_safepoint : statepoint with deopt state and one relocated gc pointer
;                   (ID 0xC000); the record sits at the call's return address
;   @lg_default   : statepoint with the default ID 0xABCDEF00 and no deopt
;   @lg_callee    : the call target (defined here so executables link)
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)

define void @lg_callee() {
entry:
  ret void
}

define i8 addrspace(1)* @lg_safepoint(i8 addrspace(1)* %obj, i64 %k) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 49152, i32 0, void ()* @lg_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %k, i32 3, i64 12884901888), "gc-live"(i8 addrspace(1)* %obj)]
  %rel = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  ret i8 addrspace(1)* %rel
}

define void @lg_default() gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 2882400000, i32 0, void ()* @lg_callee, i32 0, i32 0, i32 0, i32 0)
  ret void
}
