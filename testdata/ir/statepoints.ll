; statepoints.ll - gc.statepoint records (functions with gc "statepoint-example").
; Every record starts with 3 Constant locations (calling convention, flags,
; number of deopt locations N), then N deopt locations, then (base, derived)
; pairs for the gc-live pointers, then explicit stack slots (allocas).
; The record's instruction offset is the return address of the call.
;   @st_simple     : deopt (i32 1, i32 2) + one gc pointer, relocated (ID 42)
;   @st_default_id : default front-end ID 0xABCDEF00, no deopt, two gc pointers
;   @st_deopt_mix  : deopt with register values, small/large/negative
;                    constants, a double and an alloca pointer (ID 7)
;   @st_derived    : a derived pointer (GEP by a variable offset, so llc
;                    cannot rematerialize it) relocated against its base ->
;                    a (base, derived) pair with distinct locations (ID 8)
;   @st_call_args  : statepoint call with 2 call arguments and a gc.result (ID 9)
;   @st_empty      : no deopt, no gc-live: only the 3 header constants (ID 10)
;   @st_two        : two statepoints in one function; the second reuses a
;                    relocated pointer (IDs 11, 12)
;   @st_patchable  : numPatchBytes 16 with a null target (the call is replaced
;                    by nops; ID 13)
;   @st_vector     : a <2 x ptr addrspace(1)> gc value: one pair whose
;                    locations are 16 bytes wide (ID 14)
;   @st_alloca     : an alloca passed in "gc-live": an explicit stack slot,
;                    reported as a Direct location after the pairs (ID 15)
; The llvm14 objects are built from typed14/statepoints.ll (same content,
; typed pointers): llc-14 -opaque-pointers crashes on gc.statepoint.
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)
declare ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token, i32, i32)
declare <2 x ptr addrspace(1)> @llvm.experimental.gc.relocate.v2p1(token, i32, i32)
declare i64 @llvm.experimental.gc.result.i64(token)
declare void @st_callee()
declare i64 @st_callee2(i64, ptr addrspace(1))

define ptr addrspace(1) @st_simple(ptr addrspace(1) %obj) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 42, i32 0, ptr elementtype(void ()) @st_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i32 1, i32 2), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define ptr addrspace(1) @st_default_id(ptr addrspace(1) %a, ptr addrspace(1) %b) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 2882400000, i32 0, ptr elementtype(void ()) @st_callee, i32 0, i32 0, i32 0, i32 0) ["gc-live"(ptr addrspace(1) %a, ptr addrspace(1) %b)]
  %ra = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  %rb = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 1, i32 1)
  %c = icmp eq ptr addrspace(1) %ra, %rb
  %r = select i1 %c, ptr addrspace(1) %ra, ptr addrspace(1) %rb
  ret ptr addrspace(1) %r
}

define ptr addrspace(1) @st_deopt_mix(ptr addrspace(1) %obj, i64 %x, i32 %y, double %d) gc "statepoint-example" {
entry:
  %local = alloca i64, align 8
  store i64 %x, ptr %local
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 7, i32 0, ptr elementtype(void ()) @st_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %x, i32 %y, i64 -1, i64 2147483648, i64 -9223372036854775808, double %d, ptr %local, i32 0), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define ptr addrspace(1) @st_derived(ptr addrspace(1) %base, i64 %off) gc "statepoint-example" {
entry:
  %derived = getelementptr i8, ptr addrspace(1) %base, i64 %off
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 8, i32 0, ptr elementtype(void ()) @st_callee, i32 0, i32 0, i32 0, i32 0) ["gc-live"(ptr addrspace(1) %base, ptr addrspace(1) %derived)]
  %rbase = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  %rder = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 1)
  %c = icmp ugt ptr addrspace(1) %rder, %rbase
  %r = select i1 %c, ptr addrspace(1) %rder, ptr addrspace(1) %rbase
  ret ptr addrspace(1) %r
}

define i64 @st_call_args(i64 %n, ptr addrspace(1) %obj) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 9, i32 0, ptr elementtype(i64 (i64, ptr addrspace(1))) @st_callee2, i32 2, i32 0, i64 %n, ptr addrspace(1) %obj, i32 0, i32 0) ["deopt"(i64 %n), "gc-live"(ptr addrspace(1) %obj)]
  %res = call i64 @llvm.experimental.gc.result.i64(token %tok)
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  %v = load i64, ptr addrspace(1) %rel
  %s = add i64 %res, %v
  ret i64 %s
}

define void @st_empty() gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 10, i32 0, ptr elementtype(void ()) @st_callee, i32 0, i32 0, i32 0, i32 0)
  ret void
}

define ptr addrspace(1) @st_two(ptr addrspace(1) %obj, i64 %k) gc "statepoint-example" {
entry:
  %t1 = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 11, i32 0, ptr elementtype(void ()) @st_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %k, i64 1), "gc-live"(ptr addrspace(1) %obj)]
  %r1 = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %t1, i32 0, i32 0)
  %t2 = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 12, i32 0, ptr elementtype(void ()) @st_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 %k, i64 2), "gc-live"(ptr addrspace(1) %r1)]
  %r2 = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %t2, i32 0, i32 0)
  ret ptr addrspace(1) %r2
}

define ptr addrspace(1) @st_patchable(ptr addrspace(1) %obj) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 13, i32 16, ptr elementtype(void ()) null, i32 0, i32 0, i32 0, i32 0) ["deopt"(i32 5), "gc-live"(ptr addrspace(1) %obj)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  ret ptr addrspace(1) %rel
}

define <2 x ptr addrspace(1)> @st_vector(<2 x ptr addrspace(1)> %v) gc "statepoint-example" {
entry:
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 14, i32 0, ptr elementtype(void ()) @st_callee, i32 0, i32 0, i32 0, i32 0) ["gc-live"(<2 x ptr addrspace(1)> %v)]
  %r = call <2 x ptr addrspace(1)> @llvm.experimental.gc.relocate.v2p1(token %tok, i32 0, i32 0)
  ret <2 x ptr addrspace(1)> %r
}
define void @st_alloca() gc "statepoint-example" {
entry:
  %slot = alloca ptr addrspace(1), align 8
  store ptr addrspace(1) null, ptr %slot
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 15, i32 0, ptr elementtype(void ()) @st_callee, i32 0, i32 0, i32 0, i32 0) ["gc-live"(ptr %slot)]
  ret void
}
