; rec(n) calls itself n times, then stop(), each call through a
; gc.statepoint with n as a deopt value: every return address on the stack
; below main has a stack map record.
target triple = "x86_64-unknown-linux-gnu"

declare void @stop()
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)
declare i64 @llvm.experimental.gc.result.i64(token)

define i64 @rec(i64 %n) gc "statepoint-example" {
entry:
  %z = icmp eq i64 %n, 0
  br i1 %z, label %base, label %more
base:
  %t0 = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 1, i32 0, ptr elementtype(void ()) @stop, i32 0, i32 0, i32 0, i32 0) [ "deopt"(i64 %n) ]
  ret i64 0
more:
  %m = sub i64 %n, 1
  %t = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 2, i32 0, ptr elementtype(i64 (i64)) @rec, i32 1, i32 0, i64 %m, i32 0, i32 0) [ "deopt"(i64 %n) ]
  %r = call i64 @llvm.experimental.gc.result.i64(token %t)
  %s = add i64 %r, %n
  ret i64 %s
}
