/* A Windows x64 program that writes its own minidump: see README.md.
 *
 * Two threads each run four llc-compiled statepoint frames: the main
 * thread those of testdata/walk/walk_statepoint.ll (walk_a..walk_d: a
 * frame pointer and a dynamic alloca in walk_a, 22 deopt values in
 * walk_b, derived pointers), a second thread those of
 * ../capture/xmm/xmm.ll renamed xmm_a..xmm_d (version 2 unwind records,
 * deopt doubles in xmm6-xmm15 saved by SAVE_XMM128, an 8 KiB frame with
 * __chkstk), twice: the second time called from the C frame below the
 * first (recursion). Each innermost frame calls stackmaps_capture
 * (../capture/capture-x86_64-win.S: it saves the registers and calls
 * stackmaps_capture_dump below): the second thread spins there; the main
 * thread waits for it, then writes to address 0. The vectored exception handler writes the dump (dbghelp's
 * MiniDumpWriteDump, with the exception, into the file named by
 * DUMP_PATH) and then, to standard output, what every frame published
 * before its call (values.txt, README.md), and exits 0. */
#include <stdint.h>
#include "../../capture/program.h"
#include "frames.h"     /* testdata/walk/frames.h */
#include "xmm_frames.h" /* ../capture/xmm/frames.h, renamed by gen.sh */

typedef void *HANDLE;
typedef struct {
	uint32_t ExceptionCode, ExceptionFlags;
	void *ExceptionRecord, *ExceptionAddress;
} EXCEPTION_RECORD_HEAD;
typedef struct {
	EXCEPTION_RECORD_HEAD *ExceptionRecord;
	void *ContextRecord;
} EXCEPTION_POINTERS;
typedef struct {
	uint32_t ThreadId;
	EXCEPTION_POINTERS *ExceptionPointers;
	int ClientPointers;
} __attribute__((packed, aligned(4))) MINIDUMP_EXCEPTION_INFORMATION;
typedef long(__stdcall *VECTORED_HANDLER)(EXCEPTION_POINTERS *);

__declspec(dllimport) HANDLE __stdcall GetStdHandle(uint32_t);
__declspec(dllimport) int __stdcall WriteFile(HANDLE, const void *, uint32_t, uint32_t *, void *);
__declspec(dllimport) __declspec(noreturn) void __stdcall ExitProcess(uint32_t);
__declspec(dllimport) HANDLE __stdcall CreateThread(void *, uintptr_t, uint32_t(__stdcall *)(void *), void *, uint32_t, uint32_t *);
__declspec(dllimport) HANDLE __stdcall CreateFileA(const char *, uint32_t, uint32_t, void *, uint32_t, uint32_t, HANDLE);
__declspec(dllimport) int __stdcall CloseHandle(HANDLE);
__declspec(dllimport) HANDLE __stdcall GetCurrentProcess(void);
__declspec(dllimport) uint32_t __stdcall GetCurrentProcessId(void);
__declspec(dllimport) uint32_t __stdcall GetCurrentThreadId(void);
__declspec(dllimport) void *__stdcall AddVectoredExceptionHandler(uint32_t, VECTORED_HANDLER);
__declspec(dllimport) int __stdcall MiniDumpWriteDump(HANDLE, uint32_t, HANDLE, uint32_t, MINIDUMP_EXCEPTION_INFORMATION *, void *, void *);
#define STD_OUTPUT_HANDLE ((uint32_t)-11)
#define GENERIC_WRITE 0x40000000u
#define CREATE_ALWAYS 2
#define MiniDumpNormal 0

extern int64_t walk_a(int64_t a, int64_t b, void *obj, int64_t n);
extern int64_t xmm_a(int64_t a, int64_t b, void *obj, int64_t n);
int start(void);

/* The llc frames' doubles make llc reference _fltused, which the CRT
 * defines. */
int _fltused;

static const int64_t A = 0x1122334455667788LL;
static const int64_t B = 0x00000001deadbeefLL;
static unsigned char gcobj[64] __attribute__((aligned(16)));
static unsigned char xmmobj[64] __attribute__((aligned(16)));
static volatile uint32_t main_tid, xmm_tid;
static volatile uint64_t main_sp, xmm_sp; /* each entry's SP at its call of walk_a, xmm_a */
static volatile int xmm_ready;

static char buf[1 << 16];
static uint32_t nbuf;

static void flush(void) {
	uint32_t done = 0;
	if (nbuf)
		WriteFile(GetStdHandle(STD_OUTPUT_HANDLE), buf, nbuf, &done, 0);
	nbuf = 0;
}

static void put(const char *s) {
	for (; *s; s++) {
		if (nbuf == sizeof buf)
			flush();
		buf[nbuf++] = *s;
	}
}

static void hex(uint64_t v, int digits) {
	char s[19];
	int i;
	s[0] = '0', s[1] = 'x';
	for (i = 0; i < digits; i++)
		s[2 + i] = "0123456789abcdef"[(v >> (4 * (digits - 1 - i))) & 15];
	s[2 + digits] = 0;
	put(s);
}

static void dec(uint64_t v) {
	char s[24];
	int i = 23;
	s[i] = 0;
	do {
		s[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	put(s + i);
}

static const char *type_name(char t) {
	switch (t) {
	case 'l': return "i64";
	case 'i': return "i32";
	case 'd': return "f64";
	default:  return "ptr";
	}
}

/* frames writes the frame lines of n llc frames, innermost first: each
 * one's statepoint ID, its SP at its call (exps[i][0]) and its published
 * values (exps[i][1...]). */
static void frames(const struct walk_frame *t, const uint64_t *const *exps, int n) {
	int i, j;
	for (i = n - 1; i >= 0; i--) {
		put("frame ");
		put(t[i].name);
		put(" ");
		hex(t[i].id, 2);
		put(" ");
		hex(exps[i][0], 16);
		put("\n");
		for (j = 0; j < t[i].ndeopt + t[i].ngc; j++) {
			put(j < t[i].ndeopt ? "deopt " : "gc ");
			dec(j < t[i].ndeopt ? j : j - t[i].ndeopt);
			put(" ");
			put(type_name(t[i].types[j]));
			put(" ");
			hex(t[i].types[j] == 'i' ? (uint32_t)exps[i][1 + j] : exps[i][1 + j], 16);
			put("\n");
		}
	}
}

/* other writes a frame without a record: its function and its SP at its
 * call of the frame below it. */
static void other(const char *name, uint64_t sp) {
	put("frame ");
	put(name);
	put(" - ");
	hex(sp, 16);
	put("\n");
}

/* The second thread's frames run twice, the second time called from
 * stackmaps_capture_dump (recursion through the C frames): the values
 * the outer frames published, saved before the inner ones overwrite them,
 * and the stack pointer at that call. */
#define XMM_MAXEXP 16
static uint64_t xmm_outer[XMM_NFRAMES][XMM_MAXEXP];
static volatile uint64_t xmm_inner_sp;
static int xmm_depth;
static volatile int64_t xmm_result;

static const unsigned char home_area[] = {0x48, 0x83, 0xec, 0x20, 0x48, 0x89, 0xd9, 0xe8};

/* find reports whether the n bytes of code hold the m bytes of want. */
static int find(const unsigned char *code, int n, const unsigned char *want, int m) {
	int i, j;
	for (i = 0; i + m <= n; i++) {
		for (j = 0; j < m && code[i + j] == want[j]; j++)
			;
		if (j == m)
			return 1;
	}
	return 0;
}

static char dump_path[] = DUMP_PATH;

static long __stdcall on_fault(EXCEPTION_POINTERS *ep) {
	MINIDUMP_EXCEPTION_INFORMATION mei;
	HANDLE h;
	/* Only the main thread's write to address 0: the system handles the
	 * rest (a stack's guard page, which __chkstk's probes touch). */
	if (ep->ExceptionRecord->ExceptionCode != 0xc0000005u || GetCurrentThreadId() != main_tid)
		return 0; /* EXCEPTION_CONTINUE_SEARCH */
	h = CreateFileA(dump_path, GENERIC_WRITE, 0, 0, CREATE_ALWAYS, 0x80, 0);
	mei.ThreadId = GetCurrentThreadId();
	mei.ExceptionPointers = ep;
	mei.ClientPointers = 0;
	if (h == (HANDLE)(intptr_t)-1 || !MiniDumpWriteDump(GetCurrentProcess(), GetCurrentProcessId(), h, MiniDumpNormal, &mei, 0, 0)) {
		put("# MiniDumpWriteDump failed\n");
		flush();
		ExitProcess(4);
	}
	CloseHandle(h);
	put("stackmaps-minidump-values 1\nthread ");
	dec(main_tid);
	put("\n");
	{
		const uint64_t *exps[WALK_NFRAMES];
		uint64_t walk_a_at_call[1 + 16];
		int k, j;
		for (k = 0; k < WALK_NFRAMES; k++)
			exps[k] = walk_frames[k].exp;
		/* walk_a records llvm.stacksave, but with its dynamic alloca llc
		 * allocates the callee's 32-byte home area at the call (sub rsp,
		 * 0x20; mov rcx, rbx; call walk_b): its stack pointer at the call
		 * is 32 below, which the code must show. */
		if (!find((const unsigned char *)(uintptr_t)walk_a, 0x140, home_area, sizeof home_area)) {
			put("# walk_a does not allocate the home area at its call\n");
			flush();
			ExitProcess(5);
		}
		for (j = 0; j < 1 + walk_frames[0].ndeopt + walk_frames[0].ngc && j < 17; j++)
			walk_a_at_call[j] = walk_frames[0].exp[j];
		walk_a_at_call[0] -= 32;
		exps[0] = walk_a_at_call;
		frames(walk_frames, exps, WALK_NFRAMES);
	}
	other("start", main_sp);
	put("end\nthread ");
	dec(xmm_tid);
	put("\n");
	{
		const uint64_t *inner[XMM_NFRAMES], *outer[XMM_NFRAMES];
		int k;
		for (k = 0; k < XMM_NFRAMES; k++)
			inner[k] = xmm_frames[k].exp, outer[k] = xmm_outer[k];
		/* struct xmm_frame is struct walk_frame renamed. */
		const struct walk_frame *t = (const struct walk_frame *)xmm_frames;
		frames(t, inner, XMM_NFRAMES);
		other("stackmaps_capture_dump", xmm_inner_sp);
		frames(t, outer, XMM_NFRAMES);
	}
	other("xmm_thread", xmm_sp);
	put("end\ndone\n");
	flush();
	ExitProcess(0);
	return 0;
}

/* stackmaps_capture_dump is where both innermost frames (walk_d, xmm_d)
 * end up, through stackmaps_capture: the second thread runs its frames
 * once more from here, then spins here for ever; the main thread waits
 * for it and faults. */
void stackmaps_capture_dump(const uint64_t *save) {
	(void)save;
	if (GetCurrentThreadId() != main_tid) {
		if (xmm_depth++ == 0) {
			int k, j;
			for (k = 0; k < XMM_NFRAMES; k++)
				for (j = 0; j < 1 + xmm_frames[k].ndeopt + xmm_frames[k].ngc && j < XMM_MAXEXP; j++)
					xmm_outer[k][j] = xmm_frames[k].exp[j];
			xmm_inner_sp = current_sp();
			xmm_result = xmm_a(A ^ 0x0f0f0f0f, B + 1, xmmobj + 16, 2);
		}
		xmm_ready = 1;
		for (;;)
			;
	}
	while (!xmm_ready)
		;
	*(volatile int *)(uintptr_t)0 = 1;
}

static uint32_t __stdcall xmm_thread(void *arg) {
	(void)arg;
	xmm_tid = GetCurrentThreadId();
	xmm_sp = current_sp();
	xmm_result = xmm_a(A, B, xmmobj, 3); /* not a tail call: xmm_thread keeps its frame */
	return 0;
}

/* The entry point. */
int start(void) {
	uint32_t id;
	main_tid = GetCurrentThreadId();
	AddVectoredExceptionHandler(1, on_fault);
	CreateThread(0, 0, xmm_thread, 0, 0, &id);
	main_sp = current_sp();
	walk_a(A, B, gcobj, 5);
	put("# walk_a returned\n");
	flush();
	ExitProcess(1);
	return 0;
}
