; A patchpoint whose target is a symbol, rt_target: llc loads it with a
; movabsq that an R_X86_64_64 relocation fills in (llvm-objdump -dr shows
; "movabsq $0x0, %r11" and the relocation), beside one whose target is a
; constant address.
target triple = "x86_64-unknown-linux-gnu"

declare void @rt_target(i64)
declare void @llvm.experimental.patchpoint.void(i64, i32, ptr, i32, ...)

define void @pp_sym(i64 %a) {
entry:
  call void (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.void(i64 7, i32 15, ptr @rt_target, i32 1, i64 %a)
  ret void
}

define void @pp_const(i64 %a) {
entry:
  call void (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.void(i64 8, i32 15, ptr inttoptr (i64 4276996862 to ptr), i32 1, i64 %a)
  ret void
}
