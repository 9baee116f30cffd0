/* -fexceptions with a cleanup: GCC emits a "zPLR" CIE (personality
   __gcc_personality_v0) and an LSDA for cfi_cleanup. */
void cfi_ext(void *);
static void release(long *p) { cfi_ext(p); }
long cfi_cleanup(long n) {
	long v __attribute__((cleanup(release))) = n;
	cfi_ext(&v);
	return v + 1;
}
