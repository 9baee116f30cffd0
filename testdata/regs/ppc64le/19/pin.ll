declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @pin_1() {
  %v = call i64 asm sideeffect "", "={r0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %v)
  call void asm sideeffect "", "{r0}"(i64 %v)
  ret void
}

define void @pin_2() {
  %v = call i32 asm sideeffect "", "={r0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, i32 %v)
  call void asm sideeffect "", "{r0}"(i32 %v)
  ret void
}

define void @pin_3() {
  %v = call i64 asm sideeffect "", "={r1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, i64 %v)
  call void asm sideeffect "", "{r1}"(i64 %v)
  ret void
}

define void @pin_4() {
  %v = call i32 asm sideeffect "", "={r1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4, i32 0, i32 %v)
  call void asm sideeffect "", "{r1}"(i32 %v)
  ret void
}

define void @pin_5() {
  %v = call i64 asm sideeffect "", "={r2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, i64 %v)
  call void asm sideeffect "", "{r2}"(i64 %v)
  ret void
}

define void @pin_6() {
  %v = call i32 asm sideeffect "", "={r2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6, i32 0, i32 %v)
  call void asm sideeffect "", "{r2}"(i32 %v)
  ret void
}

define void @pin_7() {
  %v = call i64 asm sideeffect "", "={r3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7, i32 0, i64 %v)
  call void asm sideeffect "", "{r3}"(i64 %v)
  ret void
}

define void @pin_8() {
  %v = call i32 asm sideeffect "", "={r3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8, i32 0, i32 %v)
  call void asm sideeffect "", "{r3}"(i32 %v)
  ret void
}

define void @pin_9() {
  %v = call i64 asm sideeffect "", "={r4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9, i32 0, i64 %v)
  call void asm sideeffect "", "{r4}"(i64 %v)
  ret void
}

define void @pin_10() {
  %v = call i32 asm sideeffect "", "={r4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 10, i32 0, i32 %v)
  call void asm sideeffect "", "{r4}"(i32 %v)
  ret void
}

define void @pin_11() {
  %v = call i64 asm sideeffect "", "={r5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 11, i32 0, i64 %v)
  call void asm sideeffect "", "{r5}"(i64 %v)
  ret void
}

define void @pin_12() {
  %v = call i32 asm sideeffect "", "={r5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 12, i32 0, i32 %v)
  call void asm sideeffect "", "{r5}"(i32 %v)
  ret void
}

define void @pin_13() {
  %v = call i64 asm sideeffect "", "={r6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 13, i32 0, i64 %v)
  call void asm sideeffect "", "{r6}"(i64 %v)
  ret void
}

define void @pin_14() {
  %v = call i32 asm sideeffect "", "={r6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 14, i32 0, i32 %v)
  call void asm sideeffect "", "{r6}"(i32 %v)
  ret void
}

define void @pin_15() {
  %v = call i64 asm sideeffect "", "={r7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 15, i32 0, i64 %v)
  call void asm sideeffect "", "{r7}"(i64 %v)
  ret void
}

define void @pin_16() {
  %v = call i32 asm sideeffect "", "={r7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 16, i32 0, i32 %v)
  call void asm sideeffect "", "{r7}"(i32 %v)
  ret void
}

define void @pin_17() {
  %v = call i64 asm sideeffect "", "={r8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 17, i32 0, i64 %v)
  call void asm sideeffect "", "{r8}"(i64 %v)
  ret void
}

define void @pin_18() {
  %v = call i32 asm sideeffect "", "={r8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 18, i32 0, i32 %v)
  call void asm sideeffect "", "{r8}"(i32 %v)
  ret void
}

define void @pin_19() {
  %v = call i64 asm sideeffect "", "={r9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 19, i32 0, i64 %v)
  call void asm sideeffect "", "{r9}"(i64 %v)
  ret void
}

define void @pin_20() {
  %v = call i32 asm sideeffect "", "={r9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20, i32 0, i32 %v)
  call void asm sideeffect "", "{r9}"(i32 %v)
  ret void
}

define void @pin_21() {
  %v = call i64 asm sideeffect "", "={r10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 21, i32 0, i64 %v)
  call void asm sideeffect "", "{r10}"(i64 %v)
  ret void
}

define void @pin_22() {
  %v = call i32 asm sideeffect "", "={r10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 22, i32 0, i32 %v)
  call void asm sideeffect "", "{r10}"(i32 %v)
  ret void
}

define void @pin_23() {
  %v = call i64 asm sideeffect "", "={r11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 23, i32 0, i64 %v)
  call void asm sideeffect "", "{r11}"(i64 %v)
  ret void
}

define void @pin_24() {
  %v = call i32 asm sideeffect "", "={r11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 24, i32 0, i32 %v)
  call void asm sideeffect "", "{r11}"(i32 %v)
  ret void
}

define void @pin_25() {
  %v = call i64 asm sideeffect "", "={r12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 25, i32 0, i64 %v)
  call void asm sideeffect "", "{r12}"(i64 %v)
  ret void
}

define void @pin_26() {
  %v = call i32 asm sideeffect "", "={r12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 26, i32 0, i32 %v)
  call void asm sideeffect "", "{r12}"(i32 %v)
  ret void
}

define void @pin_27() {
  %v = call i64 asm sideeffect "", "={r13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 27, i32 0, i64 %v)
  call void asm sideeffect "", "{r13}"(i64 %v)
  ret void
}

define void @pin_28() {
  %v = call i32 asm sideeffect "", "={r13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 28, i32 0, i32 %v)
  call void asm sideeffect "", "{r13}"(i32 %v)
  ret void
}

define void @pin_29() {
  %v = call i64 asm sideeffect "", "={r14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 29, i32 0, i64 %v)
  call void asm sideeffect "", "{r14}"(i64 %v)
  ret void
}

define void @pin_30() {
  %v = call i32 asm sideeffect "", "={r14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 30, i32 0, i32 %v)
  call void asm sideeffect "", "{r14}"(i32 %v)
  ret void
}

define void @pin_31() {
  %v = call i64 asm sideeffect "", "={r15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 31, i32 0, i64 %v)
  call void asm sideeffect "", "{r15}"(i64 %v)
  ret void
}

define void @pin_32() {
  %v = call i32 asm sideeffect "", "={r15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 32, i32 0, i32 %v)
  call void asm sideeffect "", "{r15}"(i32 %v)
  ret void
}

define void @pin_33() {
  %v = call i64 asm sideeffect "", "={r16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 33, i32 0, i64 %v)
  call void asm sideeffect "", "{r16}"(i64 %v)
  ret void
}

define void @pin_34() {
  %v = call i32 asm sideeffect "", "={r16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 34, i32 0, i32 %v)
  call void asm sideeffect "", "{r16}"(i32 %v)
  ret void
}

define void @pin_35() {
  %v = call i64 asm sideeffect "", "={r17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 35, i32 0, i64 %v)
  call void asm sideeffect "", "{r17}"(i64 %v)
  ret void
}

define void @pin_36() {
  %v = call i32 asm sideeffect "", "={r17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 36, i32 0, i32 %v)
  call void asm sideeffect "", "{r17}"(i32 %v)
  ret void
}

define void @pin_37() {
  %v = call i64 asm sideeffect "", "={r18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 37, i32 0, i64 %v)
  call void asm sideeffect "", "{r18}"(i64 %v)
  ret void
}

define void @pin_38() {
  %v = call i32 asm sideeffect "", "={r18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 38, i32 0, i32 %v)
  call void asm sideeffect "", "{r18}"(i32 %v)
  ret void
}

define void @pin_39() {
  %v = call i64 asm sideeffect "", "={r19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 39, i32 0, i64 %v)
  call void asm sideeffect "", "{r19}"(i64 %v)
  ret void
}

define void @pin_40() {
  %v = call i32 asm sideeffect "", "={r19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40, i32 0, i32 %v)
  call void asm sideeffect "", "{r19}"(i32 %v)
  ret void
}

define void @pin_41() {
  %v = call i64 asm sideeffect "", "={r20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 41, i32 0, i64 %v)
  call void asm sideeffect "", "{r20}"(i64 %v)
  ret void
}

define void @pin_42() {
  %v = call i32 asm sideeffect "", "={r20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 42, i32 0, i32 %v)
  call void asm sideeffect "", "{r20}"(i32 %v)
  ret void
}

define void @pin_43() {
  %v = call i64 asm sideeffect "", "={r21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 43, i32 0, i64 %v)
  call void asm sideeffect "", "{r21}"(i64 %v)
  ret void
}

define void @pin_44() {
  %v = call i32 asm sideeffect "", "={r21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 44, i32 0, i32 %v)
  call void asm sideeffect "", "{r21}"(i32 %v)
  ret void
}

define void @pin_45() {
  %v = call i64 asm sideeffect "", "={r22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45, i32 0, i64 %v)
  call void asm sideeffect "", "{r22}"(i64 %v)
  ret void
}

define void @pin_46() {
  %v = call i32 asm sideeffect "", "={r22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 46, i32 0, i32 %v)
  call void asm sideeffect "", "{r22}"(i32 %v)
  ret void
}

define void @pin_47() {
  %v = call i64 asm sideeffect "", "={r23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 47, i32 0, i64 %v)
  call void asm sideeffect "", "{r23}"(i64 %v)
  ret void
}

define void @pin_48() {
  %v = call i32 asm sideeffect "", "={r23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 48, i32 0, i32 %v)
  call void asm sideeffect "", "{r23}"(i32 %v)
  ret void
}

define void @pin_49() {
  %v = call i64 asm sideeffect "", "={r24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 49, i32 0, i64 %v)
  call void asm sideeffect "", "{r24}"(i64 %v)
  ret void
}

define void @pin_50() {
  %v = call i32 asm sideeffect "", "={r24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 50, i32 0, i32 %v)
  call void asm sideeffect "", "{r24}"(i32 %v)
  ret void
}

define void @pin_51() {
  %v = call i64 asm sideeffect "", "={r25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 51, i32 0, i64 %v)
  call void asm sideeffect "", "{r25}"(i64 %v)
  ret void
}

define void @pin_52() {
  %v = call i32 asm sideeffect "", "={r25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 52, i32 0, i32 %v)
  call void asm sideeffect "", "{r25}"(i32 %v)
  ret void
}

define void @pin_53() {
  %v = call i64 asm sideeffect "", "={r26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 53, i32 0, i64 %v)
  call void asm sideeffect "", "{r26}"(i64 %v)
  ret void
}

define void @pin_54() {
  %v = call i32 asm sideeffect "", "={r26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 54, i32 0, i32 %v)
  call void asm sideeffect "", "{r26}"(i32 %v)
  ret void
}

define void @pin_55() {
  %v = call i64 asm sideeffect "", "={r27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 55, i32 0, i64 %v)
  call void asm sideeffect "", "{r27}"(i64 %v)
  ret void
}

define void @pin_56() {
  %v = call i32 asm sideeffect "", "={r27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 56, i32 0, i32 %v)
  call void asm sideeffect "", "{r27}"(i32 %v)
  ret void
}

define void @pin_57() {
  %v = call i64 asm sideeffect "", "={r28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 57, i32 0, i64 %v)
  call void asm sideeffect "", "{r28}"(i64 %v)
  ret void
}

define void @pin_58() {
  %v = call i32 asm sideeffect "", "={r28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 58, i32 0, i32 %v)
  call void asm sideeffect "", "{r28}"(i32 %v)
  ret void
}

define void @pin_59() {
  %v = call i64 asm sideeffect "", "={r29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 59, i32 0, i64 %v)
  call void asm sideeffect "", "{r29}"(i64 %v)
  ret void
}

define void @pin_60() {
  %v = call i32 asm sideeffect "", "={r29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 60, i32 0, i32 %v)
  call void asm sideeffect "", "{r29}"(i32 %v)
  ret void
}

define void @pin_61() {
  %v = call i64 asm sideeffect "", "={r30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 61, i32 0, i64 %v)
  call void asm sideeffect "", "{r30}"(i64 %v)
  ret void
}

define void @pin_62() {
  %v = call i32 asm sideeffect "", "={r30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 62, i32 0, i32 %v)
  call void asm sideeffect "", "{r30}"(i32 %v)
  ret void
}

define void @pin_63() {
  %v = call i64 asm sideeffect "", "={r31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 63, i32 0, i64 %v)
  call void asm sideeffect "", "{r31}"(i64 %v)
  ret void
}

define void @pin_64() {
  %v = call i32 asm sideeffect "", "={r31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 64, i32 0, i32 %v)
  call void asm sideeffect "", "{r31}"(i32 %v)
  ret void
}

define void @pin_65() {
  %v = call double asm sideeffect "", "={f0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 65, i32 0, double %v)
  call void asm sideeffect "", "{f0}"(double %v)
  ret void
}

define void @pin_66() {
  %v = call float asm sideeffect "", "={f0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 66, i32 0, float %v)
  call void asm sideeffect "", "{f0}"(float %v)
  ret void
}

define void @pin_67() {
  %v = call <4 x i32> asm sideeffect "", "={vs0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 67, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs0}"(<4 x i32> %v)
  ret void
}

define void @pin_68() {
  %v = call <4 x i32> asm sideeffect "", "={v0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 68, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v0}"(<4 x i32> %v)
  ret void
}

define void @pin_69() {
  %v = call double asm sideeffect "", "={f1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 69, i32 0, double %v)
  call void asm sideeffect "", "{f1}"(double %v)
  ret void
}

define void @pin_70() {
  %v = call float asm sideeffect "", "={f1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 70, i32 0, float %v)
  call void asm sideeffect "", "{f1}"(float %v)
  ret void
}

define void @pin_71() {
  %v = call <4 x i32> asm sideeffect "", "={vs1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 71, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs1}"(<4 x i32> %v)
  ret void
}

define void @pin_72() {
  %v = call <4 x i32> asm sideeffect "", "={v1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 72, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v1}"(<4 x i32> %v)
  ret void
}

define void @pin_73() {
  %v = call double asm sideeffect "", "={f2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 73, i32 0, double %v)
  call void asm sideeffect "", "{f2}"(double %v)
  ret void
}

define void @pin_74() {
  %v = call float asm sideeffect "", "={f2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 74, i32 0, float %v)
  call void asm sideeffect "", "{f2}"(float %v)
  ret void
}

define void @pin_75() {
  %v = call <4 x i32> asm sideeffect "", "={vs2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 75, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs2}"(<4 x i32> %v)
  ret void
}

define void @pin_76() {
  %v = call <4 x i32> asm sideeffect "", "={v2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 76, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v2}"(<4 x i32> %v)
  ret void
}

define void @pin_77() {
  %v = call double asm sideeffect "", "={f3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 77, i32 0, double %v)
  call void asm sideeffect "", "{f3}"(double %v)
  ret void
}

define void @pin_78() {
  %v = call float asm sideeffect "", "={f3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 78, i32 0, float %v)
  call void asm sideeffect "", "{f3}"(float %v)
  ret void
}

define void @pin_79() {
  %v = call <4 x i32> asm sideeffect "", "={vs3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 79, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs3}"(<4 x i32> %v)
  ret void
}

define void @pin_80() {
  %v = call <4 x i32> asm sideeffect "", "={v3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 80, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v3}"(<4 x i32> %v)
  ret void
}

define void @pin_81() {
  %v = call double asm sideeffect "", "={f4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 81, i32 0, double %v)
  call void asm sideeffect "", "{f4}"(double %v)
  ret void
}

define void @pin_82() {
  %v = call float asm sideeffect "", "={f4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 82, i32 0, float %v)
  call void asm sideeffect "", "{f4}"(float %v)
  ret void
}

define void @pin_83() {
  %v = call <4 x i32> asm sideeffect "", "={vs4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 83, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs4}"(<4 x i32> %v)
  ret void
}

define void @pin_84() {
  %v = call <4 x i32> asm sideeffect "", "={v4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 84, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v4}"(<4 x i32> %v)
  ret void
}

define void @pin_85() {
  %v = call double asm sideeffect "", "={f5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 85, i32 0, double %v)
  call void asm sideeffect "", "{f5}"(double %v)
  ret void
}

define void @pin_86() {
  %v = call float asm sideeffect "", "={f5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 86, i32 0, float %v)
  call void asm sideeffect "", "{f5}"(float %v)
  ret void
}

define void @pin_87() {
  %v = call <4 x i32> asm sideeffect "", "={vs5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 87, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs5}"(<4 x i32> %v)
  ret void
}

define void @pin_88() {
  %v = call <4 x i32> asm sideeffect "", "={v5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 88, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v5}"(<4 x i32> %v)
  ret void
}

define void @pin_89() {
  %v = call double asm sideeffect "", "={f6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 89, i32 0, double %v)
  call void asm sideeffect "", "{f6}"(double %v)
  ret void
}

define void @pin_90() {
  %v = call float asm sideeffect "", "={f6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 90, i32 0, float %v)
  call void asm sideeffect "", "{f6}"(float %v)
  ret void
}

define void @pin_91() {
  %v = call <4 x i32> asm sideeffect "", "={vs6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 91, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs6}"(<4 x i32> %v)
  ret void
}

define void @pin_92() {
  %v = call <4 x i32> asm sideeffect "", "={v6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 92, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v6}"(<4 x i32> %v)
  ret void
}

define void @pin_93() {
  %v = call double asm sideeffect "", "={f7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 93, i32 0, double %v)
  call void asm sideeffect "", "{f7}"(double %v)
  ret void
}

define void @pin_94() {
  %v = call float asm sideeffect "", "={f7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 94, i32 0, float %v)
  call void asm sideeffect "", "{f7}"(float %v)
  ret void
}

define void @pin_95() {
  %v = call <4 x i32> asm sideeffect "", "={vs7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 95, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs7}"(<4 x i32> %v)
  ret void
}

define void @pin_96() {
  %v = call <4 x i32> asm sideeffect "", "={v7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 96, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v7}"(<4 x i32> %v)
  ret void
}

define void @pin_97() {
  %v = call double asm sideeffect "", "={f8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 97, i32 0, double %v)
  call void asm sideeffect "", "{f8}"(double %v)
  ret void
}

define void @pin_98() {
  %v = call float asm sideeffect "", "={f8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 98, i32 0, float %v)
  call void asm sideeffect "", "{f8}"(float %v)
  ret void
}

define void @pin_99() {
  %v = call <4 x i32> asm sideeffect "", "={vs8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 99, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs8}"(<4 x i32> %v)
  ret void
}

define void @pin_100() {
  %v = call <4 x i32> asm sideeffect "", "={v8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 100, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v8}"(<4 x i32> %v)
  ret void
}

define void @pin_101() {
  %v = call double asm sideeffect "", "={f9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 101, i32 0, double %v)
  call void asm sideeffect "", "{f9}"(double %v)
  ret void
}

define void @pin_102() {
  %v = call float asm sideeffect "", "={f9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 102, i32 0, float %v)
  call void asm sideeffect "", "{f9}"(float %v)
  ret void
}

define void @pin_103() {
  %v = call <4 x i32> asm sideeffect "", "={vs9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 103, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs9}"(<4 x i32> %v)
  ret void
}

define void @pin_104() {
  %v = call <4 x i32> asm sideeffect "", "={v9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 104, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v9}"(<4 x i32> %v)
  ret void
}

define void @pin_105() {
  %v = call double asm sideeffect "", "={f10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 105, i32 0, double %v)
  call void asm sideeffect "", "{f10}"(double %v)
  ret void
}

define void @pin_106() {
  %v = call float asm sideeffect "", "={f10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 106, i32 0, float %v)
  call void asm sideeffect "", "{f10}"(float %v)
  ret void
}

define void @pin_107() {
  %v = call <4 x i32> asm sideeffect "", "={vs10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 107, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs10}"(<4 x i32> %v)
  ret void
}

define void @pin_108() {
  %v = call <4 x i32> asm sideeffect "", "={v10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 108, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v10}"(<4 x i32> %v)
  ret void
}

define void @pin_109() {
  %v = call double asm sideeffect "", "={f11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 109, i32 0, double %v)
  call void asm sideeffect "", "{f11}"(double %v)
  ret void
}

define void @pin_110() {
  %v = call float asm sideeffect "", "={f11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 110, i32 0, float %v)
  call void asm sideeffect "", "{f11}"(float %v)
  ret void
}

define void @pin_111() {
  %v = call <4 x i32> asm sideeffect "", "={vs11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 111, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs11}"(<4 x i32> %v)
  ret void
}

define void @pin_112() {
  %v = call <4 x i32> asm sideeffect "", "={v11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 112, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v11}"(<4 x i32> %v)
  ret void
}

define void @pin_113() {
  %v = call double asm sideeffect "", "={f12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 113, i32 0, double %v)
  call void asm sideeffect "", "{f12}"(double %v)
  ret void
}

define void @pin_114() {
  %v = call float asm sideeffect "", "={f12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 114, i32 0, float %v)
  call void asm sideeffect "", "{f12}"(float %v)
  ret void
}

define void @pin_115() {
  %v = call <4 x i32> asm sideeffect "", "={vs12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 115, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs12}"(<4 x i32> %v)
  ret void
}

define void @pin_116() {
  %v = call <4 x i32> asm sideeffect "", "={v12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 116, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v12}"(<4 x i32> %v)
  ret void
}

define void @pin_117() {
  %v = call double asm sideeffect "", "={f13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 117, i32 0, double %v)
  call void asm sideeffect "", "{f13}"(double %v)
  ret void
}

define void @pin_118() {
  %v = call float asm sideeffect "", "={f13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 118, i32 0, float %v)
  call void asm sideeffect "", "{f13}"(float %v)
  ret void
}

define void @pin_119() {
  %v = call <4 x i32> asm sideeffect "", "={vs13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 119, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs13}"(<4 x i32> %v)
  ret void
}

define void @pin_120() {
  %v = call <4 x i32> asm sideeffect "", "={v13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 120, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v13}"(<4 x i32> %v)
  ret void
}

define void @pin_121() {
  %v = call double asm sideeffect "", "={f14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 121, i32 0, double %v)
  call void asm sideeffect "", "{f14}"(double %v)
  ret void
}

define void @pin_122() {
  %v = call float asm sideeffect "", "={f14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 122, i32 0, float %v)
  call void asm sideeffect "", "{f14}"(float %v)
  ret void
}

define void @pin_123() {
  %v = call <4 x i32> asm sideeffect "", "={vs14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 123, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs14}"(<4 x i32> %v)
  ret void
}

define void @pin_124() {
  %v = call <4 x i32> asm sideeffect "", "={v14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 124, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v14}"(<4 x i32> %v)
  ret void
}

define void @pin_125() {
  %v = call double asm sideeffect "", "={f15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 125, i32 0, double %v)
  call void asm sideeffect "", "{f15}"(double %v)
  ret void
}

define void @pin_126() {
  %v = call float asm sideeffect "", "={f15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 126, i32 0, float %v)
  call void asm sideeffect "", "{f15}"(float %v)
  ret void
}

define void @pin_127() {
  %v = call <4 x i32> asm sideeffect "", "={vs15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 127, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs15}"(<4 x i32> %v)
  ret void
}

define void @pin_128() {
  %v = call <4 x i32> asm sideeffect "", "={v15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 128, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v15}"(<4 x i32> %v)
  ret void
}

define void @pin_129() {
  %v = call double asm sideeffect "", "={f16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 129, i32 0, double %v)
  call void asm sideeffect "", "{f16}"(double %v)
  ret void
}

define void @pin_130() {
  %v = call float asm sideeffect "", "={f16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 130, i32 0, float %v)
  call void asm sideeffect "", "{f16}"(float %v)
  ret void
}

define void @pin_131() {
  %v = call <4 x i32> asm sideeffect "", "={vs16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 131, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs16}"(<4 x i32> %v)
  ret void
}

define void @pin_132() {
  %v = call <4 x i32> asm sideeffect "", "={v16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 132, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v16}"(<4 x i32> %v)
  ret void
}

define void @pin_133() {
  %v = call double asm sideeffect "", "={f17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 133, i32 0, double %v)
  call void asm sideeffect "", "{f17}"(double %v)
  ret void
}

define void @pin_134() {
  %v = call float asm sideeffect "", "={f17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 134, i32 0, float %v)
  call void asm sideeffect "", "{f17}"(float %v)
  ret void
}

define void @pin_135() {
  %v = call <4 x i32> asm sideeffect "", "={vs17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 135, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs17}"(<4 x i32> %v)
  ret void
}

define void @pin_136() {
  %v = call <4 x i32> asm sideeffect "", "={v17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 136, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v17}"(<4 x i32> %v)
  ret void
}

define void @pin_137() {
  %v = call double asm sideeffect "", "={f18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 137, i32 0, double %v)
  call void asm sideeffect "", "{f18}"(double %v)
  ret void
}

define void @pin_138() {
  %v = call float asm sideeffect "", "={f18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 138, i32 0, float %v)
  call void asm sideeffect "", "{f18}"(float %v)
  ret void
}

define void @pin_139() {
  %v = call <4 x i32> asm sideeffect "", "={vs18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 139, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs18}"(<4 x i32> %v)
  ret void
}

define void @pin_140() {
  %v = call <4 x i32> asm sideeffect "", "={v18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 140, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v18}"(<4 x i32> %v)
  ret void
}

define void @pin_141() {
  %v = call double asm sideeffect "", "={f19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 141, i32 0, double %v)
  call void asm sideeffect "", "{f19}"(double %v)
  ret void
}

define void @pin_142() {
  %v = call float asm sideeffect "", "={f19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 142, i32 0, float %v)
  call void asm sideeffect "", "{f19}"(float %v)
  ret void
}

define void @pin_143() {
  %v = call <4 x i32> asm sideeffect "", "={vs19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 143, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs19}"(<4 x i32> %v)
  ret void
}

define void @pin_144() {
  %v = call <4 x i32> asm sideeffect "", "={v19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 144, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v19}"(<4 x i32> %v)
  ret void
}

define void @pin_145() {
  %v = call double asm sideeffect "", "={f20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 145, i32 0, double %v)
  call void asm sideeffect "", "{f20}"(double %v)
  ret void
}

define void @pin_146() {
  %v = call float asm sideeffect "", "={f20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 146, i32 0, float %v)
  call void asm sideeffect "", "{f20}"(float %v)
  ret void
}

define void @pin_147() {
  %v = call <4 x i32> asm sideeffect "", "={vs20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 147, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs20}"(<4 x i32> %v)
  ret void
}

define void @pin_148() {
  %v = call <4 x i32> asm sideeffect "", "={v20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 148, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v20}"(<4 x i32> %v)
  ret void
}

define void @pin_149() {
  %v = call double asm sideeffect "", "={f21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 149, i32 0, double %v)
  call void asm sideeffect "", "{f21}"(double %v)
  ret void
}

define void @pin_150() {
  %v = call float asm sideeffect "", "={f21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 150, i32 0, float %v)
  call void asm sideeffect "", "{f21}"(float %v)
  ret void
}

define void @pin_151() {
  %v = call <4 x i32> asm sideeffect "", "={vs21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 151, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs21}"(<4 x i32> %v)
  ret void
}

define void @pin_152() {
  %v = call <4 x i32> asm sideeffect "", "={v21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 152, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v21}"(<4 x i32> %v)
  ret void
}

define void @pin_153() {
  %v = call double asm sideeffect "", "={f22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 153, i32 0, double %v)
  call void asm sideeffect "", "{f22}"(double %v)
  ret void
}

define void @pin_154() {
  %v = call float asm sideeffect "", "={f22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 154, i32 0, float %v)
  call void asm sideeffect "", "{f22}"(float %v)
  ret void
}

define void @pin_155() {
  %v = call <4 x i32> asm sideeffect "", "={vs22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 155, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs22}"(<4 x i32> %v)
  ret void
}

define void @pin_156() {
  %v = call <4 x i32> asm sideeffect "", "={v22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 156, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v22}"(<4 x i32> %v)
  ret void
}

define void @pin_157() {
  %v = call double asm sideeffect "", "={f23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 157, i32 0, double %v)
  call void asm sideeffect "", "{f23}"(double %v)
  ret void
}

define void @pin_158() {
  %v = call float asm sideeffect "", "={f23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 158, i32 0, float %v)
  call void asm sideeffect "", "{f23}"(float %v)
  ret void
}

define void @pin_159() {
  %v = call <4 x i32> asm sideeffect "", "={vs23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 159, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs23}"(<4 x i32> %v)
  ret void
}

define void @pin_160() {
  %v = call <4 x i32> asm sideeffect "", "={v23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 160, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v23}"(<4 x i32> %v)
  ret void
}

define void @pin_161() {
  %v = call double asm sideeffect "", "={f24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 161, i32 0, double %v)
  call void asm sideeffect "", "{f24}"(double %v)
  ret void
}

define void @pin_162() {
  %v = call float asm sideeffect "", "={f24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 162, i32 0, float %v)
  call void asm sideeffect "", "{f24}"(float %v)
  ret void
}

define void @pin_163() {
  %v = call <4 x i32> asm sideeffect "", "={vs24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 163, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs24}"(<4 x i32> %v)
  ret void
}

define void @pin_164() {
  %v = call <4 x i32> asm sideeffect "", "={v24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 164, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v24}"(<4 x i32> %v)
  ret void
}

define void @pin_165() {
  %v = call double asm sideeffect "", "={f25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 165, i32 0, double %v)
  call void asm sideeffect "", "{f25}"(double %v)
  ret void
}

define void @pin_166() {
  %v = call float asm sideeffect "", "={f25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 166, i32 0, float %v)
  call void asm sideeffect "", "{f25}"(float %v)
  ret void
}

define void @pin_167() {
  %v = call <4 x i32> asm sideeffect "", "={vs25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 167, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs25}"(<4 x i32> %v)
  ret void
}

define void @pin_168() {
  %v = call <4 x i32> asm sideeffect "", "={v25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 168, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v25}"(<4 x i32> %v)
  ret void
}

define void @pin_169() {
  %v = call double asm sideeffect "", "={f26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 169, i32 0, double %v)
  call void asm sideeffect "", "{f26}"(double %v)
  ret void
}

define void @pin_170() {
  %v = call float asm sideeffect "", "={f26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 170, i32 0, float %v)
  call void asm sideeffect "", "{f26}"(float %v)
  ret void
}

define void @pin_171() {
  %v = call <4 x i32> asm sideeffect "", "={vs26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 171, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs26}"(<4 x i32> %v)
  ret void
}

define void @pin_172() {
  %v = call <4 x i32> asm sideeffect "", "={v26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 172, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v26}"(<4 x i32> %v)
  ret void
}

define void @pin_173() {
  %v = call double asm sideeffect "", "={f27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 173, i32 0, double %v)
  call void asm sideeffect "", "{f27}"(double %v)
  ret void
}

define void @pin_174() {
  %v = call float asm sideeffect "", "={f27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 174, i32 0, float %v)
  call void asm sideeffect "", "{f27}"(float %v)
  ret void
}

define void @pin_175() {
  %v = call <4 x i32> asm sideeffect "", "={vs27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 175, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs27}"(<4 x i32> %v)
  ret void
}

define void @pin_176() {
  %v = call <4 x i32> asm sideeffect "", "={v27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 176, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v27}"(<4 x i32> %v)
  ret void
}

define void @pin_177() {
  %v = call double asm sideeffect "", "={f28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 177, i32 0, double %v)
  call void asm sideeffect "", "{f28}"(double %v)
  ret void
}

define void @pin_178() {
  %v = call float asm sideeffect "", "={f28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 178, i32 0, float %v)
  call void asm sideeffect "", "{f28}"(float %v)
  ret void
}

define void @pin_179() {
  %v = call <4 x i32> asm sideeffect "", "={vs28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 179, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs28}"(<4 x i32> %v)
  ret void
}

define void @pin_180() {
  %v = call <4 x i32> asm sideeffect "", "={v28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 180, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v28}"(<4 x i32> %v)
  ret void
}

define void @pin_181() {
  %v = call double asm sideeffect "", "={f29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 181, i32 0, double %v)
  call void asm sideeffect "", "{f29}"(double %v)
  ret void
}

define void @pin_182() {
  %v = call float asm sideeffect "", "={f29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 182, i32 0, float %v)
  call void asm sideeffect "", "{f29}"(float %v)
  ret void
}

define void @pin_183() {
  %v = call <4 x i32> asm sideeffect "", "={vs29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 183, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs29}"(<4 x i32> %v)
  ret void
}

define void @pin_184() {
  %v = call <4 x i32> asm sideeffect "", "={v29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 184, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v29}"(<4 x i32> %v)
  ret void
}

define void @pin_185() {
  %v = call double asm sideeffect "", "={f30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 185, i32 0, double %v)
  call void asm sideeffect "", "{f30}"(double %v)
  ret void
}

define void @pin_186() {
  %v = call float asm sideeffect "", "={f30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 186, i32 0, float %v)
  call void asm sideeffect "", "{f30}"(float %v)
  ret void
}

define void @pin_187() {
  %v = call <4 x i32> asm sideeffect "", "={vs30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 187, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs30}"(<4 x i32> %v)
  ret void
}

define void @pin_188() {
  %v = call <4 x i32> asm sideeffect "", "={v30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 188, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v30}"(<4 x i32> %v)
  ret void
}

define void @pin_189() {
  %v = call double asm sideeffect "", "={f31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 189, i32 0, double %v)
  call void asm sideeffect "", "{f31}"(double %v)
  ret void
}

define void @pin_190() {
  %v = call float asm sideeffect "", "={f31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 190, i32 0, float %v)
  call void asm sideeffect "", "{f31}"(float %v)
  ret void
}

define void @pin_191() {
  %v = call <4 x i32> asm sideeffect "", "={vs31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 191, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{vs31}"(<4 x i32> %v)
  ret void
}

define void @pin_192() {
  %v = call <4 x i32> asm sideeffect "", "={v31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 192, i32 0, <4 x i32> %v)
  call void asm sideeffect "", "{v31}"(<4 x i32> %v)
  ret void
}

define void @pin_193() {
  %v = call i32 asm sideeffect "", "={cr0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 193, i32 0, i32 %v)
  call void asm sideeffect "", "{cr0}"(i32 %v)
  ret void
}

define void @pin_194() {
  %v = call i32 asm sideeffect "", "={cr1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 194, i32 0, i32 %v)
  call void asm sideeffect "", "{cr1}"(i32 %v)
  ret void
}

define void @pin_195() {
  %v = call i32 asm sideeffect "", "={cr2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 195, i32 0, i32 %v)
  call void asm sideeffect "", "{cr2}"(i32 %v)
  ret void
}

define void @pin_196() {
  %v = call i32 asm sideeffect "", "={cr3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 196, i32 0, i32 %v)
  call void asm sideeffect "", "{cr3}"(i32 %v)
  ret void
}

define void @pin_197() {
  %v = call i32 asm sideeffect "", "={cr4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 197, i32 0, i32 %v)
  call void asm sideeffect "", "{cr4}"(i32 %v)
  ret void
}

define void @pin_198() {
  %v = call i32 asm sideeffect "", "={cr5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 198, i32 0, i32 %v)
  call void asm sideeffect "", "{cr5}"(i32 %v)
  ret void
}

define void @pin_199() {
  %v = call i32 asm sideeffect "", "={cr6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 199, i32 0, i32 %v)
  call void asm sideeffect "", "{cr6}"(i32 %v)
  ret void
}

define void @pin_200() {
  %v = call i32 asm sideeffect "", "={cr7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 200, i32 0, i32 %v)
  call void asm sideeffect "", "{cr7}"(i32 %v)
  ret void
}
