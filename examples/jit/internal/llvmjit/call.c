//go:build llvmjit

/* Calling JIT'd code, and the C half of the capture routine. */
#include "jit.h"

#include <string.h>

/* The frame address of jit_call: every JIT'd frame and the capture
 * routine's save area lie below it. One JIT call at a time (the example is
 * single-threaded; a runtime would keep this per thread). */
uintptr_t jit_stack_hi;

uint64_t jit_call(uintptr_t fn, uint64_t *ctx, uint64_t arg) {
	jit_stack_hi = (uintptr_t)__builtin_frame_address(0);
	uint64_t (*f)(uint64_t *, uint64_t) = (uint64_t (*)(uint64_t *, uint64_t))fn;
	return f(ctx, arg);
}

void jit_read(uintptr_t addr, void *dst, size_t n) { memcpy(dst, (const void *)addr, n); }

/* goCapture is exported by capture.go. */
extern void goCapture(uint64_t *save);

/* stackmaps_jit_capture_c is what capture_amd64.S calls with its save area. */
void stackmaps_jit_capture_c(uint64_t *save) { goCapture(save); }
