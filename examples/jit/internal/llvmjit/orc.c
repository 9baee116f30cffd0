//go:build llvmjit && (llvm19 || llvm22)

/* Making the LLJIT and adding modules to it (see orc.h). */
#include "orc.h"

#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/OrcEE.h>
#include <llvm/Config/llvm-config.h>

void *orc_mm_create(void *ctxctx);
void orc_mm_terminating(void *ctxctx);
uint8_t *orc_mm_alloc_code(void *opaque, uintptr_t size, unsigned align, unsigned id, const char *name);
uint8_t *orc_mm_alloc_data(void *opaque, uintptr_t size, unsigned align, unsigned id, const char *name, LLVMBool ro);
LLVMBool orc_mm_finalize(void *opaque, char **err);
void orc_mm_destroy(void *opaque);

/* goORCObject is exported by orc.go: it copies a compiled object. */
extern void goORCObject(void *data, size_t size);

static LLVMOrcObjectLayerRef make_rtdyld(void *ctx, LLVMOrcExecutionSessionRef es, const char *triple) {
	(void)triple;
	return LLVMOrcCreateRTDyldObjectLinkingLayerWithMCJITMemoryManagerLikeCallbacks(
	    es, ctx, orc_mm_create, orc_mm_terminating, orc_mm_alloc_code, orc_mm_alloc_data, orc_mm_finalize,
	    orc_mm_destroy);
}

/* copy_object is the object transform of the JITLink path: the object
 * passes unchanged, Go keeps a copy. */
static LLVMErrorRef copy_object(void *ctx, LLVMMemoryBufferRef *obj) {
	(void)ctx;
	goORCObject((void *)LLVMGetBufferStart(*obj), LLVMGetBufferSize(*obj));
	return NULL;
}

LLVMErrorRef orc_create(LLVMOrcLLJITRef *jit, int rtdyld) {
	LLVMOrcLLJITBuilderRef b = LLVMOrcCreateLLJITBuilder();
	if (rtdyld)
		LLVMOrcLLJITBuilderSetObjectLinkingLayerCreator(b, make_rtdyld, NULL);
	LLVMErrorRef err = LLVMOrcCreateLLJIT(jit, b); /* takes b */
	if (err)
		return err;
	if (!rtdyld)
		LLVMOrcObjectTransformLayerSetTransform(LLVMOrcLLJITGetObjTransformLayer(*jit), copy_object, NULL);
	LLVMOrcCSymbolMapPair capture = {
	    LLVMOrcLLJITMangleAndIntern(*jit, "stackmaps_jit_capture"),
	    {(LLVMOrcExecutorAddress)(uintptr_t)&stackmaps_jit_capture,
	     {LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable, 0}},
	};
	LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(&capture, 1);
	err = LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(*jit), mu);
	if (err) {
		LLVMOrcDisposeMaterializationUnit(mu);
		LLVMConsumeError(LLVMOrcDisposeLLJIT(*jit));
		*jit = NULL;
	}
	return err;
}

LLVMErrorRef orc_add(LLVMOrcLLJITRef jit, const char *name, const char *ir, size_t len,
		     LLVMOrcResourceTrackerRef *rt, char **msg) {
	*rt = NULL;
	*msg = NULL;
	LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, len, name);
#if LLVM_VERSION_MAJOR >= 21
	/* LLVM 21 removed LLVMOrcThreadSafeContextGetContext: parse into a
	 * context of our own, then hand it to a ThreadSafeContext. */
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMModuleRef m;
	if (LLVMParseIRInContext(ctx, buf, &m, msg)) { /* takes buf */
		LLVMContextDispose(ctx);
		return NULL;
	}
	LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContextFromLLVMContext(ctx);
#else
	LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
	LLVMModuleRef m;
	if (LLVMParseIRInContext(LLVMOrcThreadSafeContextGetContext(tsc), buf, &m, msg)) {
		LLVMOrcDisposeThreadSafeContext(tsc);
		return NULL;
	}
#endif
	LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m, tsc);
	LLVMOrcDisposeThreadSafeContext(tsc); /* the module keeps it */
	LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(jit);
	*rt = LLVMOrcJITDylibCreateResourceTracker(jd);
	LLVMErrorRef err = LLVMOrcLLJITAddLLVMIRModuleWithRT(jit, *rt, tsm); /* takes tsm */
	if (err) {
		LLVMOrcReleaseResourceTracker(*rt);
		*rt = NULL;
	}
	return err;
}
