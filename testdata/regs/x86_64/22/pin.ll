declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @pin_1() {
  %v = call i64 asm sideeffect "", "={rax}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %v)
  call void asm sideeffect "", "{rax}"(i64 %v)
  ret void
}

define void @pin_2() {
  %v = call i32 asm sideeffect "", "={eax}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, i32 %v)
  call void asm sideeffect "", "{eax}"(i32 %v)
  ret void
}

define void @pin_3() {
  %v = call i16 asm sideeffect "", "={ax}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, i16 %v)
  call void asm sideeffect "", "{ax}"(i16 %v)
  ret void
}

define void @pin_4() {
  %v = call i8 asm sideeffect "", "={al}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4, i32 0, i8 %v)
  call void asm sideeffect "", "{al}"(i8 %v)
  ret void
}

define void @pin_5() {
  %v = call i64 asm sideeffect "", "={rbx}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, i64 %v)
  call void asm sideeffect "", "{rbx}"(i64 %v)
  ret void
}

define void @pin_6() {
  %v = call i32 asm sideeffect "", "={ebx}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6, i32 0, i32 %v)
  call void asm sideeffect "", "{ebx}"(i32 %v)
  ret void
}

define void @pin_7() {
  %v = call i16 asm sideeffect "", "={bx}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7, i32 0, i16 %v)
  call void asm sideeffect "", "{bx}"(i16 %v)
  ret void
}

define void @pin_8() {
  %v = call i8 asm sideeffect "", "={bl}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8, i32 0, i8 %v)
  call void asm sideeffect "", "{bl}"(i8 %v)
  ret void
}

define void @pin_9() {
  %v = call i64 asm sideeffect "", "={rcx}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9, i32 0, i64 %v)
  call void asm sideeffect "", "{rcx}"(i64 %v)
  ret void
}

define void @pin_10() {
  %v = call i32 asm sideeffect "", "={ecx}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 10, i32 0, i32 %v)
  call void asm sideeffect "", "{ecx}"(i32 %v)
  ret void
}

define void @pin_11() {
  %v = call i16 asm sideeffect "", "={cx}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 11, i32 0, i16 %v)
  call void asm sideeffect "", "{cx}"(i16 %v)
  ret void
}

define void @pin_12() {
  %v = call i8 asm sideeffect "", "={cl}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 12, i32 0, i8 %v)
  call void asm sideeffect "", "{cl}"(i8 %v)
  ret void
}

define void @pin_13() {
  %v = call i64 asm sideeffect "", "={rdx}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 13, i32 0, i64 %v)
  call void asm sideeffect "", "{rdx}"(i64 %v)
  ret void
}

define void @pin_14() {
  %v = call i32 asm sideeffect "", "={edx}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 14, i32 0, i32 %v)
  call void asm sideeffect "", "{edx}"(i32 %v)
  ret void
}

define void @pin_15() {
  %v = call i16 asm sideeffect "", "={dx}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 15, i32 0, i16 %v)
  call void asm sideeffect "", "{dx}"(i16 %v)
  ret void
}

define void @pin_16() {
  %v = call i8 asm sideeffect "", "={dl}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 16, i32 0, i8 %v)
  call void asm sideeffect "", "{dl}"(i8 %v)
  ret void
}

define void @pin_17() {
  %v = call i64 asm sideeffect "", "={rsi}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 17, i32 0, i64 %v)
  call void asm sideeffect "", "{rsi}"(i64 %v)
  ret void
}

define void @pin_18() {
  %v = call i32 asm sideeffect "", "={esi}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 18, i32 0, i32 %v)
  call void asm sideeffect "", "{esi}"(i32 %v)
  ret void
}

define void @pin_19() {
  %v = call i16 asm sideeffect "", "={si}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 19, i32 0, i16 %v)
  call void asm sideeffect "", "{si}"(i16 %v)
  ret void
}

define void @pin_20() {
  %v = call i8 asm sideeffect "", "={sil}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20, i32 0, i8 %v)
  call void asm sideeffect "", "{sil}"(i8 %v)
  ret void
}

define void @pin_21() {
  %v = call i64 asm sideeffect "", "={rdi}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 21, i32 0, i64 %v)
  call void asm sideeffect "", "{rdi}"(i64 %v)
  ret void
}

define void @pin_22() {
  %v = call i32 asm sideeffect "", "={edi}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 22, i32 0, i32 %v)
  call void asm sideeffect "", "{edi}"(i32 %v)
  ret void
}

define void @pin_23() {
  %v = call i16 asm sideeffect "", "={di}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 23, i32 0, i16 %v)
  call void asm sideeffect "", "{di}"(i16 %v)
  ret void
}

define void @pin_24() {
  %v = call i8 asm sideeffect "", "={dil}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 24, i32 0, i8 %v)
  call void asm sideeffect "", "{dil}"(i8 %v)
  ret void
}

define void @pin_25() {
  %v = call i64 asm sideeffect "", "={rbp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 25, i32 0, i64 %v)
  call void asm sideeffect "", "{rbp}"(i64 %v)
  ret void
}

define void @pin_26() {
  %v = call i32 asm sideeffect "", "={ebp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 26, i32 0, i32 %v)
  call void asm sideeffect "", "{ebp}"(i32 %v)
  ret void
}

define void @pin_27() {
  %v = call i16 asm sideeffect "", "={bp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 27, i32 0, i16 %v)
  call void asm sideeffect "", "{bp}"(i16 %v)
  ret void
}

define void @pin_28() {
  %v = call i8 asm sideeffect "", "={bpl}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 28, i32 0, i8 %v)
  call void asm sideeffect "", "{bpl}"(i8 %v)
  ret void
}

define void @pin_29() {
  %v = call i64 asm sideeffect "", "={rsp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 29, i32 0, i64 %v)
  call void asm sideeffect "", "{rsp}"(i64 %v)
  ret void
}

define void @pin_30() {
  %v = call i32 asm sideeffect "", "={esp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 30, i32 0, i32 %v)
  call void asm sideeffect "", "{esp}"(i32 %v)
  ret void
}

define void @pin_31() {
  %v = call i16 asm sideeffect "", "={sp}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 31, i32 0, i16 %v)
  call void asm sideeffect "", "{sp}"(i16 %v)
  ret void
}

define void @pin_32() {
  %v = call i8 asm sideeffect "", "={spl}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 32, i32 0, i8 %v)
  call void asm sideeffect "", "{spl}"(i8 %v)
  ret void
}

define void @pin_33() {
  %v = call i64 asm sideeffect "", "={r8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 33, i32 0, i64 %v)
  call void asm sideeffect "", "{r8}"(i64 %v)
  ret void
}

define void @pin_34() {
  %v = call i32 asm sideeffect "", "={r8d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 34, i32 0, i32 %v)
  call void asm sideeffect "", "{r8d}"(i32 %v)
  ret void
}

define void @pin_35() {
  %v = call i16 asm sideeffect "", "={r8w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 35, i32 0, i16 %v)
  call void asm sideeffect "", "{r8w}"(i16 %v)
  ret void
}

define void @pin_36() {
  %v = call i8 asm sideeffect "", "={r8b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 36, i32 0, i8 %v)
  call void asm sideeffect "", "{r8b}"(i8 %v)
  ret void
}

define void @pin_37() {
  %v = call i64 asm sideeffect "", "={r9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 37, i32 0, i64 %v)
  call void asm sideeffect "", "{r9}"(i64 %v)
  ret void
}

define void @pin_38() {
  %v = call i32 asm sideeffect "", "={r9d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 38, i32 0, i32 %v)
  call void asm sideeffect "", "{r9d}"(i32 %v)
  ret void
}

define void @pin_39() {
  %v = call i16 asm sideeffect "", "={r9w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 39, i32 0, i16 %v)
  call void asm sideeffect "", "{r9w}"(i16 %v)
  ret void
}

define void @pin_40() {
  %v = call i8 asm sideeffect "", "={r9b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40, i32 0, i8 %v)
  call void asm sideeffect "", "{r9b}"(i8 %v)
  ret void
}

define void @pin_41() {
  %v = call i64 asm sideeffect "", "={r10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 41, i32 0, i64 %v)
  call void asm sideeffect "", "{r10}"(i64 %v)
  ret void
}

define void @pin_42() {
  %v = call i32 asm sideeffect "", "={r10d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 42, i32 0, i32 %v)
  call void asm sideeffect "", "{r10d}"(i32 %v)
  ret void
}

define void @pin_43() {
  %v = call i16 asm sideeffect "", "={r10w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 43, i32 0, i16 %v)
  call void asm sideeffect "", "{r10w}"(i16 %v)
  ret void
}

define void @pin_44() {
  %v = call i8 asm sideeffect "", "={r10b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 44, i32 0, i8 %v)
  call void asm sideeffect "", "{r10b}"(i8 %v)
  ret void
}

define void @pin_45() {
  %v = call i64 asm sideeffect "", "={r11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45, i32 0, i64 %v)
  call void asm sideeffect "", "{r11}"(i64 %v)
  ret void
}

define void @pin_46() {
  %v = call i32 asm sideeffect "", "={r11d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 46, i32 0, i32 %v)
  call void asm sideeffect "", "{r11d}"(i32 %v)
  ret void
}

define void @pin_47() {
  %v = call i16 asm sideeffect "", "={r11w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 47, i32 0, i16 %v)
  call void asm sideeffect "", "{r11w}"(i16 %v)
  ret void
}

define void @pin_48() {
  %v = call i8 asm sideeffect "", "={r11b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 48, i32 0, i8 %v)
  call void asm sideeffect "", "{r11b}"(i8 %v)
  ret void
}

define void @pin_49() {
  %v = call i64 asm sideeffect "", "={r12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 49, i32 0, i64 %v)
  call void asm sideeffect "", "{r12}"(i64 %v)
  ret void
}

define void @pin_50() {
  %v = call i32 asm sideeffect "", "={r12d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 50, i32 0, i32 %v)
  call void asm sideeffect "", "{r12d}"(i32 %v)
  ret void
}

define void @pin_51() {
  %v = call i16 asm sideeffect "", "={r12w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 51, i32 0, i16 %v)
  call void asm sideeffect "", "{r12w}"(i16 %v)
  ret void
}

define void @pin_52() {
  %v = call i8 asm sideeffect "", "={r12b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 52, i32 0, i8 %v)
  call void asm sideeffect "", "{r12b}"(i8 %v)
  ret void
}

define void @pin_53() {
  %v = call i64 asm sideeffect "", "={r13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 53, i32 0, i64 %v)
  call void asm sideeffect "", "{r13}"(i64 %v)
  ret void
}

define void @pin_54() {
  %v = call i32 asm sideeffect "", "={r13d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 54, i32 0, i32 %v)
  call void asm sideeffect "", "{r13d}"(i32 %v)
  ret void
}

define void @pin_55() {
  %v = call i16 asm sideeffect "", "={r13w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 55, i32 0, i16 %v)
  call void asm sideeffect "", "{r13w}"(i16 %v)
  ret void
}

define void @pin_56() {
  %v = call i8 asm sideeffect "", "={r13b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 56, i32 0, i8 %v)
  call void asm sideeffect "", "{r13b}"(i8 %v)
  ret void
}

define void @pin_57() {
  %v = call i64 asm sideeffect "", "={r14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 57, i32 0, i64 %v)
  call void asm sideeffect "", "{r14}"(i64 %v)
  ret void
}

define void @pin_58() {
  %v = call i32 asm sideeffect "", "={r14d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 58, i32 0, i32 %v)
  call void asm sideeffect "", "{r14d}"(i32 %v)
  ret void
}

define void @pin_59() {
  %v = call i16 asm sideeffect "", "={r14w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 59, i32 0, i16 %v)
  call void asm sideeffect "", "{r14w}"(i16 %v)
  ret void
}

define void @pin_60() {
  %v = call i8 asm sideeffect "", "={r14b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 60, i32 0, i8 %v)
  call void asm sideeffect "", "{r14b}"(i8 %v)
  ret void
}

define void @pin_61() {
  %v = call i64 asm sideeffect "", "={r15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 61, i32 0, i64 %v)
  call void asm sideeffect "", "{r15}"(i64 %v)
  ret void
}

define void @pin_62() {
  %v = call i32 asm sideeffect "", "={r15d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 62, i32 0, i32 %v)
  call void asm sideeffect "", "{r15d}"(i32 %v)
  ret void
}

define void @pin_63() {
  %v = call i16 asm sideeffect "", "={r15w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 63, i32 0, i16 %v)
  call void asm sideeffect "", "{r15w}"(i16 %v)
  ret void
}

define void @pin_64() {
  %v = call i8 asm sideeffect "", "={r15b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 64, i32 0, i8 %v)
  call void asm sideeffect "", "{r15b}"(i8 %v)
  ret void
}

define void @pin_65() {
  %v = call <4 x float> asm sideeffect "", "={xmm0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 65, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm0}"(<4 x float> %v)
  ret void
}

define void @pin_66() {
  %v = call float asm sideeffect "", "={xmm0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 66, i32 0, float %v)
  call void asm sideeffect "", "{xmm0}"(float %v)
  ret void
}

define void @pin_67() {
  %v = call <8 x float> asm sideeffect "", "={ymm0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 67, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm0}"(<8 x float> %v)
  ret void
}

define void @pin_68() {
  %v = call <4 x float> asm sideeffect "", "={xmm1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 68, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm1}"(<4 x float> %v)
  ret void
}

define void @pin_69() {
  %v = call float asm sideeffect "", "={xmm1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 69, i32 0, float %v)
  call void asm sideeffect "", "{xmm1}"(float %v)
  ret void
}

define void @pin_70() {
  %v = call <8 x float> asm sideeffect "", "={ymm1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 70, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm1}"(<8 x float> %v)
  ret void
}

define void @pin_71() {
  %v = call <4 x float> asm sideeffect "", "={xmm2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 71, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm2}"(<4 x float> %v)
  ret void
}

define void @pin_72() {
  %v = call float asm sideeffect "", "={xmm2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 72, i32 0, float %v)
  call void asm sideeffect "", "{xmm2}"(float %v)
  ret void
}

define void @pin_73() {
  %v = call <8 x float> asm sideeffect "", "={ymm2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 73, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm2}"(<8 x float> %v)
  ret void
}

define void @pin_74() {
  %v = call <4 x float> asm sideeffect "", "={xmm3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 74, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm3}"(<4 x float> %v)
  ret void
}

define void @pin_75() {
  %v = call float asm sideeffect "", "={xmm3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 75, i32 0, float %v)
  call void asm sideeffect "", "{xmm3}"(float %v)
  ret void
}

define void @pin_76() {
  %v = call <8 x float> asm sideeffect "", "={ymm3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 76, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm3}"(<8 x float> %v)
  ret void
}

define void @pin_77() {
  %v = call <4 x float> asm sideeffect "", "={xmm4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 77, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm4}"(<4 x float> %v)
  ret void
}

define void @pin_78() {
  %v = call float asm sideeffect "", "={xmm4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 78, i32 0, float %v)
  call void asm sideeffect "", "{xmm4}"(float %v)
  ret void
}

define void @pin_79() {
  %v = call <8 x float> asm sideeffect "", "={ymm4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 79, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm4}"(<8 x float> %v)
  ret void
}

define void @pin_80() {
  %v = call <4 x float> asm sideeffect "", "={xmm5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 80, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm5}"(<4 x float> %v)
  ret void
}

define void @pin_81() {
  %v = call float asm sideeffect "", "={xmm5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 81, i32 0, float %v)
  call void asm sideeffect "", "{xmm5}"(float %v)
  ret void
}

define void @pin_82() {
  %v = call <8 x float> asm sideeffect "", "={ymm5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 82, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm5}"(<8 x float> %v)
  ret void
}

define void @pin_83() {
  %v = call <4 x float> asm sideeffect "", "={xmm6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 83, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm6}"(<4 x float> %v)
  ret void
}

define void @pin_84() {
  %v = call float asm sideeffect "", "={xmm6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 84, i32 0, float %v)
  call void asm sideeffect "", "{xmm6}"(float %v)
  ret void
}

define void @pin_85() {
  %v = call <8 x float> asm sideeffect "", "={ymm6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 85, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm6}"(<8 x float> %v)
  ret void
}

define void @pin_86() {
  %v = call <4 x float> asm sideeffect "", "={xmm7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 86, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm7}"(<4 x float> %v)
  ret void
}

define void @pin_87() {
  %v = call float asm sideeffect "", "={xmm7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 87, i32 0, float %v)
  call void asm sideeffect "", "{xmm7}"(float %v)
  ret void
}

define void @pin_88() {
  %v = call <8 x float> asm sideeffect "", "={ymm7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 88, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm7}"(<8 x float> %v)
  ret void
}

define void @pin_89() {
  %v = call <4 x float> asm sideeffect "", "={xmm8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 89, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm8}"(<4 x float> %v)
  ret void
}

define void @pin_90() {
  %v = call float asm sideeffect "", "={xmm8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 90, i32 0, float %v)
  call void asm sideeffect "", "{xmm8}"(float %v)
  ret void
}

define void @pin_91() {
  %v = call <8 x float> asm sideeffect "", "={ymm8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 91, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm8}"(<8 x float> %v)
  ret void
}

define void @pin_92() {
  %v = call <4 x float> asm sideeffect "", "={xmm9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 92, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm9}"(<4 x float> %v)
  ret void
}

define void @pin_93() {
  %v = call float asm sideeffect "", "={xmm9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 93, i32 0, float %v)
  call void asm sideeffect "", "{xmm9}"(float %v)
  ret void
}

define void @pin_94() {
  %v = call <8 x float> asm sideeffect "", "={ymm9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 94, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm9}"(<8 x float> %v)
  ret void
}

define void @pin_95() {
  %v = call <4 x float> asm sideeffect "", "={xmm10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 95, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm10}"(<4 x float> %v)
  ret void
}

define void @pin_96() {
  %v = call float asm sideeffect "", "={xmm10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 96, i32 0, float %v)
  call void asm sideeffect "", "{xmm10}"(float %v)
  ret void
}

define void @pin_97() {
  %v = call <8 x float> asm sideeffect "", "={ymm10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 97, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm10}"(<8 x float> %v)
  ret void
}

define void @pin_98() {
  %v = call <4 x float> asm sideeffect "", "={xmm11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 98, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm11}"(<4 x float> %v)
  ret void
}

define void @pin_99() {
  %v = call float asm sideeffect "", "={xmm11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 99, i32 0, float %v)
  call void asm sideeffect "", "{xmm11}"(float %v)
  ret void
}

define void @pin_100() {
  %v = call <8 x float> asm sideeffect "", "={ymm11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 100, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm11}"(<8 x float> %v)
  ret void
}

define void @pin_101() {
  %v = call <4 x float> asm sideeffect "", "={xmm12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 101, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm12}"(<4 x float> %v)
  ret void
}

define void @pin_102() {
  %v = call float asm sideeffect "", "={xmm12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 102, i32 0, float %v)
  call void asm sideeffect "", "{xmm12}"(float %v)
  ret void
}

define void @pin_103() {
  %v = call <8 x float> asm sideeffect "", "={ymm12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 103, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm12}"(<8 x float> %v)
  ret void
}

define void @pin_104() {
  %v = call <4 x float> asm sideeffect "", "={xmm13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 104, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm13}"(<4 x float> %v)
  ret void
}

define void @pin_105() {
  %v = call float asm sideeffect "", "={xmm13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 105, i32 0, float %v)
  call void asm sideeffect "", "{xmm13}"(float %v)
  ret void
}

define void @pin_106() {
  %v = call <8 x float> asm sideeffect "", "={ymm13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 106, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm13}"(<8 x float> %v)
  ret void
}

define void @pin_107() {
  %v = call <4 x float> asm sideeffect "", "={xmm14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 107, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm14}"(<4 x float> %v)
  ret void
}

define void @pin_108() {
  %v = call float asm sideeffect "", "={xmm14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 108, i32 0, float %v)
  call void asm sideeffect "", "{xmm14}"(float %v)
  ret void
}

define void @pin_109() {
  %v = call <8 x float> asm sideeffect "", "={ymm14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 109, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm14}"(<8 x float> %v)
  ret void
}

define void @pin_110() {
  %v = call <4 x float> asm sideeffect "", "={xmm15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 110, i32 0, <4 x float> %v)
  call void asm sideeffect "", "{xmm15}"(<4 x float> %v)
  ret void
}

define void @pin_111() {
  %v = call float asm sideeffect "", "={xmm15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 111, i32 0, float %v)
  call void asm sideeffect "", "{xmm15}"(float %v)
  ret void
}

define void @pin_112() {
  %v = call <8 x float> asm sideeffect "", "={ymm15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 112, i32 0, <8 x float> %v)
  call void asm sideeffect "", "{ymm15}"(<8 x float> %v)
  ret void
}

define void @pin_113() {
  %v = call x86_fp80 asm sideeffect "", "={st(0)}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 113, i32 0, x86_fp80 %v)
  call void asm sideeffect "", "{st(0)}"(x86_fp80 %v)
  ret void
}
