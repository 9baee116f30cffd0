//go:build llvmjit && (llvm19 || llvm22)

/* RuntimeDyld's memory manager for the ORC path, through
 * LLVMOrcCreateRTDyldObjectLinkingLayerWithMCJITMemoryManagerLikeCallbacks:
 * RTDyldObjectLinkingLayer creates one allocation context per object
 * (orc_mm_create), puts all of that object's sections in one arena (so that
 * .eh_frame's pc-relative pointers reach the code) and destroys the context
 * when the object's resource tracker is removed (orc_mm_destroy: the arena
 * is unmapped). Live contexts are on a list, so that Go finds an object's
 * sections (.llvm_stackmaps, .eh_frame) by the address of its code. */
#include "orc.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static pthread_mutex_t objects_mu = PTHREAD_MUTEX_INITIALIZER;
static orc_obj *objects; /* live objects, newest first */
static int nobjects;

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

void *orc_mm_create(void *ctxctx) {
	(void)ctxctx;
	orc_obj *o = calloc(1, sizeof *o);
	if (o == NULL)
		return NULL;
	void *p = mmap(NULL, ORC_ARENA_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		free(o);
		return NULL;
	}
	o->arena = p;
	o->arena_size = ORC_ARENA_SIZE;
	pthread_mutex_lock(&objects_mu);
	o->next = objects;
	if (objects)
		objects->prev = o;
	objects = o;
	nobjects++;
	pthread_mutex_unlock(&objects_mu);
	return o;
}

void orc_mm_terminating(void *ctxctx) { (void)ctxctx; }

static uint8_t *allocate(orc_obj *o, uintptr_t size, unsigned align, const char *name, int code, int readonly) {
	size_t ps = page_size();
	if (o == NULL)
		return NULL;
	if (align > ps || o->nsections == ORC_MAX_SECTIONS) {
		snprintf(o->error, sizeof o->error, "section %s: alignment %u or section count over the limit", name, align);
		return NULL;
	}
	size_t rounded = ((size_t)size + ps - 1) / ps * ps;
	if (rounded == 0)
		rounded = ps;
	if (rounded > o->arena_size - o->used) {
		snprintf(o->error, sizeof o->error, "section %s: %zu bytes do not fit in the object's arena", name, (size_t)size);
		return NULL;
	}
	/* The section is published under the lock: Go may be reading the list. */
	pthread_mutex_lock(&objects_mu);
	jit_section *s = &o->sections[o->nsections];
	snprintf(s->name, sizeof s->name, "%s", name);
	s->addr = o->arena + o->used;
	s->size = size;
	s->code = code;
	s->readonly = readonly;
	o->nsections++;
	pthread_mutex_unlock(&objects_mu);
	o->used += rounded;
	return s->addr;
}

uint8_t *orc_mm_alloc_code(void *opaque, uintptr_t size, unsigned align, unsigned id, const char *name) {
	(void)id;
	return allocate(opaque, size, align, name, 1, 1);
}

uint8_t *orc_mm_alloc_data(void *opaque, uintptr_t size, unsigned align, unsigned id, const char *name, LLVMBool ro) {
	(void)id;
	return allocate(opaque, size, align, name, 0, ro != 0);
}

/* orc_mm_finalize gives the object's sections their final protection: code
 * read+execute, read-only data read. */
LLVMBool orc_mm_finalize(void *opaque, char **err) {
	orc_obj *o = opaque;
	if (jit_protect_sections(o->sections, o->finalized, o->nsections, o->arena, o->used) != 0) {
		*err = strdup("mprotect failed");
		return 1;
	}
	o->finalized = o->nsections;
	return 0;
}

/* orc_mm_destroy runs when the object's resource tracker is removed (or the
 * JIT is disposed of): the object's code and sections are unmapped. */
void orc_mm_destroy(void *opaque) {
	orc_obj *o = opaque;
	if (o == NULL)
		return;
	pthread_mutex_lock(&objects_mu);
	if (o->prev)
		o->prev->next = o->next;
	else
		objects = o->next;
	if (o->next)
		o->next->prev = o->prev;
	nobjects--;
	pthread_mutex_unlock(&objects_mu);
	munmap(o->arena, o->arena_size);
	free(o);
}

int orc_object_sections(uint64_t addr, jit_section *out, int max) {
	int n = -1;
	pthread_mutex_lock(&objects_mu);
	for (orc_obj *o = objects; o != NULL && n < 0; o = o->next) {
		for (int i = 0; i < o->nsections; i++) {
			jit_section *s = &o->sections[i];
			if (s->code && addr >= (uint64_t)(uintptr_t)s->addr && addr - (uint64_t)(uintptr_t)s->addr < s->size) {
				n = 0;
				for (int j = 0; j < o->nsections && j < max; j++)
					out[n++] = o->sections[j];
				break;
			}
		}
	}
	pthread_mutex_unlock(&objects_mu);
	return n;
}

int orc_live_objects(void) {
	pthread_mutex_lock(&objects_mu);
	int n = nobjects;
	pthread_mutex_unlock(&objects_mu);
	return n;
}
