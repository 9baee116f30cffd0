; link_b.ll - second component of the linked binaries (ELF only: uses a COMDAT).
;   @lb_global : global function with two records
;   @lb_dyn    : dynamic alloca (stack size 0xFFFFFFFFFFFFFFFF)
;   @sm_inline : the same linkonce_odr COMDAT function as in link_a.ll
;   @lb_empty  : zero-location record
; IDs 0xB000-0xB0FF; its constant pool differs from link_a's (pools and
; ConstantIndex values are local to each table).
declare void @llvm.experimental.stackmap(i64, i32, ...)
$sm_inline = comdat any

define linkonce_odr i64 @sm_inline(i64 %x) comdat {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 48879, i32 0, i64 %x, i64 4294967296)
  ret i64 %x
}

define i64 @lb_global(i64 %x) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45056, i32 0, i64 %x, i64 -10000000000, i64 8589934592)
  %r = call i64 @sm_inline(i64 %x)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45057, i32 0, i64 %r, i64 8589934592)
  ret i64 %r
}

define void @lb_dyn(i64 %n) {
entry:
  %p = alloca i8, i64 %n, align 16
  call void @lb_use(ptr %p)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45058, i32 0, ptr %p, i64 %n)
  ret void
}

define void @lb_empty() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45059, i32 0)
  ret void
}

define void @lb_use(ptr %p) {
entry:
  store volatile i8 0, ptr %p
  ret void
}
