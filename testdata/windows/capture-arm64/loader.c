/* A Linux loader for a CRT-free, import-free ARM64 PE image (see
 * README.md): loader IMAGE maps IMAGE's sections at its ImageBase with
 * their protections (the image has no imports, and at its ImageBase its
 * base relocations need not be applied) and calls its entry point as an AAPCS64 function,
 *   int start(void (*write)(const void *, uint32_t), void (*exit)(uint32_t),
 *             uint64_t cfa),
 * passing the loader's stack pointer at the call as cfa (start's CFA:
 * build.sh compiles this with -fno-optimize-sibling-calls, so that the
 * call is no tail call made after main's frame is freed).
 * Built static for aarch64 Linux, run under qemu-aarch64-static. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void host_write(const void *b, uint32_t n) {
	const char *p = b;
	while (n > 0) {
		ssize_t k = write(1, p, n);
		if (k <= 0)
			_exit(5);
		p += k, n -= (uint32_t)k;
	}
}

static void host_exit(uint32_t code) { _exit((int)code); }

static uint32_t u16(const unsigned char *p) { return p[0] | p[1] << 8; }
static uint32_t u32(const unsigned char *p) { return u16(p) | u16(p + 2) << 16; }
static uint64_t u64(const unsigned char *p) { return u32(p) | (uint64_t)u32(p + 4) << 32; }

static int fail(const char *what) {
	fprintf(stderr, "loader: %s\n", what);
	return 2;
}

int main(int argc, char **argv) {
	static unsigned char file[1 << 22];
	if (argc != 2)
		return fail("usage: loader IMAGE");
	int fd = open(argv[1], O_RDONLY);
	if (fd < 0)
		return fail("cannot open the image");
	ssize_t n = read(fd, file, sizeof file);
	close(fd);
	if (n < 0x200 || n == (ssize_t)sizeof file)
		return fail("cannot read the image (or it is over 4 MiB)");
	uint32_t pe = u32(file + 0x3c);
	if (pe + 24 + 240 > (uint64_t)n || memcmp(file + pe, "PE\0\0", 4) || u16(file + pe + 4) != 0xaa64)
		return fail("not an ARM64 PE image");
	uint32_t nsec = u16(file + pe + 6), optsize = u16(file + pe + 20);
	const unsigned char *opt = file + pe + 24;
	if (u16(opt) != 0x20b)
		return fail("not PE32+");
	uint64_t base = u64(opt + 24);
	uint32_t entry = u32(opt + 16), size = u32(opt + 56), headers = u32(opt + 60);
	if (u32(opt + 108) > 1 && u32(opt + 112 + 8) != 0) /* DataDirectory[1]: imports */
		return fail("the image imports functions");
	unsigned char *img = mmap((void *)base, size, PROT_READ | PROT_WRITE,
	                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (img != (unsigned char *)base)
		return fail("cannot map the image at its ImageBase");
	memcpy(img, file, headers < (uint64_t)n ? headers : (size_t)n);
	const unsigned char *sec = opt + optsize;
	for (uint32_t i = 0; i < nsec; i++, sec += 40) {
		uint32_t vsize = u32(sec + 8), rva = u32(sec + 12), rawsize = u32(sec + 16), raw = u32(sec + 20);
		uint32_t flags = u32(sec + 36);
		if ((uint64_t)rva + vsize > size || (uint64_t)raw + rawsize > (uint64_t)n)
			return fail("a section is outside the image");
		memcpy(img + rva, file + raw, rawsize < vsize ? rawsize : vsize);
		int prot = (flags & 0x40000000 ? PROT_READ : 0) | (flags & 0x80000000 ? PROT_WRITE : 0) |
		           (flags & 0x20000000 ? PROT_EXEC : 0);
		if (mprotect(img + rva, (vsize + 0xfff) & ~0xfffu, prot))
			return fail("mprotect");
	}
	__builtin___clear_cache((char *)img, (char *)img + size);
	int (*start)(void (*)(const void *, uint32_t), void (*)(uint32_t), uint64_t) =
		(int (*)(void (*)(const void *, uint32_t), void (*)(uint32_t), uint64_t))(img + entry);
	uint64_t sp;
	__asm__ volatile("mov %0, sp" : "=r"(sp));
	return start(host_write, host_exit, sp);
}
