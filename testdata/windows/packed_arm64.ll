; packed_arm64.ll - functions whose ARM64 unwind data llc-22 packs into
; the .pdata entry (no .xdata): prologs of the canonical form, with no
; locals below the register saves (testdata/windows/gen.sh builds it with
; -max-registers-for-gc-values=4 -fixup-allow-gcptr-in-csr=true, so that
; the statepoints keep their GC pointers in x19-x21 instead of spill
; slots). IDs 3100-3199.
;   @p_lr      : lr alone (CR 1, RegI 0): str lr, [sp, #-16]!
;   @p_leaf    : x19-x23, no call (CR 0, RegI 5: an odd register)
;   @p_fp      : "frame-pointer"="all": a frame record (CR 3)
;   @p_fregs   : x19-x22, lr, d8-d10 (RegI 4, RegF 2: an odd d register)
;   @p_lrpair  : x19-x21 and lr (RegI 3, CR 1: stp x21, lr)
;   @p_dleaf   : d8-d11 alone (RegF 3: stp d8, d9 pre-decrements)
;   @p_sp      : a statepoint whose GC pointers (a base and a derived
;                pointer) stay in x19 and x20 (CR 1, RegI 2)
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)
declare ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token, i32, i32)
declare void @w_callee()
declare void @w_use(ptr)

define void @p_lr() {
  call void @w_use(ptr null)
  ret void
}

define void @p_leaf() {
  call void asm sideeffect "", "~{x19},~{x20},~{x21},~{x22},~{x23}"()
  ret void
}

define void @p_fp() #0 {
  call void @w_use(ptr null)
  ret void
}

define void @p_fregs() {
  call void asm sideeffect "", "~{x19},~{x20},~{x21},~{x22},~{d8},~{d9},~{d10}"()
  call void @w_use(ptr null)
  ret void
}

define void @p_lrpair() {
  call void asm sideeffect "", "~{x19},~{x20},~{x21}"()
  call void @w_use(ptr null)
  ret void
}

define void @p_dleaf() {
  call void asm sideeffect "", "~{d8},~{d9},~{d10},~{d11}"()
  ret void
}

define ptr addrspace(1) @p_sp(ptr addrspace(1) %obj) gc "statepoint-example" {
entry:
  %d = getelementptr i8, ptr addrspace(1) %obj, i64 16
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3100, i32 0, ptr elementtype(void ()) @w_callee, i32 0, i32 0, i32 0, i32 0) ["deopt"(i64 42, i32 7), "gc-live"(ptr addrspace(1) %obj, ptr addrspace(1) %d)]
  %rel = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 1)
  ret ptr addrspace(1) %rel
}

attributes #0 = { "frame-pointer"="all" }
