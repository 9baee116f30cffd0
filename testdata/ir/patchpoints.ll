; patchpoints.ll - llvm.experimental.patchpoint records, which carry live-outs.
;   @pp_anyreg       : anyregcc patchpoint returning i64; the result and the
;                      arguments are in any registers (all Register
;                      locations, result first); values used afterwards are
;                      reported as live-outs
;   @pp_anyreg_void  : anyregcc void patchpoint with arguments and extra live
;                      values (stack map operands after the call arguments)
;   @pp_ccc_call     : plain C-convention patchpoint with a call target (the
;                      patchable region holds a call sequence); its call
;                      arguments are not recorded, the extra live values are
;   @pp_ccc_nop      : C-convention patchpoint with a null target (nops only),
;                      no arguments and no live values: zero locations
;   @pp_two          : two patchpoints in one function, values live across
; IDs 400-406.
declare void @llvm.experimental.patchpoint.void(i64, i32, ptr, i32, ...)
declare i64 @llvm.experimental.patchpoint.i64(i64, i32, ptr, i32, ...)

define i64 @pp_anyreg(i64 %a, i64 %b, ptr %p) {
entry:
  %r = call anyregcc i64 (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.i64(i64 400, i32 16, ptr null, i32 3, i64 %a, i64 %b, ptr %p)
  %s = add i64 %r, %a
  %t = mul i64 %s, %b
  %u = ptrtoint ptr %p to i64
  %v = xor i64 %t, %u
  ret i64 %v
}

define i64 @pp_anyreg_void(i64 %a, i64 %b, i64 %c) {
entry:
  call anyregcc void (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.void(i64 401, i32 16, ptr null, i32 2, i64 %a, i64 %b, i64 %c, i64 7, i64 8589934592)
  %s = add i64 %a, %b
  %t = add i64 %s, %c
  ret i64 %t
}

define i64 @pp_ccc_call(i64 %a, i64 %b, i64 %c, i64 %d) {
entry:
  %r = call i64 (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.i64(i64 402, i32 40, ptr inttoptr (i64 4277009102 to ptr), i32 2, i64 %a, i64 %b, i64 %c, i64 %d)
  %s = add i64 %r, %c
  %t = add i64 %s, %d
  ret i64 %t
}

define void @pp_ccc_nop() {
entry:
  call void (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.void(i64 403, i32 16, ptr null, i32 0)
  ret void
}

define i64 @pp_two(i64 %a, i64 %b) {
entry:
  %r1 = call anyregcc i64 (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.i64(i64 404, i32 16, ptr null, i32 1, i64 %a, i64 %b)
  %x = add i64 %r1, %b
  %r2 = call i64 (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.i64(i64 405, i32 40, ptr inttoptr (i64 4277009102 to ptr), i32 1, i64 %x, i64 %a, i64 %b)
  %y = add i64 %r2, %a
  %z = add i64 %y, %b
  call void (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.void(i64 406, i32 24, ptr null, i32 0, i64 %z)
  ret i64 %z
}
