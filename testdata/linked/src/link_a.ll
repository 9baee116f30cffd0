; link_a.ll - first component of the linked binaries (ELF only: uses a COMDAT).
;   @la_global   : default-visibility global function (in a shared library its
;                  stack map address gets a symbolic dynamic relocation)
;   @la_hidden   : hidden function (RELATIVE dynamic relocation)
;   @la_internal : internal function (object relocation against a local symbol)
;   @sm_inline   : linkonce_odr in a COMDAT, also defined in link_b.ll: the
;                  linker keeps one copy, yet both tables keep a function record
;                  pointing at it
;   @la_patch    : anyregcc patchpoint (live-outs)
; IDs 0xA000-0xA0FF.
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare i64 @llvm.experimental.patchpoint.i64(i64, i32, ptr, i32, ...)
$sm_inline = comdat any

define linkonce_odr i64 @sm_inline(i64 %x) comdat {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 48879, i32 0, i64 %x, i64 4294967296)
  ret i64 %x
}

define internal i64 @la_internal(i64 %x) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40962, i32 0, i64 %x, i64 -1)
  ret i64 %x
}

define hidden i64 @la_hidden(i64 %x) {
entry:
  %slot = alloca i64, align 8
  store i64 %x, ptr %slot
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40961, i32 0, ptr %slot, i64 %x)
  %r = call i64 @la_internal(i64 %x)
  ret i64 %r
}

define i64 @la_global(i64 %x) {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40960, i32 0, i64 %x, i64 10000000000)
  %a = call i64 @la_hidden(i64 %x)
  %b = call i64 @sm_inline(i64 %a)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 40963, i32 0, i64 %b)
  ret i64 %b
}

define i64 @la_patch(i64 %a, i64 %b) {
entry:
  %r = call anyregcc i64 (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.i64(i64 40964, i32 16, ptr null, i32 2, i64 %a, i64 %b)
  %s = add i64 %r, %a
  ret i64 %s
}
