/* The floor of a cold ModuleSet lookup at 1,000,000 modules with and
 * without huge pages: random reads of one 32-byte entry each in an array
 * of 2^20 of them (32 MB, a set's entries at 1,000,000 modules), each
 * entry checked against its pc as a lookup checks it, the entry's index
 * known beforehand. The array is mapped twice, once with
 * madvise(MADV_HUGEPAGE) (the kernel's transparent huge pages in
 * "madvise" mode back it with 2 MB pages) and once without; the two are
 * read in interleaved rounds.
 *
 *   hugefloor [-rounds N]
 *
 * Prints, for each mapping, the median (no best-of) of N rounds of 2^21
 * reads by process CPU time (getrusage: user + system), ns a read, and
 * the AnonHugePages line of /proc/self/smaps_rollup. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "cputime.h"

struct entry {
  uint64_t start, end, m, dir;
};

enum { N = 1 << 20, READS = 1 << 21, MAXROUNDS = 101 };

/* entries maps and fills the array, 2 MB-aligned, huge or not. */
static struct entry *entries(int huge) {
  size_t size = (size_t)N * sizeof(struct entry), align = 2u << 20;
  char *p = mmap(NULL, size + align, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) {
    perror("mmap");
    exit(1);
  }
  p += (align - (uintptr_t)p % align) % align;
  if (huge && madvise(p, size, MADV_HUGEPAGE) != 0) {
    perror("madvise");
    exit(1);
  }
  struct entry *e = (struct entry *)p;
  for (uint64_t i = 0; i < N; i++)
    e[i] = (struct entry){.start = i << 12, .end = (i << 12) + 4000, .m = 1};
  return e;
}

/* reads looks up every pc at its entry and returns how many were found. */
static uint64_t reads(const struct entry *e, const uint64_t *pcs, const uint32_t *idx) {
  uint64_t found = 0;
  for (uint64_t i = 0; i < READS; i++) {
    uint64_t pc = pcs[i & (N - 1)];
    const struct entry *x = &e[idx[i & (N - 1)]];
    found += pc - x->start < x->end - x->start;
  }
  return found;
}

static void huge_pages_line(void) {
  FILE *f = fopen("/proc/self/smaps_rollup", "r");
  char line[256];
  while (f && fgets(line, sizeof line, f))
    if (strncmp(line, "AnonHugePages:", 14) == 0)
      printf("%s", line);
  if (f)
    fclose(f);
}

int main(int argc, char **argv) {
  int rounds = 7;
  if (argc == 3 && strcmp(argv[1], "-rounds") == 0)
    rounds = atoi(argv[2]);
  if (rounds < 1 || rounds > MAXROUNDS) {
    fprintf(stderr, "usage: hugefloor [-rounds N (1-%d)]\n", MAXROUNDS);
    return 2;
  }
  struct entry *small = entries(0);
  printf("small pages: ");
  huge_pages_line();
  struct entry *huge = entries(1);
  printf("both mapped: ");
  huge_pages_line();
  uint64_t *pcs = malloc(N * sizeof *pcs), seed = 0x9e3779b97f4a7c15;
  uint32_t *idx = malloc(N * sizeof *idx);
  for (uint64_t i = 0; i < N; i++) {
    seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
    idx[i] = seed % N;
    pcs[i] = ((uint64_t)idx[i] << 12) + (seed >> 40) % 4000;
  }
  double t[2][MAXROUNDS];
  for (int r = 0; r < rounds; r++) {
    for (int h = 0; h < 2; h++) {
      double c0 = cpu_ns();
      if (reads(h ? huge : small, pcs, idx) != READS) {
        fprintf(stderr, "hugefloor: a pc not found\n");
        return 1;
      }
      t[h][r] = (cpu_ns() - c0) / READS;
    }
  }
  printf("4 KB pages: %.1f ns a read\n2 MB pages: %.1f ns a read\n(medians of %d interleaved rounds of %d reads)\n",
         median(t[0], rounds), median(t[1], rounds), rounds, READS);
  return 0;
}
