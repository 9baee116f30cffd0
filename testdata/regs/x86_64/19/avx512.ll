declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @pin_1() {
  %v = call double asm sideeffect "", "={xmm16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, double %v)
  call void asm sideeffect "", "{xmm16}"(double %v)
  ret void
}

define void @pin_2() {
  %v = call <8 x float> asm sideeffect "", "={ymm16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm16}"(<8 x float> %v)
  ret void
}

define void @pin_3() {
  %v = call double asm sideeffect "", "={xmm17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, double %v)
  call void asm sideeffect "", "{xmm17}"(double %v)
  ret void
}

define void @pin_4() {
  %v = call <8 x float> asm sideeffect "", "={ymm17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm17}"(<8 x float> %v)
  ret void
}

define void @pin_5() {
  %v = call double asm sideeffect "", "={xmm18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, double %v)
  call void asm sideeffect "", "{xmm18}"(double %v)
  ret void
}

define void @pin_6() {
  %v = call <8 x float> asm sideeffect "", "={ymm18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm18}"(<8 x float> %v)
  ret void
}

define void @pin_7() {
  %v = call double asm sideeffect "", "={xmm19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7, i32 0, double %v)
  call void asm sideeffect "", "{xmm19}"(double %v)
  ret void
}

define void @pin_8() {
  %v = call <8 x float> asm sideeffect "", "={ymm19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm19}"(<8 x float> %v)
  ret void
}

define void @pin_9() {
  %v = call double asm sideeffect "", "={xmm20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9, i32 0, double %v)
  call void asm sideeffect "", "{xmm20}"(double %v)
  ret void
}

define void @pin_10() {
  %v = call <8 x float> asm sideeffect "", "={ymm20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 10, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm20}"(<8 x float> %v)
  ret void
}

define void @pin_11() {
  %v = call double asm sideeffect "", "={xmm21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 11, i32 0, double %v)
  call void asm sideeffect "", "{xmm21}"(double %v)
  ret void
}

define void @pin_12() {
  %v = call <8 x float> asm sideeffect "", "={ymm21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 12, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm21}"(<8 x float> %v)
  ret void
}

define void @pin_13() {
  %v = call double asm sideeffect "", "={xmm22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 13, i32 0, double %v)
  call void asm sideeffect "", "{xmm22}"(double %v)
  ret void
}

define void @pin_14() {
  %v = call <8 x float> asm sideeffect "", "={ymm22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 14, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm22}"(<8 x float> %v)
  ret void
}

define void @pin_15() {
  %v = call double asm sideeffect "", "={xmm23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 15, i32 0, double %v)
  call void asm sideeffect "", "{xmm23}"(double %v)
  ret void
}

define void @pin_16() {
  %v = call <8 x float> asm sideeffect "", "={ymm23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 16, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm23}"(<8 x float> %v)
  ret void
}

define void @pin_17() {
  %v = call double asm sideeffect "", "={xmm24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 17, i32 0, double %v)
  call void asm sideeffect "", "{xmm24}"(double %v)
  ret void
}

define void @pin_18() {
  %v = call <8 x float> asm sideeffect "", "={ymm24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 18, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm24}"(<8 x float> %v)
  ret void
}

define void @pin_19() {
  %v = call double asm sideeffect "", "={xmm25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 19, i32 0, double %v)
  call void asm sideeffect "", "{xmm25}"(double %v)
  ret void
}

define void @pin_20() {
  %v = call <8 x float> asm sideeffect "", "={ymm25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm25}"(<8 x float> %v)
  ret void
}

define void @pin_21() {
  %v = call double asm sideeffect "", "={xmm26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 21, i32 0, double %v)
  call void asm sideeffect "", "{xmm26}"(double %v)
  ret void
}

define void @pin_22() {
  %v = call <8 x float> asm sideeffect "", "={ymm26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 22, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm26}"(<8 x float> %v)
  ret void
}

define void @pin_23() {
  %v = call double asm sideeffect "", "={xmm27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 23, i32 0, double %v)
  call void asm sideeffect "", "{xmm27}"(double %v)
  ret void
}

define void @pin_24() {
  %v = call <8 x float> asm sideeffect "", "={ymm27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 24, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm27}"(<8 x float> %v)
  ret void
}

define void @pin_25() {
  %v = call double asm sideeffect "", "={xmm28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 25, i32 0, double %v)
  call void asm sideeffect "", "{xmm28}"(double %v)
  ret void
}

define void @pin_26() {
  %v = call <8 x float> asm sideeffect "", "={ymm28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 26, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm28}"(<8 x float> %v)
  ret void
}

define void @pin_27() {
  %v = call double asm sideeffect "", "={xmm29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 27, i32 0, double %v)
  call void asm sideeffect "", "{xmm29}"(double %v)
  ret void
}

define void @pin_28() {
  %v = call <8 x float> asm sideeffect "", "={ymm29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 28, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm29}"(<8 x float> %v)
  ret void
}

define void @pin_29() {
  %v = call double asm sideeffect "", "={xmm30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 29, i32 0, double %v)
  call void asm sideeffect "", "{xmm30}"(double %v)
  ret void
}

define void @pin_30() {
  %v = call <8 x float> asm sideeffect "", "={ymm30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 30, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm30}"(<8 x float> %v)
  ret void
}

define void @pin_31() {
  %v = call double asm sideeffect "", "={xmm31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 31, i32 0, double %v)
  call void asm sideeffect "", "{xmm31}"(double %v)
  ret void
}

define void @pin_32() {
  %v = call <8 x float> asm sideeffect "", "={ymm31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 32, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm31}"(<8 x float> %v)
  ret void
}

define void @pin_33() {
  %v = call <16 x float> asm sideeffect "", "={zmm0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 33, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm0}"(<16 x float> %v)
  ret void
}

define void @pin_34() {
  %v = call <16 x float> asm sideeffect "", "={zmm1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 34, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm1}"(<16 x float> %v)
  ret void
}

define void @pin_35() {
  %v = call <16 x float> asm sideeffect "", "={zmm2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 35, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm2}"(<16 x float> %v)
  ret void
}

define void @pin_36() {
  %v = call <16 x float> asm sideeffect "", "={zmm3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 36, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm3}"(<16 x float> %v)
  ret void
}

define void @pin_37() {
  %v = call <16 x float> asm sideeffect "", "={zmm4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 37, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm4}"(<16 x float> %v)
  ret void
}

define void @pin_38() {
  %v = call <16 x float> asm sideeffect "", "={zmm5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 38, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm5}"(<16 x float> %v)
  ret void
}

define void @pin_39() {
  %v = call <16 x float> asm sideeffect "", "={zmm6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 39, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm6}"(<16 x float> %v)
  ret void
}

define void @pin_40() {
  %v = call <16 x float> asm sideeffect "", "={zmm7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm7}"(<16 x float> %v)
  ret void
}

define void @pin_41() {
  %v = call <16 x float> asm sideeffect "", "={zmm8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 41, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm8}"(<16 x float> %v)
  ret void
}

define void @pin_42() {
  %v = call <16 x float> asm sideeffect "", "={zmm9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 42, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm9}"(<16 x float> %v)
  ret void
}

define void @pin_43() {
  %v = call <16 x float> asm sideeffect "", "={zmm10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 43, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm10}"(<16 x float> %v)
  ret void
}

define void @pin_44() {
  %v = call <16 x float> asm sideeffect "", "={zmm11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 44, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm11}"(<16 x float> %v)
  ret void
}

define void @pin_45() {
  %v = call <16 x float> asm sideeffect "", "={zmm12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm12}"(<16 x float> %v)
  ret void
}

define void @pin_46() {
  %v = call <16 x float> asm sideeffect "", "={zmm13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 46, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm13}"(<16 x float> %v)
  ret void
}

define void @pin_47() {
  %v = call <16 x float> asm sideeffect "", "={zmm14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 47, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm14}"(<16 x float> %v)
  ret void
}

define void @pin_48() {
  %v = call <16 x float> asm sideeffect "", "={zmm15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 48, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm15}"(<16 x float> %v)
  ret void
}

define void @pin_49() {
  %v = call <16 x float> asm sideeffect "", "={zmm16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 49, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm16}"(<16 x float> %v)
  ret void
}

define void @pin_50() {
  %v = call <16 x float> asm sideeffect "", "={zmm17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 50, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm17}"(<16 x float> %v)
  ret void
}

define void @pin_51() {
  %v = call <16 x float> asm sideeffect "", "={zmm18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 51, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm18}"(<16 x float> %v)
  ret void
}

define void @pin_52() {
  %v = call <16 x float> asm sideeffect "", "={zmm19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 52, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm19}"(<16 x float> %v)
  ret void
}

define void @pin_53() {
  %v = call <16 x float> asm sideeffect "", "={zmm20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 53, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm20}"(<16 x float> %v)
  ret void
}

define void @pin_54() {
  %v = call <16 x float> asm sideeffect "", "={zmm21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 54, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm21}"(<16 x float> %v)
  ret void
}

define void @pin_55() {
  %v = call <16 x float> asm sideeffect "", "={zmm22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 55, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm22}"(<16 x float> %v)
  ret void
}

define void @pin_56() {
  %v = call <16 x float> asm sideeffect "", "={zmm23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 56, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm23}"(<16 x float> %v)
  ret void
}

define void @pin_57() {
  %v = call <16 x float> asm sideeffect "", "={zmm24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 57, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm24}"(<16 x float> %v)
  ret void
}

define void @pin_58() {
  %v = call <16 x float> asm sideeffect "", "={zmm25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 58, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm25}"(<16 x float> %v)
  ret void
}

define void @pin_59() {
  %v = call <16 x float> asm sideeffect "", "={zmm26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 59, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm26}"(<16 x float> %v)
  ret void
}

define void @pin_60() {
  %v = call <16 x float> asm sideeffect "", "={zmm27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 60, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm27}"(<16 x float> %v)
  ret void
}

define void @pin_61() {
  %v = call <16 x float> asm sideeffect "", "={zmm28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 61, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm28}"(<16 x float> %v)
  ret void
}

define void @pin_62() {
  %v = call <16 x float> asm sideeffect "", "={zmm29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 62, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm29}"(<16 x float> %v)
  ret void
}

define void @pin_63() {
  %v = call <16 x float> asm sideeffect "", "={zmm30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 63, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm30}"(<16 x float> %v)
  ret void
}

define void @pin_64() {
  %v = call <16 x float> asm sideeffect "", "={zmm31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 64, i32 0, <16 x float> %v)
  call void asm sideeffect "", "{zmm31}"(<16 x float> %v)
  ret void
}

define void @pin_65() {
  %v = call <16 x i1> asm sideeffect "", "={k0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 65, i32 0, <16 x i1> %v)
  call void asm sideeffect "", "{k0}"(<16 x i1> %v)
  ret void
}

define void @pin_66() {
  %v = call <16 x i1> asm sideeffect "", "={k1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 66, i32 0, <16 x i1> %v)
  call void asm sideeffect "", "{k1}"(<16 x i1> %v)
  ret void
}

define void @pin_67() {
  %v = call <16 x i1> asm sideeffect "", "={k2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 67, i32 0, <16 x i1> %v)
  call void asm sideeffect "", "{k2}"(<16 x i1> %v)
  ret void
}

define void @pin_68() {
  %v = call <16 x i1> asm sideeffect "", "={k3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 68, i32 0, <16 x i1> %v)
  call void asm sideeffect "", "{k3}"(<16 x i1> %v)
  ret void
}

define void @pin_69() {
  %v = call <16 x i1> asm sideeffect "", "={k4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 69, i32 0, <16 x i1> %v)
  call void asm sideeffect "", "{k4}"(<16 x i1> %v)
  ret void
}

define void @pin_70() {
  %v = call <16 x i1> asm sideeffect "", "={k5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 70, i32 0, <16 x i1> %v)
  call void asm sideeffect "", "{k5}"(<16 x i1> %v)
  ret void
}

define void @pin_71() {
  %v = call <16 x i1> asm sideeffect "", "={k6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 71, i32 0, <16 x i1> %v)
  call void asm sideeffect "", "{k6}"(<16 x i1> %v)
  ret void
}

define void @pin_72() {
  %v = call <16 x i1> asm sideeffect "", "={k7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 72, i32 0, <16 x i1> %v)
  call void asm sideeffect "", "{k7}"(<16 x i1> %v)
  ret void
}
