/* Driver for the stack walk test programs. See README.md.
 *
 * usage: PROGRAM CAPTUREFILE
 *
 * main calls walk_a (llc-compiled), which calls walk_b, walk_c and walk_d
 * through gc.statepoints (WALK_STATEPOINT=1) or patchpoints (0); walk_d calls
 * stackmaps_capture (capture-ARCH.S), which saves every register and calls
 * stackmaps_capture_dump below. That writes the registers, the whole stack
 * from the innermost llc frame's stack pointer up past main's frame, and for
 * every frame the values its stack map record must describe (each llc
 * function publishes them in walk_X_exp before its call, see gen.py). The
 * program then checks walk_a's result, a sum of every value recomputed after
 * each call returned, so a capture that disturbed any frame fails the run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "capture.h"
#include "frames.h"
#include "program.h"

#ifndef WALK_PIE
#error "build with -DWALK_PIE=0|1"
#endif
#ifndef WALK_STATEPOINT
#error "build with -DWALK_STATEPOINT=0|1"
#endif
#ifndef WALK_LLC
#define WALK_LLC "unknown"
#endif

/* Bytes above main's CFA also written (main's caller's frame: on ppc64 main
 * saves its LR at CFA+16, in its caller's frame header). */
#define ABOVE_MAIN 256

/* The dynamic alloca of walk_a holds this many i64. */
#define WALK_N 5

extern void stackmaps_capture(void);
#if defined(__riscv)
extern void stackmaps_capture_tramp(void);
#endif
extern const unsigned char stackmaps_tramp[], stackmaps_tramp_end[];
extern int64_t walk_a(int64_t a, int64_t b, void *obj, int64_t n);
extern int64_t walk_b(int64_t, int64_t, void *);
extern int64_t walk_c(int64_t, int64_t, void *);
extern int64_t walk_d(int64_t, int64_t, void *);

void stackmaps_capture_dump(const uint64_t *save);

static FILE *out;
static int ncaptures;
static uint64_t main_sp, main_cfa;

static const int64_t A = 0x1122334455667788LL;
static const int64_t B = 0x00000001deadbeefLL;
static unsigned char gcobj[64] __attribute__((aligned(16)));

static const char *type_name(char t) {
	switch (t) {
	case 'l': return "i64";
	case 'i': return "i32";
	case 'd': return "f64";
	default:  return "ptr";
	}
}

static void expect(const char *kind, int idx, char t, uint64_t v) {
	if (t == 'i')
		fprintf(out, "expect %s %d %s 0x%08llx\n", kind, idx, type_name(t), (unsigned long long)(uint32_t)v);
	else
		fprintf(out, "expect %s %d %s 0x%016llx\n", kind, idx, type_name(t), (unsigned long long)v);
}

void stackmaps_capture_dump(const uint64_t *save) {
	uint64_t sp = save_sp(save), end = (main_cfa + ABOVE_MAIN + 15) & ~(uint64_t)15;
	const unsigned char *p;
	int i, j, k;

	ncaptures++;
	fprintf(out, "retaddr 0x%016llx\n", (unsigned long long)save_retaddr(save));
	fprintf(out, "sp 0x%016llx\n", (unsigned long long)sp);
	for (i = 0; i < STACKMAPS_SAVE_SLOTS; i++) {
		int r = slot_dwarf(i);
		if (r >= 0)
			fprintf(out, "reg %d 0x%016llx\n", r, (unsigned long long)save[i]);
	}
	if (end <= sp || end - sp > (1 << 20)) {
		fprintf(stderr, "implausible stack window 0x%llx-0x%llx\n", (unsigned long long)sp,
			(unsigned long long)end);
		exit(1);
	}
	fprintf(out, "stack 0x%016llx ", (unsigned long long)sp);
	for (p = (const unsigned char *)(uintptr_t)sp; p < (const unsigned char *)(uintptr_t)end; p++)
		fprintf(out, "%02x", *p);
	fprintf(out, "\n");
	/* Innermost frame first. */
	for (i = WALK_NFRAMES - 1, k = 0; i >= 0; i--, k++) {
		const struct walk_frame *f = &walk_frames[i];
		fprintf(out, "frame %d %s\n", k, f->name);
		fprintf(out, "id 0x%llx\n", (unsigned long long)f->id);
		fprintf(out, "call %s\n", WALK_STATEPOINT ? "statepoint" : "patchpoint");
		fprintf(out, "fp %s\n", f->fp);
		fprintf(out, "callsp 0x%016llx\n", (unsigned long long)f->exp[0]);
		for (j = 0; j < f->ndeopt + f->ngc; j++) {
			const char *kind = !WALK_STATEPOINT ? "live" : j < f->ndeopt ? "deopt" : "gc";
			int idx = !WALK_STATEPOINT || j < f->ndeopt ? j : j - f->ndeopt;
			expect(kind, idx, f->types[j], f->exp[1 + j]);
		}
		fprintf(out, "end\n");
	}
	fprintf(out, "frame %d main\n", k);
	fprintf(out, "callsp 0x%016llx\n", (unsigned long long)main_sp);
	fprintf(out, "cfa 0x%016llx\n", (unsigned long long)main_cfa);
	fprintf(out, "end\n");
	fflush(out);
}

static void symbol(const char *name, const void *addr) {
	fprintf(out, "symbol %s 0x%016llx\n", name, (unsigned long long)(uintptr_t)addr);
}

/* Code entry of a function: on ELFv1 the first doubleword of its descriptor. */
static uint64_t code_addr(const void *f) {
#if ELFV1
	return ((const uint64_t *)f)[0];
#else
	return (uint64_t)(uintptr_t)f;
#endif
}

static void function(const char *name, const void *f) {
	symbol(name, f);
	fprintf(out, "code %s 0x%016llx\n", name, (unsigned long long)code_addr(f));
}

#if !WALK_STATEPOINT
/* Fills trampoline slot k so that a patchpoint call to it reaches f. */
static void set_slot(void *page, int k, const void *f) {
	char *slot = (char *)page + k * WALK_TRAMP_SLOT;
#if ELFV1
	/* The ELFv1 patchpoint target is a function descriptor: copy f's. */
	memcpy(slot, f, 24);
#else
	size_t n = (size_t)(stackmaps_tramp_end - stackmaps_tramp);
	uint64_t target = (uint64_t)(uintptr_t)f;
	memcpy(slot, stackmaps_tramp, n);
	memcpy(slot + n - 8, &target, 8);
#endif
}

static int map_trampolines(void) {
	void *page = mmap((void *)(uintptr_t)STACKMAPS_TRAMP_ADDR, 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page != (void *)(uintptr_t)STACKMAPS_TRAMP_ADDR) {
		fprintf(stderr, "cannot map the trampolines at 0x%x (got %p)\n", STACKMAPS_TRAMP_ADDR, page);
		return -1;
	}
	set_slot(page, 0, (const void *)(uintptr_t)walk_b);
	set_slot(page, 1, (const void *)(uintptr_t)walk_c);
	set_slot(page, 2, (const void *)(uintptr_t)walk_d);
#if defined(__riscv)
	set_slot(page, 3, (const void *)(uintptr_t)stackmaps_capture_tramp);
#else
	set_slot(page, 3, (const void *)(uintptr_t)stackmaps_capture);
#endif
	if (mprotect(page, 4096, PROT_READ | PROT_EXEC) != 0) {
		perror("mprotect");
		return -1;
	}
	__builtin___clear_cache((char *)page, (char *)page + 4096);
	return 0;
}
#endif

int main(int argc, char **argv) {
	uint64_t want = 0;
	int64_t got;
	int i, j;

	if (argc != 2) {
		fprintf(stderr, "usage: %s CAPTUREFILE\n", argv[0]);
		return 2;
	}
#if !WALK_STATEPOINT
	if (map_trampolines() != 0)
		return 1;
#endif
	out = fopen(argv[1], "w");
	if (!out) {
		perror(argv[1]);
		return 1;
	}
	fprintf(out, "stackmaps-walk-capture 1\n");
	fprintf(out, "arch %s\n", ARCH);
	fprintf(out, "endian %s\n", __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? "big" : "little");
	fprintf(out, "abi %s\n", ABI);
	fprintf(out, "pie %d\n", WALK_PIE);
	fprintf(out, "mode %s\n", WALK_STATEPOINT ? "statepoint" : "patchpoint");
	fprintf(out, "llc %s\n", WALK_LLC);
	if (!WALK_STATEPOINT)
		fprintf(out, "tramp 0x%x 0x%x\n", STACKMAPS_TRAMP_ADDR, WALK_TRAMP_SLOT);
	symbol("walk_a_exp", walk_a_exp);
	function("main", (const void *)(uintptr_t)main);
	function("walk_a", (const void *)(uintptr_t)walk_a);
	function("walk_b", (const void *)(uintptr_t)walk_b);
	function("walk_c", (const void *)(uintptr_t)walk_c);
	function("walk_d", (const void *)(uintptr_t)walk_d);
	function("stackmaps_capture", (const void *)(uintptr_t)stackmaps_capture);
	function("stackmaps_capture_dump", (const void *)(uintptr_t)stackmaps_capture_dump);

	main_cfa = (uint64_t)(uintptr_t)__builtin_dwarf_cfa();
	main_sp = current_sp();
	got = walk_a(A, B, gcobj, WALK_N);

	for (i = 0; i < WALK_NFRAMES; i++)
		for (j = 0; j < walk_frames[i].ndeopt + walk_frames[i].ngc; j++) {
			uint64_t v = walk_frames[i].exp[1 + j];
			if (walk_frames[i].types[j] == 'i')
				v = (uint32_t)v;
			want += v;
		}
	if ((uint64_t)got != want) {
		fprintf(stderr, "walk_a returned 0x%llx, want 0x%llx\n", (unsigned long long)got,
			(unsigned long long)want);
		return 1;
	}
	if (ncaptures != 1) {
		fprintf(stderr, "expected 1 capture, got %d\n", ncaptures);
		return 1;
	}
	fprintf(out, "done\n");
	if (fclose(out) != 0) {
		perror(argv[1]);
		return 1;
	}
	return 0;
}
