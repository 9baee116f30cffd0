/* C side of examples/movinggc: the allocator the llc-compiled mutator
 * calls, the entry that runs it, and the C half of the capture routine.
 * See README.md. */
#ifndef MOVINGGC_H
#define MOVINGGC_H

#include <stdint.h>

/* The bump allocator's current space: [mgc_heap_cur, mgc_heap_end). Go
 * sets both before a run and after every collection. */
extern uintptr_t mgc_heap_cur, mgc_heap_end;

/* Loads of the poison pattern the mutator saw (ir/movinggc.ll @ld, @ldp). */
extern int64_t mgc_poison_reads;

/* Largest field count of an object. */
#define MGC_MAX_FIELDS 1024

/* mgc_alloc returns a zeroed object of nptr pointer fields then nint
 * integer fields, header = nptr << 32 | (nptr + nint). It never collects;
 * an exhausted space aborts the process with a message. */
void *mgc_alloc(uint64_t nptr, uint64_t nint);

/* mgc_run calls the mutator entry fn(seed) after noting its own frame
 * address (mgc_stack_hi), the upper bound of the stack the collector may
 * read and write while the mutator's frames are live. */
uint64_t mgc_run(uintptr_t fn, uint64_t seed);
extern uintptr_t mgc_stack_hi;

/* The mutator entries: ir/movinggc.ll built per variant (obj/). */
uint64_t mgc_entry_stack(uint64_t seed);
uint64_t mgc_entry_callee(uint64_t seed);
uintptr_t mgc_entry_addr(int callee);
uintptr_t mgc_run_addr(void);

/* The capture routine (capture_{amd64,arm64}.S): the mutator's safepoint. */
void mgc_safepoint(void);

/* mgc_read and mgc_write copy between live memory and Go (Go checks the
 * range first). */
void mgc_read(uintptr_t addr, void *dst, uintptr_t n);
void mgc_write_word(uintptr_t addr, uint64_t v);

#endif
