/* Driver of the core dump test programs. See README.md.
 *
 * usage: PROGRAM RECORDFILE
 *
 * The frames are testdata/walk's: main calls walk_a (llc-compiled), which
 * calls walk_b, walk_c and walk_d through gc.statepoints (CORE_STATEPOINT=1)
 * or patchpoints (0); walk_d calls core_crash below (in statepoint mode the
 * object's call to stackmaps_capture is renamed to core_crash by build.sh;
 * in patchpoint mode trampoline slot 3 jumps to it). core_crash writes
 * RECORDFILE in testdata/walk's capture format (no "reg" lines: the core
 * has the registers) with what every frame holds, then crashes:
 * CORE_CRASH=1 calls abort() (SIGABRT, the thread stopped in the C library's
 * raise), CORE_CRASH=2 stores to a null pointer (SIGSEGV, the thread stopped
 * in core_crash itself). The kernel (or QEMU, or gdb) writes the core. A
 * second thread waits in pause() (core_idle) meanwhile.
 *
 * CORE_CRASH 3 to 6 die inside a signal handler (core_on_signal, which
 * appends "signal N" and "interrupted PC SP", read from its ucontext, to
 * RECORDFILE and calls abort()): 3 stores to a null pointer in core_crash
 * (SIGSEGV), 4 raises SIGUSR1, 5 calls core_fault_push, which faults on
 * the instruction right after a push (x86_64), 6 calls core_fault_first,
 * which faults on its first instruction (x86_64, aarch64), right after
 * core_fault_before, whose last row has another CFA; elsewhere a C leaf
 * without a frame, kept out of line (noinline: gcc put its store in
 * core_crash), whose store is its first instruction (s390x, ppc64le's
 * local entry) or its second (ppc64: li, then stw). CORE_CRASH 7 is 3
 * whose handler also appends "ucontext HEX" (the bytes of its ucontext)
 * "sigtramp PC SP HEX" (the trampoline it returns to, the stack pointer there
 * and 16 bytes of its code) and "ustack ADDR HEX" (the stack from the
 * signal frame or 512 bytes below the interrupted stack pointer to above
 * main; x86_64 also "ufpstate HEX", the FXSAVE area its context
 * points to) and exits with status 0: testdata/core/ucontext. Its fault is
 * in core_fp_mark, with a known value in a floating-point register. */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "capture.h"
#include "frames.h"
#include "program.h"

#ifndef CORE_PIE
#error "build with -DCORE_PIE=0|1"
#endif
#ifndef CORE_STATEPOINT
#error "build with -DCORE_STATEPOINT=0|1"
#endif
#ifndef CORE_CRASH
#error "build with -DCORE_CRASH=1 (abort), 2 (null store) or 3-6 (in a handler)"
#endif
#include <ucontext.h>

#define ABOVE_MAIN 256
#define WALK_N 5

extern const unsigned char stackmaps_tramp[], stackmaps_tramp_end[];
extern int64_t walk_a(int64_t a, int64_t b, void *obj, int64_t n);
extern int64_t walk_b(int64_t, int64_t, void *);
extern int64_t walk_c(int64_t, int64_t, void *);
extern int64_t walk_d(int64_t, int64_t, void *);
void core_crash(void);

/* capture-ARCH.S, linked for its trampoline template, calls this. */
void stackmaps_capture_dump(const uint64_t *save) { (void)save; abort(); }


static FILE *out;
static const char *record_path;
static uint64_t main_sp, main_cfa;
static unsigned char gcobj[64] __attribute__((aligned(16)));
volatile int *core_null;

static const char *type_name(char t) {
	switch (t) {
	case 'l': return "i64";
	case 'i': return "i32";
	case 'd': return "f64";
	default:  return "ptr";
	}
}

#if CORE_CRASH == 1
#define CRASH_NAME "abort"
#elif CORE_CRASH == 2
#define CRASH_NAME "segv"
#elif CORE_CRASH == 3
#define CRASH_NAME "sigsegv"
#elif CORE_CRASH == 4
#define CRASH_NAME "sigusr1"
#elif CORE_CRASH == 5
#define CRASH_NAME "push"
#elif CORE_CRASH == 6
#define CRASH_NAME "first"
#else
#define CRASH_NAME "ucontext"
#endif

/* The faulting functions of CORE_CRASH 5 and 6, each storing through its
 * argument (a null pointer): core_fault_push right after pushing rbx (the
 * row at pc-1 has a CFA 8 bytes lower), core_fault_first at its first
 * instruction (pc-1 is core_fault_before's last byte, whose row's CFA is
 * 16 bytes higher). */
void core_fault_push(volatile int *p);
void core_fault_first(volatile int *p);
#if defined(__x86_64__)
__asm__(".text\n"
	".globl core_fault_push\n.type core_fault_push,@function\n"
	"core_fault_push:\n.cfi_startproc\n"
	"  pushq %rbx\n.cfi_adjust_cfa_offset 8\n.cfi_rel_offset %rbx, 0\n"
	"  movl $1, (%rdi)\n"
	"  popq %rbx\n.cfi_adjust_cfa_offset -8\n.cfi_restore %rbx\n"
	"  ret\n.cfi_endproc\n.size core_fault_push, .-core_fault_push\n"
	".globl core_fault_before\n.type core_fault_before,@function\n"
	"core_fault_before:\n.cfi_startproc\n"
	"  pushq %rbp\n.cfi_adjust_cfa_offset 8\n"
	"  pushq %rbx\n.cfi_adjust_cfa_offset 8\n"
	"  ud2\n.cfi_endproc\n.size core_fault_before, .-core_fault_before\n"
	".globl core_fault_first\n.type core_fault_first,@function\n"
	"core_fault_first:\n.cfi_startproc\n"
	"  movl $1, (%rdi)\n"
	"  ret\n.cfi_endproc\n.size core_fault_first, .-core_fault_first\n");
#elif defined(__aarch64__)
__asm__(".text\n"
	".globl core_fault_before\n.type core_fault_before,%function\n"
	"core_fault_before:\n.cfi_startproc\n"
	"  stp x29, x30, [sp, #-32]!\n.cfi_def_cfa_offset 32\n.cfi_offset 29, -32\n.cfi_offset 30, -24\n"
	"  brk #0\n.cfi_endproc\n.size core_fault_before, .-core_fault_before\n"
	".globl core_fault_first\n.type core_fault_first,%function\n"
	"core_fault_first:\n.cfi_startproc\n"
	"  str wzr, [x0]\n"
	"  ret\n.cfi_endproc\n.size core_fault_first, .-core_fault_first\n");
void core_fault_push(volatile int *p) { *p = 1; }
#else
void core_fault_push(volatile int *p) { *p = 1; }
__attribute__((noinline)) void core_fault_first(volatile int *p) { *p = 1; }
#endif

/* The interrupted pc and stack pointer of a ucontext. */
static uint64_t uc_pc(const ucontext_t *uc) {
#if defined(__x86_64__)
	return (uint64_t)uc->uc_mcontext.gregs[16] /* REG_RIP */;
#elif defined(__aarch64__)
	return uc->uc_mcontext.pc;
#elif defined(__powerpc64__)
	return uc->uc_mcontext.gp_regs[32];
#elif defined(__s390x__)
	return uc->uc_mcontext.psw.addr;
#else
	return uc->uc_mcontext.__gregs[0];
#endif
}

static uint64_t uc_sp(const ucontext_t *uc) {
#if defined(__x86_64__)
	return (uint64_t)uc->uc_mcontext.gregs[15] /* REG_RSP */;
#elif defined(__aarch64__)
	return uc->uc_mcontext.sp;
#elif defined(__powerpc64__)
	return uc->uc_mcontext.gp_regs[1];
#elif defined(__s390x__)
	return uc->uc_mcontext.gregs[15];
#else
	return uc->uc_mcontext.__gregs[2];
#endif
}

#define UCONTEXT_DUMP 1024
#if defined(__s390x__)
#define SP_BELOW_CFA 160
#else
#define SP_BELOW_CFA 0
#endif

/* CORE_CRASH 7: core_fp_mark loads FP_MARK into one floating-point
 * register (DWARF number FP_MARK_DWARF) and stores through p (a null
 * pointer) at once. */
#define FP_MARK 0x400921fb54442d18ULL /* pi */
#if defined(__x86_64__)
#define FP_MARK_DWARF 32 /* xmm15 */
#define FP_MARK_ASM "movq %1, %%xmm15\n\tmovl $1, (%0)" : : "r"(p), "r"(v) : "xmm15", "memory"
#elif defined(__aarch64__)
#define FP_MARK_DWARF 79 /* v15 (d15) */
#define FP_MARK_ASM "fmov d15, %1\n\tstr wzr, [%0]" : : "r"(p), "r"(v) : "v15", "memory"
#elif defined(__powerpc64__)
#define FP_MARK_DWARF 63 /* f31 */
#define FP_MARK_ASM "lfd 31, 0(%1)\n\tstw %1, 0(%0)" : : "b"(p), "b"(&v) : "fr31", "memory"
#elif defined(__s390x__)
#define FP_MARK_DWARF 31 /* f15 */
#define FP_MARK_ASM "ld %%f15, 0(%1)\n\tst %1, 0(%0)" : : "a"(p), "a"(&v) : "f15", "memory"
#else
#define FP_MARK_DWARF 63 /* f31 */
#define FP_MARK_ASM "fmv.d.x f31, %1\n\tsw zero, 0(%0)" : : "r"(p), "r"(v) : "f31", "memory"
#endif

__attribute__((noinline)) static void core_fp_mark(volatile int *p) {
	volatile uint64_t v = FP_MARK;
	__asm__ volatile(FP_MARK_ASM);
}

/* CORE_CRASH 3-7: the handler appends the signal and the interrupted
 * registers to the record, then aborts (a core of a thread inside a
 * handler). */
__attribute__((noinline)) static void core_on_signal(int sig, siginfo_t *si, void *ctx) {
	FILE *f = fopen(record_path, "a");
	(void)si;
	if (f) {
		uint64_t sp = uc_sp((const ucontext_t *)ctx);
		fprintf(f, "signal %d\ninterrupted 0x%016llx 0x%016llx\n", sig,
			(unsigned long long)uc_pc((const ucontext_t *)ctx), (unsigned long long)sp);
		if (CORE_CRASH == 7) {
			/* The context's bytes (UCONTEXT_DUMP of them: at least
			 * what linuxregs.DecodeUcontext reads) and the stack from
			 * the interrupted stack pointer to above main. */
			const unsigned char *p = ctx;
			uint64_t end = (main_cfa + ABOVE_MAIN + 15) & ~(uint64_t)15;
			int i;
			fprintf(f, "ucontext ");
			for (i = 0; i < UCONTEXT_DUMP; i++)
				fprintf(f, "%02x", p[i]);
#if defined(__x86_64__)
			/* The FXSAVE area uc_mcontext.fpregs points to. */
			fprintf(f, "\nufpstate ");
			for (i = 0, p = (const unsigned char *)((const ucontext_t *)ctx)->uc_mcontext.fpregs; i < 512; i++)
				fprintf(f, "%02x", p[i]);
#endif
			/* The trampoline the handler returns to, its stack
			 * pointer then (the handler's CFA, less s390x's 160
			 * bytes) and its code. */
			{
				uint64_t tpc = (uint64_t)(uintptr_t)__builtin_return_address(0);
				uint64_t tsp = (uint64_t)(uintptr_t)__builtin_dwarf_cfa() - SP_BELOW_CFA;
				fprintf(f, "\nsigtramp 0x%016llx 0x%016llx ", (unsigned long long)tpc, (unsigned long long)tsp);
				for (i = 0, p = (const unsigned char *)(uintptr_t)tpc; i < 16; i++)
					fprintf(f, "%02x", p[i]);
				/* From below the red zone (x86_64 128 bytes, ppc64
				 * 288), where a leaf saves registers without a frame,
				 * or from the trampoline's stack pointer (the signal
				 * frame), whichever is lower. */
				sp = (sp - 512) & ~(uint64_t)15;
				if (tsp < sp)
					sp = tsp & ~(uint64_t)15;
			}
			fprintf(f, "\nustack 0x%016llx ", (unsigned long long)sp);
			for (p = (const unsigned char *)(uintptr_t)sp; p < (const unsigned char *)(uintptr_t)end; p++)
				fprintf(f, "%02x", *p);
			fprintf(f, "\n");
		}
		fclose(f);
	}
	if (CORE_CRASH == 7)
		_exit(0);
	abort();
}

__attribute__((noinline)) void core_crash(void) {
	uint64_t sp = walk_frames[WALK_NFRAMES - 1].exp[0];
	uint64_t end = (main_cfa + ABOVE_MAIN + 15) & ~(uint64_t)15;
	const unsigned char *p;
	int i, j, k;

	fprintf(out, "retaddr 0x%016llx\n", (unsigned long long)(uintptr_t)__builtin_return_address(0));
	fprintf(out, "sp 0x%016llx\n", (unsigned long long)sp);
	fprintf(out, "stack 0x%016llx ", (unsigned long long)sp);
	for (p = (const unsigned char *)(uintptr_t)sp; p < (const unsigned char *)(uintptr_t)end; p++)
		fprintf(out, "%02x", *p);
	fprintf(out, "\n");
	for (i = WALK_NFRAMES - 1, k = 0; i >= 0; i--, k++) {
		const struct walk_frame *f = &walk_frames[i];
		fprintf(out, "frame %d %s\nid 0x%llx\ncall %s\nfp %s\ncallsp 0x%016llx\n", k, f->name,
			(unsigned long long)f->id, CORE_STATEPOINT ? "statepoint" : "patchpoint", f->fp,
			(unsigned long long)f->exp[0]);
		for (j = 0; j < f->ndeopt + f->ngc; j++) {
			const char *kind = !CORE_STATEPOINT ? "live" : j < f->ndeopt ? "deopt" : "gc";
			int idx = !CORE_STATEPOINT || j < f->ndeopt ? j : j - f->ndeopt;
			uint64_t v = f->exp[1 + j];
			if (f->types[j] == 'i')
				fprintf(out, "expect %s %d %s 0x%08llx\n", kind, idx, type_name(f->types[j]),
					(unsigned long long)(uint32_t)v);
			else
				fprintf(out, "expect %s %d %s 0x%016llx\n", kind, idx, type_name(f->types[j]),
					(unsigned long long)v);
		}
		fprintf(out, "end\n");
	}
	fprintf(out, "frame %d main\ncallsp 0x%016llx\ncfa 0x%016llx\nend\n", k, (unsigned long long)main_sp,
		(unsigned long long)main_cfa);
	fprintf(out, "crash %s\n", CRASH_NAME);
	if (CORE_CRASH == 7)
		fprintf(out, "fpmark %d 0x%016llx\n", FP_MARK_DWARF, (unsigned long long)FP_MARK);
	fclose(out);
#if CORE_CRASH == 1
	abort();
#elif CORE_CRASH == 7
	/* A known value in a floating-point register at the fault, which the
	 * ucontext holds (x86_64: in the FXSAVE area it points to). */
	core_fp_mark(core_null);
#elif CORE_CRASH == 2 || CORE_CRASH == 3
	*core_null = 1;
#elif CORE_CRASH == 4
	raise(SIGUSR1);
#elif CORE_CRASH == 5
	core_fault_push(core_null);
#else
	core_fault_first(core_null);
#endif
	/* The recorded values must stay live: not reached. */
	__asm__ volatile("" ::: "memory");
}

/* A second thread, blocked in pause() when the process crashes: a core
 * has one NT_PRSTATUS per thread, and a walker walks this one too. */
static volatile int idle_started;

__attribute__((noinline)) static void *core_idle(void *arg) {
	(void)arg;
	idle_started = 1;
	for (;;)
		pause();
	return 0;
}

static void symbol(const char *name, const void *addr) {
	fprintf(out, "symbol %s 0x%016llx\n", name, (unsigned long long)(uintptr_t)addr);
}

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

#if !CORE_STATEPOINT
static void set_slot(void *page, int k, const void *f) {
	char *slot = (char *)page + k * WALK_TRAMP_SLOT;
#if ELFV1
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
	set_slot(page, 3, (const void *)(uintptr_t)core_crash);
	if (mprotect(page, 4096, PROT_READ | PROT_EXEC) != 0) {
		perror("mprotect");
		return -1;
	}
	__builtin___clear_cache((char *)page, (char *)page + 4096);
	return 0;
}
#endif

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: %s RECORDFILE\n", argv[0]);
		return 2;
	}
#if !CORE_STATEPOINT
	if (map_trampolines() != 0)
		return 1;
#endif
	record_path = argv[1];
	out = fopen(argv[1], "w");
	if (!out) {
		perror(argv[1]);
		return 1;
	}
	fprintf(out, "stackmaps-walk-capture 1\narch %s\nendian %s\nabi %s\npie %d\nmode %s\nllc %s\n", ARCH,
		__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? "big" : "little", ABI, CORE_PIE,
		CORE_STATEPOINT ? "statepoint" : "patchpoint", CORE_LLC);
	if (!CORE_STATEPOINT)
		fprintf(out, "tramp 0x%x 0x%x\n", STACKMAPS_TRAMP_ADDR, WALK_TRAMP_SLOT);
	symbol("walk_a_exp", walk_a_exp);
	function("main", (const void *)(uintptr_t)main);
	function("walk_a", (const void *)(uintptr_t)walk_a);
	function("walk_b", (const void *)(uintptr_t)walk_b);
	function("walk_c", (const void *)(uintptr_t)walk_c);
	function("walk_d", (const void *)(uintptr_t)walk_d);
	function("core_crash", (const void *)(uintptr_t)core_crash);
	function("core_fault_first", (const void *)(uintptr_t)core_fault_first);
	function("core_fp_mark", (const void *)(uintptr_t)core_fp_mark);
	fflush(out);
	{
		pthread_t th;
		if (pthread_create(&th, NULL, core_idle, NULL) != 0) {
			fprintf(stderr, "pthread_create failed\n");
			return 1;
		}
		while (!idle_started)
			usleep(1000);
	}

	if (CORE_CRASH >= 3) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = core_on_signal;
		sa.sa_flags = SA_SIGINFO;
		sigaction(SIGSEGV, &sa, NULL);
		sigaction(SIGUSR1, &sa, NULL);
	}
	main_cfa = (uint64_t)(uintptr_t)__builtin_dwarf_cfa();
	main_sp = current_sp();
	walk_a(0x1122334455667788LL, 0x00000001deadbeefLL, gcobj, WALK_N);
	fprintf(stderr, "core_crash returned\n");
	return 1;
}
