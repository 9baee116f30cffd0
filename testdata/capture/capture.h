/* Shared constants for driver.c and capture-*.S (the .S files are run through
 * the C preprocessor). See README.md. */
#ifndef STACKMAPS_CAPTURE_H
#define STACKMAPS_CAPTURE_H

/* Fixed address of the trampoline page, where each driver.c copies the
 * trampoline template of capture-ARCH.S. testdata/deopt uses one slot, whose
 * address patchpoint.ll hard-codes as the patchpoint target (1509949440).
 * testdata/walk uses four (0x40 bytes each, WALK_TRAMP_SLOT in frames.h),
 * jumping to 0 walk_b, 1 walk_c, 2 walk_d, 3 stackmaps_capture; gen.py
 * hard-codes their addresses as the patchpoint targets. */
#define STACKMAPS_TRAMP_ADDR 0x5a000000

/* Number of 64-bit slots in the register save area that each capture routine
 * passes to stackmaps_capture_dump; driver.c maps slots to DWARF numbers. */
#if defined(__x86_64__)
#define STACKMAPS_SAVE_SLOTS 33
#elif defined(__aarch64__)
#define STACKMAPS_SAVE_SLOTS 64
#elif defined(__powerpc64__)
#define STACKMAPS_SAVE_SLOTS 98
#elif defined(__s390x__)
#define STACKMAPS_SAVE_SLOTS 32
#elif defined(__riscv) && __riscv_xlen == 64
#define STACKMAPS_SAVE_SLOTS 64
#endif

#endif
