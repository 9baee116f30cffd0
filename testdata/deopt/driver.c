/* Driver for the stackmaps runtime ("deopt") test. See README.md.
 *
 * usage: PROGRAM CAPTUREFILE
 *
 * Maps the patchpoint trampoline at STACKMAPS_TRAMP_ADDR, calls
 * deopt_statepoint (x86_64, aarch64 only) and deopt_patchpoint with known
 * arguments. Each calls stackmaps_capture (capture-ARCH.S), which saves the
 * registers and calls stackmaps_capture_dump below; that writes one capture
 * block (registers, return address, a window of the caller's stack, the values
 * the test function's stack map record must describe) to CAPTUREFILE. Exits
 * non-zero if anything fails, including a wrong return value from a test
 * function (the capture must not have disturbed the caller). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "capture.h"
#include "program.h"

#ifndef DEOPT_PIE
#error "build with -DDEOPT_PIE=0|1"
#endif
#ifndef DEOPT_REGDEOPT
#error "build with -DDEOPT_REGDEOPT=0|1"
#endif

/* The target's name and ABI, and the save area's layout: program.h. */
#if defined(__x86_64__) || defined(__aarch64__)
#define HAVE_STATEPOINT 1
#elif defined(__powerpc64__)
#define HAVE_STATEPOINT 0
#else
#error "unsupported architecture"
#endif

/* Bytes of the caller's stack written, from the caller's sp upward. */
#define STACK_WINDOW 1024

extern void stackmaps_capture(void);
extern const unsigned char stackmaps_tramp[], stackmaps_tramp_end[];
extern int64_t deopt_statepoint(int64_t a, int64_t b, double d, void *base, int64_t off);
extern int64_t deopt_patchpoint(int64_t a, int64_t b, double d, void *base, int64_t off);
extern int64_t *deopt_slot_addr, *pp_slot_addr;

void stackmaps_capture_dump(const uint64_t *save);

static FILE *out;
static const char *cur_kind; /* "statepoint" or "patchpoint" */
static int ncaptures;

/* Arguments and the values the test functions compute from them. */
static const int64_t A = 0x1122334455667788LL;
static const int64_t B = 0x00000001deadbeefLL;
static const double D = -1234.5678;
static unsigned char gcobj[64] __attribute__((aligned(16)));

static uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

static void expect(const char *kind, int idx, const char *type, uint64_t v) {
	if (strcmp(type, "i32") == 0)
		fprintf(out, "expect %s %d %s 0x%08llx\n", kind, idx, type, (unsigned long long)(uint32_t)v);
	else
		fprintf(out, "expect %s %d %s 0x%016llx\n", kind, idx, type, (unsigned long long)v);
}

static void expect_values(const char *kind, uint64_t slot) {
	uint64_t a = (uint64_t)A, b = (uint64_t)B;
	expect(kind, 0, "i64", a);
	expect(kind, 1, "i64", b);
	expect(kind, 2, "i64", (a * b) ^ 0x5a5a);
	expect(kind, 3, "i32", (uint32_t)(a + b));
	expect(kind, 4, "f64", dbits(D));
	expect(kind, 5, "f64", dbits(D * 2.0));
	expect(kind, 6, "ptr", slot);
	expect(kind, 7, "i64", a * 3);
	expect(kind, 8, "i64", 7);
	expect(kind, 9, "i64", (uint64_t)-3);
	expect(kind, 10, "i64", 0x123456789abcdef0ULL);
}

void stackmaps_capture_dump(const uint64_t *save) {
	int is_sp = strcmp(cur_kind, "statepoint") == 0;
	uint64_t sp = save_sp(save);
	const unsigned char *stk = (const unsigned char *)(uintptr_t)sp;
	int i;

	ncaptures++;
	fprintf(out, "capture %s\n", cur_kind);
	fprintf(out, "id 0x%x\n", is_sp ? 0x1111 : 0x2222);
	fprintf(out, "retaddr 0x%016llx\n", (unsigned long long)save_retaddr(save));
	fprintf(out, "sp 0x%016llx\n", (unsigned long long)sp);
	for (i = 0; i < STACKMAPS_SAVE_SLOTS; i++) {
		int r = slot_dwarf(i);
		if (r >= 0)
			fprintf(out, "reg %d 0x%016llx\n", r, (unsigned long long)save[i]);
	}
	fprintf(out, "stack 0x%016llx ", (unsigned long long)sp);
	for (i = 0; i < STACK_WINDOW; i++)
		fprintf(out, "%02x", stk[i]);
	fprintf(out, "\n");
	if (is_sp) {
#if HAVE_STATEPOINT
		expect_values("deopt", (uint64_t)(uintptr_t)deopt_slot_addr);
		expect("gc", 0, "ptr", (uint64_t)(uintptr_t)gcobj);
		expect("gc", 1, "ptr", (uint64_t)(uintptr_t)gcobj + 16);
#endif
	} else {
		expect_values("live", (uint64_t)(uintptr_t)pp_slot_addr);
		expect("live", 11, "ptr", (uint64_t)(uintptr_t)gcobj);
		expect("live", 12, "ptr", (uint64_t)(uintptr_t)gcobj + 16);
		for (i = 1; i <= 16; i++)
			expect("live", 12 + i, "i64", (((uint64_t)A ^ (uint64_t)i) * (uint64_t)B));
	}
	fprintf(out, "end\n");
	fflush(out);
}

static int64_t expected_result(int patchpoint) {
	uint64_t a = (uint64_t)A, b = (uint64_t)B, base = (uint64_t)(uintptr_t)gcobj;
	uint64_t r = a + b + ((a * b) ^ 0x5a5a);
	r += (uint64_t)(int64_t)(int32_t)(uint32_t)(a + b);
	r += dbits(D) + dbits(D * 2.0);
	r += a * 3 + a * 3;
	r += base + base + 16;
	if (patchpoint) {
		uint64_t k;
		for (k = 1; k <= 16; k++)
			r += (a ^ k) * b;
	}
	return (int64_t)r;
}

static void symbol(const char *name, const void *addr) {
	fprintf(out, "symbol %s 0x%016llx\n", name, (unsigned long long)(uintptr_t)addr);
}

/* Code entry of a function: on ELFv1 the first doubleword of its descriptor. */
static uint64_t code_addr(void (*f)(void)) {
#if ELFV1
	return ((const uint64_t *)(uintptr_t)f)[0];
#else
	return (uint64_t)(uintptr_t)f;
#endif
}

static void code(const char *name, void (*f)(void)) {
	fprintf(out, "code %s 0x%016llx\n", name, (unsigned long long)code_addr(f));
}

int main(int argc, char **argv) {
	int64_t got;
	void *page;

	if (argc != 2) {
		fprintf(stderr, "usage: %s CAPTUREFILE\n", argv[0]);
		return 2;
	}
	page = mmap((void *)(uintptr_t)STACKMAPS_TRAMP_ADDR, 4096, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page != (void *)(uintptr_t)STACKMAPS_TRAMP_ADDR) {
		fprintf(stderr, "cannot map the trampoline at 0x%x (got %p)\n", STACKMAPS_TRAMP_ADDR, page);
		return 1;
	}
#if ELFV1
	/* The ELFv1 patchpoint target is a function descriptor: copy ours. */
	memcpy(page, (const void *)(uintptr_t)stackmaps_capture, 24);
#else
	{
		size_t n = (size_t)(stackmaps_tramp_end - stackmaps_tramp);
		uint64_t target = (uint64_t)(uintptr_t)stackmaps_capture;
		memcpy(page, stackmaps_tramp, n);
		memcpy((char *)page + n - 8, &target, 8);
	}
#endif
	if (mprotect(page, 4096, PROT_READ | PROT_EXEC) != 0) {
		perror("mprotect");
		return 1;
	}
	__builtin___clear_cache((char *)page, (char *)page + 4096);

	out = fopen(argv[1], "w");
	if (!out) {
		perror(argv[1]);
		return 1;
	}
	fprintf(out, "stackmaps-deopt-capture 1\n");
	fprintf(out, "arch %s\n", ARCH);
	fprintf(out, "endian %s\n", __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? "big" : "little");
	fprintf(out, "abi %s\n", ABI);
	fprintf(out, "pie %d\n", DEOPT_PIE);
	fprintf(out, "regdeopt %d\n", DEOPT_REGDEOPT);
	fprintf(out, "tramp 0x%x\n", STACKMAPS_TRAMP_ADDR);
	symbol("pp_slot_addr", &pp_slot_addr);
	symbol("deopt_patchpoint", (const void *)(uintptr_t)deopt_patchpoint);
	code("deopt_patchpoint", (void (*)(void))deopt_patchpoint);
	symbol("stackmaps_capture", (const void *)(uintptr_t)stackmaps_capture);
	code("stackmaps_capture", stackmaps_capture);
#if HAVE_STATEPOINT
	symbol("deopt_slot_addr", &deopt_slot_addr);
	symbol("deopt_statepoint", (const void *)(uintptr_t)deopt_statepoint);
	code("deopt_statepoint", (void (*)(void))deopt_statepoint);
	cur_kind = "statepoint";
	got = deopt_statepoint(A, B, D, gcobj, 16);
	if (got != expected_result(0)) {
		fprintf(stderr, "deopt_statepoint returned 0x%llx, want 0x%llx\n",
			(unsigned long long)got, (unsigned long long)expected_result(0));
		return 1;
	}
#endif
	cur_kind = "patchpoint";
	got = deopt_patchpoint(A, B, D, gcobj, 16);
	if (got != expected_result(1)) {
		fprintf(stderr, "deopt_patchpoint returned 0x%llx, want 0x%llx\n",
			(unsigned long long)got, (unsigned long long)expected_result(1));
		return 1;
	}
	if (ncaptures != 1 + HAVE_STATEPOINT) {
		fprintf(stderr, "expected %d captures, got %d\n", 1 + HAVE_STATEPOINT, ncaptures);
		return 1;
	}
	fprintf(out, "done\n");
	if (fclose(out) != 0) {
		perror(argv[1]);
		return 1;
	}
	return 0;
}
