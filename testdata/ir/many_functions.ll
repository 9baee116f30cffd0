; many_functions.ll - a table with many functions, several records each, in
; several basic blocks (branches, a loop), plus functions WITHOUT stack maps
; in between (they get no function record).
;   mf_f0 .. mf_f9 : 10 functions with stack maps, 2-4 records each
;   mf_plain_*     : 2 functions without stack maps
; Record IDs are 1000*function + n, e.g. mf_f3 has 3001, 3002, 3003.
; Locations: Register, Direct, Constant, ConstantIndex, mixed.
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @mf_ext(i64)

define void @mf_f0(i64 %a) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %a)
  call void @mf_ext(i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, i64 %a, i64 1)
  ret void
}

define i64 @mf_plain_a(i64 %a) {
entry:
  %r = mul i64 %a, 3
  ret i64 %r
}

define i64 @mf_f1(i64 %a, i64 %b) {
entry:
  %c = icmp sgt i64 %a, %b
  br i1 %c, label %then, label %else
then:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1001, i32 0, i64 %a)
  br label %join
else:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1002, i32 0, i64 %b)
  br label %join
join:
  %r = phi i64 [ %a, %then ], [ %b, %else ]
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1003, i32 0, i64 %r, i64 %a, i64 %b)
  ret i64 %r
}

define i64 @mf_f2(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2001, i32 0, i64 %i, i64 %acc)
  %acc.next = add i64 %acc, %i
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2002, i32 0, i64 %acc.next)
  ret i64 %acc.next
}

define void @mf_f3() {
entry:
  %x = alloca i64, align 8
  %y = alloca i32, align 4
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3001, i32 0, ptr %x)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3002, i32 0, ptr %y, ptr %x)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3003, i32 0)
  ret void
}

define void @mf_f4(ptr %p) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4001, i32 0, ptr %p, i64 123456789012)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4002, i32 0, i64 123456789012, i64 -123456789012)
  ret void
}

define i32 @mf_f5(i32 %a, i32 %b) {
entry:
  %s = add i32 %a, %b
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5001, i32 0, i32 %s, i32 %a)
  %t = mul i32 %s, %b
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5002, i32 0, i32 %t, i32 -7)
  ret i32 %t
}

define void @mf_f6(i64 %a) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6001, i32 4, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6002, i32 8, i64 %a)
  call void @mf_ext(i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6003, i32 0, i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6004, i32 0, i64 %a, i64 %a)
  ret void
}

define i64 @mf_plain_b(i64 %a, i64 %b) {
entry:
  %r = sub i64 %a, %b
  ret i64 %r
}

define void @mf_f7(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7001, i32 0, i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7002, i32 0, i64 %f, i64 %e, i64 %d, i64 %c, i64 %b, i64 %a)
  ret void
}

define void @mf_f8(i64 %sel) {
entry:
  switch i64 %sel, label %def [ i64 0, label %c0
                                i64 1, label %c1 ]
c0:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8001, i32 0, i64 0)
  br label %def
c1:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8002, i32 0, i64 4294967297)
  br label %def
def:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8003, i32 0, i64 %sel)
  ret void
}

define void @mf_f9(ptr %p, i64 %a) {
entry:
  %slot = alloca [4 x i64], align 8
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9001, i32 0, ptr %slot, ptr %p, i64 %a, i64 -2147483648, i64 -2147483649)
  call void @mf_ext(i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9002, i32 0, ptr %slot, i64 %a)
  ret void
}
