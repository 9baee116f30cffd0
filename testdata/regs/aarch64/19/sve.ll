declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @pin_1() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z0}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_2() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z1}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_3() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z2}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_4() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z3}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_5() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z4}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_6() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z5}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_7() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z6}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_8() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z7}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_9() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z8}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_10() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 10, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z9}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_11() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 11, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z10}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_12() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 12, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z11}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_13() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 13, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z12}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_14() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 14, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z13}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_15() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 15, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z14}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_16() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 16, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z15}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_17() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 17, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z16}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_18() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 18, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z17}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_19() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 19, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z18}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_20() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z19}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_21() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 21, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z20}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_22() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 22, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z21}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_23() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 23, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z22}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_24() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 24, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z23}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_25() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 25, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z24}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_26() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 26, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z25}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_27() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 27, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z26}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_28() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 28, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z27}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_29() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 29, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z28}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_30() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 30, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z29}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_31() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 31, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z30}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_32() {
  %v = call <vscale x 4 x i32> asm sideeffect "", "={z31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 32, i32 0, <vscale x 4 x i32> %v)
  call void asm sideeffect "", "{z31}"(<vscale x 4 x i32> %v)
  ret void
}

define void @pin_33() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 33, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p0}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_34() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 34, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p1}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_35() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 35, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p2}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_36() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 36, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p3}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_37() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 37, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p4}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_38() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 38, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p5}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_39() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 39, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p6}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_40() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p7}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_41() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 41, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p8}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_42() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 42, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p9}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_43() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 43, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p10}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_44() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 44, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p11}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_45() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 45, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p12}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_46() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 46, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p13}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_47() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 47, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p14}"(<vscale x 16 x i1> %v)
  ret void
}

define void @pin_48() {
  %v = call <vscale x 16 x i1> asm sideeffect "", "={p15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 48, i32 0, <vscale x 16 x i1> %v)
  call void asm sideeffect "", "{p15}"(<vscale x 16 x i1> %v)
  ret void
}
