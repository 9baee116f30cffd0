declare void @llvm.experimental.stackmap(i64, i32, ...)
define void @"osc_\1B]0;owned\07"(i64 %v) {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 100, i32 0, i64 %v)
  ret void
}
define void @"csi_\1B[2J\1B[H"(i64 %v) {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 101, i32 0, i64 %v)
  ret void
}
define void @"bel_\07"(i64 %v) {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 102, i32 0, i64 %v)
  ret void
}
define void @"cr_\0DRecord ID 999"(i64 %v) {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 103, i32 0, i64 %v)
  ret void
}
define void @"lf_\0ARecord ID 999, instruction offset 0, 0 locations"(i64 %v) {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 104, i32 0, i64 %v)
  ret void
}
define void @"del_\7F"(i64 %v) {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 105, i32 0, i64 %v)
  ret void
}
define void @"c1_\C2\9B2J"(i64 %v) {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 106, i32 0, i64 %v)
  ret void
}
define void @"bidi_\E2\80\AEgnp.exe"(i64 %v) {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 107, i32 0, i64 %v)
  ret void
}
define void @"notutf8_\FF\FE"(i64 %v) {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 108, i32 0, i64 %v)
  ret void
}
define void @"backslash_\5Cx1b"(i64 %v) {
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 109, i32 0, i64 %v)
  ret void
}
define void @caller(i64 %v) {
  call void @"osc_\1B]0;owned\07"(i64 %v)
  call void @"csi_\1B[2J\1B[H"(i64 %v)
  call void @"bel_\07"(i64 %v)
  call void @"cr_\0DRecord ID 999"(i64 %v)
  call void @"lf_\0ARecord ID 999, instruction offset 0, 0 locations"(i64 %v)
  call void @"del_\7F"(i64 %v)
  call void @"c1_\C2\9B2J"(i64 %v)
  call void @"bidi_\E2\80\AEgnp.exe"(i64 %v)
  call void @"notutf8_\FF\FE"(i64 %v)
  call void @"backslash_\5Cx1b"(i64 %v)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %v)
  ret void
}
