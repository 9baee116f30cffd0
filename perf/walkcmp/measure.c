// measure.c: the C side of the walk comparison (perf/walk.sh). run (in a thread main starts) calls
// a chain of 200 frames, llc_0 -> gcc_0 -> llc_1 -> ... -> gcc_99 ->
// capture -> measure: llc_I are llc-22 code with a gc.statepoint record at
// each call, gcc_I gcc code. measure writes the capture (registers at
// capture's call and the stack above it) for the Go side, then times each
// C unwinder over the same stack, from measure's frame out to run's:
//
//   fp              a frame-pointer chain (every function keeps rbp)
//   libgcc          _Unwind_Backtrace, counting frames in its callback
//   nongnu_bt       nongnu libunwind's unw_backtrace (addresses only)
//   nongnu_step     nongnu libunwind's unw_init_local + unw_step + the IP
//   llvm_step       LLVM libunwind 22's unw_init_local + unw_step + the IP
//                   (llvmstep.c, its static library in a shared object)
//
// nongnu libunwind is dlopen'ed (its -dev package conflicts with LLVM's),
// so both libunwinds live in this one executable. Each prints
// "NAME ns_per_frame frames": the median of REPS runs (1 by default) of
// ITERS walks, by process CPU time (no best-of).
//
// The chain runs in a thread of its own whose stack (CHAIN_STACK_MB, 1024
// MB by default, committed only as it is used) holds 100,000 frames and
// more: the main thread's 8 MB do not (perf/walk.sh PAIRS=50000).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unwind.h>

long llc_0(long x, void *p);
int llvm_step_walk(uintptr_t stop_sp); // llvmstep.c

// cap is filled by capture.S: ra, rsp, rbp, rbx, r12, r13, r14, r15.
uint64_t cap[8];
static uintptr_t main_fp; // run's frame address: every walk stops there
static const char *out_path;
static long iters = 2000;
static int reps = 1;

static double cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

// fp: the frame-pointer chain from measure's frame to run's.
__attribute__((noinline)) static int fp_walk(void) {
  uintptr_t *fp = __builtin_frame_address(0);
  int n = 0;
  uintptr_t sum = 0;
  while ((uintptr_t)fp < main_fp) {
    sum += fp[1]; // the return address
    fp = (uintptr_t *)fp[0];
    n++;
  }
  __asm__ volatile("" : : "r"(sum));
  return n;
}

struct bt { int n; };
static _Unwind_Reason_Code bt_cb(struct _Unwind_Context *ctx, void *arg) {
  struct bt *b = arg;
  if (_Unwind_GetCFA(ctx) > main_fp) return _URC_END_OF_STACK;
  __asm__ volatile("" : : "r"(_Unwind_GetIP(ctx)));
  b->n++;
  return _URC_NO_REASON;
}
__attribute__((noinline)) static int libgcc_walk(void) {
  struct bt b = {0};
  _Unwind_Backtrace(bt_cb, &b);
  return b.n;
}

// nongnu libunwind, x86_64: unw_cursor_t is 127 words, unw_context_t a
// ucontext_t; UNW_REG_IP is 16, UNW_REG_SP 17.
typedef struct { uint64_t w[127]; } nn_cursor;
static int (*nn_getcontext)(ucontext_t *);
static int (*nn_init_local)(nn_cursor *, ucontext_t *);
static int (*nn_step)(nn_cursor *);
static int (*nn_get_reg)(nn_cursor *, int, uint64_t *);
static int (*nn_backtrace)(void **, int);
static int frames_bt; // the frames unw_backtrace is asked for

__attribute__((noinline)) static int nongnu_step_walk(void) {
  ucontext_t uc;
  nn_cursor c;
  nn_getcontext(&uc);
  nn_init_local(&c, &uc);
  int n = 0;
  for (;;) {
    uint64_t ip, sp;
    nn_get_reg(&c, 17, &sp);
    if (sp > main_fp) break;
    nn_get_reg(&c, 16, &ip);
    __asm__ volatile("" : : "r"(ip));
    n++;
    if (nn_step(&c) <= 0) break;
  }
  return n;
}

// bt_buf holds unw_backtrace's addresses: room for perf/walk.sh's deepest
// chain (PAIRS up to 100,000); frames_bt is capped to it.
#define BT_MAX (1 << 18)
static void *bt_buf[BT_MAX];

__attribute__((noinline)) static int nongnu_bt_walk(void) {
  return nn_backtrace(bt_buf, frames_bt < BT_MAX ? frames_bt : BT_MAX);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void time_walk(const char *name, int (*walk)(void)) {
  int frames = walk();
  double *ns = calloc(reps, sizeof *ns);
  if (!ns) { perror("calloc"); exit(1); }
  for (int r = 0; r < reps; r++) {
    double t0 = cpu_ns();
    for (long i = 0; i < iters; i++) walk();
    ns[r] = (cpu_ns() - t0) / iters / frames;
  }
  qsort(ns, reps, sizeof *ns, cmp_double);
  double med = reps % 2 ? ns[reps / 2] : (ns[reps / 2 - 1] + ns[reps / 2]) / 2;
  free(ns);
  printf("%s %.3f %d\n", name, med, frames);
}

static int llvm_walk(void) { return llvm_step_walk(main_fp); }

// measure dumps the capture, then times the unwinders.
long measure(long x, void *p) {
  (void)p;
  FILE *f = fopen(out_path, "wb");
  if (!f) { perror(out_path); exit(1); }
  uint64_t lo = cap[1], hi = main_fp + 256; // through run's frame
  fprintf(f, "ra %#lx rsp %#lx rbp %#lx rbx %#lx r12 %#lx r13 %#lx r14 %#lx r15 %#lx len %lu\n",
          (unsigned long)cap[0], (unsigned long)cap[1], (unsigned long)cap[2], (unsigned long)cap[3],
          (unsigned long)cap[4], (unsigned long)cap[5], (unsigned long)cap[6], (unsigned long)cap[7],
          (unsigned long)(hi - lo));
  fwrite((void *)lo, 1, hi - lo, f);
  fclose(f);

  void *h = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);
  if (!h) { fprintf(stderr, "measure: %s\n", dlerror()); exit(1); }
  nn_getcontext = (int (*)(ucontext_t *))dlsym(h, "_Ux86_64_getcontext");
  nn_init_local = (int (*)(nn_cursor *, ucontext_t *))dlsym(h, "_ULx86_64_init_local");
  nn_step = (int (*)(nn_cursor *))dlsym(h, "_ULx86_64_step");
  nn_get_reg = (int (*)(nn_cursor *, int, uint64_t *))dlsym(h, "_ULx86_64_get_reg");
  nn_backtrace = (int (*)(void **, int))dlsym(h, "unw_backtrace");
  if (!nn_getcontext || !nn_init_local || !nn_step || !nn_get_reg || !nn_backtrace) {
    fprintf(stderr, "measure: libunwind.so.8 lacks a symbol\n");
    exit(1);
  }
  // nongnu libunwind's per-pc cache on (UNW_CACHE_GLOBAL, 1), as a
  // runtime would set it.
  int (*set_caching)(void *, int) = (int (*)(void *, int))dlsym(h, "_ULx86_64_set_caching_policy");
  void **local_as = (void **)dlsym(h, "_ULx86_64_local_addr_space");
  if (!set_caching || !local_as || set_caching(*local_as, 1) != 0) {
    fprintf(stderr, "measure: cannot turn nongnu libunwind's cache on\n");
    exit(1);
  }
  frames_bt = libgcc_walk();

  time_walk("fp", fp_walk);
  time_walk("libgcc", libgcc_walk);
  time_walk("nongnu_bt", nongnu_bt_walk);
  time_walk("nongnu_step", nongnu_step_walk);
  time_walk("llvm_step", llvm_walk);
  return x;
}

// run is the chain's outermost frame (where every walk stops), in a
// thread of its own.
__attribute__((noinline)) static void *run(void *arg) {
  (void)arg;
  main_fp = (uintptr_t)__builtin_frame_address(0);
  static long obj[4];
  long r = llc_0(1, obj);
  return r == 12345678 ? (void *)1 : NULL;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: chain CAPTURE [ITERS [REPS]]\n"); return 2; }
  out_path = argv[1];
  if (argc > 2) iters = atol(argv[2]);
  if (argc > 3) reps = atoi(argv[3]);
  size_t mb = 1024;
  const char *env = getenv("CHAIN_STACK_MB");
  if (env && atol(env) > 0) mb = (size_t)atol(env);
  pthread_attr_t attr;
  pthread_t t;
  if (pthread_attr_init(&attr) != 0 || pthread_attr_setstacksize(&attr, mb << 20) != 0 ||
      pthread_create(&t, &attr, run, NULL) != 0) {
    fprintf(stderr, "chain: cannot start a thread with a %zu MB stack\n", mb);
    return 1;
  }
  void *r;
  pthread_join(t, &r);
  return r == (void *)1 ? 1 : 0;
}
