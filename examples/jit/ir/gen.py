#!/usr/bin/env python3
"""Writes the JIT example's IR: typed/ (typed pointers, LLVM 14) and opaque/
(LLVM 15 and later) from one description, so that both stay the same
program. Run from anywhere: python3 examples/jit/ir/gen.py

Two modules, JIT-compiled one after the other into one MCJIT engine:

  jit_a.ll  sp_inner(ctx)  gc.statepoint ID 0x1111 into the capture routine,
                           11 deopt values, gc-live (base, base+off)
            pp_inner(ctx)  patchpoint ID 0x2222 (16 bytes) into the capture
                           routine, 29 live values
            a_outer(ctx, which)  gc.statepoint ID 0x3333 calling sp_inner
                           (which = 0) or 0x3334 calling pp_inner, each with
                           8 deopt values and gc-live (base)
  jit_b.ll  b_outer(ctx, which)  as a_outer with other values, IDs 0x4444 /
                           0x4445, calling module A's functions

ctx is an array of 64-bit words the Go side fills and reads:
  ctx[0] a   ctx[1] b   ctx[2] d (IEEE bits)   ctx[3] base   ctx[4] off
  ctx[8+i]   value i of the inner call site, as the JIT'd code computed it
             (statepoint: deopt 0-10, then 11 base, 12 derived)
  ctx[40+i]  deopt value i of the outer call site
Every value is used again after its call, so it must survive it in a
callee-saved register or a stack slot. Functions keep a frame pointer
("frame-pointer"="all"). No floating-point instruction follows the
patchpoint: an SSE instruction there makes MXCSR live-out and llc-14/19
crash on it (see testdata/deopt/README.md).
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


class T:
    """Pointer spellings."""

    def __init__(self, typed):
        self.typed = typed
        self.p64 = "i64*" if typed else "ptr"
        self.pp64 = "i64**" if typed else "ptr"
        self.p8 = "i8*" if typed else "ptr"
        self.gc = "i8 addrspace(1)*" if typed else "ptr addrspace(1)"
        self.voidfn = "void ()*" if typed else "ptr"
        self.innerfn = "i64 (i64*)*" if typed else "ptr"
        self.sp_void = "@llvm.experimental.gc.statepoint.p0f_isVoidf" if typed else "@llvm.experimental.gc.statepoint.p0"
        self.sp_inner = "@llvm.experimental.gc.statepoint.p0f_i64p0i64f" if typed else "@llvm.experimental.gc.statepoint.p0"
        self.relocate = "@llvm.experimental.gc.relocate.p1i8" if typed else "@llvm.experimental.gc.relocate.p1"
        self.capture_target = "i8* bitcast (void ()* @stackmaps_jit_capture to i8*)" if typed else "ptr @stackmaps_jit_capture"


def put(t, out, slot, ty, val, name):
    """Store val (of type ty) into ctx[slot] as a 64-bit word."""
    p = f"%p.{name}"
    out.append(f"  {p} = getelementptr i64, {t.p64} %ctx, i64 {slot}")
    if ty == "i64":
        w = val
    elif ty == "i32":
        out.append(f"  %w.{name} = zext i32 {val} to i64")
        w = f"%w.{name}"
    elif ty == "double":
        out.append(f"  %w.{name} = bitcast double {val} to i64")
        w = f"%w.{name}"
    else:  # pointers
        out.append(f"  %w.{name} = ptrtoint {ty} {val} to i64")
        w = f"%w.{name}"
    out.append(f"  store volatile i64 {w}, {t.p64} {p}, align 8")


def load_args(t, out):
    for i, n in enumerate(["a", "b", "dbits", "baseint", "off"]):
        out.append(f"  %g.{n} = getelementptr i64, {t.p64} %ctx, i64 {i}")
        out.append(f"  %{n} = load volatile i64, {t.p64} %g.{n}, align 8")
    out.append("  %d = bitcast i64 %dbits to double")


def common_values(t, out):
    """The values both inner functions keep: deopt/live 0-10."""
    out.append("  %slot = alloca i64, align 8")
    out.append("  %s = mul i64 %a, 3")
    out.append(f"  store volatile i64 %s, {t.p64} %slot, align 8")
    out.append("  %m = mul i64 %a, %b")
    out.append("  %x = xor i64 %m, 23130")
    out.append("  %c = add i64 %a, %b")
    out.append("  %e = trunc i64 %c to i32")
    out.append("  %dd = fmul double %d, 2.0")
    out.append(f"  %ld = load volatile i64, {t.p64} %slot, align 8")
    vals = [("i64", "%a"), ("i64", "%b"), ("i64", "%x"), ("i32", "%e"), ("double", "%d"),
            ("double", "%dd"), (t.p64, "%slot"), ("i64", "%ld"), ("i64", "7"), ("i64", "-3"),
            ("i64", "1311768467463790320")]
    return vals


def use_after(out, names_i64, start):
    """Sum i64 values (after the call) into %r<n>; returns the last name."""
    acc = start
    for i, n in enumerate(names_i64):
        out.append(f"  %u{i} = add i64 {acc}, {n}")
        acc = f"%u{i}"
    return acc


def sp_inner(t):
    out = [f"define i64 @sp_inner({t.p64} %ctx) #0 gc \"statepoint-example\" {{", "entry:"]
    load_args(t, out)
    vals = common_values(t, out)
    if t.typed:
        out.append(f"  %base = inttoptr i64 %baseint to {t.gc}")
        out.append(f"  %derived = getelementptr i8, {t.gc} %base, i64 %off")
    else:
        out.append(f"  %base = inttoptr i64 %baseint to {t.gc}")
        out.append(f"  %derived = getelementptr i8, {t.gc} %base, i64 %off")
    for i, (ty, v) in enumerate(vals):
        put(t, out, 8 + i, ty, v, f"i{i}")
    put(t, out, 19, t.gc, "%base", "base")
    put(t, out, 20, t.gc, "%derived", "derived")
    deopt = ", ".join(f"{ty} {v}" for ty, v in vals)
    out.append(f"  %tok = call token (i64, i32, {t.voidfn}, i32, i32, ...) {t.sp_void}(i64 4369, i32 0, {t.voidfn} elementtype(void ()) @stackmaps_jit_capture, i32 0, i32 0, i32 0, i32 0)")
    out.append(f"      [ \"deopt\"({deopt}),")
    out.append(f"        \"gc-live\"({t.gc} %base, {t.gc} %derived) ]")
    out.append(f"  %base.r = call {t.gc} {t.relocate}(token %tok, i32 0, i32 0)")
    out.append(f"  %derived.r = call {t.gc} {t.relocate}(token %tok, i32 0, i32 1)")
    out.append(f"  %v = load volatile i64, {t.p64} %slot, align 8")
    out.append("  %e64 = sext i32 %e to i64")
    out.append("  %db = bitcast double %d to i64")
    out.append("  %ddb = bitcast double %dd to i64")
    out.append(f"  %bi = ptrtoint {t.gc} %base.r to i64")
    out.append(f"  %pi = ptrtoint {t.gc} %derived.r to i64")
    r = use_after(out, ["%b", "%x", "%e64", "%db", "%ddb", "%ld", "%v", "%bi", "%pi"], "%a")
    out.append(f"  ret i64 {r}")
    out.append("}")
    return out


def pp_inner(t):
    out = [f"define i64 @pp_inner({t.p64} %ctx) #0 {{", "entry:"]
    load_args(t, out)
    vals = common_values(t, out)
    out.append(f"  %base = inttoptr i64 %baseint to {t.p8}")
    out.append(f"  %derived = getelementptr i8, {t.p8} %base, i64 %off")
    vals += [(t.p8, "%base"), (t.p8, "%derived")]
    for k in range(1, 17):
        out.append(f"  %q{k}x = xor i64 %a, {k}")
        out.append(f"  %q{k} = mul i64 %q{k}x, %b")
        vals.append(("i64", f"%q{k}"))
    for i, (ty, v) in enumerate(vals):
        put(t, out, 8 + i, ty, v, f"i{i}")
    live = ", ".join(f"{ty} {v}" for ty, v in vals)
    out.append(f"  call void (i64, i32, {t.p8}, i32, ...) @llvm.experimental.patchpoint.void(i64 8738, i32 16, {t.capture_target}, i32 0,")
    out.append(f"      {live})")
    out.append(f"  %v = load volatile i64, {t.p64} %slot, align 8")
    out.append("  %e64 = sext i32 %e to i64")
    out.append("  %db = bitcast double %d to i64")
    out.append("  %ddb = bitcast double %dd to i64")
    out.append(f"  %bi = ptrtoint {t.p8} %base to i64")
    out.append(f"  %pi = ptrtoint {t.p8} %derived to i64")
    qs = [f"%q{k}" for k in range(1, 17)]
    r = use_after(out, ["%b", "%x", "%e64", "%db", "%ddb", "%ld", "%v", "%bi", "%pi"] + qs, "%a")
    out.append(f"  ret i64 {r}")
    out.append("}")
    return out


def outer(t, name, key, konst, ids):
    """An outer function: 8 deopt values, a statepoint into sp_inner or
    pp_inner chosen by %which."""
    out = [f"define i64 @{name}({t.p64} %ctx, i64 %which) #0 gc \"statepoint-example\" {{", "entry:"]
    load_args(t, out)
    out.append("  %oslot = alloca i64, align 8")
    out.append(f"  %o.k = xor i64 %a, {key}")
    out.append("  %o.b = add i64 %b, 1000")
    out.append("  %o.m = mul i64 %a, 7")
    out.append("  %o.e = trunc i64 %o.m to i32")
    out.append("  %o.d = fadd double %d, 0.5")
    out.append("  %o.s = sub i64 %b, %a")
    out.append(f"  store volatile i64 %o.s, {t.p64} %oslot, align 8")
    out.append(f"  %base = inttoptr i64 %baseint to {t.gc}")
    vals = [("i64", "%o.k"), ("i64", "%o.b"), ("i32", "%o.e"), ("double", "%o.d"),
            (t.p64, "%oslot"), ("i64", str(konst)), ("i64", "1147797409030816545"), (t.gc, "%base")]
    for i, (ty, v) in enumerate(vals):
        put(t, out, 40 + i, ty, v, f"o{i}")
    deopt = ", ".join(f"{ty} {v}" for ty, v in vals)
    out.append("  %isp = icmp eq i64 %which, 0")
    out.append("  br i1 %isp, label %call.sp, label %call.pp")
    for label, callee, sid in (("call.sp", "@sp_inner", ids[0]), ("call.pp", "@pp_inner", ids[1])):
        out.append(f"{label}:")
        tk = f"%tok.{label[5:]}"
        out.append(f"  {tk} = call token (i64, i32, {t.innerfn}, i32, i32, ...) {t.sp_inner}(i64 {sid}, i32 0, {t.innerfn} elementtype(i64 ({t.p64})) {callee}, i32 1, i32 0, {t.p64} %ctx, i32 0, i32 0)")
        out.append(f"      [ \"deopt\"({deopt}), \"gc-live\"({t.gc} %base) ]")
        out.append(f"  %res.{label[5:]} = call i64 @llvm.experimental.gc.result.i64(token {tk})")
        out.append(f"  %base.{label[5:]} = call {t.gc} {t.relocate}(token {tk}, i32 0, i32 0)")
        out.append("  br label %join")
    out.append("join:")
    out.append("  %res = phi i64 [ %res.sp, %call.sp ], [ %res.pp, %call.pp ]")
    out.append(f"  %base.j = phi {t.gc} [ %base.sp, %call.sp ], [ %base.pp, %call.pp ]")
    out.append(f"  %ov = load volatile i64, {t.p64} %oslot, align 8")
    out.append("  %o.e64 = sext i32 %o.e to i64")
    out.append("  %o.db = bitcast double %o.d to i64")
    out.append(f"  %o.bi = ptrtoint {t.gc} %base.j to i64")
    r = use_after(out, ["%o.k", "%o.b", "%o.e64", "%o.db", "%ov", "%o.bi"], "%res")
    out.append(f"  ret i64 {r}")
    out.append("}")
    return out


def decls(t, inner_defined):
    d = ["declare void @stackmaps_jit_capture()"]
    if not inner_defined:
        d += [f"declare i64 @sp_inner({t.p64})", f"declare i64 @pp_inner({t.p64})"]
    if t.typed:
        d += [
            f"declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64, i32, void ()*, i32, i32, ...)",
            f"declare token @llvm.experimental.gc.statepoint.p0f_i64p0i64f(i64, i32, i64 (i64*)*, i32, i32, ...)",
            f"declare i8 addrspace(1)* @llvm.experimental.gc.relocate.p1i8(token, i32, i32)",
            f"declare void @llvm.experimental.patchpoint.void(i64, i32, i8*, i32, ...)",
        ]
    else:
        d += [
            "declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)",
            "declare ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token, i32, i32)",
            "declare void @llvm.experimental.patchpoint.void(i64, i32, ptr, i32, ...)",
        ]
    d.append("declare i64 @llvm.experimental.gc.result.i64(token)")
    return d


def module(t, which):
    kind = "typed pointers (LLVM 14)" if t.typed else "opaque pointers (LLVM 15 and later)"
    out = [f"; Generated by ../gen.py: {kind}. Do not edit; see gen.py for what it computes.",
           f"; ModuleID = 'jit_{which}'", ""]
    if which == "a":
        out += decls(t, True) + [""]
        out += sp_inner(t) + [""] + pp_inner(t) + [""]
        out += outer(t, "a_outer", 0x77, 42, (0x3333, 0x3334))
    else:
        out += decls(t, False) + [""]
        out += outer(t, "b_outer", 0xBB, 43, (0x4444, 0x4445))
    out += ["", 'attributes #0 = { noinline "frame-pointer"="all" }', ""]
    return "\n".join(out)


for typed, sub in ((True, "typed"), (False, "opaque")):
    t = T(typed)
    os.makedirs(os.path.join(HERE, sub), exist_ok=True)
    for which in ("a", "b"):
        with open(os.path.join(HERE, sub, f"jit_{which}.ll"), "w") as f:
            f.write(module(t, which))
