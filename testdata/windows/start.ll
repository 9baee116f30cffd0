; start.ll - what the images need beside win.ll's functions: the callees
; the statepoints call, __chkstk (the stack probe llc calls for frames
; over 4 KiB; no CRT is linked) and an entry point that returns 0.
module asm ".globl __chkstk"
module asm "__chkstk:"
module asm "  pushq %rcx"
module asm "  pushq %rax"
module asm "  leaq 24(%rsp), %rcx"
module asm "1:"
module asm "  cmpq $0x1000, %rax"
module asm "  jb 2f"
module asm "  subq $0x1000, %rcx"
module asm "  orq $0, (%rcx)"
module asm "  subq $0x1000, %rax"
module asm "  jmp 1b"
module asm "2:"
module asm "  subq %rax, %rcx"
module asm "  orq $0, (%rcx)"
module asm "  popq %rax"
module asm "  popq %rcx"
module asm "  retq"

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

; win.ll uses doubles: MSVC objects then reference _fltused, which the CRT
; defines.
@_fltused = global i32 0
