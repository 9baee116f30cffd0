/* main.c - entry point for the x86_64 PIE and non-PIE executables in
 * linked/x86_64-elf. It has no stack maps of its own; it only calls into the
 * stack-map components so that they are used. */
#include <stdint.h>
#include <stdio.h>

int64_t la_global(int64_t);
int64_t la_patch(int64_t, int64_t);
int64_t lb_global(int64_t);
void lb_dyn(int64_t);
void lb_empty(void);
void *lg_safepoint(void *, int64_t);
void lg_default(void);

int main(int argc, char **argv) {
  (void)argv;
  if (argc > 100) { /* never taken: the patchpoint's nops are not a call target */
    printf("%lld\n", (long long)la_patch(1, 2));
    lg_safepoint(0, 1);
    lg_default();
  }
  lb_dyn(16);
  lb_empty();
  printf("%lld\n", (long long)(la_global(argc) + lb_global(argc)));
  return 0;
}
