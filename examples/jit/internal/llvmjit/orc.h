/* C side of package llvmjit's ORC support (orc.go): an LLJIT whose object
 * layer is either RuntimeDyld with MCJIT-like memory manager callbacks (one
 * allocation context per object, remembered by its sections) or JITLink,
 * LLJIT's default, with an object transform that hands Go a copy of every
 * compiled object. LLVM 19 and later. */
#ifndef STACKMAPS_ORC_H
#define STACKMAPS_ORC_H

#include <stddef.h>
#include <stdint.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>

#include "jit.h"

#define ORC_MAX_SECTIONS 32

/* One object RuntimeDyld linked: its allocation context, a bump arena of
 * page-aligned sections, on a list of live objects until Destroy. */
typedef struct orc_obj {
	uint8_t *arena;
	size_t arena_size, used;
	jit_section sections[ORC_MAX_SECTIONS];
	int nsections;
	int finalized;
	char error[128];
	struct orc_obj *prev, *next;
} orc_obj;

/* ORC_ARENA_SIZE is the address space reserved for each object's sections
 * (only the pages used are touched). */
#define ORC_ARENA_SIZE (1 << 20)

/* orc_create makes an LLJIT: rtdyld 1 for RuntimeDyld with the callbacks
 * of orc_mm.c, 0 for the default (JITLink) with the object transform that
 * calls goORCObject. It defines stackmaps_jit_capture in the main
 * JITDylib. */
LLVMErrorRef orc_create(LLVMOrcLLJITRef *jit, int rtdyld);

/* orc_add parses IR text into a module of its own context and adds it to
 * the main JITDylib under a new resource tracker. A parse failure returns
 * NULL with *msg set (free it with LLVMDisposeMessage). */
LLVMErrorRef orc_add(LLVMOrcLLJITRef jit, const char *name, const char *ir, size_t len,
		     LLVMOrcResourceTrackerRef *rt, char **msg);

/* orc_object_sections copies the sections of the live RuntimeDyld object
 * whose code holds addr into out (at most max); returns how many, or -1 if
 * no live object holds addr. */
int orc_object_sections(uint64_t addr, jit_section *out, int max);

/* orc_live_objects is the number of RuntimeDyld objects not yet destroyed. */
int orc_live_objects(void);

#endif
