//go:build llvmjit

/* A memory manager for MCJIT through LLVMCreateSimpleMCJITMemoryManager:
 * every section goes into one arena (so that pc-relative references between
 * .text and .eh_frame stay in range) at a page boundary, and is remembered by
 * name, which is how the runtime finds .llvm_stackmaps and .eh_frame. */
#include "jit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

jit_mm *jit_mm_new(size_t arena_size) {
	jit_mm *mm = calloc(1, sizeof *mm);
	if (mm == NULL)
		return NULL;
	void *p = mmap(NULL, arena_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		free(mm);
		return NULL;
	}
	mm->arena = p;
	mm->arena_size = arena_size;
	return mm;
}

static uint8_t *allocate(jit_mm *mm, uintptr_t size, unsigned align, const char *name, int code, int readonly) {
	size_t ps = page_size();
	if (align > ps || mm->nsections == JIT_MAX_SECTIONS) {
		snprintf(mm->error, sizeof mm->error, "section %s: alignment %u or section count over the limit", name, align);
		return NULL;
	}
	size_t rounded = ((size_t)size + ps - 1) / ps * ps;
	if (rounded == 0)
		rounded = ps;
	if (rounded > mm->arena_size - mm->used) {
		snprintf(mm->error, sizeof mm->error, "section %s: %zu bytes do not fit in the arena", name, (size_t)size);
		return NULL;
	}
	jit_section *s = &mm->sections[mm->nsections++];
	snprintf(s->name, sizeof s->name, "%s", name);
	s->addr = mm->arena + mm->used;
	s->size = size;
	s->code = code;
	s->readonly = readonly;
	mm->used += rounded;
	return s->addr;
}

static uint8_t *alloc_code(void *opaque, uintptr_t size, unsigned align, unsigned id, const char *name) {
	(void)id;
	return allocate(opaque, size, align, name, 1, 1);
}

static uint8_t *alloc_data(void *opaque, uintptr_t size, unsigned align, unsigned id, const char *name, LLVMBool ro) {
	(void)id;
	return allocate(opaque, size, align, name, 0, ro != 0);
}

int jit_protect_sections(jit_section *s, int from, int to, uint8_t *arena, size_t used) {
	size_t ps = page_size();
	for (int i = from; i < to; i++) {
		size_t len = ((size_t)s[i].size + ps - 1) / ps * ps;
		if (len == 0)
			continue;
		int prot = PROT_READ | PROT_WRITE;
		if (s[i].code)
			prot = PROT_READ | PROT_EXEC;
		else if (s[i].readonly)
			prot = PROT_READ;
		if (mprotect(s[i].addr, len, prot) != 0)
			return -1;
	}
	__builtin___clear_cache((char *)arena, (char *)arena + used);
	return 0;
}

/* finalize gives the sections allocated since the last call their final
 * protection. */
static LLVMBool finalize(void *opaque, char **err) {
	jit_mm *mm = opaque;
	if (jit_protect_sections(mm->sections, mm->finalized, mm->nsections, mm->arena, mm->used) != 0) {
		*err = strdup("mprotect failed");
		return 1;
	}
	mm->finalized = mm->nsections;
	return 0;
}

static void destroy(void *opaque) { (void)opaque; /* jit_mm_free releases the arena */ }

LLVMMCJITMemoryManagerRef jit_mm_wrap(jit_mm *mm) {
	return LLVMCreateSimpleMCJITMemoryManager(mm, alloc_code, alloc_data, finalize, destroy);
}

void jit_mm_free(jit_mm *mm) {
	if (mm == NULL)
		return;
	munmap(mm->arena, mm->arena_size);
	free(mm);
}
