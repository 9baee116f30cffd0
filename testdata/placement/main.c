/* main.c - entry point of the placement executables: calls into the
 * stack-map components of ../linked/src (link_a.ll, link_b.ll). */
#include <stdint.h>
#include <stdio.h>

int64_t la_global(int64_t);
int64_t la_patch(int64_t, int64_t);
int64_t lb_global(int64_t);
void lb_dyn(int64_t);
void lb_empty(void);

int main(int argc, char **argv) {
  (void)argv;
  if (argc > 100) /* never taken: the patchpoint's nops are not a call target */
    printf("%lld\n", (long long)la_patch(1, 2));
  lb_dyn(16);
  lb_empty();
  printf("%lld\n", (long long)(la_global(argc) + lb_global(argc)));
  return 0;
}
