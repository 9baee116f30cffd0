; Functions with varied prologues, compiled by llc-22 for each target
; (testdata/cfi/gen.sh) to get real call frame information.
declare void @cfi_ext(ptr)
declare i64 @cfi_get(i64)
declare double @cfi_getd(double)

; Twelve values live across a call: callee-saved GPRs, no frame pointer.
define i64 @cfi_many_saved(i64 %a) "frame-pointer"="none" {
  %v0 = call i64 @cfi_get(i64 0)
  %v1 = call i64 @cfi_get(i64 1)
  %v2 = call i64 @cfi_get(i64 2)
  %v3 = call i64 @cfi_get(i64 3)
  %v4 = call i64 @cfi_get(i64 4)
  %v5 = call i64 @cfi_get(i64 5)
  %v6 = call i64 @cfi_get(i64 6)
  %v7 = call i64 @cfi_get(i64 7)
  %v8 = call i64 @cfi_get(i64 8)
  %v9 = call i64 @cfi_get(i64 9)
  %v10 = call i64 @cfi_get(i64 10)
  %v11 = call i64 @cfi_get(i64 11)
  call void @cfi_ext(ptr null)
  %s0 = add i64 %v0, %v1
  %s1 = add i64 %s0, %v2
  %s2 = add i64 %s1, %v3
  %s3 = add i64 %s2, %v4
  %s4 = add i64 %s3, %v5
  %s5 = add i64 %s4, %v6
  %s6 = add i64 %s5, %v7
  %s7 = add i64 %s6, %v8
  %s8 = add i64 %s7, %v9
  %s9 = add i64 %s8, %v10
  %s10 = add i64 %s9, %v11
  %s11 = add i64 %s10, %a
  ret i64 %s11
}

; The same with a frame pointer.
define i64 @cfi_many_saved_fp(i64 %a) "frame-pointer"="all" {
  %v0 = call i64 @cfi_get(i64 0)
  %v1 = call i64 @cfi_get(i64 1)
  %v2 = call i64 @cfi_get(i64 2)
  %v3 = call i64 @cfi_get(i64 3)
  %v4 = call i64 @cfi_get(i64 4)
  %v5 = call i64 @cfi_get(i64 5)
  call void @cfi_ext(ptr null)
  %s0 = add i64 %v0, %v1
  %s1 = add i64 %s0, %v2
  %s2 = add i64 %s1, %v3
  %s3 = add i64 %s2, %v4
  %s4 = add i64 %s3, %v5
  %s5 = add i64 %s4, %a
  ret i64 %s5
}

; Ten doubles live across a call: callee-saved FP registers.
define double @cfi_fp_saved(double %x) "frame-pointer"="none" {
  %d0 = call double @cfi_getd(double 0.0)
  %d1 = call double @cfi_getd(double 1.0)
  %d2 = call double @cfi_getd(double 2.0)
  %d3 = call double @cfi_getd(double 3.0)
  %d4 = call double @cfi_getd(double 4.0)
  %d5 = call double @cfi_getd(double 5.0)
  %d6 = call double @cfi_getd(double 6.0)
  %d7 = call double @cfi_getd(double 7.0)
  %d8 = call double @cfi_getd(double 8.0)
  %d9 = call double @cfi_getd(double 9.0)
  call void @cfi_ext(ptr null)
  %s0 = fadd double %d0, %d1
  %s1 = fadd double %s0, %d2
  %s2 = fadd double %s1, %d3
  %s3 = fadd double %s2, %d4
  %s4 = fadd double %s3, %d5
  %s5 = fadd double %s4, %d6
  %s6 = fadd double %s5, %d7
  %s7 = fadd double %s6, %d8
  %s8 = fadd double %s7, %d9
  %s9 = fadd double %s8, %x
  ret double %s9
}

; A dynamic alloca: the CFA moves to the frame pointer.
define i64 @cfi_dynamic(i64 %n) "frame-pointer"="none" {
  %p = alloca i8, i64 %n, align 16
  call void @cfi_ext(ptr %p)
  %v = call i64 @cfi_get(i64 %n)
  ret i64 %v
}

; An over-aligned alloca: the stack is realigned.
define i64 @cfi_aligned(i64 %n) "frame-pointer"="none" {
  %p = alloca [64 x i8], align 128
  call void @cfi_ext(ptr %p)
  %v = call i64 @cfi_get(i64 %n)
  ret i64 %v
}

; A big frame: large CFA offsets.
define i64 @cfi_big(i64 %n) "frame-pointer"="none" {
  %p = alloca [100000 x i8], align 16
  call void @cfi_ext(ptr %p)
  %v = call i64 @cfi_get(i64 %n)
  ret i64 %v
}

; A leaf without a frame.
define i64 @cfi_leaf(i64 %a, i64 %b) "frame-pointer"="none" {
  %s = mul i64 %a, %b
  ret i64 %s
}

; An early return before the frame is set up (shrink wrapping) and an
; epilogue in the middle of the function.
define i64 @cfi_early_ret(i64 %a) "frame-pointer"="none" {
entry:
  %c = icmp eq i64 %a, 0
  br i1 %c, label %fast, label %slow
fast:
  ret i64 7
slow:
  %v0 = call i64 @cfi_get(i64 %a)
  %v1 = call i64 @cfi_get(i64 %v0)
  %s = add i64 %v0, %v1
  %c2 = icmp sgt i64 %s, 100
  br i1 %c2, label %big, label %small
big:
  ret i64 %s
small:
  call void @cfi_ext(ptr null)
  %t = add i64 %s, %a
  ret i64 %t
}
