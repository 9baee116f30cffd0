declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @pin_1() {
  %v = call i64 asm sideeffect "", "={zero}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %v)
  call void asm sideeffect "", "{zero}"(i64 %v)
  ret void
}

define void @pin_2() {
  %v = call i64 asm sideeffect "", "={ra}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, i64 %v)
  call void asm sideeffect "", "{ra}"(i64 %v)
  ret void
}

define void @pin_3() {
  %v = call i64 asm sideeffect "", "={sp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, i64 %v)
  call void asm sideeffect "", "{sp}"(i64 %v)
  ret void
}

define void @pin_4() {
  %v = call i64 asm sideeffect "", "={gp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4, i32 0, i64 %v)
  call void asm sideeffect "", "{gp}"(i64 %v)
  ret void
}

define void @pin_5() {
  %v = call i64 asm sideeffect "", "={tp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, i64 %v)
  call void asm sideeffect "", "{tp}"(i64 %v)
  ret void
}

define void @pin_6() {
  %v = call i64 asm sideeffect "", "={t0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6, i32 0, i64 %v)
  call void asm sideeffect "", "{t0}"(i64 %v)
  ret void
}

define void @pin_7() {
  %v = call i64 asm sideeffect "", "={t1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7, i32 0, i64 %v)
  call void asm sideeffect "", "{t1}"(i64 %v)
  ret void
}

define void @pin_8() {
  %v = call i64 asm sideeffect "", "={t2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8, i32 0, i64 %v)
  call void asm sideeffect "", "{t2}"(i64 %v)
  ret void
}

define void @pin_9() {
  %v = call i64 asm sideeffect "", "={s0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9, i32 0, i64 %v)
  call void asm sideeffect "", "{s0}"(i64 %v)
  ret void
}

define void @pin_10() {
  %v = call i64 asm sideeffect "", "={s1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 10, i32 0, i64 %v)
  call void asm sideeffect "", "{s1}"(i64 %v)
  ret void
}

define void @pin_11() {
  %v = call i64 asm sideeffect "", "={a0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 11, i32 0, i64 %v)
  call void asm sideeffect "", "{a0}"(i64 %v)
  ret void
}

define void @pin_12() {
  %v = call i64 asm sideeffect "", "={a1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 12, i32 0, i64 %v)
  call void asm sideeffect "", "{a1}"(i64 %v)
  ret void
}

define void @pin_13() {
  %v = call i64 asm sideeffect "", "={a2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 13, i32 0, i64 %v)
  call void asm sideeffect "", "{a2}"(i64 %v)
  ret void
}

define void @pin_14() {
  %v = call i64 asm sideeffect "", "={a3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 14, i32 0, i64 %v)
  call void asm sideeffect "", "{a3}"(i64 %v)
  ret void
}

define void @pin_15() {
  %v = call i64 asm sideeffect "", "={a4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 15, i32 0, i64 %v)
  call void asm sideeffect "", "{a4}"(i64 %v)
  ret void
}

define void @pin_16() {
  %v = call i64 asm sideeffect "", "={a5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 16, i32 0, i64 %v)
  call void asm sideeffect "", "{a5}"(i64 %v)
  ret void
}

define void @pin_17() {
  %v = call i64 asm sideeffect "", "={a6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 17, i32 0, i64 %v)
  call void asm sideeffect "", "{a6}"(i64 %v)
  ret void
}

define void @pin_18() {
  %v = call i64 asm sideeffect "", "={a7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 18, i32 0, i64 %v)
  call void asm sideeffect "", "{a7}"(i64 %v)
  ret void
}

define void @pin_19() {
  %v = call i64 asm sideeffect "", "={s2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 19, i32 0, i64 %v)
  call void asm sideeffect "", "{s2}"(i64 %v)
  ret void
}

define void @pin_20() {
  %v = call i64 asm sideeffect "", "={s3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20, i32 0, i64 %v)
  call void asm sideeffect "", "{s3}"(i64 %v)
  ret void
}

define void @pin_21() {
  %v = call i64 asm sideeffect "", "={s4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 21, i32 0, i64 %v)
  call void asm sideeffect "", "{s4}"(i64 %v)
  ret void
}

define void @pin_22() {
  %v = call i64 asm sideeffect "", "={s5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 22, i32 0, i64 %v)
  call void asm sideeffect "", "{s5}"(i64 %v)
  ret void
}

define void @pin_23() {
  %v = call i64 asm sideeffect "", "={s6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 23, i32 0, i64 %v)
  call void asm sideeffect "", "{s6}"(i64 %v)
  ret void
}

define void @pin_24() {
  %v = call i64 asm sideeffect "", "={s7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 24, i32 0, i64 %v)
  call void asm sideeffect "", "{s7}"(i64 %v)
  ret void
}

define void @pin_25() {
  %v = call i64 asm sideeffect "", "={s8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 25, i32 0, i64 %v)
  call void asm sideeffect "", "{s8}"(i64 %v)
  ret void
}

define void @pin_26() {
  %v = call i64 asm sideeffect "", "={s9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 26, i32 0, i64 %v)
  call void asm sideeffect "", "{s9}"(i64 %v)
  ret void
}

define void @pin_27() {
  %v = call i64 asm sideeffect "", "={s10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 27, i32 0, i64 %v)
  call void asm sideeffect "", "{s10}"(i64 %v)
  ret void
}

define void @pin_28() {
  %v = call i64 asm sideeffect "", "={s11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 28, i32 0, i64 %v)
  call void asm sideeffect "", "{s11}"(i64 %v)
  ret void
}

define void @pin_29() {
  %v = call i64 asm sideeffect "", "={t3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 29, i32 0, i64 %v)
  call void asm sideeffect "", "{t3}"(i64 %v)
  ret void
}

define void @pin_30() {
  %v = call i64 asm sideeffect "", "={t4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 30, i32 0, i64 %v)
  call void asm sideeffect "", "{t4}"(i64 %v)
  ret void
}

define void @pin_31() {
  %v = call i64 asm sideeffect "", "={t5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 31, i32 0, i64 %v)
  call void asm sideeffect "", "{t5}"(i64 %v)
  ret void
}

define void @pin_32() {
  %v = call i64 asm sideeffect "", "={t6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 32, i32 0, i64 %v)
  call void asm sideeffect "", "{t6}"(i64 %v)
  ret void
}

define void @pin_33() {
  %v = call double asm sideeffect "", "={ft0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 33, i32 0, double %v)
  call void asm sideeffect "", "{ft0}"(double %v)
  ret void
}

define void @pin_34() {
  %v = call float asm sideeffect "", "={ft0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 34, i32 0, float %v)
  call void asm sideeffect "", "{ft0}"(float %v)
  ret void
}

define void @pin_35() {
  %v = call double asm sideeffect "", "={ft1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 35, i32 0, double %v)
  call void asm sideeffect "", "{ft1}"(double %v)
  ret void
}

define void @pin_36() {
  %v = call float asm sideeffect "", "={ft1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 36, i32 0, float %v)
  call void asm sideeffect "", "{ft1}"(float %v)
  ret void
}

define void @pin_37() {
  %v = call double asm sideeffect "", "={ft2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 37, i32 0, double %v)
  call void asm sideeffect "", "{ft2}"(double %v)
  ret void
}

define void @pin_38() {
  %v = call float asm sideeffect "", "={ft2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 38, i32 0, float %v)
  call void asm sideeffect "", "{ft2}"(float %v)
  ret void
}

define void @pin_39() {
  %v = call double asm sideeffect "", "={ft3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 39, i32 0, double %v)
  call void asm sideeffect "", "{ft3}"(double %v)
  ret void
}

define void @pin_40() {
  %v = call float asm sideeffect "", "={ft3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40, i32 0, float %v)
  call void asm sideeffect "", "{ft3}"(float %v)
  ret void
}

define void @pin_41() {
  %v = call double asm sideeffect "", "={ft4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 41, i32 0, double %v)
  call void asm sideeffect "", "{ft4}"(double %v)
  ret void
}

define void @pin_42() {
  %v = call float asm sideeffect "", "={ft4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 42, i32 0, float %v)
  call void asm sideeffect "", "{ft4}"(float %v)
  ret void
}

define void @pin_43() {
  %v = call double asm sideeffect "", "={ft5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 43, i32 0, double %v)
  call void asm sideeffect "", "{ft5}"(double %v)
  ret void
}

define void @pin_44() {
  %v = call float asm sideeffect "", "={ft5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 44, i32 0, float %v)
  call void asm sideeffect "", "{ft5}"(float %v)
  ret void
}

define void @pin_45() {
  %v = call double asm sideeffect "", "={ft6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45, i32 0, double %v)
  call void asm sideeffect "", "{ft6}"(double %v)
  ret void
}

define void @pin_46() {
  %v = call float asm sideeffect "", "={ft6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 46, i32 0, float %v)
  call void asm sideeffect "", "{ft6}"(float %v)
  ret void
}

define void @pin_47() {
  %v = call double asm sideeffect "", "={ft7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 47, i32 0, double %v)
  call void asm sideeffect "", "{ft7}"(double %v)
  ret void
}

define void @pin_48() {
  %v = call float asm sideeffect "", "={ft7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 48, i32 0, float %v)
  call void asm sideeffect "", "{ft7}"(float %v)
  ret void
}

define void @pin_49() {
  %v = call double asm sideeffect "", "={fs0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 49, i32 0, double %v)
  call void asm sideeffect "", "{fs0}"(double %v)
  ret void
}

define void @pin_50() {
  %v = call float asm sideeffect "", "={fs0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 50, i32 0, float %v)
  call void asm sideeffect "", "{fs0}"(float %v)
  ret void
}

define void @pin_51() {
  %v = call double asm sideeffect "", "={fs1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 51, i32 0, double %v)
  call void asm sideeffect "", "{fs1}"(double %v)
  ret void
}

define void @pin_52() {
  %v = call float asm sideeffect "", "={fs1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 52, i32 0, float %v)
  call void asm sideeffect "", "{fs1}"(float %v)
  ret void
}

define void @pin_53() {
  %v = call double asm sideeffect "", "={fa0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 53, i32 0, double %v)
  call void asm sideeffect "", "{fa0}"(double %v)
  ret void
}

define void @pin_54() {
  %v = call float asm sideeffect "", "={fa0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 54, i32 0, float %v)
  call void asm sideeffect "", "{fa0}"(float %v)
  ret void
}

define void @pin_55() {
  %v = call double asm sideeffect "", "={fa1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 55, i32 0, double %v)
  call void asm sideeffect "", "{fa1}"(double %v)
  ret void
}

define void @pin_56() {
  %v = call float asm sideeffect "", "={fa1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 56, i32 0, float %v)
  call void asm sideeffect "", "{fa1}"(float %v)
  ret void
}

define void @pin_57() {
  %v = call double asm sideeffect "", "={fa2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 57, i32 0, double %v)
  call void asm sideeffect "", "{fa2}"(double %v)
  ret void
}

define void @pin_58() {
  %v = call float asm sideeffect "", "={fa2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 58, i32 0, float %v)
  call void asm sideeffect "", "{fa2}"(float %v)
  ret void
}

define void @pin_59() {
  %v = call double asm sideeffect "", "={fa3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 59, i32 0, double %v)
  call void asm sideeffect "", "{fa3}"(double %v)
  ret void
}

define void @pin_60() {
  %v = call float asm sideeffect "", "={fa3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 60, i32 0, float %v)
  call void asm sideeffect "", "{fa3}"(float %v)
  ret void
}

define void @pin_61() {
  %v = call double asm sideeffect "", "={fa4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 61, i32 0, double %v)
  call void asm sideeffect "", "{fa4}"(double %v)
  ret void
}

define void @pin_62() {
  %v = call float asm sideeffect "", "={fa4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 62, i32 0, float %v)
  call void asm sideeffect "", "{fa4}"(float %v)
  ret void
}

define void @pin_63() {
  %v = call double asm sideeffect "", "={fa5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 63, i32 0, double %v)
  call void asm sideeffect "", "{fa5}"(double %v)
  ret void
}

define void @pin_64() {
  %v = call float asm sideeffect "", "={fa5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 64, i32 0, float %v)
  call void asm sideeffect "", "{fa5}"(float %v)
  ret void
}

define void @pin_65() {
  %v = call double asm sideeffect "", "={fa6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 65, i32 0, double %v)
  call void asm sideeffect "", "{fa6}"(double %v)
  ret void
}

define void @pin_66() {
  %v = call float asm sideeffect "", "={fa6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 66, i32 0, float %v)
  call void asm sideeffect "", "{fa6}"(float %v)
  ret void
}

define void @pin_67() {
  %v = call double asm sideeffect "", "={fa7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 67, i32 0, double %v)
  call void asm sideeffect "", "{fa7}"(double %v)
  ret void
}

define void @pin_68() {
  %v = call float asm sideeffect "", "={fa7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 68, i32 0, float %v)
  call void asm sideeffect "", "{fa7}"(float %v)
  ret void
}

define void @pin_69() {
  %v = call double asm sideeffect "", "={fs2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 69, i32 0, double %v)
  call void asm sideeffect "", "{fs2}"(double %v)
  ret void
}

define void @pin_70() {
  %v = call float asm sideeffect "", "={fs2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 70, i32 0, float %v)
  call void asm sideeffect "", "{fs2}"(float %v)
  ret void
}

define void @pin_71() {
  %v = call double asm sideeffect "", "={fs3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 71, i32 0, double %v)
  call void asm sideeffect "", "{fs3}"(double %v)
  ret void
}

define void @pin_72() {
  %v = call float asm sideeffect "", "={fs3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 72, i32 0, float %v)
  call void asm sideeffect "", "{fs3}"(float %v)
  ret void
}

define void @pin_73() {
  %v = call double asm sideeffect "", "={fs4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 73, i32 0, double %v)
  call void asm sideeffect "", "{fs4}"(double %v)
  ret void
}

define void @pin_74() {
  %v = call float asm sideeffect "", "={fs4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 74, i32 0, float %v)
  call void asm sideeffect "", "{fs4}"(float %v)
  ret void
}

define void @pin_75() {
  %v = call double asm sideeffect "", "={fs5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 75, i32 0, double %v)
  call void asm sideeffect "", "{fs5}"(double %v)
  ret void
}

define void @pin_76() {
  %v = call float asm sideeffect "", "={fs5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 76, i32 0, float %v)
  call void asm sideeffect "", "{fs5}"(float %v)
  ret void
}

define void @pin_77() {
  %v = call double asm sideeffect "", "={fs6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 77, i32 0, double %v)
  call void asm sideeffect "", "{fs6}"(double %v)
  ret void
}

define void @pin_78() {
  %v = call float asm sideeffect "", "={fs6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 78, i32 0, float %v)
  call void asm sideeffect "", "{fs6}"(float %v)
  ret void
}

define void @pin_79() {
  %v = call double asm sideeffect "", "={fs7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 79, i32 0, double %v)
  call void asm sideeffect "", "{fs7}"(double %v)
  ret void
}

define void @pin_80() {
  %v = call float asm sideeffect "", "={fs7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 80, i32 0, float %v)
  call void asm sideeffect "", "{fs7}"(float %v)
  ret void
}

define void @pin_81() {
  %v = call double asm sideeffect "", "={fs8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 81, i32 0, double %v)
  call void asm sideeffect "", "{fs8}"(double %v)
  ret void
}

define void @pin_82() {
  %v = call float asm sideeffect "", "={fs8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 82, i32 0, float %v)
  call void asm sideeffect "", "{fs8}"(float %v)
  ret void
}

define void @pin_83() {
  %v = call double asm sideeffect "", "={fs9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 83, i32 0, double %v)
  call void asm sideeffect "", "{fs9}"(double %v)
  ret void
}

define void @pin_84() {
  %v = call float asm sideeffect "", "={fs9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 84, i32 0, float %v)
  call void asm sideeffect "", "{fs9}"(float %v)
  ret void
}

define void @pin_85() {
  %v = call double asm sideeffect "", "={fs10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 85, i32 0, double %v)
  call void asm sideeffect "", "{fs10}"(double %v)
  ret void
}

define void @pin_86() {
  %v = call float asm sideeffect "", "={fs10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 86, i32 0, float %v)
  call void asm sideeffect "", "{fs10}"(float %v)
  ret void
}

define void @pin_87() {
  %v = call double asm sideeffect "", "={fs11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 87, i32 0, double %v)
  call void asm sideeffect "", "{fs11}"(double %v)
  ret void
}

define void @pin_88() {
  %v = call float asm sideeffect "", "={fs11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 88, i32 0, float %v)
  call void asm sideeffect "", "{fs11}"(float %v)
  ret void
}

define void @pin_89() {
  %v = call double asm sideeffect "", "={ft8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 89, i32 0, double %v)
  call void asm sideeffect "", "{ft8}"(double %v)
  ret void
}

define void @pin_90() {
  %v = call float asm sideeffect "", "={ft8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 90, i32 0, float %v)
  call void asm sideeffect "", "{ft8}"(float %v)
  ret void
}

define void @pin_91() {
  %v = call double asm sideeffect "", "={ft9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 91, i32 0, double %v)
  call void asm sideeffect "", "{ft9}"(double %v)
  ret void
}

define void @pin_92() {
  %v = call float asm sideeffect "", "={ft9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 92, i32 0, float %v)
  call void asm sideeffect "", "{ft9}"(float %v)
  ret void
}

define void @pin_93() {
  %v = call double asm sideeffect "", "={ft10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 93, i32 0, double %v)
  call void asm sideeffect "", "{ft10}"(double %v)
  ret void
}

define void @pin_94() {
  %v = call float asm sideeffect "", "={ft10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 94, i32 0, float %v)
  call void asm sideeffect "", "{ft10}"(float %v)
  ret void
}

define void @pin_95() {
  %v = call double asm sideeffect "", "={ft11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 95, i32 0, double %v)
  call void asm sideeffect "", "{ft11}"(double %v)
  ret void
}

define void @pin_96() {
  %v = call float asm sideeffect "", "={ft11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 96, i32 0, float %v)
  call void asm sideeffect "", "{ft11}"(float %v)
  ret void
}
