/* Driver for frames.ll plus GCC-compiled frames (testdata/cfi/gen.sh). */
#include <alloca.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

long cfi_many_saved(long);
long cfi_many_saved_fp(long);
double cfi_fp_saved(double);
long cfi_dynamic(long);
long cfi_aligned(long);
long cfi_big(long);
long cfi_leaf(long, long);
long cfi_early_ret(long);

static volatile long sink;

void cfi_ext(void *p) { sink += (long)p & 1; }
long cfi_get(long x) { return x + sink; }
double cfi_getd(double x) { return x + (double)sink; }

/* GCC frames: alloca, variadic, recursion, callee-saved registers. */
__attribute__((noinline)) long g_alloca(long n) {
	char *p = alloca(n);
	memset(p, 1, n);
	cfi_ext(p);
	return p[n - 1];
}

__attribute__((noinline)) long g_varargs(int n, ...) {
	va_list ap;
	long s = 0;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		s += va_arg(ap, long);
	va_end(ap);
	return s;
}

__attribute__((noinline)) long g_recurse(long n) {
	if (n <= 0)
		return cfi_get(0);
	long a = cfi_get(n), b = cfi_get(n + 1), c = cfi_get(n + 2);
	return a + b * g_recurse(n - 1) + c;
}

int main(int argc, char **argv) {
	(void)argv;
	long s = cfi_many_saved(argc) + cfi_many_saved_fp(argc) + cfi_dynamic(16) +
	         cfi_aligned(3) + cfi_big(4) + cfi_leaf(argc, 3) + cfi_early_ret(argc) +
	         g_alloca(32) + g_varargs(3, 1L, 2L, 3L) + g_recurse(3);
	s += (long)cfi_fp_saved(1.5);
	printf("%ld\n", s);
	return 0;
}
