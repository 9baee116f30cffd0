/* The allocator, the mutator's entry and the C half of the capture
 * routine. See mgc.h. */
#include "mgc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uintptr_t mgc_heap_cur, mgc_heap_end;
int64_t mgc_poison_reads;
uintptr_t mgc_stack_hi;

void *mgc_alloc(uint64_t nptr, uint64_t nint) {
	uint64_t n = nptr + nint;
	if (nptr > MGC_MAX_FIELDS || nint > MGC_MAX_FIELDS || n > MGC_MAX_FIELDS) {
		fprintf(stderr, "movinggc: mgc_alloc(%llu, %llu): too many fields\n",
			(unsigned long long)nptr, (unsigned long long)nint);
		abort();
	}
	uintptr_t size = (uintptr_t)(1 + n) * 8;
	if (mgc_heap_cur == 0 || mgc_heap_end - mgc_heap_cur < size) {
		fprintf(stderr, "movinggc: mgc_alloc: %lu bytes do not fit in [%#lx, %#lx)\n",
			(unsigned long)size, (unsigned long)mgc_heap_cur, (unsigned long)mgc_heap_end);
		abort();
	}
	uint64_t *o = (uint64_t *)mgc_heap_cur;
	mgc_heap_cur += size;
	o[0] = nptr << 32 | n;
	memset(o + 1, 0, n * 8);
	return o;
}

/* noinline and the barrier after the call keep this frame on the stack
 * (no tail call): the walk stops at it. */
__attribute__((noinline)) uint64_t mgc_run(uintptr_t fn, uint64_t seed) {
	mgc_stack_hi = (uintptr_t)__builtin_frame_address(0);
	uint64_t r = ((uint64_t (*)(uint64_t))fn)(seed);
	__asm__ volatile("" ::: "memory");
	return r;
}

uintptr_t mgc_entry_addr(int callee) {
	return callee ? (uintptr_t)&mgc_entry_callee : (uintptr_t)&mgc_entry_stack;
}

uintptr_t mgc_run_addr(void) { return (uintptr_t)&mgc_run; }

void mgc_read(uintptr_t addr, void *dst, uintptr_t n) { memcpy(dst, (const void *)addr, n); }

void mgc_write_word(uintptr_t addr, uint64_t v) { *(volatile uint64_t *)addr = v; }

/* mgcCollect is exported by capture.go. */
extern void mgcCollect(uint64_t *save);

/* mgc_capture_c is what the capture routine calls with its save area. */
void mgc_capture_c(uint64_t *save) { mgcCollect(save); }
