; vectors.ll - 128-bit vector values.
;   @vec_regs    : <4 x i32> and <2 x double> arguments (16-byte vector
;                  registers: xmm on x86_64, q/v on AArch64, v/vs on PowerPC)
;   @vec_spilled : <4 x float> live across a call (Indirect, 16 bytes, on
;                  targets without callee-saved vector registers)
;   @vec_alloca  : pointer to a vector alloca (Direct)
; IDs 610-612. Needs vector registers: fails on ppc64 big-endian (default CPU
; has no Altivec), s390x (default CPU has no vector facility) and riscv64
; without +v - see the per-target variants in gen.sh.
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @vec_clobber()

define <4 x i32> @vec_regs(<4 x i32> %v, <2 x double> %w) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 610, i32 0, <4 x i32> %v, <2 x double> %w)
  ret <4 x i32> %v
}

define <4 x float> @vec_spilled(<4 x float> %a) {
entry:
  call void @vec_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 611, i32 0, <4 x float> %a)
  ret <4 x float> %a
}

define void @vec_alloca() {
entry:
  %v = alloca <4 x i32>, align 16
  store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr %v
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 612, i32 0, ptr %v)
  ret void
}
