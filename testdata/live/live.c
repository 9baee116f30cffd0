/* Driver of the live-process test program. See README.md.
 *
 * usage: live NTHREADS DIR
 *
 * Starts NTHREADS threads one after the other. Thread k runs the llc-compiled
 * frames of testdata/walk (walk_a -> walk_b -> walk_c -> walk_d ->
 * stackmaps_capture, through gc.statepoints or patchpoints) with its own
 * arguments; the capture routine calls stackmaps_capture_dump below, which
 * writes DIR/thread-K.txt (testdata/walk's capture format: the registers at
 * the call, the stack window, every frame's published values and its stack
 * pointer at its call; the last frame, "main" in the format, is the thread's
 * start routine live_thread, with its CFA) and then parks: it calls park(k),
 * k + 1 nested C frames, whose innermost blocks in read() on the release pipe.
 * So every thread is stopped at a different depth above the same llc frames.
 * With a third argument "signal", the thread instead runs on in spin()
 * until main sends it SIGUSR1, whose handler parks it the same way: a walk
 * crosses the handler, the C library's signal trampoline and the
 * interrupted spin() to reach the llc frames.
 *
 * When all threads are parked, main prints "ready TID0 TID1 ..." (the thread
 * ids, thread 0 first) on stdout and blocks reading stdin. A test then
 * attaches, walks every thread, detaches and writes a line. main releases the
 * threads; each finishes its walk_a call, whose result sums every value
 * recomputed after each call returned, and main checks every result against
 * the values the frames published: "ok N" on stdout and status 0 when nothing
 * was disturbed, a message and status 1 otherwise. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "capture.h"
#include "frames.h"
#include "program.h"

#ifndef WALK_STATEPOINT
#error "build with -DWALK_STATEPOINT=0|1"
#endif
#ifndef WALK_LLC
#define WALK_LLC "unknown"
#endif

#define MAX_THREADS 8
#define WALK_N 5
#define ABOVE_CFA 256

extern void stackmaps_capture(void);
extern const unsigned char stackmaps_tramp[], stackmaps_tramp_end[];
extern int64_t walk_a(int64_t a, int64_t b, void *obj, int64_t n);
extern int64_t walk_b(int64_t, int64_t, void *);
extern int64_t walk_c(int64_t, int64_t, void *);
extern int64_t walk_d(int64_t, int64_t, void *);
void stackmaps_capture_dump(const uint64_t *save);

struct thread {
	int k;
	pid_t tid;
	pthread_t pt;
	uint64_t sp, cfa;        /* live_thread's stack pointer at its call, its CFA */
	int64_t a, b, got;
	uint64_t exp[WALK_NFRAMES][32]; /* copies of walk_X_exp */
	volatile int spinning;   /* signal mode: the thread is in spin */
	volatile int stop;       /* signal mode: the handler lets spin return */
	unsigned char obj[64] __attribute__((aligned(16)));
};

static struct thread threads[MAX_THREADS];
static const char *dir;
static int signal_mode;
static int release_fd[2], parked_fd[2];
static __thread struct thread *self;

static void expect(FILE *out, const char *kind, int idx, char t, uint64_t v) {
	static const char *names[] = {"i64", "i32", "f64", "ptr"};
	const char *n = t == 'l' ? names[0] : t == 'i' ? names[1] : t == 'd' ? names[2] : names[3];
	if (t == 'i')
		fprintf(out, "expect %s %d %s 0x%08llx\n", kind, idx, n, (unsigned long long)(uint32_t)v);
	else
		fprintf(out, "expect %s %d %s 0x%016llx\n", kind, idx, n, (unsigned long long)v);
}

static void symbol(FILE *out, const char *name, const void *addr) {
	fprintf(out, "symbol %s 0x%016llx\n", name, (unsigned long long)(uintptr_t)addr);
	fprintf(out, "code %s 0x%016llx\n", name, (unsigned long long)(uintptr_t)addr);
}

static void die(const char *what) {
	perror(what);
	exit(1);
}

/* park(n) nests n more frames, then blocks until main releases the thread.
 * The volatile counter keeps every level a real call (no tail calls). */
static volatile int park_depth;

__attribute__((noinline)) static void park(int n) {
	char c;
	park_depth++;
	if (n > 0) {
		park(n - 1);
	} else if (read(release_fd[0], &c, 1) != 1) {
		die("read release");
	}
	park_depth--;
}

/* Signal mode: the thread runs on in spin (a leaf, interrupted at any of
 * its instructions) until main's SIGUSR1 parks it in live_on_signal, the
 * way a runtime stops its threads for a safepoint; the handler, released,
 * lets spin return. */
__attribute__((noinline)) static void spin(volatile int *spinning, volatile int *stop) {
	*spinning = 1;
	while (!*stop)
		;
}

__attribute__((noinline)) static void live_on_signal(int sig) {
	(void)sig;
	if (write(parked_fd[1], "p", 1) != 1)
		_exit(1);
	park(self->k);
	self->stop = 1;
}

void stackmaps_capture_dump(const uint64_t *save) {
	struct thread *t = self;
	uint64_t sp = save_sp(save), end = (t->cfa + ABOVE_CFA + 15) & ~(uint64_t)15;
	char path[4096];
	const unsigned char *p;
	FILE *out;
	int i, j, k;

	for (i = 0; i < WALK_NFRAMES; i++)
		memcpy(t->exp[i], walk_frames[i].exp, sizeof(uint64_t) * (1 + walk_frames[i].ndeopt + walk_frames[i].ngc));
	snprintf(path, sizeof path, "%s/thread-%d.txt", dir, t->k);
	out = fopen(path, "w");
	if (!out)
		die(path);
	fprintf(out, "stackmaps-walk-capture 1\narch %s\nendian %s\nabi live\npie %d\nmode %s\nllc %s\n", ARCH,
		__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? "big" : "little", WALK_PIE,
		WALK_STATEPOINT ? "statepoint" : "patchpoint", WALK_LLC);
	if (!WALK_STATEPOINT)
		fprintf(out, "tramp 0x%x 0x%x\n", STACKMAPS_TRAMP_ADDR, WALK_TRAMP_SLOT);
	fprintf(out, "tid %d\nthread %d\n", (int)t->tid, t->k);
	symbol(out, "walk_a_exp", walk_a_exp);
	symbol(out, "walk_a", (const void *)(uintptr_t)walk_a);
	symbol(out, "walk_b", (const void *)(uintptr_t)walk_b);
	symbol(out, "walk_c", (const void *)(uintptr_t)walk_c);
	symbol(out, "walk_d", (const void *)(uintptr_t)walk_d);
	symbol(out, "stackmaps_capture", (const void *)(uintptr_t)stackmaps_capture);
	fprintf(out, "retaddr 0x%016llx\nsp 0x%016llx\n", (unsigned long long)save_retaddr(save), (unsigned long long)sp);
	for (i = 0; i < STACKMAPS_SAVE_SLOTS; i++)
		if (slot_dwarf(i) >= 0)
			fprintf(out, "reg %d 0x%016llx\n", slot_dwarf(i), (unsigned long long)save[i]);
	if (end <= sp || end - sp > (1 << 20)) {
		fprintf(stderr, "implausible stack window 0x%llx-0x%llx\n", (unsigned long long)sp, (unsigned long long)end);
		exit(1);
	}
	fprintf(out, "stack 0x%016llx ", (unsigned long long)sp);
	for (p = (const unsigned char *)(uintptr_t)sp; p < (const unsigned char *)(uintptr_t)end; p++)
		fprintf(out, "%02x", *p);
	fprintf(out, "\n");
	for (i = WALK_NFRAMES - 1, k = 0; i >= 0; i--, k++) {
		const struct walk_frame *f = &walk_frames[i];
		fprintf(out, "frame %d %s\nid 0x%llx\ncall %s\nfp %s\ncallsp 0x%016llx\n", k, f->name,
			(unsigned long long)f->id, WALK_STATEPOINT ? "statepoint" : "patchpoint", f->fp,
			(unsigned long long)t->exp[i][0]);
		for (j = 0; j < f->ndeopt + f->ngc; j++) {
			const char *kind = !WALK_STATEPOINT ? "live" : j < f->ndeopt ? "deopt" : "gc";
			int idx = !WALK_STATEPOINT || j < f->ndeopt ? j : j - f->ndeopt;
			expect(out, kind, idx, f->types[j], t->exp[i][1 + j]);
		}
		fprintf(out, "end\n");
	}
	/* The thread's start routine, under the format's name for the outermost frame. */
	fprintf(out, "frame %d main\ncallsp 0x%016llx\ncfa 0x%016llx\nend\n", k, (unsigned long long)t->sp,
		(unsigned long long)t->cfa);
	if (fclose(out) != 0)
		die(path);
	if (signal_mode) {
		spin(&t->spinning, &t->stop);
		return;
	}
	if (write(parked_fd[1], "p", 1) != 1)
		die("write parked");
	park(t->k);
}

/* wait_in_read blocks until thread tid sits in read(2): the first field
 * of /proc/self/task/TID/syscall is the number of the call it is blocked
 * in (0, read, on x86_64). */
static void wait_in_read(pid_t tid) {
	char path[64], buf[64];
	int tries;
	snprintf(path, sizeof path, "/proc/self/task/%d/syscall", (int)tid);
	for (tries = 0; tries < 100000; tries++) {
		FILE *f = fopen(path, "r");
		size_t got = 0;
		if (f) {
			got = fread(buf, 1, sizeof buf - 1, f);
			fclose(f);
		}
		buf[got] = 0;
		if (strncmp(buf, "0 ", 2) == 0)
			return;
		usleep(100);
	}
	fprintf(stderr, "thread %d never blocked in read (%s: %s)\n", (int)tid, path, buf);
	exit(1);
}

__attribute__((noinline)) static void *live_thread(void *arg) {
	struct thread *t = arg;
	self = t;
	t->tid = (pid_t)syscall(SYS_gettid);
	t->cfa = (uint64_t)(uintptr_t)__builtin_dwarf_cfa();
	t->sp = current_sp();
	t->got = walk_a(t->a, t->b, t->obj, WALK_N);
	__asm__ volatile("" ::: "memory");
	return NULL;
}

#if !WALK_STATEPOINT
static void set_slot(void *page, int k, const void *f) {
	char *slot = (char *)page + k * WALK_TRAMP_SLOT;
	size_t n = (size_t)(stackmaps_tramp_end - stackmaps_tramp);
	uint64_t target = (uint64_t)(uintptr_t)f;
	memcpy(slot, stackmaps_tramp, n);
	memcpy(slot + n - 8, &target, 8);
}

static void map_trampolines(void) {
	void *page = mmap((void *)(uintptr_t)STACKMAPS_TRAMP_ADDR, 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page != (void *)(uintptr_t)STACKMAPS_TRAMP_ADDR)
		die("mmap trampolines");
	set_slot(page, 0, (const void *)(uintptr_t)walk_b);
	set_slot(page, 1, (const void *)(uintptr_t)walk_c);
	set_slot(page, 2, (const void *)(uintptr_t)walk_d);
	set_slot(page, 3, (const void *)(uintptr_t)stackmaps_capture);
	if (mprotect(page, 4096, PROT_READ | PROT_EXEC) != 0)
		die("mprotect");
	__builtin___clear_cache((char *)page, (char *)page + 4096);
}
#endif

int main(int argc, char **argv) {
	int n, i, j, f, bad = 0;
	char line[64], c;

	if (argc < 3 || argc > 4 || (n = atoi(argv[1])) < 1 || n > MAX_THREADS ||
	    (argc == 4 && strcmp(argv[3], "signal") != 0)) {
		fprintf(stderr, "usage: %s NTHREADS(1-%d) DIR [signal]\n", argv[0], MAX_THREADS);
		return 2;
	}
	dir = argv[2];
	signal_mode = argc == 4;
	if (signal_mode) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = live_on_signal;
		if (sigaction(SIGUSR1, &sa, NULL) != 0)
			die("sigaction");
	}
#if !WALK_STATEPOINT
	map_trampolines();
#endif
	if (pipe(release_fd) != 0 || pipe(parked_fd) != 0)
		die("pipe");
	for (i = 0; i < n; i++) {
		struct thread *t = &threads[i];
		t->k = i;
		t->a = 0x1122334455667788LL + (int64_t)i * 0x0101010101LL;
		t->b = 0x00000001deadbeefLL + (int64_t)i * 0x10;
		if (pthread_create(&t->pt, NULL, live_thread, t) != 0)
			die("pthread_create");
		/* One at a time: the frames publish into shared globals. In
		 * signal mode, once the thread spins, SIGUSR1 parks it. */
		if (signal_mode) {
			while (!t->spinning)
				usleep(100);
			if (pthread_kill(t->pt, SIGUSR1) != 0)
				die("pthread_kill");
		}
		if (read(parked_fd[0], &c, 1) != 1)
			die("read parked");
	}
	/* Writing "p" comes just before park's read: wait until every thread
	 * is in that read (syscall 0 in /proc), or a walk could catch one on
	 * its way there. */
	for (i = 0; i < n; i++)
		wait_in_read(threads[i].tid);
	printf("ready");
	for (i = 0; i < n; i++)
		printf(" %d", (int)threads[i].tid);
	printf("\n");
	fflush(stdout);
	if (!fgets(line, sizeof line, stdin))
		die("read stdin");
	for (i = 0; i < n; i++)
		if (write(release_fd[1], "r", 1) != 1)
			die("write release");
	for (i = 0; i < n; i++) {
		struct thread *t = &threads[i];
		uint64_t want = 0;
		pthread_join(t->pt, NULL);
		for (f = 0; f < WALK_NFRAMES; f++)
			for (j = 0; j < walk_frames[f].ndeopt + walk_frames[f].ngc; j++) {
				uint64_t v = t->exp[f][1 + j];
				want += walk_frames[f].types[j] == 'i' ? (uint32_t)v : v;
			}
		if ((uint64_t)t->got != want) {
			fprintf(stderr, "thread %d: walk_a returned 0x%llx, want 0x%llx\n", i, (unsigned long long)t->got,
				(unsigned long long)want);
			bad = 1;
		}
	}
	if (bad)
		return 1;
	printf("ok %d\n", n);
	return 0;
}
