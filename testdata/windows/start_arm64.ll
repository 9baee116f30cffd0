; start_arm64.ll - what the aarch64 image needs beside win_arm64.ll's
; functions: the callees, __chkstk (an empty stand-in: the image is never
; run) and an entry point.
module asm ".globl __chkstk"
module asm "__chkstk:"
module asm "  ret"

define void @w_callee() noinline {
  ret void
}

define void @w_use(ptr %p) noinline {
  store volatile i8 0, ptr %p
  ret void
}

define i32 @start() {
  ret i32 0
}

@_fltused = global i32 0
