; zero_locations.ll - records with no locations and no live-outs, unusual IDs,
; shadow bytes, and several records at nearly the same place.
;   @zl_plain     : stackmaps with no operands, IDs 0, 1, 0xFFFFFFFF,
;                   0x100000000, INT64_MAX, 0xFFFFFFFFFFFFFFFE
;   @zl_shadow    : shadow bytes 8, 16 and 32 (padding nops follow the
;                   record's instruction offset)
;   @zl_duplicate : two records with the same ID in one function
;   @zl_empty_fn  : a function with a single zero-location record and nothing else
;   @zl_ppvoid    : zero-argument void patchpoint (ccc, null target) - no
;                   locations, only live-outs (if any)
; IDs as listed (500-505 for the non-special ones).
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @llvm.experimental.patchpoint.void(i64, i32, ptr, i32, ...)

define void @zl_plain() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 0, i32 0)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4294967295, i32 0)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4294967296, i32 0)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9223372036854775807, i32 0)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 -2, i32 0)
  ret void
}

define void @zl_shadow() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 500, i32 8)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 501, i32 16)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 502, i32 32)
  ret void
}

define void @zl_duplicate() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 503, i32 0)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 503, i32 0)
  ret void
}

define void @zl_empty_fn() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 504, i32 0)
  ret void
}

define void @zl_ppvoid() {
entry:
  call void (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.void(i64 505, i32 8, ptr null, i32 0)
  ret void
}
