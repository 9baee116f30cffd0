/* What the floor programs share: the process's CPU time and the median
 * of their runs (no best-of). */
#ifndef STACKMAPS_PERF_FLOOR_CPUTIME_H
#define STACKMAPS_PERF_FLOOR_CPUTIME_H

#include <stdlib.h>
#include <sys/resource.h>

/* cpu_ns returns the CPU time (user + system) the process has used, ns. */
static double cpu_ns(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e9 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e3;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* median sorts v[0..n) and returns its median. */
static double median(double *v, int n) {
  qsort(v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif
