; small_ints.ll - integer values narrower than a register.
;   @si_args    : i8, i16, i32 arguments (Register, reported under the full
;                 register's DWARF number with Size 1/2/4 where the target
;                 keeps the narrow register class; ppc64 reports 32-bit
;                 values as 1200+N)
;   @si_bool    : an i1 value (comparison result)
;   @si_spilled : i8/i16/i32 values live across a call (Indirect with small sizes)
;   @si_consts  : narrow constants (always Constant, Size 8)
; IDs 700-703. llc-14 crashes on i1/i8/i16 stack map operands on non-x86
; targets and llc-14 on x86_64 crashes on i1 (see README).
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @si_clobber()

define i32 @si_args(i8 %a, i16 %b, i32 %c) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 700, i32 0, i8 %a, i16 %b, i32 %c)
  ret i32 %c
}

define i1 @si_bool(i64 %x, i64 %y) {
entry:
  %c = icmp ult i64 %x, %y
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 701, i32 0, i1 %c)
  ret i1 %c
}

define i32 @si_spilled(ptr %p) {
entry:
  %a = load volatile i8, ptr %p
  %b = load volatile i16, ptr %p
  %c = load volatile i32, ptr %p
  %d = load volatile i32, ptr %p
  %e = load volatile i16, ptr %p
  %f = load volatile i8, ptr %p
  %g = load volatile i32, ptr %p
  %h = load volatile i32, ptr %p
  %i = load volatile i32, ptr %p
  %j = load volatile i32, ptr %p
  %k = load volatile i32, ptr %p
  %l = load volatile i32, ptr %p
  %m = load volatile i32, ptr %p
  %n = load volatile i32, ptr %p
  %o = load volatile i32, ptr %p
  %q = load volatile i32, ptr %p
  %r = load volatile i32, ptr %p
  %s = load volatile i32, ptr %p
  %t = load volatile i32, ptr %p
  %u = load volatile i32, ptr %p
  call void @si_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 702, i32 0, i8 %a, i16 %b, i32 %c, i32 %d, i16 %e, i8 %f, i32 %g, i32 %h, i32 %i, i32 %j, i32 %k, i32 %l, i32 %m, i32 %n, i32 %o, i32 %q, i32 %r, i32 %s, i32 %t, i32 %u)
  ret i32 %c
}

define void @si_consts() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 703, i32 0, i8 -1, i16 -1, i8 127, i16 32767, i1 true)
  ret void
}
