; A second module: a load-store (x86 folds the increment into one
; instruction that loads and stores) and a load at an offset. Linked with
; nullcheck.ll, its table follows the first in .llvm_faultmaps.

define void @increment(ptr %p) {
entry:
  %c = icmp eq ptr %p, null
  br i1 %c, label %is_null, label %not_null, !make.implicit !0

is_null:
  ret void

not_null:
  %v = load i32, ptr %p
  %w = add i32 %v, 1
  store i32 %w, ptr %p
  ret void
}

define i32 @field(ptr %p, i64 %i) {
entry:
  %c = icmp eq ptr %p, null
  br i1 %c, label %is_null, label %not_null, !make.implicit !0

is_null:
  ret i32 42

not_null:
  %q = getelementptr i32, ptr %p, i64 3
  %v = load i32, ptr %q
  %r = mul i32 %v, 3
  ret i32 %r
}

!0 = !{}
