; local.ll - global and internal (local) functions with stack maps: LLVM
; relocates some local functions against the section symbol (ELF .text +
; offset), others against the function symbol (Mach-O, COFF).
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @ext(i64)

define void @glob_a(i64 %a) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %a)
  call void @ext(i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, i64 %a)
  ret void
}

define internal void @local_b(i64 %a) {
entry:
  call void @ext(i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, i64 %a)
  ret void
}

define void @glob_c(i64 %a) {
entry:
  call void @local_b(i64 %a)
  call void @ext(i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4, i32 0, i64 %a)
  ret void
}
