; tail.ll - tail calls in the middle of a function and at its end: the
; epilogs end in a jmp rel32 whose displacement, in the object, is the
; REL32 relocation's to fill (testdata/windows/gen.sh builds tail.o).
declare void @ext(i64)
declare void @ext2(i64)
declare void @ext3(i64)
define void @tails(i64 %x) {
entry:
  call void asm sideeffect "", "~{rbx},~{r12}"()
  %c = icmp eq i64 %x, 0
  br i1 %c, label %a, label %b
a:
  call void @ext3(i64 %x)
  tail call void @ext(i64 1)
  ret void
b:
  call void @ext3(i64 %x)
  tail call void @ext2(i64 %x)
  ret void
}
