/* What the C programs around the capture routines share (testdata/walk
 * driver.c, testdata/core core.c, testdata/live live.c, testdata/deopt
 * driver.c): the target's name and ABI, the layout of the register save
 * area that capture-ARCH.S hands to stackmaps_capture_dump, and the stack
 * pointer of the caller. C only (capture.h is the part the .S files read
 * too). See README.md. */
#ifndef STACKMAPS_PROGRAM_H
#define STACKMAPS_PROGRAM_H
#include <stdint.h>

#if defined(__x86_64__)
#define ARCH "x86_64"
#elif defined(__aarch64__)
#define ARCH "aarch64"
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
#define ARCH "ppc64le"
#elif defined(__powerpc64__)
#define ARCH "ppc64"
#elif defined(__s390x__)
#define ARCH "s390x"
#elif defined(__riscv) && __riscv_xlen == 64
#define ARCH "riscv64"
#else
#error "unsupported architecture"
#endif

#if defined(__powerpc64__) && (!defined(_CALL_ELF) || _CALL_ELF == 1)
#define ELFV1 1
#define ABI "elfv1"
#elif defined(__powerpc64__)
#define ELFV1 0
#define ABI "elfv2"
#elif defined(__riscv)
#define ELFV1 0
#define ABI "lp64d"
#else
#define ELFV1 0
#define ABI "sysv"
#endif

/* Save area slot -> DWARF register number (-1: not a register line). */
static __attribute__((unused)) int slot_dwarf(int i) {
#if defined(__x86_64__)
	if (i < 16) return i;           /* rax rdx rcx rbx rsi rdi rbp rsp r8-r15 */
	if (i == 16) return -1;         /* return address */
	return i;                       /* 17..32: xmm0..xmm15, low 64 bits */
#elif defined(__aarch64__)
	if (i < 32) return i;           /* x0..x30, sp */
	return 64 + (i - 32);           /* d0..d31 = v0..v31 low 64 bits */
#elif defined(__powerpc64__)
	if (i < 64) return i;           /* r0..r31, f0..f31 */
	if (i == 64) return 65;         /* lr */
	if (i == 65) return 66;         /* ctr */
	if (ELFV1) return -1;           /* no VSX save on ELFv1 */
	return 77 + (i - 66);           /* v0..v31 (vs32..vs63) doubleword 0 */
#else
	return i;                       /* s390x r0-r15, f0-f15 (DWARF order); riscv64 x0-x31, f0-f31 */
#endif
}

static __attribute__((unused)) uint64_t save_retaddr(const uint64_t *s) {
#if defined(__x86_64__)
	return s[16];
#elif defined(__aarch64__)
	return s[30];
#elif defined(__powerpc64__)
	return s[64];
#elif defined(__s390x__)
	return s[14];
#else
	return s[1];
#endif
}

static __attribute__((unused)) uint64_t save_sp(const uint64_t *s) {
#if defined(__x86_64__)
	return s[7];
#elif defined(__aarch64__)
	return s[31];
#elif defined(__powerpc64__)
	return s[1];
#elif defined(__s390x__)
	return s[15];
#else
	return s[2];
#endif
}

/* The stack pointer of the calling function (inlined into main). */
static inline __attribute__((always_inline)) uint64_t current_sp(void) {
	uint64_t sp;
#if defined(__x86_64__)
	__asm__ volatile("movq %%rsp, %0" : "=r"(sp));
#elif defined(__aarch64__)
	__asm__ volatile("mov %0, sp" : "=r"(sp));
#elif defined(__powerpc64__)
	__asm__ volatile("mr %0, 1" : "=r"(sp));
#elif defined(__s390x__)
	__asm__ volatile("lgr %0, %%r15" : "=r"(sp));
#else
	__asm__ volatile("mv %0, sp" : "=r"(sp));
#endif
	return sp;
}

#endif
