/* C side of package llvmjit: a JIT memory manager that remembers every
 * section MCJIT allocates (by name), the capture routine's C half, and the
 * entry that calls JIT'd code. See jit.go. */
#ifndef STACKMAPS_JIT_H
#define STACKMAPS_JIT_H

#include <stddef.h>
#include <stdint.h>
#include <llvm-c/ExecutionEngine.h>

/* One section MCJIT asked for. */
typedef struct {
	char name[32];    /* section name, truncated */
	uint8_t *addr;    /* where it lives */
	uintptr_t size;   /* bytes requested */
	int code;         /* 1 for code sections */
	int readonly;     /* 1 for read-only data */
} jit_section;

#define JIT_MAX_SECTIONS 256

/* The memory manager's state: a bump arena of page-aligned sections. */
typedef struct {
	uint8_t *arena;
	size_t arena_size, used;
	jit_section sections[JIT_MAX_SECTIONS];
	int nsections;
	int finalized; /* sections[0..finalized) have their final protection */
	char error[128];
} jit_mm;

/* Number of 64-bit words the capture routine saves: DWARF registers 0-15
 * (the rsp slot holds the caller's rsp at the return address), the return
 * address, xmm0-xmm15 (low 64 bits, DWARF 17-32). */
#define JIT_SAVE_WORDS 33
#define JIT_SAVE_RETADDR 16

/* jit_protect_sections gives sections [from, to) their final protection
 * (code read+execute, read-only data read) and flushes the instruction
 * cache over arena[0, used): 0, or -1 when mprotect fails. Both memory
 * managers (MCJIT's and ORC's) finalize with it. */
int jit_protect_sections(jit_section *s, int from, int to, uint8_t *arena, size_t used);

jit_mm *jit_mm_new(size_t arena_size);
LLVMMCJITMemoryManagerRef jit_mm_wrap(jit_mm *mm);
void jit_mm_free(jit_mm *mm);

/* The capture routine (capture_amd64.S): JIT'd code calls it. */
void stackmaps_jit_capture(void);

/* jit_call calls fn(ctx, arg) after noting the caller's frame address, the
 * upper bound of the stack that Go may read while JIT'd frames are live. */
uint64_t jit_call(uintptr_t fn, uint64_t *ctx, uint64_t arg);

/* jit_read copies n bytes at addr to dst (Go checks the range first). */
void jit_read(uintptr_t addr, void *dst, size_t n);

extern uintptr_t jit_stack_hi;

#endif
