; Two functions with a stack map record each (llvm.experimental.stackmap
; after a call): gen.sh marks sig_handler_like's CIE as a signal frame's
; (.cfi_signal_frame, augmentation "zRS") in llc's assembly before
; assembling it; plain keeps an ordinary CIE ("zR").
target triple = "x86_64-unknown-linux-gnu"

declare void @callee()
declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @sig_handler_like(i64 %a) {
entry:
  call void @callee()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %a)
  ret void
}

define void @plain(i64 %a) {
entry:
  call void @callee()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, i64 %a)
  ret void
}
