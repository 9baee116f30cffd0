; Return address signing (AArch64 pointer authentication) around stack
; maps: "sign-return-address"="all" makes llc sign x30 with paciasp in the
; prologue and say so in the CFI (DW_CFA_AARCH64_negate_ra_state), so the
; unwind row at every call site has the return address signed.
target triple = "aarch64-unknown-linux-gnu"

declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @callee(i64)

define i64 @pac_signed(i64 %a, i64 %b) #0 {
entry:
  %s = add i64 %a, %b
  call void @callee(i64 %s)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 1, i32 0, i64 %a, i64 %s)
  call void @callee(i64 %a)
  ret i64 %s
}

; The same without signing: its rows must not say signed.
define i64 @pac_plain(i64 %a, i64 %b) {
entry:
  %s = add i64 %a, %b
  call void @callee(i64 %s)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 2, i32 0, i64 %a, i64 %s)
  call void @callee(i64 %a)
  ret i64 %s
}

; B key, and signing only in functions that save x30 ("non-leaf").
define i64 @pac_bkey(i64 %a) #1 {
entry:
  call void @callee(i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 3, i32 0, i64 %a)
  ret i64 %a
}

attributes #0 = { "sign-return-address"="all" "sign-return-address-key"="a_key" }
attributes #1 = { "sign-return-address"="non-leaf" "sign-return-address-key"="b_key" }
