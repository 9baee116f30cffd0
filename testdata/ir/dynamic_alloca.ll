; dynamic_alloca.ll - stack sizes that are not static, and large frames.
;   @dyn_alloca      : variable-sized alloca -> function stack size
;                      0xFFFFFFFFFFFFFFFF; the dynamic pointer is a Register,
;                      the fixed alloca beside it is Direct
;   @dyn_two_records : dynamic alloca with two records (before and after)
;   @overaligned     : alloca align 64 forces stack realignment (size may be
;                      reported as dynamic)
;   @big_frame       : 128 KiB fixed frame (stack size > 0xFFFF), Direct
;                      locations with large negative offsets
; IDs 300-304.
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @dyn_use(ptr)

define void @dyn_alloca(i64 %n) {
entry:
  %fixed = alloca i64, align 8
  %p = alloca i8, i64 %n, align 16
  call void @dyn_use(ptr %p)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 300, i32 0, ptr %p, i64 %n, ptr %fixed)
  ret void
}

define void @dyn_two_records(i64 %n) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 301, i32 0, i64 %n)
  %p = alloca i32, i64 %n, align 4
  call void @dyn_use(ptr %p)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 302, i32 0, ptr %p, i64 %n)
  ret void
}

define void @overaligned() {
entry:
  %p = alloca [4 x i64], align 64
  call void @dyn_use(ptr %p)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 303, i32 0, ptr %p)
  ret void
}

define void @big_frame() {
entry:
  %small = alloca i64, align 8
  %big = alloca [131072 x i8], align 16
  call void @dyn_use(ptr %big)
  call void @dyn_use(ptr %small)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 304, i32 0, ptr %big, ptr %small)
  ret void
}
