#!/usr/bin/env python3
"""Writes the walk test programs' IR and the C table that describes them.

usage: gen.py [DIR]   (default: the directory of this script)

Writes DIR/walk_statepoint.ll, DIR/walk_patchpoint.ll and DIR/frames.h from
the frame descriptions below, so that the two IR flavours and the driver's
table of value types cannot drift apart. The output is deterministic; the
generated files are checked in. See README.md for what the programs do.
"""
import os
import sys

TRAMP = 0x5A000000  # first trampoline slot (see capture.h)
SLOT = 0x40  # bytes per trampoline slot
PP_BYTES = 40  # patchable bytes; ppc64 ELFv1 needs 40

# Each frame, outermost first. "body" is IR in which GCPTR stands for the
# type of GC pointers (ptr addrspace(1) for statepoints, ptr for patchpoints).
# "values" is the deopt bundle (statepoint) and the first live operands
# (patchpoint): (IR operand, type); "gc" are the gc-live pointers, which a
# patchpoint appends to its live operands. "call" names the next function and
# its arguments; None calls the capture routine.
FRAMES = [
    dict(
        name="walk_a",
        id=0xA1,
        fp="all",
        params="i64 %a, i64 %b, GCPTR %obj, i64 %n",
        body="""\
  %dyn = alloca i64, i64 %n, align 8
  %a3 = mul i64 %a, 3
  store volatile i64 %a3, ptr %dyn, align 8
  %ld = load volatile i64, ptr %dyn, align 8
  %m = mul i64 %a, %b
  %x = xor i64 %m, 23130
  %c = add i64 %a, %b
  %e = trunc i64 %c to i32
  %bf = uitofp i64 %b to double
  %d = fmul double %bf, 2.5
  %der = getelementptr i8, GCPTR %obj, i64 %n
""",
        values=[("%a", "i64"), ("%b", "i64"), ("%x", "i64"), ("%e", "i32"),
                ("%d", "f64"), ("%dyn", "ptr"), ("%ld", "i64"), ("7", "i64"),
                ("-3", "i64"), ("1311768467463790320", "i64")],
        gc=["%obj", "%der"],
        call=("walk_b", [("i64", "%x"), ("i64", "%b"), ("GCPTR", "%obj")]),
    ),
    dict(
        name="walk_b",
        id=0xB2,
        fp="none",
        params="i64 %p, i64 %q, GCPTR %obj",
        body="".join(
            "  %%q%dx = xor i64 %%p, %d\n  %%q%d = mul i64 %%q%dx, %%q\n" % (k, k, k, k)
            for k in range(1, 21)
        ) + "  %u = xor i64 %q1, %q2\n",
        values=[("%p", "i64"), ("%q", "i64")] + [("%%q%d" % k, "i64") for k in range(1, 21)],
        gc=["%obj"],
        call=("walk_c", [("i64", "%u"), ("i64", "%p"), ("GCPTR", "%obj")]),
    ),
    dict(
        name="walk_c",
        id=0xC3,
        fp="none",
        params="i64 %u, i64 %v, GCPTR %obj",
        body="""\
  %big = alloca [8 x i64], align 64
  store volatile i64 %u, ptr %big, align 64
  %bl = load volatile i64, ptr %big, align 64
  %uv = add i64 %u, %v
  %w = mul i64 %u, %v
  %wt = trunc i64 %w to i32
  %off = and i64 %v, 56
  %der = getelementptr i8, GCPTR %obj, i64 %off
  %t = xor i64 %u, %v
""",
        values=[("%u", "i64"), ("%v", "i64"), ("%big", "ptr"), ("%bl", "i64"),
                ("%uv", "i64"), ("%wt", "i32")],
        gc=["%obj", "%der"],
        call=("walk_d", [("i64", "%uv"), ("i64", "%t"), ("GCPTR", "%obj")]),
    ),
    dict(
        name="walk_d",
        id=0xD4,
        fp="all",
        params="i64 %s, i64 %t, GCPTR %obj",
        body="""\
  %slot = alloca i64, align 8
  store volatile i64 %s, ptr %slot, align 8
  %st = mul i64 %s, %t
  %sf = uitofp i64 %s to double
  %sd = fmul double %sf, 0.25
  %ls = load volatile i64, ptr %slot, align 8
""",
        values=[("%s", "i64"), ("%t", "i64"), ("%st", "i64"), ("%sd", "f64"),
                ("%slot", "ptr"), ("%ls", "i64"), ("42", "i64")],
        gc=["%obj"],
        call=None,
    ),
]

IRTYPE = {"i64": "i64", "i32": "i32", "f64": "double", "ptr": "ptr"}


def as_i64(op, ty, gcptr, tmp):
    """IR lines converting operand op of type ty to an i64 named tmp."""
    if op.lstrip("-").isdigit():
        return [], op
    if ty == "i64":
        return [], op
    if ty == "i32":
        return ["  %s = zext i32 %s to i64" % (tmp, op)], tmp
    if ty == "f64":
        return ["  %s = bitcast double %s to i64" % (tmp, op)], tmp
    if ty == "ptr":
        return ["  %s = ptrtoint ptr %s to i64" % (tmp, op)], tmp
    if ty == "gc":
        return ["  %s = ptrtoint %s %s to i64" % (tmp, gcptr, op)], tmp
    raise ValueError(ty)


def function(f, index, mode):
    gcptr = "ptr addrspace(1)" if mode == "statepoint" else "ptr"
    attrs = "#%d" % (0 if f["fp"] == "all" else 1)
    gcattr = ' gc "statepoint-example"' if mode == "statepoint" else ""
    out = []
    out.append("define i64 @%s(%s) %s%s {" % (f["name"], f["params"].replace("GCPTR", gcptr), attrs, gcattr))
    out.append("entry:")
    out.append(f["body"].replace("GCPTR", gcptr).rstrip("\n"))
    allv = [(op, ty) for op, ty in f["values"]] + [(op, "gc") for op in f["gc"]]
    n = len(allv)
    # Publish the expected values: slot 0 = SP at the call, 1.. = values.
    out.append("  %sp = call ptr @llvm.stacksave.p0()")
    out.append("  %spi = ptrtoint ptr %sp to i64")
    out.append("  store i64 %%spi, ptr @%s_exp, align 8" % f["name"])
    for i, (op, ty) in enumerate(allv):
        lines, v = as_i64(op, ty, gcptr, "%%pre%d" % i)
        out.extend(lines)
        out.append("  %%e%d = getelementptr [%d x i64], ptr @%s_exp, i64 0, i64 %d" % (i, n + 1, f["name"], i + 1))
        out.append("  store i64 %s, ptr %%e%d, align 8" % (v, i))
    typed = lambda op, ty: "%s %s" % (IRTYPE[ty], op)
    vals = ", ".join(typed(op, ty) for op, ty in f["values"])
    gcs = ", ".join("%s %s" % (gcptr, op) for op in f["gc"])
    if f["call"] is None:
        args, rty, callee, slot = [], "void", "@stackmaps_capture", TRAMP + 3 * SLOT
    else:
        callee_name, args = f["call"]
        args = [(t.replace("GCPTR", gcptr), a) for t, a in args]
        rty, callee, slot = "i64", "@" + callee_name, TRAMP + index * SLOT
    argtxt = "".join(", %s %s" % (t, a) for t, a in args)
    if mode == "statepoint":
        fty = "%s (%s)" % (rty, ", ".join(t for t, _ in args))
        out.append(
            "  %%tok = call token (i64, i32, ptr, i32, i32, ...) @llvm.experimental.gc.statepoint.p0("
            "i64 %d, i32 0, ptr elementtype(%s) %s, i32 %d, i32 0%s, i32 0, i32 0)"
            % (f["id"], fty, callee, len(args), argtxt))
        out.append('      [ "deopt"(%s), "gc-live"(%s) ]' % (vals, gcs))
        if rty == "i64":
            out.append("  %r = call i64 @llvm.experimental.gc.result.i64(token %tok)")
        for j, op in enumerate(f["gc"]):
            out.append("  %s.r = call ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token %%tok, i32 %d, i32 %d)"
                       % (op, j, j))
    else:
        live = vals + ", " + gcs
        if rty == "i64":
            out.append(
                "  %%r = call i64 (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.i64("
                "i64 %d, i32 %d, ptr inttoptr (i64 %d to ptr), i32 %d%s, %s)"
                % (f["id"], PP_BYTES, slot, len(args), argtxt, live))
        else:
            out.append(
                "  call void (i64, i32, ptr, i32, ...) @llvm.experimental.patchpoint.void("
                "i64 %d, i32 %d, ptr inttoptr (i64 %d to ptr), i32 0, %s)"
                % (f["id"], PP_BYTES, slot, live))
    # Use every value again after the call (integer operations only: on
    # x86_64 an SSE instruction after a patchpoint makes MXCSR live out).
    acc = "%r" if rty == "i64" else "0"
    for i, (op, ty) in enumerate(allv):
        if ty == "gc" and mode == "statepoint":
            op = op + ".r"
        lines, v = as_i64(op, ty, gcptr, "%%post%d" % i)
        out.extend(lines)
        out.append("  %%sum%d = add i64 %s, %s" % (i, acc, v))
        acc = "%%sum%d" % i
    out.append("  ret i64 %s" % acc)
    out.append("}")
    return "\n".join(out)


def ir(mode):
    head = [
        "; GENERATED by gen.py from its frame table; do not edit. See README.md.",
        "; %s flavour: each frame calls the next through a %s."
        % (mode, "gc.statepoint (direct call)" if mode == "statepoint"
           else "llvm.experimental.patchpoint (fixed trampoline address)"),
        "",
    ]
    for f in FRAMES:
        n = len(f["values"]) + len(f["gc"])
        head.append("@%s_exp = global [%d x i64] zeroinitializer, align 8" % (f["name"], n + 1))
    head.append("")
    head.append("declare ptr @llvm.stacksave.p0()")
    if mode == "statepoint":
        head.append("declare void @stackmaps_capture()")
        head.append("declare token @llvm.experimental.gc.statepoint.p0(i64, i32, ptr, i32, i32, ...)")
        head.append("declare ptr addrspace(1) @llvm.experimental.gc.relocate.p1(token, i32, i32)")
        head.append("declare i64 @llvm.experimental.gc.result.i64(token)")
    else:
        head.append("declare i64 @llvm.experimental.patchpoint.i64(i64, i32, ptr, i32, ...)")
        head.append("declare void @llvm.experimental.patchpoint.void(i64, i32, ptr, i32, ...)")
    head.append("")
    body = [function(f, i, mode) for i, f in enumerate(FRAMES)]
    tail = ['attributes #0 = { nounwind uwtable "frame-pointer"="all" }',
            'attributes #1 = { nounwind uwtable "frame-pointer"="none" }', ""]
    return "\n".join(head) + "\n" + "\n\n".join(body) + "\n\n" + "\n".join(tail)


def header():
    out = ["/* GENERATED by gen.py from its frame table; do not edit. See README.md.",
           " * The llc-compiled frames, outermost first, and the type of each",
           " * published value (walk_X_exp[1 + i]; walk_X_exp[0] is the SP at the call). */",
           "#ifndef WALK_FRAMES_H", "#define WALK_FRAMES_H", "#include <stdint.h>", "",
           "#define WALK_NFRAMES %d" % len(FRAMES),
           "#define WALK_TRAMP_SLOT 0x%x" % SLOT, ""]
    for f in FRAMES:
        n = len(f["values"]) + len(f["gc"])
        out.append("extern uint64_t %s_exp[%d];" % (f["name"], n + 1))
    out.append("")
    out.append("struct walk_frame {")
    out.append("\tconst char *name;")
    out.append("\tuint64_t id;          /* statepoint / patchpoint ID of its call */")
    out.append("\tconst char *fp;       /* \"frame-pointer\" attribute */")
    out.append("\tconst uint64_t *exp;  /* published values */")
    out.append("\tint ndeopt, ngc;")
    out.append("\tconst char *types;    /* one letter per value: l i64, i i32, d f64, p ptr */")
    out.append("};")
    out.append("")
    out.append("static const struct walk_frame walk_frames[WALK_NFRAMES] = {")
    letter = {"i64": "l", "i32": "i", "f64": "d", "ptr": "p"}
    for f in FRAMES:
        types = "".join(letter[t] for _, t in f["values"]) + "p" * len(f["gc"])
        out.append('\t{"%s", 0x%x, "%s", %s_exp, %d, %d, "%s"},'
                   % (f["name"], f["id"], f["fp"], f["name"], len(f["values"]), len(f["gc"]), types))
    out.append("};")
    out.append("")
    out.append("#endif")
    return "\n".join(out) + "\n"


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for name, text in (("walk_statepoint.ll", ir("statepoint")),
                       ("walk_patchpoint.ll", ir("patchpoint")),
                       ("frames.h", header())):
        with open(os.path.join(d, name), "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
