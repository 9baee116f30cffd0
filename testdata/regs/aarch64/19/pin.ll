declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @pin_1() {
  %v = call i64 asm sideeffect "", "={x0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %v)
  call void asm sideeffect "", "{x0}"(i64 %v)
  ret void
}

define void @pin_2() {
  %v = call i32 asm sideeffect "", "={w0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, i32 %v)
  call void asm sideeffect "", "{w0}"(i32 %v)
  ret void
}

define void @pin_3() {
  %v = call i64 asm sideeffect "", "={x1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, i64 %v)
  call void asm sideeffect "", "{x1}"(i64 %v)
  ret void
}

define void @pin_4() {
  %v = call i32 asm sideeffect "", "={w1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4, i32 0, i32 %v)
  call void asm sideeffect "", "{w1}"(i32 %v)
  ret void
}

define void @pin_5() {
  %v = call i64 asm sideeffect "", "={x2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, i64 %v)
  call void asm sideeffect "", "{x2}"(i64 %v)
  ret void
}

define void @pin_6() {
  %v = call i32 asm sideeffect "", "={w2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6, i32 0, i32 %v)
  call void asm sideeffect "", "{w2}"(i32 %v)
  ret void
}

define void @pin_7() {
  %v = call i64 asm sideeffect "", "={x3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7, i32 0, i64 %v)
  call void asm sideeffect "", "{x3}"(i64 %v)
  ret void
}

define void @pin_8() {
  %v = call i32 asm sideeffect "", "={w3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8, i32 0, i32 %v)
  call void asm sideeffect "", "{w3}"(i32 %v)
  ret void
}

define void @pin_9() {
  %v = call i64 asm sideeffect "", "={x4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9, i32 0, i64 %v)
  call void asm sideeffect "", "{x4}"(i64 %v)
  ret void
}

define void @pin_10() {
  %v = call i32 asm sideeffect "", "={w4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 10, i32 0, i32 %v)
  call void asm sideeffect "", "{w4}"(i32 %v)
  ret void
}

define void @pin_11() {
  %v = call i64 asm sideeffect "", "={x5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 11, i32 0, i64 %v)
  call void asm sideeffect "", "{x5}"(i64 %v)
  ret void
}

define void @pin_12() {
  %v = call i32 asm sideeffect "", "={w5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 12, i32 0, i32 %v)
  call void asm sideeffect "", "{w5}"(i32 %v)
  ret void
}

define void @pin_13() {
  %v = call i64 asm sideeffect "", "={x6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 13, i32 0, i64 %v)
  call void asm sideeffect "", "{x6}"(i64 %v)
  ret void
}

define void @pin_14() {
  %v = call i32 asm sideeffect "", "={w6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 14, i32 0, i32 %v)
  call void asm sideeffect "", "{w6}"(i32 %v)
  ret void
}

define void @pin_15() {
  %v = call i64 asm sideeffect "", "={x7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 15, i32 0, i64 %v)
  call void asm sideeffect "", "{x7}"(i64 %v)
  ret void
}

define void @pin_16() {
  %v = call i32 asm sideeffect "", "={w7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 16, i32 0, i32 %v)
  call void asm sideeffect "", "{w7}"(i32 %v)
  ret void
}

define void @pin_17() {
  %v = call i64 asm sideeffect "", "={x8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 17, i32 0, i64 %v)
  call void asm sideeffect "", "{x8}"(i64 %v)
  ret void
}

define void @pin_18() {
  %v = call i32 asm sideeffect "", "={w8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 18, i32 0, i32 %v)
  call void asm sideeffect "", "{w8}"(i32 %v)
  ret void
}

define void @pin_19() {
  %v = call i64 asm sideeffect "", "={x9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 19, i32 0, i64 %v)
  call void asm sideeffect "", "{x9}"(i64 %v)
  ret void
}

define void @pin_20() {
  %v = call i32 asm sideeffect "", "={w9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20, i32 0, i32 %v)
  call void asm sideeffect "", "{w9}"(i32 %v)
  ret void
}

define void @pin_21() {
  %v = call i64 asm sideeffect "", "={x10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 21, i32 0, i64 %v)
  call void asm sideeffect "", "{x10}"(i64 %v)
  ret void
}

define void @pin_22() {
  %v = call i32 asm sideeffect "", "={w10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 22, i32 0, i32 %v)
  call void asm sideeffect "", "{w10}"(i32 %v)
  ret void
}

define void @pin_23() {
  %v = call i64 asm sideeffect "", "={x11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 23, i32 0, i64 %v)
  call void asm sideeffect "", "{x11}"(i64 %v)
  ret void
}

define void @pin_24() {
  %v = call i32 asm sideeffect "", "={w11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 24, i32 0, i32 %v)
  call void asm sideeffect "", "{w11}"(i32 %v)
  ret void
}

define void @pin_25() {
  %v = call i64 asm sideeffect "", "={x12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 25, i32 0, i64 %v)
  call void asm sideeffect "", "{x12}"(i64 %v)
  ret void
}

define void @pin_26() {
  %v = call i32 asm sideeffect "", "={w12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 26, i32 0, i32 %v)
  call void asm sideeffect "", "{w12}"(i32 %v)
  ret void
}

define void @pin_27() {
  %v = call i64 asm sideeffect "", "={x13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 27, i32 0, i64 %v)
  call void asm sideeffect "", "{x13}"(i64 %v)
  ret void
}

define void @pin_28() {
  %v = call i32 asm sideeffect "", "={w13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 28, i32 0, i32 %v)
  call void asm sideeffect "", "{w13}"(i32 %v)
  ret void
}

define void @pin_29() {
  %v = call i64 asm sideeffect "", "={x14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 29, i32 0, i64 %v)
  call void asm sideeffect "", "{x14}"(i64 %v)
  ret void
}

define void @pin_30() {
  %v = call i32 asm sideeffect "", "={w14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 30, i32 0, i32 %v)
  call void asm sideeffect "", "{w14}"(i32 %v)
  ret void
}

define void @pin_31() {
  %v = call i64 asm sideeffect "", "={x15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 31, i32 0, i64 %v)
  call void asm sideeffect "", "{x15}"(i64 %v)
  ret void
}

define void @pin_32() {
  %v = call i32 asm sideeffect "", "={w15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 32, i32 0, i32 %v)
  call void asm sideeffect "", "{w15}"(i32 %v)
  ret void
}

define void @pin_33() {
  %v = call i64 asm sideeffect "", "={x16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 33, i32 0, i64 %v)
  call void asm sideeffect "", "{x16}"(i64 %v)
  ret void
}

define void @pin_34() {
  %v = call i32 asm sideeffect "", "={w16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 34, i32 0, i32 %v)
  call void asm sideeffect "", "{w16}"(i32 %v)
  ret void
}

define void @pin_35() {
  %v = call i64 asm sideeffect "", "={x17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 35, i32 0, i64 %v)
  call void asm sideeffect "", "{x17}"(i64 %v)
  ret void
}

define void @pin_36() {
  %v = call i32 asm sideeffect "", "={w17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 36, i32 0, i32 %v)
  call void asm sideeffect "", "{w17}"(i32 %v)
  ret void
}

define void @pin_37() {
  %v = call i64 asm sideeffect "", "={x18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 37, i32 0, i64 %v)
  call void asm sideeffect "", "{x18}"(i64 %v)
  ret void
}

define void @pin_38() {
  %v = call i32 asm sideeffect "", "={w18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 38, i32 0, i32 %v)
  call void asm sideeffect "", "{w18}"(i32 %v)
  ret void
}

define void @pin_39() {
  %v = call i64 asm sideeffect "", "={x19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 39, i32 0, i64 %v)
  call void asm sideeffect "", "{x19}"(i64 %v)
  ret void
}

define void @pin_40() {
  %v = call i32 asm sideeffect "", "={w19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40, i32 0, i32 %v)
  call void asm sideeffect "", "{w19}"(i32 %v)
  ret void
}

define void @pin_41() {
  %v = call i64 asm sideeffect "", "={x20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 41, i32 0, i64 %v)
  call void asm sideeffect "", "{x20}"(i64 %v)
  ret void
}

define void @pin_42() {
  %v = call i32 asm sideeffect "", "={w20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 42, i32 0, i32 %v)
  call void asm sideeffect "", "{w20}"(i32 %v)
  ret void
}

define void @pin_43() {
  %v = call i64 asm sideeffect "", "={x21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 43, i32 0, i64 %v)
  call void asm sideeffect "", "{x21}"(i64 %v)
  ret void
}

define void @pin_44() {
  %v = call i32 asm sideeffect "", "={w21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 44, i32 0, i32 %v)
  call void asm sideeffect "", "{w21}"(i32 %v)
  ret void
}

define void @pin_45() {
  %v = call i64 asm sideeffect "", "={x22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45, i32 0, i64 %v)
  call void asm sideeffect "", "{x22}"(i64 %v)
  ret void
}

define void @pin_46() {
  %v = call i32 asm sideeffect "", "={w22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 46, i32 0, i32 %v)
  call void asm sideeffect "", "{w22}"(i32 %v)
  ret void
}

define void @pin_47() {
  %v = call i64 asm sideeffect "", "={x23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 47, i32 0, i64 %v)
  call void asm sideeffect "", "{x23}"(i64 %v)
  ret void
}

define void @pin_48() {
  %v = call i32 asm sideeffect "", "={w23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 48, i32 0, i32 %v)
  call void asm sideeffect "", "{w23}"(i32 %v)
  ret void
}

define void @pin_49() {
  %v = call i64 asm sideeffect "", "={x24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 49, i32 0, i64 %v)
  call void asm sideeffect "", "{x24}"(i64 %v)
  ret void
}

define void @pin_50() {
  %v = call i32 asm sideeffect "", "={w24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 50, i32 0, i32 %v)
  call void asm sideeffect "", "{w24}"(i32 %v)
  ret void
}

define void @pin_51() {
  %v = call i64 asm sideeffect "", "={x25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 51, i32 0, i64 %v)
  call void asm sideeffect "", "{x25}"(i64 %v)
  ret void
}

define void @pin_52() {
  %v = call i32 asm sideeffect "", "={w25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 52, i32 0, i32 %v)
  call void asm sideeffect "", "{w25}"(i32 %v)
  ret void
}

define void @pin_53() {
  %v = call i64 asm sideeffect "", "={x26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 53, i32 0, i64 %v)
  call void asm sideeffect "", "{x26}"(i64 %v)
  ret void
}

define void @pin_54() {
  %v = call i32 asm sideeffect "", "={w26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 54, i32 0, i32 %v)
  call void asm sideeffect "", "{w26}"(i32 %v)
  ret void
}

define void @pin_55() {
  %v = call i64 asm sideeffect "", "={x27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 55, i32 0, i64 %v)
  call void asm sideeffect "", "{x27}"(i64 %v)
  ret void
}

define void @pin_56() {
  %v = call i32 asm sideeffect "", "={w27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 56, i32 0, i32 %v)
  call void asm sideeffect "", "{w27}"(i32 %v)
  ret void
}

define void @pin_57() {
  %v = call i64 asm sideeffect "", "={x28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 57, i32 0, i64 %v)
  call void asm sideeffect "", "{x28}"(i64 %v)
  ret void
}

define void @pin_58() {
  %v = call i32 asm sideeffect "", "={w28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 58, i32 0, i32 %v)
  call void asm sideeffect "", "{w28}"(i32 %v)
  ret void
}

define void @pin_59() {
  %v = call i64 asm sideeffect "", "={fp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 59, i32 0, i64 %v)
  call void asm sideeffect "", "{fp}"(i64 %v)
  ret void
}

define void @pin_60() {
  %v = call i32 asm sideeffect "", "={w29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 60, i32 0, i32 %v)
  call void asm sideeffect "", "{w29}"(i32 %v)
  ret void
}

define void @pin_61() {
  %v = call i32 asm sideeffect "", "={w30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 61, i32 0, i32 %v)
  call void asm sideeffect "", "{w30}"(i32 %v)
  ret void
}

define void @pin_62() {
  %v = call i64 asm sideeffect "", "={sp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 62, i32 0, i64 %v)
  call void asm sideeffect "", "{sp}"(i64 %v)
  ret void
}

define void @pin_63() {
  %v = call <4 x i32> asm sideeffect "", "={v0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 63, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v0}"(<4 x i32> %v)
  ret void
}

define void @pin_64() {
  %v = call double asm sideeffect "", "={d0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 64, i32 0, double %v)
  call void asm sideeffect "", "{d0}"(double %v)
  ret void
}

define void @pin_65() {
  %v = call float asm sideeffect "", "={s0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 65, i32 0, float %v)
  call void asm sideeffect "", "{s0}"(float %v)
  ret void
}

define void @pin_66() {
  %v = call half asm sideeffect "", "={h0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 66, i32 0, half %v)
  call void asm sideeffect "", "{h0}"(half %v)
  ret void
}

define void @pin_67() {
  %v = call <4 x i32> asm sideeffect "", "={v1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 67, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v1}"(<4 x i32> %v)
  ret void
}

define void @pin_68() {
  %v = call double asm sideeffect "", "={d1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 68, i32 0, double %v)
  call void asm sideeffect "", "{d1}"(double %v)
  ret void
}

define void @pin_69() {
  %v = call float asm sideeffect "", "={s1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 69, i32 0, float %v)
  call void asm sideeffect "", "{s1}"(float %v)
  ret void
}

define void @pin_70() {
  %v = call half asm sideeffect "", "={h1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 70, i32 0, half %v)
  call void asm sideeffect "", "{h1}"(half %v)
  ret void
}

define void @pin_71() {
  %v = call <4 x i32> asm sideeffect "", "={v2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 71, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v2}"(<4 x i32> %v)
  ret void
}

define void @pin_72() {
  %v = call double asm sideeffect "", "={d2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 72, i32 0, double %v)
  call void asm sideeffect "", "{d2}"(double %v)
  ret void
}

define void @pin_73() {
  %v = call float asm sideeffect "", "={s2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 73, i32 0, float %v)
  call void asm sideeffect "", "{s2}"(float %v)
  ret void
}

define void @pin_74() {
  %v = call half asm sideeffect "", "={h2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 74, i32 0, half %v)
  call void asm sideeffect "", "{h2}"(half %v)
  ret void
}

define void @pin_75() {
  %v = call <4 x i32> asm sideeffect "", "={v3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 75, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v3}"(<4 x i32> %v)
  ret void
}

define void @pin_76() {
  %v = call double asm sideeffect "", "={d3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 76, i32 0, double %v)
  call void asm sideeffect "", "{d3}"(double %v)
  ret void
}

define void @pin_77() {
  %v = call float asm sideeffect "", "={s3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 77, i32 0, float %v)
  call void asm sideeffect "", "{s3}"(float %v)
  ret void
}

define void @pin_78() {
  %v = call half asm sideeffect "", "={h3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 78, i32 0, half %v)
  call void asm sideeffect "", "{h3}"(half %v)
  ret void
}

define void @pin_79() {
  %v = call <4 x i32> asm sideeffect "", "={v4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 79, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v4}"(<4 x i32> %v)
  ret void
}

define void @pin_80() {
  %v = call double asm sideeffect "", "={d4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 80, i32 0, double %v)
  call void asm sideeffect "", "{d4}"(double %v)
  ret void
}

define void @pin_81() {
  %v = call float asm sideeffect "", "={s4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 81, i32 0, float %v)
  call void asm sideeffect "", "{s4}"(float %v)
  ret void
}

define void @pin_82() {
  %v = call half asm sideeffect "", "={h4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 82, i32 0, half %v)
  call void asm sideeffect "", "{h4}"(half %v)
  ret void
}

define void @pin_83() {
  %v = call <4 x i32> asm sideeffect "", "={v5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 83, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v5}"(<4 x i32> %v)
  ret void
}

define void @pin_84() {
  %v = call double asm sideeffect "", "={d5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 84, i32 0, double %v)
  call void asm sideeffect "", "{d5}"(double %v)
  ret void
}

define void @pin_85() {
  %v = call float asm sideeffect "", "={s5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 85, i32 0, float %v)
  call void asm sideeffect "", "{s5}"(float %v)
  ret void
}

define void @pin_86() {
  %v = call half asm sideeffect "", "={h5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 86, i32 0, half %v)
  call void asm sideeffect "", "{h5}"(half %v)
  ret void
}

define void @pin_87() {
  %v = call <4 x i32> asm sideeffect "", "={v6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 87, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v6}"(<4 x i32> %v)
  ret void
}

define void @pin_88() {
  %v = call double asm sideeffect "", "={d6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 88, i32 0, double %v)
  call void asm sideeffect "", "{d6}"(double %v)
  ret void
}

define void @pin_89() {
  %v = call float asm sideeffect "", "={s6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 89, i32 0, float %v)
  call void asm sideeffect "", "{s6}"(float %v)
  ret void
}

define void @pin_90() {
  %v = call half asm sideeffect "", "={h6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 90, i32 0, half %v)
  call void asm sideeffect "", "{h6}"(half %v)
  ret void
}

define void @pin_91() {
  %v = call <4 x i32> asm sideeffect "", "={v7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 91, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v7}"(<4 x i32> %v)
  ret void
}

define void @pin_92() {
  %v = call double asm sideeffect "", "={d7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 92, i32 0, double %v)
  call void asm sideeffect "", "{d7}"(double %v)
  ret void
}

define void @pin_93() {
  %v = call float asm sideeffect "", "={s7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 93, i32 0, float %v)
  call void asm sideeffect "", "{s7}"(float %v)
  ret void
}

define void @pin_94() {
  %v = call half asm sideeffect "", "={h7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 94, i32 0, half %v)
  call void asm sideeffect "", "{h7}"(half %v)
  ret void
}

define void @pin_95() {
  %v = call <4 x i32> asm sideeffect "", "={v8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 95, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v8}"(<4 x i32> %v)
  ret void
}

define void @pin_96() {
  %v = call double asm sideeffect "", "={d8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 96, i32 0, double %v)
  call void asm sideeffect "", "{d8}"(double %v)
  ret void
}

define void @pin_97() {
  %v = call float asm sideeffect "", "={s8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 97, i32 0, float %v)
  call void asm sideeffect "", "{s8}"(float %v)
  ret void
}

define void @pin_98() {
  %v = call half asm sideeffect "", "={h8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 98, i32 0, half %v)
  call void asm sideeffect "", "{h8}"(half %v)
  ret void
}

define void @pin_99() {
  %v = call <4 x i32> asm sideeffect "", "={v9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 99, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v9}"(<4 x i32> %v)
  ret void
}

define void @pin_100() {
  %v = call double asm sideeffect "", "={d9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 100, i32 0, double %v)
  call void asm sideeffect "", "{d9}"(double %v)
  ret void
}

define void @pin_101() {
  %v = call float asm sideeffect "", "={s9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 101, i32 0, float %v)
  call void asm sideeffect "", "{s9}"(float %v)
  ret void
}

define void @pin_102() {
  %v = call half asm sideeffect "", "={h9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 102, i32 0, half %v)
  call void asm sideeffect "", "{h9}"(half %v)
  ret void
}

define void @pin_103() {
  %v = call <4 x i32> asm sideeffect "", "={v10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 103, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v10}"(<4 x i32> %v)
  ret void
}

define void @pin_104() {
  %v = call double asm sideeffect "", "={d10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 104, i32 0, double %v)
  call void asm sideeffect "", "{d10}"(double %v)
  ret void
}

define void @pin_105() {
  %v = call float asm sideeffect "", "={s10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 105, i32 0, float %v)
  call void asm sideeffect "", "{s10}"(float %v)
  ret void
}

define void @pin_106() {
  %v = call half asm sideeffect "", "={h10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 106, i32 0, half %v)
  call void asm sideeffect "", "{h10}"(half %v)
  ret void
}

define void @pin_107() {
  %v = call <4 x i32> asm sideeffect "", "={v11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 107, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v11}"(<4 x i32> %v)
  ret void
}

define void @pin_108() {
  %v = call double asm sideeffect "", "={d11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 108, i32 0, double %v)
  call void asm sideeffect "", "{d11}"(double %v)
  ret void
}

define void @pin_109() {
  %v = call float asm sideeffect "", "={s11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 109, i32 0, float %v)
  call void asm sideeffect "", "{s11}"(float %v)
  ret void
}

define void @pin_110() {
  %v = call half asm sideeffect "", "={h11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 110, i32 0, half %v)
  call void asm sideeffect "", "{h11}"(half %v)
  ret void
}

define void @pin_111() {
  %v = call <4 x i32> asm sideeffect "", "={v12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 111, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v12}"(<4 x i32> %v)
  ret void
}

define void @pin_112() {
  %v = call double asm sideeffect "", "={d12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 112, i32 0, double %v)
  call void asm sideeffect "", "{d12}"(double %v)
  ret void
}

define void @pin_113() {
  %v = call float asm sideeffect "", "={s12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 113, i32 0, float %v)
  call void asm sideeffect "", "{s12}"(float %v)
  ret void
}

define void @pin_114() {
  %v = call half asm sideeffect "", "={h12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 114, i32 0, half %v)
  call void asm sideeffect "", "{h12}"(half %v)
  ret void
}

define void @pin_115() {
  %v = call <4 x i32> asm sideeffect "", "={v13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 115, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v13}"(<4 x i32> %v)
  ret void
}

define void @pin_116() {
  %v = call double asm sideeffect "", "={d13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 116, i32 0, double %v)
  call void asm sideeffect "", "{d13}"(double %v)
  ret void
}

define void @pin_117() {
  %v = call float asm sideeffect "", "={s13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 117, i32 0, float %v)
  call void asm sideeffect "", "{s13}"(float %v)
  ret void
}

define void @pin_118() {
  %v = call half asm sideeffect "", "={h13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 118, i32 0, half %v)
  call void asm sideeffect "", "{h13}"(half %v)
  ret void
}

define void @pin_119() {
  %v = call <4 x i32> asm sideeffect "", "={v14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 119, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v14}"(<4 x i32> %v)
  ret void
}

define void @pin_120() {
  %v = call double asm sideeffect "", "={d14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 120, i32 0, double %v)
  call void asm sideeffect "", "{d14}"(double %v)
  ret void
}

define void @pin_121() {
  %v = call float asm sideeffect "", "={s14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 121, i32 0, float %v)
  call void asm sideeffect "", "{s14}"(float %v)
  ret void
}

define void @pin_122() {
  %v = call half asm sideeffect "", "={h14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 122, i32 0, half %v)
  call void asm sideeffect "", "{h14}"(half %v)
  ret void
}

define void @pin_123() {
  %v = call <4 x i32> asm sideeffect "", "={v15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 123, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v15}"(<4 x i32> %v)
  ret void
}

define void @pin_124() {
  %v = call double asm sideeffect "", "={d15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 124, i32 0, double %v)
  call void asm sideeffect "", "{d15}"(double %v)
  ret void
}

define void @pin_125() {
  %v = call float asm sideeffect "", "={s15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 125, i32 0, float %v)
  call void asm sideeffect "", "{s15}"(float %v)
  ret void
}

define void @pin_126() {
  %v = call half asm sideeffect "", "={h15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 126, i32 0, half %v)
  call void asm sideeffect "", "{h15}"(half %v)
  ret void
}

define void @pin_127() {
  %v = call <4 x i32> asm sideeffect "", "={v16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 127, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v16}"(<4 x i32> %v)
  ret void
}

define void @pin_128() {
  %v = call double asm sideeffect "", "={d16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 128, i32 0, double %v)
  call void asm sideeffect "", "{d16}"(double %v)
  ret void
}

define void @pin_129() {
  %v = call float asm sideeffect "", "={s16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 129, i32 0, float %v)
  call void asm sideeffect "", "{s16}"(float %v)
  ret void
}

define void @pin_130() {
  %v = call half asm sideeffect "", "={h16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 130, i32 0, half %v)
  call void asm sideeffect "", "{h16}"(half %v)
  ret void
}

define void @pin_131() {
  %v = call <4 x i32> asm sideeffect "", "={v17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 131, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v17}"(<4 x i32> %v)
  ret void
}

define void @pin_132() {
  %v = call double asm sideeffect "", "={d17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 132, i32 0, double %v)
  call void asm sideeffect "", "{d17}"(double %v)
  ret void
}

define void @pin_133() {
  %v = call float asm sideeffect "", "={s17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 133, i32 0, float %v)
  call void asm sideeffect "", "{s17}"(float %v)
  ret void
}

define void @pin_134() {
  %v = call half asm sideeffect "", "={h17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 134, i32 0, half %v)
  call void asm sideeffect "", "{h17}"(half %v)
  ret void
}

define void @pin_135() {
  %v = call <4 x i32> asm sideeffect "", "={v18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 135, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v18}"(<4 x i32> %v)
  ret void
}

define void @pin_136() {
  %v = call double asm sideeffect "", "={d18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 136, i32 0, double %v)
  call void asm sideeffect "", "{d18}"(double %v)
  ret void
}

define void @pin_137() {
  %v = call float asm sideeffect "", "={s18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 137, i32 0, float %v)
  call void asm sideeffect "", "{s18}"(float %v)
  ret void
}

define void @pin_138() {
  %v = call half asm sideeffect "", "={h18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 138, i32 0, half %v)
  call void asm sideeffect "", "{h18}"(half %v)
  ret void
}

define void @pin_139() {
  %v = call <4 x i32> asm sideeffect "", "={v19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 139, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v19}"(<4 x i32> %v)
  ret void
}

define void @pin_140() {
  %v = call double asm sideeffect "", "={d19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 140, i32 0, double %v)
  call void asm sideeffect "", "{d19}"(double %v)
  ret void
}

define void @pin_141() {
  %v = call float asm sideeffect "", "={s19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 141, i32 0, float %v)
  call void asm sideeffect "", "{s19}"(float %v)
  ret void
}

define void @pin_142() {
  %v = call half asm sideeffect "", "={h19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 142, i32 0, half %v)
  call void asm sideeffect "", "{h19}"(half %v)
  ret void
}

define void @pin_143() {
  %v = call <4 x i32> asm sideeffect "", "={v20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 143, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v20}"(<4 x i32> %v)
  ret void
}

define void @pin_144() {
  %v = call double asm sideeffect "", "={d20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 144, i32 0, double %v)
  call void asm sideeffect "", "{d20}"(double %v)
  ret void
}

define void @pin_145() {
  %v = call float asm sideeffect "", "={s20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 145, i32 0, float %v)
  call void asm sideeffect "", "{s20}"(float %v)
  ret void
}

define void @pin_146() {
  %v = call half asm sideeffect "", "={h20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 146, i32 0, half %v)
  call void asm sideeffect "", "{h20}"(half %v)
  ret void
}

define void @pin_147() {
  %v = call <4 x i32> asm sideeffect "", "={v21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 147, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v21}"(<4 x i32> %v)
  ret void
}

define void @pin_148() {
  %v = call double asm sideeffect "", "={d21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 148, i32 0, double %v)
  call void asm sideeffect "", "{d21}"(double %v)
  ret void
}

define void @pin_149() {
  %v = call float asm sideeffect "", "={s21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 149, i32 0, float %v)
  call void asm sideeffect "", "{s21}"(float %v)
  ret void
}

define void @pin_150() {
  %v = call half asm sideeffect "", "={h21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 150, i32 0, half %v)
  call void asm sideeffect "", "{h21}"(half %v)
  ret void
}

define void @pin_151() {
  %v = call <4 x i32> asm sideeffect "", "={v22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 151, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v22}"(<4 x i32> %v)
  ret void
}

define void @pin_152() {
  %v = call double asm sideeffect "", "={d22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 152, i32 0, double %v)
  call void asm sideeffect "", "{d22}"(double %v)
  ret void
}

define void @pin_153() {
  %v = call float asm sideeffect "", "={s22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 153, i32 0, float %v)
  call void asm sideeffect "", "{s22}"(float %v)
  ret void
}

define void @pin_154() {
  %v = call half asm sideeffect "", "={h22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 154, i32 0, half %v)
  call void asm sideeffect "", "{h22}"(half %v)
  ret void
}

define void @pin_155() {
  %v = call <4 x i32> asm sideeffect "", "={v23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 155, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v23}"(<4 x i32> %v)
  ret void
}

define void @pin_156() {
  %v = call double asm sideeffect "", "={d23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 156, i32 0, double %v)
  call void asm sideeffect "", "{d23}"(double %v)
  ret void
}

define void @pin_157() {
  %v = call float asm sideeffect "", "={s23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 157, i32 0, float %v)
  call void asm sideeffect "", "{s23}"(float %v)
  ret void
}

define void @pin_158() {
  %v = call half asm sideeffect "", "={h23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 158, i32 0, half %v)
  call void asm sideeffect "", "{h23}"(half %v)
  ret void
}

define void @pin_159() {
  %v = call <4 x i32> asm sideeffect "", "={v24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 159, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v24}"(<4 x i32> %v)
  ret void
}

define void @pin_160() {
  %v = call double asm sideeffect "", "={d24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 160, i32 0, double %v)
  call void asm sideeffect "", "{d24}"(double %v)
  ret void
}

define void @pin_161() {
  %v = call float asm sideeffect "", "={s24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 161, i32 0, float %v)
  call void asm sideeffect "", "{s24}"(float %v)
  ret void
}

define void @pin_162() {
  %v = call half asm sideeffect "", "={h24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 162, i32 0, half %v)
  call void asm sideeffect "", "{h24}"(half %v)
  ret void
}

define void @pin_163() {
  %v = call <4 x i32> asm sideeffect "", "={v25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 163, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v25}"(<4 x i32> %v)
  ret void
}

define void @pin_164() {
  %v = call double asm sideeffect "", "={d25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 164, i32 0, double %v)
  call void asm sideeffect "", "{d25}"(double %v)
  ret void
}

define void @pin_165() {
  %v = call float asm sideeffect "", "={s25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 165, i32 0, float %v)
  call void asm sideeffect "", "{s25}"(float %v)
  ret void
}

define void @pin_166() {
  %v = call half asm sideeffect "", "={h25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 166, i32 0, half %v)
  call void asm sideeffect "", "{h25}"(half %v)
  ret void
}

define void @pin_167() {
  %v = call <4 x i32> asm sideeffect "", "={v26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 167, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v26}"(<4 x i32> %v)
  ret void
}

define void @pin_168() {
  %v = call double asm sideeffect "", "={d26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 168, i32 0, double %v)
  call void asm sideeffect "", "{d26}"(double %v)
  ret void
}

define void @pin_169() {
  %v = call float asm sideeffect "", "={s26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 169, i32 0, float %v)
  call void asm sideeffect "", "{s26}"(float %v)
  ret void
}

define void @pin_170() {
  %v = call half asm sideeffect "", "={h26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 170, i32 0, half %v)
  call void asm sideeffect "", "{h26}"(half %v)
  ret void
}

define void @pin_171() {
  %v = call <4 x i32> asm sideeffect "", "={v27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 171, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v27}"(<4 x i32> %v)
  ret void
}

define void @pin_172() {
  %v = call double asm sideeffect "", "={d27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 172, i32 0, double %v)
  call void asm sideeffect "", "{d27}"(double %v)
  ret void
}

define void @pin_173() {
  %v = call float asm sideeffect "", "={s27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 173, i32 0, float %v)
  call void asm sideeffect "", "{s27}"(float %v)
  ret void
}

define void @pin_174() {
  %v = call half asm sideeffect "", "={h27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 174, i32 0, half %v)
  call void asm sideeffect "", "{h27}"(half %v)
  ret void
}

define void @pin_175() {
  %v = call <4 x i32> asm sideeffect "", "={v28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 175, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v28}"(<4 x i32> %v)
  ret void
}

define void @pin_176() {
  %v = call double asm sideeffect "", "={d28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 176, i32 0, double %v)
  call void asm sideeffect "", "{d28}"(double %v)
  ret void
}

define void @pin_177() {
  %v = call float asm sideeffect "", "={s28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 177, i32 0, float %v)
  call void asm sideeffect "", "{s28}"(float %v)
  ret void
}

define void @pin_178() {
  %v = call half asm sideeffect "", "={h28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 178, i32 0, half %v)
  call void asm sideeffect "", "{h28}"(half %v)
  ret void
}

define void @pin_179() {
  %v = call <4 x i32> asm sideeffect "", "={v29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 179, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v29}"(<4 x i32> %v)
  ret void
}

define void @pin_180() {
  %v = call double asm sideeffect "", "={d29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 180, i32 0, double %v)
  call void asm sideeffect "", "{d29}"(double %v)
  ret void
}

define void @pin_181() {
  %v = call float asm sideeffect "", "={s29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 181, i32 0, float %v)
  call void asm sideeffect "", "{s29}"(float %v)
  ret void
}

define void @pin_182() {
  %v = call half asm sideeffect "", "={h29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 182, i32 0, half %v)
  call void asm sideeffect "", "{h29}"(half %v)
  ret void
}

define void @pin_183() {
  %v = call <4 x i32> asm sideeffect "", "={v30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 183, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v30}"(<4 x i32> %v)
  ret void
}

define void @pin_184() {
  %v = call double asm sideeffect "", "={d30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 184, i32 0, double %v)
  call void asm sideeffect "", "{d30}"(double %v)
  ret void
}

define void @pin_185() {
  %v = call float asm sideeffect "", "={s30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 185, i32 0, float %v)
  call void asm sideeffect "", "{s30}"(float %v)
  ret void
}

define void @pin_186() {
  %v = call half asm sideeffect "", "={h30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 186, i32 0, half %v)
  call void asm sideeffect "", "{h30}"(half %v)
  ret void
}

define void @pin_187() {
  %v = call <4 x i32> asm sideeffect "", "={v31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 187, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v31}"(<4 x i32> %v)
  ret void
}

define void @pin_188() {
  %v = call double asm sideeffect "", "={d31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 188, i32 0, double %v)
  call void asm sideeffect "", "{d31}"(double %v)
  ret void
}

define void @pin_189() {
  %v = call float asm sideeffect "", "={s31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 189, i32 0, float %v)
  call void asm sideeffect "", "{s31}"(float %v)
  ret void
}

define void @pin_190() {
  %v = call half asm sideeffect "", "={h31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 190, i32 0, half %v)
  call void asm sideeffect "", "{h31}"(half %v)
  ret void
}
