declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @pin_1() {
  %v = call i64 asm sideeffect "", "={r16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %v)
  call void asm sideeffect "", "{r16}"(i64 %v)
  ret void
}

define void @pin_2() {
  %v = call i32 asm sideeffect "", "={r16d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, i32 %v)
  call void asm sideeffect "", "{r16d}"(i32 %v)
  ret void
}

define void @pin_3() {
  %v = call i16 asm sideeffect "", "={r16w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, i16 %v)
  call void asm sideeffect "", "{r16w}"(i16 %v)
  ret void
}

define void @pin_4() {
  %v = call i8 asm sideeffect "", "={r16b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4, i32 0, i8 %v)
  call void asm sideeffect "", "{r16b}"(i8 %v)
  ret void
}

define void @pin_5() {
  %v = call i64 asm sideeffect "", "={r17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, i64 %v)
  call void asm sideeffect "", "{r17}"(i64 %v)
  ret void
}

define void @pin_6() {
  %v = call i32 asm sideeffect "", "={r17d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6, i32 0, i32 %v)
  call void asm sideeffect "", "{r17d}"(i32 %v)
  ret void
}

define void @pin_7() {
  %v = call i16 asm sideeffect "", "={r17w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7, i32 0, i16 %v)
  call void asm sideeffect "", "{r17w}"(i16 %v)
  ret void
}

define void @pin_8() {
  %v = call i8 asm sideeffect "", "={r17b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8, i32 0, i8 %v)
  call void asm sideeffect "", "{r17b}"(i8 %v)
  ret void
}

define void @pin_9() {
  %v = call i64 asm sideeffect "", "={r18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9, i32 0, i64 %v)
  call void asm sideeffect "", "{r18}"(i64 %v)
  ret void
}

define void @pin_10() {
  %v = call i32 asm sideeffect "", "={r18d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 10, i32 0, i32 %v)
  call void asm sideeffect "", "{r18d}"(i32 %v)
  ret void
}

define void @pin_11() {
  %v = call i16 asm sideeffect "", "={r18w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 11, i32 0, i16 %v)
  call void asm sideeffect "", "{r18w}"(i16 %v)
  ret void
}

define void @pin_12() {
  %v = call i8 asm sideeffect "", "={r18b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 12, i32 0, i8 %v)
  call void asm sideeffect "", "{r18b}"(i8 %v)
  ret void
}

define void @pin_13() {
  %v = call i64 asm sideeffect "", "={r19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 13, i32 0, i64 %v)
  call void asm sideeffect "", "{r19}"(i64 %v)
  ret void
}

define void @pin_14() {
  %v = call i32 asm sideeffect "", "={r19d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 14, i32 0, i32 %v)
  call void asm sideeffect "", "{r19d}"(i32 %v)
  ret void
}

define void @pin_15() {
  %v = call i16 asm sideeffect "", "={r19w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 15, i32 0, i16 %v)
  call void asm sideeffect "", "{r19w}"(i16 %v)
  ret void
}

define void @pin_16() {
  %v = call i8 asm sideeffect "", "={r19b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 16, i32 0, i8 %v)
  call void asm sideeffect "", "{r19b}"(i8 %v)
  ret void
}

define void @pin_17() {
  %v = call i64 asm sideeffect "", "={r20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 17, i32 0, i64 %v)
  call void asm sideeffect "", "{r20}"(i64 %v)
  ret void
}

define void @pin_18() {
  %v = call i32 asm sideeffect "", "={r20d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 18, i32 0, i32 %v)
  call void asm sideeffect "", "{r20d}"(i32 %v)
  ret void
}

define void @pin_19() {
  %v = call i16 asm sideeffect "", "={r20w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 19, i32 0, i16 %v)
  call void asm sideeffect "", "{r20w}"(i16 %v)
  ret void
}

define void @pin_20() {
  %v = call i8 asm sideeffect "", "={r20b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20, i32 0, i8 %v)
  call void asm sideeffect "", "{r20b}"(i8 %v)
  ret void
}

define void @pin_21() {
  %v = call i64 asm sideeffect "", "={r21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 21, i32 0, i64 %v)
  call void asm sideeffect "", "{r21}"(i64 %v)
  ret void
}

define void @pin_22() {
  %v = call i32 asm sideeffect "", "={r21d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 22, i32 0, i32 %v)
  call void asm sideeffect "", "{r21d}"(i32 %v)
  ret void
}

define void @pin_23() {
  %v = call i16 asm sideeffect "", "={r21w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 23, i32 0, i16 %v)
  call void asm sideeffect "", "{r21w}"(i16 %v)
  ret void
}

define void @pin_24() {
  %v = call i8 asm sideeffect "", "={r21b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 24, i32 0, i8 %v)
  call void asm sideeffect "", "{r21b}"(i8 %v)
  ret void
}

define void @pin_25() {
  %v = call i64 asm sideeffect "", "={r22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 25, i32 0, i64 %v)
  call void asm sideeffect "", "{r22}"(i64 %v)
  ret void
}

define void @pin_26() {
  %v = call i32 asm sideeffect "", "={r22d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 26, i32 0, i32 %v)
  call void asm sideeffect "", "{r22d}"(i32 %v)
  ret void
}

define void @pin_27() {
  %v = call i16 asm sideeffect "", "={r22w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 27, i32 0, i16 %v)
  call void asm sideeffect "", "{r22w}"(i16 %v)
  ret void
}

define void @pin_28() {
  %v = call i8 asm sideeffect "", "={r22b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 28, i32 0, i8 %v)
  call void asm sideeffect "", "{r22b}"(i8 %v)
  ret void
}

define void @pin_29() {
  %v = call i64 asm sideeffect "", "={r23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 29, i32 0, i64 %v)
  call void asm sideeffect "", "{r23}"(i64 %v)
  ret void
}

define void @pin_30() {
  %v = call i32 asm sideeffect "", "={r23d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 30, i32 0, i32 %v)
  call void asm sideeffect "", "{r23d}"(i32 %v)
  ret void
}

define void @pin_31() {
  %v = call i16 asm sideeffect "", "={r23w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 31, i32 0, i16 %v)
  call void asm sideeffect "", "{r23w}"(i16 %v)
  ret void
}

define void @pin_32() {
  %v = call i8 asm sideeffect "", "={r23b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 32, i32 0, i8 %v)
  call void asm sideeffect "", "{r23b}"(i8 %v)
  ret void
}

define void @pin_33() {
  %v = call i64 asm sideeffect "", "={r24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 33, i32 0, i64 %v)
  call void asm sideeffect "", "{r24}"(i64 %v)
  ret void
}

define void @pin_34() {
  %v = call i32 asm sideeffect "", "={r24d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 34, i32 0, i32 %v)
  call void asm sideeffect "", "{r24d}"(i32 %v)
  ret void
}

define void @pin_35() {
  %v = call i16 asm sideeffect "", "={r24w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 35, i32 0, i16 %v)
  call void asm sideeffect "", "{r24w}"(i16 %v)
  ret void
}

define void @pin_36() {
  %v = call i8 asm sideeffect "", "={r24b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 36, i32 0, i8 %v)
  call void asm sideeffect "", "{r24b}"(i8 %v)
  ret void
}

define void @pin_37() {
  %v = call i64 asm sideeffect "", "={r25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 37, i32 0, i64 %v)
  call void asm sideeffect "", "{r25}"(i64 %v)
  ret void
}

define void @pin_38() {
  %v = call i32 asm sideeffect "", "={r25d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 38, i32 0, i32 %v)
  call void asm sideeffect "", "{r25d}"(i32 %v)
  ret void
}

define void @pin_39() {
  %v = call i16 asm sideeffect "", "={r25w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 39, i32 0, i16 %v)
  call void asm sideeffect "", "{r25w}"(i16 %v)
  ret void
}

define void @pin_40() {
  %v = call i8 asm sideeffect "", "={r25b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40, i32 0, i8 %v)
  call void asm sideeffect "", "{r25b}"(i8 %v)
  ret void
}

define void @pin_41() {
  %v = call i64 asm sideeffect "", "={r26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 41, i32 0, i64 %v)
  call void asm sideeffect "", "{r26}"(i64 %v)
  ret void
}

define void @pin_42() {
  %v = call i32 asm sideeffect "", "={r26d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 42, i32 0, i32 %v)
  call void asm sideeffect "", "{r26d}"(i32 %v)
  ret void
}

define void @pin_43() {
  %v = call i16 asm sideeffect "", "={r26w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 43, i32 0, i16 %v)
  call void asm sideeffect "", "{r26w}"(i16 %v)
  ret void
}

define void @pin_44() {
  %v = call i8 asm sideeffect "", "={r26b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 44, i32 0, i8 %v)
  call void asm sideeffect "", "{r26b}"(i8 %v)
  ret void
}

define void @pin_45() {
  %v = call i64 asm sideeffect "", "={r27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45, i32 0, i64 %v)
  call void asm sideeffect "", "{r27}"(i64 %v)
  ret void
}

define void @pin_46() {
  %v = call i32 asm sideeffect "", "={r27d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 46, i32 0, i32 %v)
  call void asm sideeffect "", "{r27d}"(i32 %v)
  ret void
}

define void @pin_47() {
  %v = call i16 asm sideeffect "", "={r27w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 47, i32 0, i16 %v)
  call void asm sideeffect "", "{r27w}"(i16 %v)
  ret void
}

define void @pin_48() {
  %v = call i8 asm sideeffect "", "={r27b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 48, i32 0, i8 %v)
  call void asm sideeffect "", "{r27b}"(i8 %v)
  ret void
}

define void @pin_49() {
  %v = call i64 asm sideeffect "", "={r28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 49, i32 0, i64 %v)
  call void asm sideeffect "", "{r28}"(i64 %v)
  ret void
}

define void @pin_50() {
  %v = call i32 asm sideeffect "", "={r28d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 50, i32 0, i32 %v)
  call void asm sideeffect "", "{r28d}"(i32 %v)
  ret void
}

define void @pin_51() {
  %v = call i16 asm sideeffect "", "={r28w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 51, i32 0, i16 %v)
  call void asm sideeffect "", "{r28w}"(i16 %v)
  ret void
}

define void @pin_52() {
  %v = call i8 asm sideeffect "", "={r28b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 52, i32 0, i8 %v)
  call void asm sideeffect "", "{r28b}"(i8 %v)
  ret void
}

define void @pin_53() {
  %v = call i64 asm sideeffect "", "={r29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 53, i32 0, i64 %v)
  call void asm sideeffect "", "{r29}"(i64 %v)
  ret void
}

define void @pin_54() {
  %v = call i32 asm sideeffect "", "={r29d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 54, i32 0, i32 %v)
  call void asm sideeffect "", "{r29d}"(i32 %v)
  ret void
}

define void @pin_55() {
  %v = call i16 asm sideeffect "", "={r29w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 55, i32 0, i16 %v)
  call void asm sideeffect "", "{r29w}"(i16 %v)
  ret void
}

define void @pin_56() {
  %v = call i8 asm sideeffect "", "={r29b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 56, i32 0, i8 %v)
  call void asm sideeffect "", "{r29b}"(i8 %v)
  ret void
}

define void @pin_57() {
  %v = call i64 asm sideeffect "", "={r30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 57, i32 0, i64 %v)
  call void asm sideeffect "", "{r30}"(i64 %v)
  ret void
}

define void @pin_58() {
  %v = call i32 asm sideeffect "", "={r30d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 58, i32 0, i32 %v)
  call void asm sideeffect "", "{r30d}"(i32 %v)
  ret void
}

define void @pin_59() {
  %v = call i16 asm sideeffect "", "={r30w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 59, i32 0, i16 %v)
  call void asm sideeffect "", "{r30w}"(i16 %v)
  ret void
}

define void @pin_60() {
  %v = call i8 asm sideeffect "", "={r30b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 60, i32 0, i8 %v)
  call void asm sideeffect "", "{r30b}"(i8 %v)
  ret void
}

define void @pin_61() {
  %v = call i64 asm sideeffect "", "={r31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 61, i32 0, i64 %v)
  call void asm sideeffect "", "{r31}"(i64 %v)
  ret void
}

define void @pin_62() {
  %v = call i32 asm sideeffect "", "={r31d}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 62, i32 0, i32 %v)
  call void asm sideeffect "", "{r31d}"(i32 %v)
  ret void
}

define void @pin_63() {
  %v = call i16 asm sideeffect "", "={r31w}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 63, i32 0, i16 %v)
  call void asm sideeffect "", "{r31w}"(i16 %v)
  ret void
}

define void @pin_64() {
  %v = call i8 asm sideeffect "", "={r31b}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 64, i32 0, i8 %v)
  call void asm sideeffect "", "{r31b}"(i8 %v)
  ret void
}
