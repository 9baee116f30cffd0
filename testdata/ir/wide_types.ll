; wide_types.ll - vector values wider than 128 bits (x86_64 only, with AVX).
;   @wt_v8f32   : <8 x float> argument (256 bits: ymm, Size 32, reported
;                 under the xmm DWARF number)
;   @wt_v4f64   : <4 x double> built in the function
;   @wt_many    : 20 <8 x float> values live at once (with AVX-512VL some
;                 are in ymm16-31, DWARF 67-82; spills of 32-byte values
;                 force stack realignment -> Indirect based on rsp)
; IDs 801, 802, 804. Without AVX every llc fails ("Do not know how to split
; this operator's operand!"), so gen.sh builds this file only for the x86_64
; variants with -mattr=+avx2 and -mattr=+avx512f,+avx512vl. 512-bit values
; are in zmm.ll. i128 operands are rejected by every llc tried
; ("Cannot select ... build_pair"), so none here.
declare void @llvm.experimental.stackmap(i64, i32, ...)

define <8 x float> @wt_v8f32(<8 x float> %a) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 801, i32 0, <8 x float> %a)
  ret <8 x float> %a
}

define <4 x double> @wt_v4f64(double %x) {
entry:
  %v0 = insertelement <4 x double> undef, double %x, i32 0
  %v1 = insertelement <4 x double> %v0, double 2.0, i32 3
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 802, i32 0, <4 x double> %v1)
  ret <4 x double> %v1
}

define void @wt_many(ptr %p) {
entry:
  %v0 = load volatile <8 x float>, ptr %p
  %v1 = load volatile <8 x float>, ptr %p
  %v2 = load volatile <8 x float>, ptr %p
  %v3 = load volatile <8 x float>, ptr %p
  %v4 = load volatile <8 x float>, ptr %p
  %v5 = load volatile <8 x float>, ptr %p
  %v6 = load volatile <8 x float>, ptr %p
  %v7 = load volatile <8 x float>, ptr %p
  %v8 = load volatile <8 x float>, ptr %p
  %v9 = load volatile <8 x float>, ptr %p
  %v10 = load volatile <8 x float>, ptr %p
  %v11 = load volatile <8 x float>, ptr %p
  %v12 = load volatile <8 x float>, ptr %p
  %v13 = load volatile <8 x float>, ptr %p
  %v14 = load volatile <8 x float>, ptr %p
  %v15 = load volatile <8 x float>, ptr %p
  %v16 = load volatile <8 x float>, ptr %p
  %v17 = load volatile <8 x float>, ptr %p
  %v18 = load volatile <8 x float>, ptr %p
  %v19 = load volatile <8 x float>, ptr %p
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 804, i32 0, <8 x float> %v0, <8 x float> %v1, <8 x float> %v2, <8 x float> %v3, <8 x float> %v4, <8 x float> %v5, <8 x float> %v6, <8 x float> %v7, <8 x float> %v8, <8 x float> %v9, <8 x float> %v10, <8 x float> %v11, <8 x float> %v12, <8 x float> %v13, <8 x float> %v14, <8 x float> %v15, <8 x float> %v16, <8 x float> %v17, <8 x float> %v18, <8 x float> %v19)
  ret void
}
