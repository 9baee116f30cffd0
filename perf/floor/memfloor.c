/* The memory floor for a walk: sum every 8-byte word of a file once (the
 * least any reader of all its bytes must do).
 *
 *   memfloor [-reps N] FILE
 *
 * Prints key=value pairs: bytes, the sum, and the best of N passes by
 * process CPU time (getrusage: user + system) and by wall time. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double cpu_ns(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e9 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e3;
}

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
  double best_cpu = 1e300, best_wall = 1e300;
  uint64_t sum = 0;
  for (int r = 0; r < reps; r++) {
    double c0 = cpu_ns(), t0 = wall_ns();
    uint64_t s = 0;
    for (size_t i = 0; i < words; i++)
      s += w[i];
    double t = wall_ns() - t0, c = cpu_ns() - c0;
    if (c < best_cpu) best_cpu = c;
    if (t < best_wall) best_wall = t;
    sum = s;
    __asm__ volatile("" : : "r"(s) : "memory");
  }
  printf("bench=memfloor bytes=%zu sum=%llu cpu_ns=%.0f wall_ns=%.0f\n", n, (unsigned long long)sum, best_cpu, best_wall);
  free(buf);
  return 0;
}
