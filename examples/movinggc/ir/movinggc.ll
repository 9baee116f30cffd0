; The mutator of examples/movinggc (see ../README.md). Compiled ahead of
; time by build.sh with llc-22 (opaque pointers), once per variant: the
; entry @mgc_entry is renamed @mgc_entry_stack / @mgc_entry_callee so that
; both variants link into one binary; everything else is internal.
;
; Three nested frames, each keeping a base pointer and a derived (interior)
; pointer to a heap object live across its gc.statepoint:
;   mgc_entry(seed)  statepoint ID 1 -> mgc_b   twice  (X, &X.i1)
;   mgc_b(k, seed)   statepoint ID 2 -> mgc_c   twice  (Z, &Z.i0, L, &L.i1)
;   mgc_c(j, k)      statepoint ID 3 -> mgc_safepoint three times (W, &W.i0)
; so one run makes 2*2*3 = 12 collections. mgc_safepoint is the capture
; routine (capture_{amd64,arm64}.S), which calls the Go collector.
;
; Object layout (8-byte words): word 0 = header (pointer-field count << 32
; | field count), then the pointer fields, then the integer fields. Objects
; come from mgc_alloc (C, a bump allocator over the Go-managed space; it
; never collects). Every load goes through @ld / @ldp, which count loads of
; the poison pattern 0xDEADBEEFDEADBEEF in the C global mgc_poison_reads.
;
; The Go model of the checksum is model.go.

source_filename = "movinggc.ll"

@mgc_poison_reads = external global i64

declare ptr addrspace(1) @mgc_alloc(i64, i64)
declare void @mgc_safepoint()
declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)
declare ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token, i32, i32)
declare i64 @llvm.experimental.gc.result.i64(token)

define internal i64 @ld(ptr addrspace(1) %p) #1 {
entry:
  %v = load i64, ptr addrspace(1) %p, align 8
  %bad = icmp eq i64 %v, -2401053088876216593
  br i1 %bad, label %poison, label %ok
poison:
  %n = load i64, ptr @mgc_poison_reads, align 8
  %n1 = add i64 %n, 1
  store i64 %n1, ptr @mgc_poison_reads, align 8
  br label %ok
ok:
  ret i64 %v
}

define internal ptr addrspace(1) @ldp(ptr addrspace(1) %p) #1 {
entry:
  %v = load ptr addrspace(1), ptr addrspace(1) %p, align 8
  %vi = ptrtoint ptr addrspace(1) %v to i64
  %bad = icmp eq i64 %vi, -2401053088876216593
  br i1 %bad, label %poison, label %ok
poison:
  %n = load i64, ptr @mgc_poison_reads, align 8
  %n1 = add i64 %n, 1
  store i64 %n1, ptr @mgc_poison_reads, align 8
  br label %ok
ok:
  ret ptr addrspace(1) %v
}

; X = {p0: Y, i0: seed, i1: 1}, Y = {i0: seed*3}.
define i64 @mgc_entry(i64 %seed) #0 gc "statepoint-example" {
entry:
  %x = call ptr addrspace(1) @mgc_alloc(i64 1, i64 2)
  %y = call ptr addrspace(1) @mgc_alloc(i64 0, i64 1)
  %x.p0 = getelementptr i64, ptr addrspace(1) %x, i64 1
  store ptr addrspace(1) %y, ptr addrspace(1) %x.p0, align 8
  %x.i0 = getelementptr i64, ptr addrspace(1) %x, i64 2
  store i64 %seed, ptr addrspace(1) %x.i0, align 8
  %x.i1 = getelementptr i64, ptr addrspace(1) %x, i64 3
  store i64 1, ptr addrspace(1) %x.i1, align 8
  %y.i0 = getelementptr i64, ptr addrspace(1) %y, i64 1
  %s3 = mul i64 %seed, 3
  store i64 %s3, ptr addrspace(1) %y.i0, align 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  %X = phi ptr addrspace(1) [ %x, %entry ], [ %X.r, %loop ]
  %D = phi ptr addrspace(1) [ %x.i1, %entry ], [ %D.r, %loop ]
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 1, i32 0, ptr elementtype(i64 (i64, i64)) @mgc_b, i32 2, i32 0, i64 %i, i64 %seed, i32 0, i32 0)
      [ "deopt"(i64 %i), "gc-live"(ptr addrspace(1) %X, ptr addrspace(1) %D) ]
  %r = call i64 @llvm.experimental.gc.result.i64(token %tok)
  %X.r = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  %D.r = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 1)
  %v1 = call i64 @ld(ptr addrspace(1) %D.r)
  %xp = getelementptr i64, ptr addrspace(1) %X.r, i64 1
  %Y = call ptr addrspace(1) @ldp(ptr addrspace(1) %xp)
  %yf = getelementptr i64, ptr addrspace(1) %Y, i64 1
  %v2 = call i64 @ld(ptr addrspace(1) %yf)
  %xf = getelementptr i64, ptr addrspace(1) %X.r, i64 2
  %v0 = call i64 @ld(ptr addrspace(1) %xf)
  %nv = add i64 %v1, %r
  store i64 %nv, ptr addrspace(1) %D.r, align 8
  %a31 = mul i64 %acc, 31
  %t1 = add i64 %a31, %r
  %t2 = add i64 %t1, %v0
  %acc.next = add i64 %t2, %v2
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, 2
  br i1 %more, label %loop, label %done
done:
  %last = call i64 @ld(ptr addrspace(1) %D.r)
  %res = add i64 %acc.next, %last
  ret i64 %res
}

; Z = {p0: L, p1: Z, i0: k+100}, L = {i0: seed^k, i1: 7}.
define internal i64 @mgc_b(i64 %k, i64 %seed) #0 gc "statepoint-example" {
entry:
  %z = call ptr addrspace(1) @mgc_alloc(i64 2, i64 1)
  %l = call ptr addrspace(1) @mgc_alloc(i64 0, i64 2)
  %z.p0 = getelementptr i64, ptr addrspace(1) %z, i64 1
  store ptr addrspace(1) %l, ptr addrspace(1) %z.p0, align 8
  %z.p1 = getelementptr i64, ptr addrspace(1) %z, i64 2
  store ptr addrspace(1) %z, ptr addrspace(1) %z.p1, align 8
  %z.i0 = getelementptr i64, ptr addrspace(1) %z, i64 3
  %k100 = add i64 %k, 100
  store i64 %k100, ptr addrspace(1) %z.i0, align 8
  %l.i0 = getelementptr i64, ptr addrspace(1) %l, i64 1
  %sk = xor i64 %seed, %k
  store i64 %sk, ptr addrspace(1) %l.i0, align 8
  %l.i1 = getelementptr i64, ptr addrspace(1) %l, i64 2
  store i64 7, ptr addrspace(1) %l.i1, align 8
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  %Z = phi ptr addrspace(1) [ %z, %entry ], [ %Z.r, %loop ]
  %DZ = phi ptr addrspace(1) [ %z.i0, %entry ], [ %DZ.r, %loop ]
  %L = phi ptr addrspace(1) [ %l, %entry ], [ %L.r, %loop ]
  %DL = phi ptr addrspace(1) [ %l.i1, %entry ], [ %DL.r, %loop ]
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 2, i32 0, ptr elementtype(i64 (i64, i64)) @mgc_c, i32 2, i32 0, i64 %j, i64 %k, i32 0, i32 0)
      [ "deopt"(i64 %k, i64 %j), "gc-live"(ptr addrspace(1) %Z, ptr addrspace(1) %DZ, ptr addrspace(1) %L, ptr addrspace(1) %DL) ]
  %r = call i64 @llvm.experimental.gc.result.i64(token %tok)
  %Z.r = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  %DZ.r = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 1)
  %L.r = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 2, i32 2)
  %DL.r = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 2, i32 3)
  %z0 = call i64 @ld(ptr addrspace(1) %DZ.r)
  %z0n = add i64 %z0, %r
  store i64 %z0n, ptr addrspace(1) %DZ.r, align 8
  %l1 = call i64 @ld(ptr addrspace(1) %DL.r)
  %l1x3 = mul i64 %l1, 3
  %l1n = add i64 %l1x3, %j
  store i64 %l1n, ptr addrspace(1) %DL.r, align 8
  %lf = getelementptr i64, ptr addrspace(1) %L.r, i64 1
  %li0 = call i64 @ld(ptr addrspace(1) %lf)
  ; The heap's pointers and the roots must agree after every move.
  %zf0 = getelementptr i64, ptr addrspace(1) %Z.r, i64 1
  %zp0 = call ptr addrspace(1) @ldp(ptr addrspace(1) %zf0)
  %okL = icmp eq ptr addrspace(1) %zp0, %L.r
  %zf1 = getelementptr i64, ptr addrspace(1) %Z.r, i64 2
  %zp1 = call ptr addrspace(1) @ldp(ptr addrspace(1) %zf1)
  %okZ = icmp eq ptr addrspace(1) %zp1, %Z.r
  %ok = and i1 %okL, %okZ
  %pen = select i1 %ok, i64 0, i64 1099511627776
  %t1 = add i64 %acc, %r
  %t2 = add i64 %t1, %z0n
  %t3 = add i64 %t2, %l1n
  %t4 = add i64 %t3, %li0
  %acc.next = add i64 %t4, %pen
  %j.next = add i64 %j, 1
  %more = icmp ult i64 %j.next, 2
  br i1 %more, label %loop, label %done
done:
  ret i64 %acc.next
}

; W = {p0: list, i0: j*10+k}; each round pushes a node {p0: next, i0: n+W.i0}
; on W's list, allocates garbage and sums the list.
define internal i64 @mgc_c(i64 %j, i64 %k) #0 gc "statepoint-example" {
entry:
  %w = call ptr addrspace(1) @mgc_alloc(i64 1, i64 1)
  %w.i0 = getelementptr i64, ptr addrspace(1) %w, i64 2
  %j10 = mul i64 %j, 10
  %jk = add i64 %j10, %k
  store i64 %jk, ptr addrspace(1) %w.i0, align 8
  br label %loop
loop:
  %n = phi i64 [ 0, %entry ], [ %n.next, %after ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %after ]
  %W = phi ptr addrspace(1) [ %w, %entry ], [ %W.r, %after ]
  %DW = phi ptr addrspace(1) [ %w.i0, %entry ], [ %DW.r, %after ]
  %tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0(i64 3, i32 0, ptr elementtype(void ()) @mgc_safepoint, i32 0, i32 0, i32 0, i32 0)
      [ "deopt"(i64 %j, i64 %k, i64 %n), "gc-live"(ptr addrspace(1) %W, ptr addrspace(1) %DW) ]
  %W.r = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 0)
  %DW.r = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %tok, i32 0, i32 1)
  %cur = call i64 @ld(ptr addrspace(1) %DW.r)
  %node = call ptr addrspace(1) @mgc_alloc(i64 1, i64 1)
  %garbage = call ptr addrspace(1) @mgc_alloc(i64 0, i64 4)
  %node.i0 = getelementptr i64, ptr addrspace(1) %node, i64 2
  %nc = add i64 %n, %cur
  store i64 %nc, ptr addrspace(1) %node.i0, align 8
  %wf0 = getelementptr i64, ptr addrspace(1) %W.r, i64 1
  %old = call ptr addrspace(1) @ldp(ptr addrspace(1) %wf0)
  %node.p0 = getelementptr i64, ptr addrspace(1) %node, i64 1
  store ptr addrspace(1) %old, ptr addrspace(1) %node.p0, align 8
  store ptr addrspace(1) %node, ptr addrspace(1) %wf0, align 8
  %cur1 = add i64 %cur, 1
  store i64 %cur1, ptr addrspace(1) %DW.r, align 8
  br label %sum
sum:
  %p = phi ptr addrspace(1) [ %node, %loop ], [ %next, %sumbody ]
  %s = phi i64 [ 0, %loop ], [ %s1, %sumbody ]
  %end = icmp eq ptr addrspace(1) %p, null
  br i1 %end, label %after, label %sumbody
sumbody:
  %pf = getelementptr i64, ptr addrspace(1) %p, i64 2
  %pv = call i64 @ld(ptr addrspace(1) %pf)
  %s1 = add i64 %s, %pv
  %pn = getelementptr i64, ptr addrspace(1) %p, i64 1
  %next = call ptr addrspace(1) @ldp(ptr addrspace(1) %pn)
  br label %sum
after:
  %t1 = add i64 %acc, %cur1
  %acc.next = add i64 %t1, %s
  %n.next = add i64 %n, 1
  %more = icmp ult i64 %n.next, 3
  br i1 %more, label %loop, label %done
done:
  ret i64 %acc.next
}

attributes #0 = { nounwind uwtable "frame-pointer"="none" }
attributes #1 = { nounwind uwtable }
