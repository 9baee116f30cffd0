#!/usr/bin/env bash
# Regenerates testdata/cfi/: the extra call-frame test programs under build/
# (llc-22 and the cross gccs), the llvm-dwarfdump-22 goldens under golden/
# for every ELF object and binary of testdata/objects, testdata/linked,
# testdata/deopt and build/, and the register name tables under regnames/.
#
#   testdata/cfi/gen.sh            # everything
#   testdata/cfi/gen.sh golden     # only goldens and regnames
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
td="$(cd "$here/.." && pwd)"
cd "$td"
what="${1:-all}"

# arch  llc triple  gcc  llc extra flags
targets=(
	"x86_64 x86_64-unknown-linux-gnu x86_64-linux-gnu-gcc"
	"aarch64 aarch64-unknown-linux-gnu aarch64-linux-gnu-gcc"
	"ppc64le powerpc64le-unknown-linux-gnu powerpc64le-linux-gnu-gcc"
	"ppc64 powerpc64-unknown-linux-gnu powerpc64-linux-gnu-gcc"
	"s390x s390x-unknown-linux-gnu s390x-linux-gnu-gcc"
	"riscv64 riscv64-unknown-linux-gnu riscv64-linux-gnu-gcc"
)

build() {
	rm -rf cfi/build
	for t in "${targets[@]}"; do
		read -r arch triple gcc <<<"$t"
		out="cfi/build/$arch"
		mkdir -p "$out"
		extra=()
		case "$arch" in
		riscv64) extra=(-mattr=+m,+a,+f,+d,+c) ;;
		esac
		llc-22 -O2 -filetype=obj -relocation-model=pic -mtriple="$triple" "${extra[@]}" \
			cfi/src/frames.ll -o "$out/frames.o"
		llc-22 -O2 -filetype=obj -relocation-model=pic -mtriple="$triple" "${extra[@]}" \
			--force-dwarf-frame-section cfi/src/frames.ll -o "$out/frames_debugframe.o"
		# 64-bit DWARF .debug_frame: llc's assembly through llvm-mc -dwarf64.
		llc-22 -O2 -relocation-model=pic -mtriple="$triple" "${extra[@]}" \
			--force-dwarf-frame-section cfi/src/frames.ll -o "$out/frames.s"
		llvm-mc-22 -filetype=obj -triple="$triple" "${extra[@]}" -dwarf64 \
			"$out/frames.s" -o "$out/frames_dwarf64.o"
		rm "$out/frames.s"
		"$gcc" -O2 -fPIC -c cfi/src/prog.c -o "$out/prog.o"
		# .debug_frame only (no unwind tables).
		"$gcc" -O2 -g1 -fno-asynchronous-unwind-tables -fno-unwind-tables -c cfi/src/prog.c \
			-o "$out/prog_debugframe.o"
		"$gcc" -O2 -no-pie -o "$out/exe" "$out/prog.o" "$out/frames.o"
		"$gcc" -O2 -pie -o "$out/pie" "$out/prog.o" "$out/frames.o"
		# "zPLR": personality routine and LSDA (C cleanups with -fexceptions);
		# libgcc statically, so the personality pointer is in the file.
		"$gcc" -O2 -fPIC -fexceptions -c cfi/src/eh.c -o "$out/eh.o"
		"$gcc" -O2 -no-pie -static-libgcc -o "$out/exe_eh" "$out/prog.o" "$out/frames.o" "$out/eh.o"
		if [ "$arch" = aarch64 ]; then
			# Return address signing: "zRB" CIEs and DW_CFA_AARCH64_negate_ra_state.
			"$gcc" -O2 -fPIC -mbranch-protection=pac-ret+b-key -c cfi/src/prog.c -o "$out/prog_pac.o"
		fi
	done
}

# regnames ARCH TRIPLE: "N NAME" for DWARF registers 0-127 (and a few
# higher ones seen in expressions), as llvm-dwarfdump-22 prints them.
regnames() {
	local arch="$1" triple="$2" tmp
	tmp="$(mktemp -d)"
	{
		echo ".text"
		echo "f:"
		echo ".cfi_startproc"
		for n in $(seq 0 127) 7202; do echo ".cfi_offset $n, -8"; done
		echo ".cfi_endproc"
	} >"$tmp/r.s"
	llvm-mc-22 -filetype=obj -triple="$triple" "$tmp/r.s" -o "$tmp/r.o"
	llvm-dwarfdump-22 --eh-frame "$tmp/r.o" 2>/dev/null |
		awk '/ FDE /{f=1} f && /DW_CFA_offset(_extended)?(_sf)?:/ {print $2}' >"$tmp/names"
	paste -d' ' <(printf '%s\n' $(seq 0 127) 7202) "$tmp/names" >"cfi/regnames/$arch.txt"
	rm -rf "$tmp"
}

golden() {
	rm -rf cfi/golden cfi/regnames
	mkdir -p cfi/golden cfi/regnames
	for t in "${targets[@]}"; do
		read -r arch triple gcc <<<"$t"
		regnames "$arch" "$triple"
	done
	find objects linked deopt cfi/build -type f | LC_ALL=C sort >cfi/.files
	: >cfi/golden/FILES.tsv
	while IFS= read -r f; do
		case "$f" in *.o | */exe | */exe_eh | */pie | *.so | */deopt) ;; *) continue ;; esac
		[ "$(head -c 4 "$f" | od -An -tx1 | tr -d ' ')" = 7f454c46 ] || continue
		secs="$(llvm-readelf-22 -S -W "$f" 2>/dev/null || true)"
		kinds=""
		if grep -q ' \.eh_frame ' <<<"$secs"; then
			mkdir -p "cfi/golden/$(dirname "$f")"
			llvm-dwarfdump-22 --eh-frame "$f" >"cfi/golden/$f.ehframe.txt" 2>/dev/null || true
			kinds="eh_frame"
		fi
		if grep -q ' \.debug_frame ' <<<"$secs"; then
			mkdir -p "cfi/golden/$(dirname "$f")"
			llvm-dwarfdump-22 --debug-frame "$f" >"cfi/golden/$f.debugframe.txt" 2>/dev/null || true
			kinds="${kinds:+$kinds,}debug_frame"
		fi
		[ -n "$kinds" ] && printf '%s\t%s\n' "$f" "$kinds" >>cfi/golden/FILES.tsv
	done <cfi/.files
	rm -f cfi/.files
}

case "$what" in
all) build; golden ;;
golden) golden ;;
*) echo "usage: $0 [all|golden]" >&2; exit 2 ;;
esac
