#!/usr/bin/env bash
# gen.sh: prove regs/ against the compiler. For every register LLVM can
# allocate on each architecture, write LLVM IR that pins a value into that
# register with an inline asm constraint and hands it to
# llvm.experimental.stackmap (one register per record), compile it with each
# available llc, and record the DWARF number and size LLVM reported.
#
# Usage: testdata/regs/gen.sh [OUTDIR]
#   OUTDIR defaults to the directory holding this script.
#   LLVM_VERSIONS="14 19 22" chooses the llc-N/llvm-readobj-N to use (those
#   not on PATH are skipped); ARCHES="x86_64 ..." restricts the architectures.
#
# Output: OUTDIR/<arch>/<llvm>/<object>.o and OUTDIR/<arch>/<llvm>/<object>.ll,
# plus OUTDIR/<arch>/<llvm>/expect.tsv with one row per pin:
#   llvm arch object record_id constraint ir_type pinned_name class alloc
#   dwarf_reg size status note
# status is one of
#   ok          llc kept the value in the pinned register; dwarf_reg/size are
#               what the stack map says
#   moved       llc accepted the constraint but copied the value elsewhere
#               before the stack map (seen in the machine code); dwarf_reg/size
#               are what it reported for the copy, which proves nothing
#   rejected    llc refused the constraint (note holds its error)
#   unsupported this llc cannot compile stack maps for the target at all
# alloc is "yes" when LLVM's register allocator may hand out the register, or
# the reason it does not (reserved: stack pointer, thread pointer, ...).
# Every value sits alone between two asm statements that use the same
# register, so LLVM has no reason to move it; a look at the machine code after
# register allocation catches the cases where it does anyway.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here}
versions=${LLVM_VERSIONS:-"14 19 22"}
arches=${ARCHES:-"x86_64 aarch64 ppc64 ppc64le ppc32 riscv64 s390x"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# pin CONSTRAINT TYPE PINNED CLASS [ALLOC]: one line of the pin list.
pin() { printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "${5:-yes}"; }

# Registers a list function may name as not allocatable, with the reason.
reserved() {
	local arch=$1 reg=$2
	case "$arch:$reg" in
	x86_64:rsp) echo "reserved: stack pointer" ;;
	x86_64:r11) echo "stack map scratch: LLVM's stackmap/patchpoint lowering clobbers r11 (getScratchRegisters)" ;;
	aarch64:x16 | aarch64:w16 | aarch64:x17 | aarch64:w17) echo "stack map scratch: LLVM's stackmap/patchpoint lowering clobbers x16/x17 (getScratchRegisters)" ;;
	ppc32:r12) echo "stack map scratch: LLVM's stackmap/patchpoint lowering clobbers r12 (getScratchRegisters)" ;;
	s390x:r0 | s390x:r1) echo "stack map scratch: LLVM's stackmap/patchpoint lowering clobbers r0/r1 (getScratchRegisters)" ;;
	ppc64*:r12) echo "stack map scratch: LLVM's stackmap/patchpoint lowering clobbers r12 (getScratchRegisters)" ;;
	aarch64:sp) echo "reserved: stack pointer" ;;
	aarch64:x29 | aarch64:w29) echo "reserved: frame pointer (stack maps force a frame record)" ;;
	aarch64:x30 | aarch64:w30) echo "reserved: link register (saved in the frame record)" ;;
	ppc64*:r1 | ppc32:r1) echo "reserved: stack pointer" ;;
	ppc64*:r2) echo "reserved: TOC pointer" ;;
	ppc64*:r13) echo "reserved: thread pointer" ;;
	ppc32:r2) echo "reserved: thread pointer" ;;
	riscv64:zero) echo "reserved: hard-wired zero" ;;
	riscv64:sp) echo "reserved: stack pointer" ;;
	riscv64:gp) echo "reserved: global pointer" ;;
	riscv64:tp) echo "reserved: thread pointer" ;;
	s390x:r15) echo "reserved: stack pointer" ;;
	s390x:r14) echo "reserved: return address (saved by the prologue stack maps force)" ;;
	*) echo yes ;;
	esac
}

# ---- pin lists, one function per architecture and object ------------------

pins_x86_64_pin() {
	local q d w b
	for q in rax:eax:ax:al rbx:ebx:bx:bl rcx:ecx:cx:cl rdx:edx:dx:dl \
		rsi:esi:si:sil rdi:edi:di:dil rbp:ebp:bp:bpl rsp:esp:sp:spl \
		r8:r8d:r8w:r8b r9:r9d:r9w:r9b r10:r10d:r10w:r10b r11:r11d:r11w:r11b \
		r12:r12d:r12w:r12b r13:r13d:r13w:r13b r14:r14d:r14w:r14b r15:r15d:r15w:r15b; do
		IFS=: read -r q d w b <<<"$q"
		local a; a=$(reserved x86_64 "$q")
		pin "$q" i64 "$q" gpr "$a"
		pin "$d" i32 "$d" gpr "$a"
		pin "$w" i16 "$w" gpr "$a"
		pin "$b" i8 "$b" gpr "$a"
	done
	for i in $(seq 0 15); do
		pin "xmm$i" "<4 x float>" "xmm$i" vec
		pin "xmm$i" float "xmm$i" vec
		pin "ymm$i" "<8 x float>" "ymm$i" vec
	done
	for i in $(seq 0 7); do
		pin "st($i)" x86_fp80 "st$i" x87 "not allocatable: x87 stack registers (RST class) are assigned by the FP stackifier"
		pin "mm$i" i64 "mm$i" x87 "not allocatable for i64: MMX values are copied to GPRs"
	done
}
flags_x86_64_pin() { echo "-mtriple=x86_64-linux-gnu -mattr=+avx"; }

pins_x86_64_avx512() {
	for i in $(seq 16 31); do
		pin "xmm$i" double "xmm$i" vec
		pin "ymm$i" "<8 x float>" "ymm$i" vec
	done
	for i in $(seq 0 31); do
		pin "zmm$i" "<16 x float>" "zmm$i" vec
	done
	for i in $(seq 0 7); do
		pin "k$i" "<16 x i1>" "k$i" mask
	done
}
flags_x86_64_avx512() { echo "-mtriple=x86_64-linux-gnu -mattr=+avx512f,+avx512bw"; }

pins_x86_64_apx() {
	local i
	for i in $(seq 16 31); do
		pin "r$i" i64 "r$i" gpr
		pin "r${i}d" i32 "r${i}d" gpr
		pin "r${i}w" i16 "r${i}w" gpr
		pin "r${i}b" i8 "r${i}b" gpr
	done
}
flags_x86_64_apx() { echo "-mtriple=x86_64-linux-gnu -mattr=+egpr"; }

pins_aarch64_pin() {
	local i c
	for i in $(seq 0 30); do
		c="x$i"
		[ "$i" = 29 ] && c=fp # llc rejects {x29} but accepts its LLVM name
		pin "$c" i64 "x$i" gpr "$(reserved aarch64 "x$i")"
		pin "w$i" i32 "w$i" gpr "$(reserved aarch64 "w$i")"
	done
	pin sp i64 sp gpr "$(reserved aarch64 sp)"
	for i in $(seq 0 31); do
		pin "v$i" "<4 x i32>" "v$i" vec
		pin "d$i" double "d$i" fpr
		pin "s$i" float "s$i" fpr
		pin "h$i" half "h$i" fpr
	done
}
flags_aarch64_pin() { echo "-mtriple=aarch64-linux-gnu"; }

pins_aarch64_sve() {
	for i in $(seq 0 31); do pin "z$i" "<vscale x 4 x i32>" "z$i" vec; done
	for i in $(seq 0 15); do pin "p$i" "<vscale x 16 x i1>" "p$i" pred; done
}
flags_aarch64_sve() { echo "-mtriple=aarch64-linux-gnu -mattr=+sve"; }

pins_ppc64_common() {
	local arch=$1 i
	for i in $(seq 0 31); do
		pin "r$i" i64 "r$i" gpr "$(reserved "$arch" "r$i")"
		pin "r$i" i32 "r$i" gpr "$(reserved "$arch" "r$i")"
	done
	for i in $(seq 0 31); do
		pin "f$i" double "f$i" fpr
		pin "f$i" float "f$i" fpr
		pin "vs$i" "<4 x i32>" "vs$i" vec
		pin "v$i" "<4 x i32>" "v$i" vec
	done
	for i in $(seq 0 7); do
		pin "cr$i" i32 "cr$i" cr "not allocatable for i32 values: CR fields hold i1 comparison results"
	done
}
pins_ppc64_pin() { pins_ppc64_common ppc64; }
flags_ppc64_pin() { echo "-mtriple=powerpc64-linux-gnu -mattr=+vsx"; }
pins_ppc64le_pin() { pins_ppc64_common ppc64le; }
flags_ppc64le_pin() { echo "-mtriple=powerpc64le-linux-gnu -mattr=+vsx"; }

pins_ppc32_pin() {
	local i
	for i in $(seq 0 31); do
		pin "r$i" i32 "r$i" gpr "$(reserved ppc32 "r$i")"
	done
	for i in $(seq 0 31); do
		pin "f$i" double "f$i" fpr
		pin "f$i" float "f$i" fpr
		pin "v$i" "<4 x i32>" "v$i" vec
	done
}
flags_ppc32_pin() { echo "-mtriple=powerpc-linux-gnu -mattr=+altivec"; }

riscv_x="zero ra sp gp tp t0 t1 t2 s0 s1 a0 a1 a2 a3 a4 a5 a6 a7 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11 t3 t4 t5 t6"
riscv_f="ft0 ft1 ft2 ft3 ft4 ft5 ft6 ft7 fs0 fs1 fa0 fa1 fa2 fa3 fa4 fa5 fa6 fa7 fs2 fs3 fs4 fs5 fs6 fs7 fs8 fs9 fs10 fs11 ft8 ft9 ft10 ft11"
pins_riscv64_pin() {
	local r
	for r in $riscv_x; do pin "$r" i64 "$r" gpr "$(reserved riscv64 "$r")"; done
	for r in $riscv_f; do
		pin "$r" double "$r" fpr
		pin "$r" float "$r" fpr
	done
}
flags_riscv64_pin() { echo "-mtriple=riscv64-linux-gnu -mattr=+m,+a,+f,+d,+c"; }

pins_riscv64_v() {
	for i in $(seq 0 31); do pin "v$i" "<vscale x 2 x i32>" "v$i" vec; done
}
flags_riscv64_v() { echo "-mtriple=riscv64-linux-gnu -mattr=+m,+a,+f,+d,+c,+v"; }

pins_s390x_pin() {
	local i
	for i in $(seq 0 15); do
		pin "r$i" i64 "r$i" gpr "$(reserved s390x "r$i")"
		pin "r$i" i32 "r$i" gpr "$(reserved s390x "r$i")"
	done
	for i in $(seq 0 15); do
		pin "f$i" double "f$i" fpr
		pin "f$i" float "f$i" fpr
	done
	for i in $(seq 0 31); do
		pin "v$i" "<4 x i32>" "v$i" vec
	done
	for i in $(seq 16 31); do
		pin "v$i" double "v$i" vec
	done
}
flags_s390x_pin() { echo "-mtriple=s390x-linux-gnu -mcpu=z13"; }

objects() {
	case $1 in
	x86_64) echo "pin avx512 apx" ;;
	aarch64) echo "pin sve" ;;
	riscv64) echo "pin v" ;;
	*) echo pin ;;
	esac
}

# ---- IR, compilation, checks ----------------------------------------------

# ir PINFILE: LLVM IR with one function and one stack map record per pin.
ir() {
	awk -F'\t' '
	BEGIN { print "declare void @llvm.experimental.stackmap(i64, i32, ...)" }
	{
		id = NR
		printf "\ndefine void @pin_%d() {\n", id
		printf "  %%v = call %s asm sideeffect \"\", \"={%s}\"()\n", $2, $1
		printf "  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 %d, i32 0, %s %%v)\n", id, $2
		printf "  call void asm sideeffect \"\", \"{%s}\"(%s %%v)\n", $1, $2
		printf "  ret void\n}\n"
	}' "$1"
}

# moved DUMP: print the ids of functions where the machine code after
# register allocation (llc -print-after=stackmap-liveness) has an instruction
# between the defining asm statement and the STACKMAP, or between the STACKMAP
# and the using asm statement: the value was copied out of the pinned
# register.
moved() {
	awk '
	/^# Machine code for function pin_[0-9]+:/ { id = $6; sub(/^pin_/, "", id); sub(/:$/, "", id); state = 0; next }
	!/^  [^ ]/ { next }
	/^  (liveins:|successors:|CFI_INSTRUCTION|DBG_)/ { next }
	/INLINEASM/ { state = (state == 0) ? 1 : 3; next }
	/STACKMAP/ { if (state == 1) state = 2; next }
	state == 1 || state == 2 { print id; state = 3 }' "$1" | sort -u
}

# locations OBJ READOBJ: "id<TAB>dwarf<TAB>size" for Register locations, or
# "id<TAB>-<TAB>-<TAB>kind" for others, from llvm-readobj --stackmap.
locations() {
	"$2" --stackmap "$1" | awk '
	/Record ID:/ { id = $3; sub(/,/, "", id) }
	/#1: Register R#/ {
		r = $3; sub(/R#/, "", r); sub(/,/, "", r)
		printf "%s\t%s\t%s\n", id, r, $5
		next
	}
	/#1: / { k = $0; sub(/.*#1: /, "", k); printf "%s\t-\t-\t%s\n", id, k }'
}

# compile LLC FLAGS IR OUT TYPE: llc with our fixed options. TYPE "null"
# writes the machine code dump after register allocation to OUT instead.
compile() {
	local llc=$1 flags=$2 in=$3 outf=$4 ft=$5
	if [ "$ft" = null ]; then
		# shellcheck disable=SC2086
		"$llc" -O2 -frame-pointer=none $flags -filetype=null \
			-print-after=stackmap-liveness "$in" -o /dev/null 2>"$outf" || {
			cat "$outf"
			return 1
		}
		return 0
	fi
	# shellcheck disable=SC2086
	"$llc" -O2 -frame-pointer=none $flags -filetype="$ft" "$in" -o "$outf" 2>&1
}

gen_one() {
	local v=$1 arch=$2 obj=$3
	local llc=llc-$v readobj=llvm-readobj-$v
	local dir=$out/$arch/$v
	local flags; flags=$("flags_${arch}_${obj}")
	local pins=$work/$arch-$v-$obj.pins good=$work/$arch-$v-$obj.good
	"pins_${arch}_${obj}" >"$pins"
	mkdir -p "$dir"
	: >"$work/status"
	# First try everything at once; fall back to one pin at a time to find
	# the pins llc rejects.
	ir "$pins" >"$work/all.ll"
	printf '%s\n' 'declare void @llvm.experimental.stackmap(i64, i32, ...)' \
		'define void @plain(i32 %a) {' \
		'  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 0, i32 0, i32 %a)' \
		'  ret void' '}' >"$work/plain.ll"
	if compile "$llc" "$flags" "$work/all.ll" "$work/all.mir" null >/dev/null; then
		cp "$pins" "$good"
	else
		: >"$good"
		local first=1 unsupported=""
		while IFS= read -r line; do
			printf '%s\n' "$line" >"$work/one.pins"
			ir "$work/one.pins" >"$work/one.ll"
			if [ -n "$unsupported" ]; then
				printf '%s\tunsupported\t%s\n' "$line" "$unsupported" >>"$work/status"
				continue
			fi
			if err=$(compile "$llc" "$flags" "$work/one.ll" "$work/one.mir" null); then
				printf '%s\n' "$line" >>"$good"
			else
				# A here-string, not printf into a pipe: grep -m1 stops
				# reading early, and under pipefail the writer's SIGPIPE
				# (exit 141) on a large crash dump would fail the script.
				err=$(grep -m1 -E 'error|ERROR' <<<"$err" || true)
				err=$(sed 's/^.*error: //; s/^LLVM ERROR: //; s/\t/ /g' <<<"$err")
				[ -n "$err" ] || err="llc crashed"
				if [ "$first" = 1 ] && ! compile "$llc" "$flags" "$work/plain.ll" "$work/plain.o" obj >/dev/null; then
					# Not even a stack map of an ordinary argument compiles.
					unsupported="llc-$v cannot compile any stack map for $arch: $err"
					printf '%s\tunsupported\t%s\n' "$line" "$unsupported" >>"$work/status"
					first=0
					continue
				fi
				printf '%s\trejected\t%s\n' "$line" "$err" >>"$work/status"
			fi
			first=0
		done <"$pins"
	fi
	if [ -s "$good" ]; then
		ir "$good" >"$dir/$obj.ll"
		compile "$llc" "$flags" "$dir/$obj.ll" "$work/good.mir" null >/dev/null
		compile "$llc" "$flags" "$dir/$obj.ll" "$dir/$obj.o" obj >/dev/null
		moved "$work/good.mir" >"$work/moved"
		locations "$dir/$obj.o" "$readobj" >"$work/locs"
		awk -F'\t' -v OFS='\t' -v llvm="$v" -v arch="$arch" -v obj="$obj" '
		FILENAME == ARGV[1] { mv[$1] = 1; next }
		FILENAME == ARGV[2] { reg[$1] = $2; sz[$1] = $3; kind[$1] = $4; next }
		{
			id = FNR; st = "ok"; note = ""
			if (!(id in reg)) { st = "moved"; note = "no location in the stack map"; reg[id] = "-"; sz[id] = "-" }
			else if (reg[id] == "-") { st = "moved"; note = "llc reported " kind[id] }
			else if (id in mv) { st = "moved"; note = "llc copied the value out of the pinned register" }
			print llvm, arch, obj, id, $1, $2, $3, $4, $5, reg[id], sz[id], st, note
		}' "$work/moved" "$work/locs" "$good" >>"$dir/expect.tsv.tmp"
	else
		rm -f "$dir/$obj.ll" "$dir/$obj.o"
	fi
	awk -F'\t' -v OFS='\t' -v llvm="$v" -v arch="$arch" -v obj="$obj" '
	{ print llvm, arch, obj, "-", $1, $2, $3, $4, $5, "-", "-", $6, $7 }' "$work/status" >>"$dir/expect.tsv.tmp"
}

for v in $versions; do
	if ! command -v "llc-$v" >/dev/null || ! command -v "llvm-readobj-$v" >/dev/null; then
		echo "gen.sh: llc-$v or llvm-readobj-$v not on PATH; skipping LLVM $v" >&2
		continue
	fi
	for arch in $arches; do
		dir=$out/$arch/$v
		mkdir -p "$dir"
		rm -f "$dir/expect.tsv.tmp"
		for obj in $(objects "$arch"); do
			gen_one "$v" "$arch" "$obj"
		done
		{
			printf 'llvm\tarch\tobject\trecord_id\tconstraint\tir_type\tpinned_name\tclass\talloc\tdwarf_reg\tsize\tstatus\tnote\n'
			cat "$dir/expect.tsv.tmp"
		} >"$dir/expect.tsv"
		rm -f "$dir/expect.tsv.tmp"
		echo "gen.sh: $arch LLVM $v: $(grep -c $'\tok\t' "$dir/expect.tsv" || true) pins ok" >&2
	done
done
