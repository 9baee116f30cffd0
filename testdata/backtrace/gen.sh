#!/usr/bin/env bash
# Builds testdata/backtrace: a program whose stack, stopped in gdb, is a
# 41-frame backtrace through stack map records, and gdb's and addr2line's
# views of it.
#
#   bt                 rec.ll (llc-22) + bt.c (gcc -g -O1 -no-pie), x86_64
#   bt.gdb.txt         gdb's "bt" at a breakpoint in stop() with
#                      "backtrace past-main on": #0 stop () without an
#                      address, 36 rec frames, main, two libc frames, _start
#   bt.addr2line.txt   addr2line -f -e bt of every address in bt.gdb.txt
#
# Needs llc-22, gcc, gdb and addr2line on x86_64 Linux; runnable from any cwd.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export LC_ALL=C
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
llc-22 -O1 -filetype=obj rec.ll -o "$work/rec.o"
gcc -g -O1 -no-pie -fdebug-prefix-map="$PWD"=. -o bt bt.c "$work/rec.o"
gdb -nx -batch -ex 'set backtrace past-main on' -ex 'break stop' -ex run -ex bt ./bt 2>/dev/null |
	grep '^#' >bt.gdb.txt
# shellcheck disable=SC2046
addr2line -f -e bt $(awk '$2 ~ /^0x/ { print $2 }' bt.gdb.txt) >bt.addr2line.txt
