// The caller of nullcheck.ll and more.ll, and a SIGSEGV handler that
// resumes at the handler pc the fault map names.
//
//   prog TABLE
//
// TABLE is a text file: a first line "load_or ADDR", then
// "faulting_pc handler_pc" lines (hexadecimal), all addresses as the
// executable is linked, which the Go test writes from the fault map it
// decodes from this executable. The program finds its load bias as the
// runtime address of load_or minus ADDR (0 for a static executable, the
// ASLR offset for a PIE), prints it as
//   bias <bias>
// and adds it to every address of TABLE. Each case calls an llc-compiled function with a null
// pointer; the load or store faults, the handler looks the faulting pc up
// in TABLE and resumes at the handler pc, and the function returns what
// its null branch returns. For every fault the program prints
//   fault <case> pc=<faulting pc> resume=<handler pc>
// and for every case
//   result <case> <value>
// A pc TABLE does not hold ends the program with status 3.
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

int load_or(int *p, int null_value);
long load_plus(long *p);
void store(int *p, int v);
int two_checks(int *p, int *q);
void increment(int *p);
int field(int *p, long i);

#define MAX_ENTRIES 64
static uintptr_t faulting[MAX_ENTRIES], handler[MAX_ENTRIES];
static int entries;
static const char *current = "";

static void put(const char *s) { write(1, s, strlen(s)); }

static void puthex(uintptr_t v) {
  char buf[2 + 16 + 1];
  int n = sizeof buf;
  buf[--n] = 0;
  do {
    buf[--n] = "0123456789abcdef"[v & 15];
    v >>= 4;
  } while (v);
  buf[--n] = 'x';
  buf[--n] = '0';
  put(buf + n);
}

static void on_segv(int sig, siginfo_t *info, void *ctx) {
  (void)sig;
  (void)info;
  ucontext_t *uc = ctx;
#if defined(__x86_64__)
  uintptr_t pc = uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
  uintptr_t pc = uc->uc_mcontext.pc;
#else
#error "x86_64 or aarch64"
#endif
  for (int i = 0; i < entries; i++) {
    if (faulting[i] == pc) {
      put("fault ");
      put(current);
      put(" pc=");
      puthex(pc);
      put(" resume=");
      puthex(handler[i]);
      put("\n");
#if defined(__x86_64__)
      uc->uc_mcontext.gregs[REG_RIP] = handler[i];
#else
      uc->uc_mcontext.pc = handler[i];
#endif
      return;
    }
  }
  put("fault at unknown pc ");
  puthex(pc);
  put("\n");
  _exit(3);
}

static void result(const char *name, long v) { printf("result %s %ld\n", name, v); fflush(stdout); }

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s TABLE\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  unsigned long long a, b;
  if (fscanf(f, " load_or %llx", &a) != 1) {
    fprintf(stderr, "%s: no load_or line\n", argv[1]);
    return 2;
  }
  uintptr_t bias = (uintptr_t)&load_or - (uintptr_t)a;
  printf("bias 0x%llx\n", (unsigned long long)bias);
  fflush(stdout);
  while (entries < MAX_ENTRIES && fscanf(f, "%llx %llx", &a, &b) == 2) {
    faulting[entries] = a + bias;
    handler[entries] = b + bias;
    entries++;
  }
  fclose(f);

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigaction(SIGSEGV, &sa, 0);

  int x = 5, y = 7;
  long l[2] = {10, 20};
  int arr[4] = {1, 2, 3, 4};
  result("load_or", load_or(&x, 77));
  current = "load_or";
  result("load_or_null", load_or(0, 77));
  result("load_plus", load_plus(l));
  current = "load_plus";
  result("load_plus_null", load_plus(0));
  store(&x, 9);
  result("store", x);
  current = "store";
  store(0, 9);
  result("store_null", 0);
  result("two_checks", two_checks(&x, &y));
  current = "two_checks_p";
  result("two_checks_p_null", two_checks(0, &y));
  current = "two_checks_q";
  result("two_checks_q_null", two_checks(&x, 0));
  increment(&y);
  result("increment", y);
  current = "increment";
  increment(0);
  result("increment_null", 0);
  result("field", field(arr, 0));
  current = "field";
  result("field_null", field(0, 0));
  return 0;
}
