; zmm.ll - 512-bit vector values (x86_64 with AVX-512 only).
;   @zmm_arg  : <16 x float> argument in zmm0 (Register, Size 64, reported
;               under xmm0's DWARF number 17)
;   @zmm_many : 36 <16 x float> values live at once: zmm0-31 (DWARF 17-32,
;               67-82) plus rsp-based Indirect spill slots (Size 64)
; IDs 810-811. Built only for the x86_64 variants with -mattr=+avx512f,+avx512vl.
declare void @llvm.experimental.stackmap(i64, i32, ...)

define <16 x float> @zmm_arg(<16 x float> %a) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 810, i32 0, <16 x float> %a)
  ret <16 x float> %a
}

define void @zmm_many(ptr %p) {
entry:
  %v0 = load volatile <16 x float>, ptr %p
  %v1 = load volatile <16 x float>, ptr %p
  %v2 = load volatile <16 x float>, ptr %p
  %v3 = load volatile <16 x float>, ptr %p
  %v4 = load volatile <16 x float>, ptr %p
  %v5 = load volatile <16 x float>, ptr %p
  %v6 = load volatile <16 x float>, ptr %p
  %v7 = load volatile <16 x float>, ptr %p
  %v8 = load volatile <16 x float>, ptr %p
  %v9 = load volatile <16 x float>, ptr %p
  %v10 = load volatile <16 x float>, ptr %p
  %v11 = load volatile <16 x float>, ptr %p
  %v12 = load volatile <16 x float>, ptr %p
  %v13 = load volatile <16 x float>, ptr %p
  %v14 = load volatile <16 x float>, ptr %p
  %v15 = load volatile <16 x float>, ptr %p
  %v16 = load volatile <16 x float>, ptr %p
  %v17 = load volatile <16 x float>, ptr %p
  %v18 = load volatile <16 x float>, ptr %p
  %v19 = load volatile <16 x float>, ptr %p
  %v20 = load volatile <16 x float>, ptr %p
  %v21 = load volatile <16 x float>, ptr %p
  %v22 = load volatile <16 x float>, ptr %p
  %v23 = load volatile <16 x float>, ptr %p
  %v24 = load volatile <16 x float>, ptr %p
  %v25 = load volatile <16 x float>, ptr %p
  %v26 = load volatile <16 x float>, ptr %p
  %v27 = load volatile <16 x float>, ptr %p
  %v28 = load volatile <16 x float>, ptr %p
  %v29 = load volatile <16 x float>, ptr %p
  %v30 = load volatile <16 x float>, ptr %p
  %v31 = load volatile <16 x float>, ptr %p
  %v32 = load volatile <16 x float>, ptr %p
  %v33 = load volatile <16 x float>, ptr %p
  %v34 = load volatile <16 x float>, ptr %p
  %v35 = load volatile <16 x float>, ptr %p
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 811, i32 0, <16 x float> %v0, <16 x float> %v1, <16 x float> %v2, <16 x float> %v3, <16 x float> %v4, <16 x float> %v5, <16 x float> %v6, <16 x float> %v7, <16 x float> %v8, <16 x float> %v9, <16 x float> %v10, <16 x float> %v11, <16 x float> %v12, <16 x float> %v13, <16 x float> %v14, <16 x float> %v15, <16 x float> %v16, <16 x float> %v17, <16 x float> %v18, <16 x float> %v19, <16 x float> %v20, <16 x float> %v21, <16 x float> %v22, <16 x float> %v23, <16 x float> %v24, <16 x float> %v25, <16 x float> %v26, <16 x float> %v27, <16 x float> %v28, <16 x float> %v29, <16 x float> %v30, <16 x float> %v31, <16 x float> %v32, <16 x float> %v33, <16 x float> %v34, <16 x float> %v35)
  ret void
}
