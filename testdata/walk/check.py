#!/usr/bin/env python3
"""check.py EXE CAPTUREFILE [-v]

Partial reference check of a walk capture (see README.md), no unwinding and
no dependencies beyond python3. It reads EXE's .llvm_stackmaps (every table;
GNU ld writes link-time addresses into the file also for PIEs), finds each
llc frame's record by its ID (the IDs are unique), and evaluates what needs
no unwinder:
  * frame 0 (walk_d, the capture routine's caller): every location, from
    the captured registers and stack; its record must also sit at the return
    address (statepoint: record address == retaddr - bias; patchpoint: the
    call returns inside the patchable region that starts at the record);
  * outer frames: constants, and Direct/Indirect locations based on the
    stack pointer, whose value at the call the frame published (callsp).
Locations in registers or based on a frame pointer of an outer frame need
the walker (restored callee-saved registers) and are only counted; those in
caller-saved registers (patchpoints: a copy valid at the start of the
patchable region) cannot be recovered by any walker and are listed.
Prints one summary line (and, with -v, each location); exits 1 on a mismatch.
"""
import struct
import sys

SP = {'x86_64': 7, 'aarch64': 31, 'ppc64le': 1, 'ppc64': 1, 's390x': 15, 'riscv64': 2}
# Callee-saved registers (DWARF numbers) of each ABI: the only registers a
# walker can restore for an outer frame.
CSR = {
    'x86_64': {3, 6, 7, 12, 13, 14, 15},
    'aarch64': set(range(19, 30)) | {31} | set(range(72, 80)),
    'ppc64le': {1, 2} | set(range(14, 32)) | set(range(46, 64)) | {70, 71, 72} | set(range(97, 109)),
    's390x': set(range(6, 16)) | set(range(24, 32)),
    'riscv64': {2, 8, 9} | set(range(18, 28)) | {40, 41} | set(range(50, 60)),
}
CSR['ppc64'] = CSR['ppc64le']
KINDS = {1: 'Register', 2: 'Direct', 3: 'Indirect', 4: 'Constant', 5: 'ConstantIndex'}


def elf_sections(d):
    e = '<' if d[5] == 1 else '>'
    shoff, = struct.unpack_from(e + 'Q', d, 40)
    shentsize, shnum, shstrndx = struct.unpack_from(e + 'HHH', d, 58)
    sh = [struct.unpack_from(e + 'IIQQQQIIQQ', d, shoff + i * shentsize) for i in range(shnum)]
    so = sh[shstrndx][4]
    name = lambda o: d[so + o:d.index(b'\0', so + o)].decode()
    return e, {name(s[0]): s for s in sh}, sh


def symbols(d, e, secs, sh):
    s = secs['.symtab']
    strt = sh[s[6]][4]
    out = {}
    for i in range(s[5] // 24):
        n, info, other, shndx, value, size = struct.unpack_from(e + 'IBBHQQ', d, s[4] + 24 * i)
        out[d[strt + n:d.index(b'\0', strt + n)].decode()] = value
    return out


# (RELATIVE, 64-bit absolute) dynamic relocation types per e_machine.
RELTYPES = {62: (8, 1), 183: (1027, 257), 21: (22, 38), 22: (12, 22), 243: (3, 2)}


def relocated(d, e, secs, sh, name):
    """Section contents with the dynamic relocations that hit it applied: GNU
    ld leaves 0 in the file on s390x and riscv64 PIEs (the address is only in
    the relocation's addend)."""
    s = secs[name]
    b = bytearray(d[s[4]:s[4] + s[5]])
    machine, = struct.unpack_from(e + 'H', d, 18)
    rel, abs64 = RELTYPES[machine]
    dyn = secs.get('.dynsym')
    for r in sh:
        if r[1] != 4:  # SHT_RELA
            continue
        for i in range(r[5] // 24):
            off, info, addend = struct.unpack_from(e + 'QQq', d, r[4] + 24 * i)
            if not s[3] <= off < s[3] + s[5]:
                continue
            typ, sym = info & 0xffffffff, info >> 32
            if typ == rel:
                v = addend
            elif typ == abs64 and dyn:
                v = struct.unpack_from(e + 'Q', d, dyn[4] + 24 * sym + 8)[0] + addend
            else:
                raise SystemExit('unexpected dynamic relocation type %d in %s' % (typ, name))
            struct.pack_into(e + 'Q', b, off - s[3], v & (2**64 - 1))
    return bytes(b)


def records(b, e):
    """Every record of every v3 table: dict(id, func, off, locs, consts)."""
    out, pos = [], 0
    while pos < len(b):
        if b[pos] != 3:
            raise SystemExit('stack map version %d at offset %d' % (b[pos], pos))
        nf, nc, nr = struct.unpack_from(e + 'III', b, pos + 4)
        p = pos + 16
        funcs = [struct.unpack_from(e + 'QQQ', b, p + 24 * i) for i in range(nf)]
        p += 24 * nf
        consts = struct.unpack_from(e + '%dQ' % nc, b, p)
        p += 8 * nc
        fi, left = 0, funcs[0][2] if funcs else 0
        for _ in range(nr):
            while left == 0:
                fi, left = fi + 1, funcs[fi + 1][2]
            left -= 1
            rid, off, _, nloc = struct.unpack_from(e + 'QIHH', b, p)
            p += 16
            locs = [struct.unpack_from(e + 'BBHHHi', b, p + 12 * j) for j in range(nloc)]
            p += 12 * nloc
            p += (-(p - pos)) % 8
            _, nlo = struct.unpack_from(e + 'HH', b, p)
            p += 4 + 4 * nlo
            p += (-(p - pos)) % 8
            out.append(dict(id=rid, func=funcs[fi][0], off=off, consts=consts,
                            locs=[(l[0], l[2], l[3], l[5]) for l in locs]))
        pos = p
    return out


def capture(path):
    c = dict(symbol={}, code={}, regs={}, frames=[])
    fr = None
    for line in open(path):
        f = line.split()
        if not f:
            continue
        k = f[0]
        if k == 'frame':
            fr = dict(index=int(f[1]), func=f[2], expect=[])
            c['frames'].append(fr)
        elif k == 'end':
            fr = None
        elif fr is not None:
            if k == 'expect':
                fr['expect'].append((f[1], int(f[2]), f[3], int(f[4], 16)))
            elif k in ('id', 'callsp', 'cfa'):
                fr[k] = int(f[1], 16)
            else:
                fr[k] = f[1]
        elif k in ('symbol', 'code'):
            c[k][f[1]] = int(f[2], 16)
        elif k == 'reg':
            c['regs'][int(f[1])] = int(f[2], 16)
        elif k == 'stack':
            c['stack'] = (int(f[1], 16), bytes.fromhex(f[2]))
        elif k in ('retaddr', 'sp'):
            c[k] = int(f[1], 16)
        elif len(f) > 1:
            c[k] = f[1]
    return c


def main():
    verbose = '-v' in sys.argv
    args = [a for a in sys.argv[1:] if a != '-v']
    if len(args) != 2:
        raise SystemExit(__doc__)
    d = open(args[0], 'rb').read()
    e, secs, sh = elf_sections(d)
    syms = symbols(d, e, secs, sh)
    recs = records(relocated(d, e, secs, sh, '.llvm_stackmaps'), e)
    c = capture(args[1])
    arch, order = c['arch'], ('>' if c['endian'] == 'big' else '<')
    bias = c['symbol']['walk_a_exp'] - syms['walk_a_exp']
    start, stack = c['stack']

    def entry(func):
        if c['abi'] != 'elfv1':
            return func
        opd = secs['.opd']
        return struct.unpack_from(e + 'Q', relocated(d, e, secs, sh, '.opd'), func - opd[3])[0]

    def load(addr, size):
        o = addr - start
        if o < 0 or o + size > len(stack):
            raise ValueError('0x%x outside the window' % addr)
        return int.from_bytes(stack[o:o + size], 'big' if order == '>' else 'little')

    bad, checked, deferred, lost = 0, 0, 0, 0
    kinds = {}
    for fr in c['frames']:
        if 'id' not in fr:
            continue
        rs = [r for r in recs if r['id'] == fr['id']]
        if len(rs) != 1:
            raise SystemExit('%d records with ID 0x%x' % (len(rs), fr['id']))
        r = rs[0]
        locs = r['locs'][3:] if fr['call'] == 'statepoint' else r['locs']
        if fr['call'] == 'statepoint':
            ndeopt = r['locs'][2][3]
            # gc-live: llc lists (base, derived) pairs after the deopt values.
            gcl = locs[ndeopt:]
            locs = locs[:ndeopt]
        if fr['index'] == 0:
            pc = c['retaddr'] - bias
            at = entry(r['func']) + r['off']
            ok = pc == at if fr['call'] == 'statepoint' else 0 < pc - at <= 40
            if not ok:
                print('frame 0: return address 0x%x vs record at 0x%x' % (pc, at))
                bad += 1
        regs = c['regs'] if fr['index'] == 0 else {SP[arch]: fr['callsp']}

        def evaluate(loc):
            kind, size, reg, off = loc
            if kind == 4:
                return off & (2**64 - 1) if off >= 0 else (off + 2**64)
            if kind == 5:
                return r['consts'][off]
            if reg >= 1200:
                reg -= 1200
            if reg not in regs:
                return None
            if kind == 1:
                return regs[reg] & ((1 << (8 * size)) - 1) if size < 8 else regs[reg]
            if kind == 2:
                return (regs[reg] + off) & (2**64 - 1)
            return load((regs[reg] + off) & (2**64 - 1), size)

        items = [(x, locs[x[1]]) for x in fr['expect'] if x[0] in ('deopt', 'live')]
        if fr['call'] == 'statepoint':
            # Each gc-live pointer is relocated as its own base (gen.py), so
            # every location of the (base, derived) pairs must hold one of
            # the gc values.
            gcs = [x[3] for x in fr['expect'] if x[0] == 'gc']
            for j, loc in enumerate(gcl):
                items.append((('gc', j, 'ptr', None, gcs), loc))
        for x, loc in items:
            k = KINDS[loc[0]] + ('(sp)' if loc[0] in (2, 3) and loc[2] == SP[arch] else '')
            kinds[k] = kinds.get(k, 0) + 1
            try:
                v = evaluate(loc)
            except ValueError as err:
                print('%s %s %d: %s' % (fr['func'], x[0], x[1], err))
                bad += 1
                continue
            if v is None:
                deferred += 1
                reg = loc[2] - 1200 if loc[2] >= 1200 else loc[2]
                if loc[0] == 1 and reg not in CSR[arch]:
                    lost += 1
                    print('%s %s %d: Register R#%d is caller-saved: not recoverable in an outer frame' % (
                        fr['func'], x[0], x[1], loc[2]))
                if verbose:
                    print('%s %s %d: %s R#%d%+d (needs unwinding)' % (fr['func'], x[0], x[1], KINDS[loc[0]], loc[2], loc[3]))
                continue
            checked += 1
            want = x[4] if len(x) > 4 else [x[3]]
            mask = 0xffffffff if x[2] == 'i32' else 2**64 - 1
            good = any((v & mask) == (w & mask) for w in want)
            if verbose or not good:
                print('%s %s %d: %s R#%d%+d size %d = 0x%x %s' % (fr['func'], x[0], x[1], KINDS[loc[0]], loc[2], loc[3],
                                                                 loc[1], v, 'ok' if good else 'WANT %s' % [hex(w) for w in want]))
            bad += not good
    print('%s: %d checked, %d need unwinding (%d of them in caller-saved registers), %d bad; kinds %s' % (
        args[1], checked, deferred, lost, bad, ' '.join('%s=%d' % kv for kv in sorted(kinds.items()))))
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
