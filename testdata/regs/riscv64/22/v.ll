declare void @llvm.experimental.stackmap(i64, i32, ...)

define void @pin_1() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v0}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v0}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_2() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v1}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v1}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_3() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v2}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v2}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_4() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v3}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 4, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v3}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_5() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v4}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v4}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_6() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v5}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v5}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_7() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v6}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 7, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v6}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_8() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v7}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 8, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v7}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_9() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v8}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 9, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v8}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_10() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v9}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 10, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v9}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_11() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v10}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 11, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v10}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_12() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v11}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 12, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v11}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_13() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v12}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 13, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v12}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_14() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v13}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 14, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v13}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_15() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v14}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 15, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v14}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_16() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v15}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 16, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v15}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_17() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v16}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 17, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v16}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_18() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v17}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 18, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v17}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_19() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v18}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 19, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v18}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_20() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v19}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 20, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v19}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_21() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v20}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 21, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v20}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_22() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v21}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 22, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v21}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_23() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v22}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 23, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v22}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_24() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v23}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 24, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v23}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_25() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v24}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 25, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v24}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_26() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v25}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 26, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v25}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_27() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v26}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 27, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v26}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_28() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v27}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 28, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v27}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_29() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v28}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 29, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v28}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_30() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v29}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 30, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v29}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_31() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v30}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 31, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v30}"(<vscale x 2 x i32> %v)
  ret void
}

define void @pin_32() {
  %v = call <vscale x 2 x i32> asm sideeffect "", "={v31}"()
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 32, i32 0, <vscale x 2 x i32> %v)
  call void asm sideeffect "", "{v31}"(<vscale x 2 x i32> %v)
  ret void
}
