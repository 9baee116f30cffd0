/* The memory floor for a walk: sum every 8-byte word of a file once (the
 * least any reader of all its bytes must do).
 *
 *   memfloor [-reps N] FILE
 *
 * Prints key=value pairs: bytes, the sum, and the median of N passes (no
 * best-of) by process CPU time (getrusage: user + system) and by wall time,
 * and the first (cold) pass. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "cputime.h"

static double wall_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv) {
  int reps = 5, a = 1;
  if (a + 1 < argc && strcmp(argv[a], "-reps") == 0) {
    reps = atoi(argv[a + 1]);
    a += 2;
  }
  if (argc - a != 1 || reps < 1) {
    fprintf(stderr, "usage: memfloor [-reps N] FILE\n");
    return 2;
  }
  FILE *f = fopen(argv[a], "rb");
  if (!f) {
    perror(argv[a]);
    return 1;
  }
  size_t cap = 1 << 20, n = 0;
  uint8_t *buf = malloc(cap);
  for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
    n += got;
    if (n == cap) {
      uint8_t *b = realloc(buf, cap * 2);
      if (!b) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = b;
      cap *= 2;
    }
  }
  fclose(f);
  if (!buf) {
    fprintf(stderr, "memfloor: out of memory\n");
    return 1;
  }
  size_t words = n / 8;
  const uint64_t *w = (const uint64_t *)buf;
  double *cpus = malloc(reps * sizeof *cpus), *walls = malloc(reps * sizeof *walls);
  if (!cpus || !walls) {
    fprintf(stderr, "memfloor: out of memory\n");
    return 1;
  }
  uint64_t sum = 0;
  for (int r = 0; r < reps; r++) {
    double c0 = cpu_ns(), t0 = wall_ns();
    uint64_t s = 0;
    for (size_t i = 0; i < words; i++)
      s += w[i];
    double t = wall_ns() - t0, c = cpu_ns() - c0;
    cpus[r] = c;
    walls[r] = t;
    sum = s;
    __asm__ volatile("" : : "r"(s) : "memory");
  }
  double cold_cpu = cpus[0], cold_wall = walls[0];
  printf("bench=memfloor bytes=%zu sum=%llu cpu_ns=%.0f wall_ns=%.0f cold_cpu_ns=%.0f cold_wall_ns=%.0f\n", n,
         (unsigned long long)sum, median(cpus, reps), median(walls, reps), cold_cpu, cold_wall);
  free(cpus);
  free(walls);
  free(buf);
  return 0;
}
