/* main calls rec (rec.ll), which nests 35 frames through statepoints and
 * then calls stop, where gdb's breakpoint takes a backtrace. */
long rec(long n);

__attribute__((noinline)) void stop(void) { __asm__ volatile("" ::: "memory"); }

int main(void) { return rec(35) == 630 ? 0 : 1; }
