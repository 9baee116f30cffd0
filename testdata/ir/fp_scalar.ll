; fp_scalar.ll - scalar floating-point values.
;   @fp_regs    : float and double arguments in FP registers (Register; the
;                 size is the register class's spill size: 16 for xmm on
;                 x86_64, 8 for d-registers on AArch64)
;   @fp_spilled : doubles live across a call (caller-saved FP registers ->
;                 Indirect spill slots on x86_64, callee-saved d8-d15 on AArch64)
;   @fp_consts  : float/double constants (materialized into a register or
;                 a constant pool; see README)
;   @fp_alloca  : pointer to a double alloca (Direct)
;   @fp_many_spilled : 10 doubles live across a call (x86_64 has no
;                 callee-saved xmm registers: Indirect, Size 8)
; IDs 600-603, 903. llc-19 for plain riscv64 (no F/D extension) fails
; ("Do not know how to soften this operator's operand!"). Vectors are in vectors.ll.
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @fp_clobber()

define double @fp_regs(float %f, double %d, float %g) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 600, i32 0, float %f, double %d, float %g)
  ret double %d
}

define double @fp_spilled(double %a, double %b, float %c) {
entry:
  call void @fp_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 601, i32 0, double %a, double %b, float %c)
  %s = fadd double %a, %b
  ret double %s
}

define void @fp_consts() {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 602, i32 0, double 1.5, float -2.0, double 0.0)
  ret void
}

define void @fp_alloca() {
entry:
  %d = alloca double, align 8
  store double 3.0, ptr %d
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 603, i32 0, ptr %d)
  ret void
}

define double @fp_many_spilled(ptr %src) {
entry:
  %d0 = load volatile double, ptr %src
  %d1 = load volatile double, ptr %src
  %d2 = load volatile double, ptr %src
  %d3 = load volatile double, ptr %src
  %d4 = load volatile double, ptr %src
  %d5 = load volatile double, ptr %src
  %d6 = load volatile double, ptr %src
  %d7 = load volatile double, ptr %src
  %d8 = load volatile double, ptr %src
  %d9 = load volatile double, ptr %src
  call void @fp_clobber()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 903, i32 0, double %d0, double %d1, double %d2, double %d3, double %d4, double %d5, double %d6, double %d7, double %d8, double %d9)
  ret double %d0
}
