/* Driver of the Windows stack walk programs: testdata/walk/driver.c
 * without a C library. x64 (this directory, run under wine): kernel32's
 * GetStdHandle, WriteFile and ExitProcess only. ARM64
 * (../capture-arm64, no Windows at all): the image imports nothing, and
 * the Linux loader there (loader.c, under qemu-aarch64) calls start with
 * its write and exit functions and its stack pointer at the call (start's
 * CFA). See README.md.
 *
 * start calls walk_a (testdata/walk/walk_statepoint.ll, compiled by llc-22
 * for x86_64-pc-windows-msvc or aarch64-pc-windows-msvc), which calls
 * walk_b, walk_c and walk_d through gc.statepoints; walk_d calls
 * stackmaps_capture (capture-x86_64-win.S, ../capture-arm64/
 * capture-arm64-win.S), which saves every register and calls
 * stackmaps_capture_dump below. That writes, to standard output, the
 * capture file of testdata/walk/README.md: the registers, the stack from
 * the innermost llc frame up past start's frame, and for every frame the
 * values its stack map record must describe. start then checks walk_a's
 * result and exits 0 only if it is right. */
#include <stdint.h>
#include "../../capture/capture.h"
#include "../../capture/program.h"
#include "frames.h" /* testdata/walk/frames.h or xmm/frames.h, by -I */

#define ABOVE_MAIN 256
#define WALK_N 5

#if defined(__aarch64__)
/* The loader's functions, from start's arguments. */
static void (*host_write)(const void *, uint32_t);
static void (*host_exit)(uint32_t);
static void out(const void *b, uint32_t n) { host_write(b, n); }
static void quit(uint32_t code) { host_exit(code); }
#define START_PARAMS void (*w)(const void *, uint32_t), void (*e)(uint32_t), uint64_t cfa
#else
typedef void *HANDLE;
__declspec(dllimport) HANDLE __stdcall GetStdHandle(uint32_t);
__declspec(dllimport) int __stdcall WriteFile(HANDLE, const void *, uint32_t, uint32_t *, void *);
__declspec(dllimport) __declspec(noreturn) void __stdcall ExitProcess(uint32_t);
#define STD_OUTPUT_HANDLE ((uint32_t)-11)
static void out(const void *b, uint32_t n) {
	uint32_t done = 0;
	WriteFile(GetStdHandle(STD_OUTPUT_HANDLE), b, n, &done, 0);
}
static void quit(uint32_t code) { ExitProcess(code); }
#define START_PARAMS void
void *_AddressOfReturnAddress(void); /* a compiler intrinsic (intrin.h) */
#endif

extern void stackmaps_capture(void);
extern int64_t walk_a(int64_t a, int64_t b, void *obj, int64_t n);
extern int64_t walk_b(int64_t, int64_t, void *);
extern int64_t walk_c(int64_t, int64_t, void *);
extern int64_t walk_d(int64_t, int64_t, void *);
void stackmaps_capture_dump(const uint64_t *save);
int start(START_PARAMS);

/* walk_statepoint.ll's doubles make llc reference _fltused, which the CRT
 * defines. */
int _fltused;

static uint64_t main_sp, main_cfa;
static const int64_t A = 0x1122334455667788LL;
static const int64_t B = 0x00000001deadbeefLL;
static unsigned char gcobj[64] __attribute__((aligned(16)));

/* Output: a buffer flushed to standard output. */
static char buf[1 << 16];
static uint32_t nbuf;

static void flush(void) {
	if (nbuf)
		out(buf, nbuf);
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

static void dec(int v) {
	char s[12];
	int i = 11;
	s[i] = 0;
	do {
		s[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	put(s + i);
}

static void line(const char *key, uint64_t v) {
	put(key);
	put(" ");
	hex(v, 16);
	put("\n");
}

static const char *type_name(char t) {
	switch (t) {
	case 'l': return "i64";
	case 'i': return "i32";
	case 'd': return "f64";
	default:  return "ptr";
	}
}

void stackmaps_capture_dump(const uint64_t *save) {
	uint64_t sp = save_sp(save), end = (main_cfa + ABOVE_MAIN + 15) & ~(uint64_t)15;
	const unsigned char *p;
	int i, j, k;
	line("retaddr", save_retaddr(save));
	line("sp", sp);
	for (i = 0; i < STACKMAPS_SAVE_SLOTS; i++) {
		int r = slot_dwarf(i);
		if (r >= 0) {
			put("reg ");
			dec(r);
			put(" ");
			hex(save[i], 16);
			put("\n");
		}
	}
	if (end <= sp || end - sp > (1 << 20)) {
		flush();
		quit(3);
	}
	put("stack ");
	hex(sp, 16);
	put(" ");
	for (p = (const unsigned char *)(uintptr_t)sp; p < (const unsigned char *)(uintptr_t)end; p++) {
		char s[3] = {"0123456789abcdef"[*p >> 4], "0123456789abcdef"[*p & 15], 0};
		put(s);
	}
	put("\n");
	for (i = WALK_NFRAMES - 1, k = 0; i >= 0; i--, k++) {
		const struct walk_frame *f = &walk_frames[i];
		put("frame ");
		dec(k);
		put(" ");
		put(f->name);
		put("\nid ");
		hex(f->id, 2);
		put("\ncall statepoint\nfp ");
		put(f->fp);
		put("\n");
		line("callsp", f->exp[0]);
		for (j = 0; j < f->ndeopt + f->ngc; j++) {
			put(j < f->ndeopt ? "expect deopt " : "expect gc ");
			dec(j < f->ndeopt ? j : j - f->ndeopt);
			put(" ");
			put(type_name(f->types[j]));
			put(" ");
			if (f->types[j] == 'i')
				hex((uint32_t)f->exp[1 + j], 8);
			else
				hex(f->exp[1 + j], 16);
			put("\n");
		}
		put("end\n");
	}
	put("frame ");
	dec(k);
	put(" main\n");
	line("callsp", main_sp);
	line("cfa", main_cfa);
	put("end\n");
}

static void function(const char *name, const void *f) {
	put("symbol ");
	put(name);
	put(" ");
	hex((uint64_t)(uintptr_t)f, 16);
	put("\ncode ");
	put(name);
	put(" ");
	hex((uint64_t)(uintptr_t)f, 16);
	put("\n");
}

/* The capture file's header and the functions' addresses. */
static __attribute__((noinline)) void header(void) {
	put("stackmaps-walk-capture 1\narch " ARCH "\nendian little\nabi win64\npie 0\nmode statepoint\nllc llc-22\n");
	put("symbol walk_a_exp ");
	hex((uint64_t)(uintptr_t)walk_a_exp, 16);
	put("\n");
	function("main", (const void *)(uintptr_t)start);
	function("walk_a", (const void *)(uintptr_t)walk_a);
	function("walk_b", (const void *)(uintptr_t)walk_b);
	function("walk_c", (const void *)(uintptr_t)walk_c);
	function("walk_d", (const void *)(uintptr_t)walk_d);
	function("stackmaps_capture", (const void *)(uintptr_t)stackmaps_capture);
	function("stackmaps_capture_dump", (const void *)(uintptr_t)stackmaps_capture_dump);
}

/* Checks walk_a's result against the published values and exits. */
static __attribute__((noinline)) void finish(int64_t got) {
	uint64_t want = 0;
	int i, j;
	for (i = 0; i < WALK_NFRAMES; i++)
		for (j = 0; j < walk_frames[i].ndeopt + walk_frames[i].ngc; j++) {
			uint64_t v = walk_frames[i].exp[1 + j];
			if (walk_frames[i].types[j] == 'i')
				v = (uint32_t)v;
			want += v;
		}
	if ((uint64_t)got != want) {
		put("# walk_a returned ");
		hex((uint64_t)got, 16);
		put(", want ");
		hex(want, 16);
		put("\n");
		flush();
		quit(1);
	}
	put("done\n");
	flush();
	quit(0);
}

/* The entry point: "main" in the capture file. Its work is in header and
 * finish, so that it keeps nothing but its return address in its frame:
 * on ARM64 its unwind data is then a packed entry (str lr, [sp, #-16]!),
 * which the walk unwinds through. */
int start(START_PARAMS) {
#if defined(__aarch64__)
	host_write = w, host_exit = e;
	main_cfa = cfa;
#else
	main_cfa = (uint64_t)(uintptr_t)_AddressOfReturnAddress() + 8;
#endif
	header();
	main_sp = current_sp();
	finish(walk_a(A, B, gcobj, WALK_N));
	return 0;
}
