; Implicit null checks: each branch on a null pointer carries !make.implicit,
; so llc -enable-implicit-null-checks folds the check into the load or store
; that follows and records it in the fault map.

define i32 @load_or(ptr %p, i32 %null_value) {
entry:
  %c = icmp eq ptr %p, null
  br i1 %c, label %is_null, label %not_null, !make.implicit !0

is_null:
  ret i32 %null_value

not_null:
  %v = load i32, ptr %p
  ret i32 %v
}

define i64 @load_plus(ptr %p) {
entry:
  %c = icmp eq ptr %p, null
  br i1 %c, label %is_null, label %not_null, !make.implicit !0

is_null:
  ret i64 -7

not_null:
  %q = getelementptr i64, ptr %p, i64 1
  %v = load i64, ptr %q
  %r = add i64 %v, 5
  ret i64 %r
}

define void @store(ptr %p, i32 %v) {
entry:
  %c = icmp eq ptr %p, null
  br i1 %c, label %is_null, label %not_null, !make.implicit !0

is_null:
  ret void

not_null:
  store i32 %v, ptr %p
  ret void
}

define i32 @two_checks(ptr %p, ptr %q) {
entry:
  %c = icmp eq ptr %p, null
  br i1 %c, label %p_null, label %p_ok, !make.implicit !0

p_null:
  ret i32 -1

p_ok:
  %a = load i32, ptr %p
  %d = icmp eq ptr %q, null
  br i1 %d, label %q_null, label %q_ok, !make.implicit !0

q_null:
  ret i32 -2

q_ok:
  %b = load i32, ptr %q
  %s = add i32 %a, %b
  ret i32 %s
}

!0 = !{}
