// llvmstep.c: LLVM libunwind 22's unw_step over the walk comparison's
// stack (perf/walk.sh). Linked with LLVM's static libunwind.a into a
// shared object whose only export is llvm_step_walk, so that its unw_*
// and _Unwind_* symbols stay apart from libgcc's and nongnu libunwind's.
#include <libunwind.h>
#include <stdint.h>

// llvm_step_walk walks from its caller's frame out to the frame whose
// stack pointer passes stop_sp, reading each frame's IP; it returns the
// number of frames.
__attribute__((visibility("default"))) int llvm_step_walk(uintptr_t stop_sp) {
  unw_context_t uc;
  unw_cursor_t c;
  unw_getcontext(&uc);
  unw_init_local(&c, &uc);
  int n = 0;
  for (;;) {
    unw_word_t ip, sp;
    unw_get_reg(&c, UNW_REG_SP, &sp);
    if (sp > stop_sp) break;
    unw_get_reg(&c, UNW_REG_IP, &ip);
    __asm__ volatile("" : : "r"(ip));
    n++;
    if (unw_step(&c) <= 0) break;
  }
  return n;
}
