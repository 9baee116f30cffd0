/* Shared constants for driver.c and capture-*.S (the .S files are run through
 * the C preprocessor). See README.md. */
#ifndef STACKMAPS_CAPTURE_H
#define STACKMAPS_CAPTURE_H

/* Fixed address of the patchpoint trampoline page; patchpoint.ll hard-codes
 * it as the patchpoint target (1509949440). */
#define STACKMAPS_TRAMP_ADDR 0x5a000000

/* Number of 64-bit slots in the register save area that each capture routine
 * passes to stackmaps_capture_dump; the slot layout is per architecture and is
 * described (slot -> DWARF register) in driver.c. */
#if defined(__x86_64__)
#define STACKMAPS_SAVE_SLOTS 33
#elif defined(__aarch64__)
#define STACKMAPS_SAVE_SLOTS 64
#elif defined(__powerpc64__)
#define STACKMAPS_SAVE_SLOTS 98
#endif

#endif
