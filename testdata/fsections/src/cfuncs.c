/*
 * cfuncs.c - C with stack map calls in several functions, compiled by clang
 * with -ffunction-sections (see ../gen.sh).
 *
 * C has no builtin for llvm.experimental.stackmap, but clang lets a
 * declaration take any symbol name through an asm label, and LLVM treats a
 * call to a function named "llvm.experimental.stackmap" as the intrinsic.
 * The ID and shadow-byte count must be integer constants (immarg); the
 * other arguments are the live values the record describes. IDs 700-705.
 */
extern void stackmap(long long id, int shadow, ...) __asm__("llvm.experimental.stackmap");

extern long cf_ext(long);
extern void cf_clobber(void);

/* A record after a call: the values live across it sit in callee-saved
 * registers. */
long cf_first(long a, long b)
{
	long c = cf_ext(a);
	stackmap(700, 0, a, b, c);
	return c + cf_ext(b);
}

/* Two records in one function, the second with a constant. */
long cf_second(long a)
{
	long c = cf_ext(a) * 3;
	stackmap(701, 0, c, a);
	long d = cf_ext(c);
	stackmap(702, 0, d, 42);
	return d + c;
}

/* A local function: its stack map entry may be relocated against the
 * section symbol of its own section. */
static __attribute__((noinline)) long cf_local(long x)
{
	long y = cf_ext(x + 1);
	stackmap(703, 0, x, y);
	return y - x;
}

/* A record with its values in stack slots: more live values than
 * callee-saved registers across a call that clobbers them all. */
long cf_spill(long a, long b, long c, long d, long e, long f, long g)
{
	cf_clobber();
	stackmap(704, 0, a, b, c, d, e, f, g);
	return a + b + c + d + e + f + g + cf_local(a);
}

/* A record with a shadow region at the very start of a function. */
long cf_leaf(long a)
{
	stackmap(705, 8, a);
	return a * 5;
}
