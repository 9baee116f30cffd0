; typed14/statepoints.ll - the same functions as ../statepoints.ll, written with
; typed pointers for llc-14 (llc-14 -opaque-pointers segfaults on
; gc.statepoint). Keep the two files in step. See ../statepoints.ll for what
; each function covers. IDs 42, 0xABCDEF00, 7-15.
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)
declare token @llvm.experimental.gc.statepoint.p0f_i64i64p1i8f(i64, i32, i64 (i64, i8 addrspace(1)*)*, i32, i32, ...)
declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)
declare <2 x i8 addrspace(1)*> @llvm.experimental.gc.relocate.v2p1i8(token, i32, i32)
declare i64 @llvm.experimental.gc.result.i64(token)
declare void @st_callee()
declare i64 @st_callee2(i64, i8 addrspace(1)*)

define i8 addrspace(1)* @st_simple(i8 addrspace(1)* %obj) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 42, i32 0, void ()* @st_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i32 1, i32 2), "gc-live"(i8 addrspace(1)* %obj)]
  %rel = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  ret i8 addrspace(1)* %rel
}

define i8 addrspace(1)* @st_default_id(i8 addrspace(1)* %a, i8 addrspace(1)* %b) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 2882400000, i32 0, void ()* @st_callee, i32 0, i32 0, i32 0, i32 0) ["gc-live"(i8 addrspace(1)* %a, i8 addrspace(1)* %b)]
  %ra = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  %rb = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 1, i32 1)
  %c = icmp eq i8 addrspace(1)* %ra, %rb
  %r = select i1 %c, i8 addrspace(1)* %ra, i8 addrspace(1)* %rb
  ret i8 addrspace(1)* %r
}

define i8 addrspace(1)* @st_deopt_mix(i8 addrspace(1)* %obj, i64 %x, i32 %y, double %d) gc "statepoint-example" {
entry:
  %local = alloca i64, align 8
  store i64 %x, i64* %local
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 7, i32 0, void ()* @st_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %x, i32 %y, i64 -1, i64 2147483648, i64 -9223372036854775808, double %d, i64* %local, i32 0), "gc-live"(i8 addrspace(1)* %obj)]
  %rel = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  ret i8 addrspace(1)* %rel
}

define i8 addrspace(1)* @st_derived(i8 addrspace(1)* %base, i64 %off) gc "statepoint-example" {
entry:
  %derived = getelementptr i8, i8 addrspace(1)* %base, i64 %off
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 8, i32 0, void ()* @st_callee, i32 0, i32 0, i32 0, i32 0) ["gc-live"(i8 addrspace(1)* %base, i8 addrspace(1)* %derived)]
  %rbase = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  %rder = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 1)
  %c = icmp ugt i8 addrspace(1)* %rder, %rbase
  %r = select i1 %c, i8 addrspace(1)* %rder, i8 addrspace(1)* %rbase
  ret i8 addrspace(1)* %r
}

define i64 @st_call_args(i64 %n, i8 addrspace(1)* %obj) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, i64 (i64, i8 addrspace(1)*)*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_i64i64p1i8f(i64 9, i32 0, i64 (i64, i8 addrspace(1)*)* @st_callee2, i32 2, i32 0, i64 %n, i8 addrspace(1)* %obj, i32 0, i32 0) ["deopt"(i64 %n), "gc-live"(i8 addrspace(1)* %obj)]
  %res = call i64 @llvm.experimental.gc.result.i64(token %tok)
  %rel = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  %relc = bitcast i8 addrspace(1)* %rel to i64 addrspace(1)*
  %v = load i64, i64 addrspace(1)* %relc
  %s = add i64 %res, %v
  ret i64 %s
}

define void @st_empty() gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 10, i32 0, void ()* @st_callee, i32 0, i32 0, i32 0, i32 0)
  ret void
}

define i8 addrspace(1)* @st_two(i8 addrspace(1)* %obj, i64 %k) gc "statepoint-example" {
entry:
  %t1 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 11, i32 0, void ()* @st_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %k, i64 1), "gc-live"(i8 addrspace(1)* %obj)]
  %r1 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %t1, i32 0, i32 0)
  %t2 = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 12, i32 0, void ()* @st_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %k, i64 2), "gc-live"(i8 addrspace(1)* %r1)]
  %r2 = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %t2, i32 0, i32 0)
  ret i8 addrspace(1)* %r2
}

define i8 addrspace(1)* @st_patchable(i8 addrspace(1)* %obj) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 13, i32 16, void ()* null, i32 0, i32 0, i32 0, i32 0) ["deopt"(i32 5), "gc-live"(i8 addrspace(1)* %obj)]
  %rel = call i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token %tok, i32 0, i32 0)
  ret i8 addrspace(1)* %rel
}

define <2 x i8 addrspace(1)*> @st_vector(<2 x i8 addrspace(1)*> %v) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 14, i32 0, void ()* @st_callee, i32 0, i32 0, i32 0, i32 0) ["gc-live"(<2 x i8 addrspace(1)*> %v)]
  %r = call <2 x i8 addrspace(1)*> @llvm.experimental.gc.relocate.v2p1i8(token %tok, i32 0, i32 0)
  ret <2 x i8 addrspace(1)*> %r
}
define void @st_alloca() gc "statepoint-example" {
entry:
  %slot = alloca i8 addrspace(1)*, align 8
  store i8 addrspace(1)* null, i8 addrspace(1)** %slot
  %tok = call token (i64, i32, void ()*, i32, i32, ...) @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 15, i32 0, void ()* @st_callee, i32 0, i32 0, i32 0, i32 0) ["gc-live"(i8 addrspace(1)** %slot)]
  ret void
}
