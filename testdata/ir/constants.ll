; constants.ll - Constant vs ConstantIndex boundaries and the constant pool.
;   @const_i64_edges : i64 operands around the signed 32-bit limits:
;       0, -1, 1, 2147483647, -2147483648 (inline Constant),
;       2147483648, -2147483649, 4294967295 (0xFFFFFFFF), 4294967296,
;       INT64_MAX, INT64_MIN, 0x7FFFFFFF00000000 (ConstantIndex)
;   @const_i32_edges : i32 operands 0, -1, 2147483647, -2147483648, i32 0xFFFFFFFF
;   @const_dedup     : the same large constants again (pool is deduplicated
;                      module-wide) plus new ones, in a second function
;   @const_mixed     : constants interleaved with a register value
;   @const_null      : ptr null and inttoptr constants
;   @const_undef     : undef/poison operands (LLVM 14: ConstantIndex of
;                      0xFEFEFEFE; LLVM 19: inline Constant 0xFEFEFEFE;
;                      LLVM 22: arbitrary registers)
; IDs 200-205.
declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @const_i64_edges() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 200, i32 0, i64 0, i64 -1, i64 1, i64 2147483647, i64 -2147483648, i64 2147483648, i64 -2147483649, i64 4294967295, i64 4294967296, i64 9223372036854775807, i64 -9223372036854775808, i64 9223372032559808512)
  ret void
}

define void @const_i32_edges() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 201, i32 0, i32 0, i32 -1, i32 2147483647, i32 -2147483648, i32 4294967295)
  ret void
}

define void @const_dedup() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 202, i32 0, i64 2147483648, i64 9223372036854775807, i64 2147483648, i64 81985529216486895, i64 -81985529216486896)
  ret void
}

define i64 @const_mixed(i64 %x) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 203, i32 0, i64 -2147483649, i64 %x, i64 65535, i64 -65536, i64 %x, i64 4294967295)
  ret i64 %x
}

define void @const_null() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 204, i32 0, ptr null, ptr inttoptr (i64 4096 to ptr), ptr inttoptr (i64 -4096 to ptr), ptr inttoptr (i64 1099511627776 to ptr))
  ret void
}

define void @const_undef() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 205, i32 0, i64 undef, i32 undef, ptr undef, i64 poison)
  ret void
}
