#!/usr/bin/env python3
"""verify.py EXE CAPTUREFILE [-v]

Reference checker for the capture files (see README.md); it does what the Go
test is meant to do, with no dependencies beyond python3:
  1. read EXE's ELF: .symtab, every stack map table in .llvm_stackmaps (v3,
     tables back to back), applying the dynamic relocations (RELATIVE and
     absolute 64-bit) that a PIE has for .llvm_stackmaps and .opd, so all
     addresses are link-time addresses;
  2. bias = runtime address of symbol pp_slot_addr (capture file) minus its
     .symtab value;
  3. for each capture block: link-time return address = retaddr - bias;
     statepoint: the record whose address (function entry + offset) equals it;
     patchpoint: the record with the greatest address <= it (same function);
     on ppc64 ELFv1 a function address in the stack map is a descriptor in
     .opd, and the entry is the descriptor's first doubleword;
  4. evaluate each location from the captured registers and stack window and
     compare it with the expect lines.
Exits 0 if everything matches, prints one line per capture.
"""
import struct
import sys


class ELF:
    def __init__(self, path):
        d = self.d = open(path, 'rb').read()
        assert d[:4] == b'\x7fELF' and d[4] == 2, 'not ELF64'
        self.e = '<' if d[5] == 1 else '>'
        e = self.e
        (self.machine,) = struct.unpack_from(e + 'H', d, 18)
        shoff, = struct.unpack_from(e + 'Q', d, 40)
        shentsize, shnum, shstrndx = struct.unpack_from(e + 'HHH', d, 58)
        self.sh = []
        for i in range(shnum):
            name, typ, flags, addr, off, size, link, info, align, entsize = \
                struct.unpack_from(e + 'IIQQQQIIQQ', d, shoff + i * shentsize)
            self.sh.append(dict(name=name, type=typ, addr=addr, off=off, size=size, link=link, entsize=entsize))
        so = self.sh[shstrndx]['off']
        for s in self.sh:
            s['name'] = self.cstr(so + s['name'])
        self.secs = {s['name']: s for s in self.sh}

    def cstr(self, off):
        return self.d[off:self.d.index(b'\0', off)].decode()

    def symbols(self, secname):
        s = self.secs.get(secname)
        if not s:
            return []
        strt = self.sh[s['link']]['off']
        out = []
        for i in range(s['size'] // 24):
            name, info, other, shndx, value, size = struct.unpack_from(self.e + 'IBBHQQ', self.d, s['off'] + 24 * i)
            out.append((self.cstr(strt + name), value))
        return out

    def section_bytes(self, name):
        """Contents with dynamic relocations applied (link-time addresses)."""
        s = self.secs[name]
        b = bytearray(self.d[s['off']:s['off'] + s['size']])
        rel_types = {62: (8, 1), 183: (1027, 257), 21: (22, 38)}[self.machine]  # (RELATIVE, ABS64)
        dynsym = self.symbols('.dynsym')
        for r in self.sh:
            if r['type'] != 4 or not r['name'].startswith('.rela.dyn') and r['name'] != '.rela.dyn':
                continue
            for i in range(r['size'] // 24):
                off, info, addend = struct.unpack_from(self.e + 'QQq', self.d, r['off'] + 24 * i)
                if not (s['addr'] <= off < s['addr'] + s['size']):
                    continue
                typ, sym = info & 0xffffffff, info >> 32
                if typ == rel_types[0]:
                    v = addend
                elif typ == rel_types[1]:
                    v = dynsym[sym][1] + addend
                else:
                    raise SystemExit('unexpected dynamic relocation type %d in %s' % (typ, name))
                struct.pack_into(self.e + 'Q', b, off - s['addr'], v & (2**64 - 1))
        return bytes(b), s['addr']


def parse_stackmaps(b, e):
    """All v3 tables back to back -> list of (func_addr, record) ."""
    recs = []
    pos = 0
    while pos < len(b):
        ver = b[pos]
        assert ver == 3, 'version %d' % ver
        nf, nc, nr = struct.unpack_from(e + 'III', b, pos + 4)
        p = pos + 16
        funcs = []
        for i in range(nf):
            funcs.append(struct.unpack_from(e + 'QQQ', b, p))
            p += 24
        consts = list(struct.unpack_from(e + '%dQ' % nc, b, p))
        p += 8 * nc
        fi, left = 0, funcs[0][2] if funcs else 0
        for i in range(nr):
            while left == 0:
                fi += 1
                left = funcs[fi][2]
            left -= 1
            rid, ioff, _, nloc = struct.unpack_from(e + 'QIHH', b, p)
            p += 16
            locs = []
            for j in range(nloc):
                kind, _, size, reg, _, off = struct.unpack_from(e + 'BBHHHi', b, p)
                p += 12
                locs.append((kind, size, reg, off))
            if (p - pos) % 8:
                p += 4
            _, nlo = struct.unpack_from(e + 'HH', b, p)
            p += 4 + 4 * nlo
            if (p - pos) % 8:
                p += 4
            recs.append(dict(func=funcs[fi][0], stack=funcs[fi][1], id=rid, off=ioff, locs=locs, consts=consts))
        pos = p
    return recs


def parse_capture(path):
    hdr = {'symbol': {}, 'code': {}}
    caps = []
    cur = None
    for line in open(path):
        f = line.split()
        if not f:
            continue
        k = f[0]
        if k == 'capture':
            cur = dict(kind=f[1], regs={}, expect=[])
        elif k == 'end':
            caps.append(cur)
            cur = None
        elif cur is None:
            if k in ('symbol', 'code'):
                hdr[k][f[1]] = int(f[2], 16)
            elif len(f) > 1:
                hdr[k] = f[1]
        elif k == 'reg':
            cur['regs'][int(f[1])] = int(f[2], 16)
        elif k == 'stack':
            cur['stack'] = (int(f[1], 16), bytes.fromhex(f[2]))
        elif k == 'expect':
            cur['expect'].append((f[1], int(f[2]), f[3], int(f[4], 16)))
        elif k in ('id', 'retaddr', 'sp'):
            cur[k] = int(f[1], 16)
    return hdr, caps


def main():
    exe, capfile = sys.argv[1], sys.argv[2]
    verbose = '-v' in sys.argv
    elf = ELF(exe)
    e = elf.e
    hdr, caps = parse_capture(capfile)
    syms = dict(elf.symbols('.symtab'))
    bias = hdr['symbol']['pp_slot_addr'] - syms['pp_slot_addr']
    for name, addr in hdr['symbol'].items():
        assert addr - bias == syms[name], 'symbol %s disagrees with the bias' % name
    smb, _ = elf.section_bytes('.llvm_stackmaps')
    recs = parse_stackmaps(smb, e)
    if '.opd' in elf.secs:
        opd, opdaddr = elf.section_bytes('.opd')
        for r in recs:
            r['entry'] = struct.unpack_from(e + 'Q', opd, r['func'] - opdaddr)[0]
    else:
        for r in recs:
            r['entry'] = r['func']
    for r in recs:
        r['addr'] = r['entry'] + r['off']
    # The code line must agree with the bias.
    for name, addr in hdr['code'].items():
        if name in syms and '.opd' not in elf.secs:
            assert addr - bias == syms[name], name
    ok = True
    for c in caps:
        ra = c['retaddr'] - bias
        if c['kind'] == 'statepoint':
            m = [r for r in recs if r['addr'] == ra]
        else:
            cand = [r for r in recs if r['addr'] <= ra and ra - r['addr'] <= 64]
            m = [max(cand, key=lambda r: r['addr'])] if cand else []
        if len(m) != 1:
            print('%s: no unique record for return address %#x (%d found)' % (c['kind'], ra, len(m)))
            ok = False
            continue
        r = m[0]
        regs = dict(c['regs'])
        stk_start, stk = c['stack']

        def rd(addr, size):
            o = addr - stk_start
            if o < 0 or o + size > len(stk):
                raise ValueError('address %#x outside stack window' % addr)
            bs = stk[o:o + size]
            if size > 8:  # a 16-byte vector spill: the scalar is in the first 8 bytes
                bs = bs[:8]
            return int.from_bytes(bs, 'little' if e == '<' else 'big')

        def reg(n):
            if 1200 <= n < 1232:  # ppc64: 32-bit value in GPR n-1200
                n -= 1200
            return regs[n]

        def ev(loc):
            kind, size, rn, off = loc
            if kind == 1:
                return reg(rn)
            if kind == 2:
                return (reg(rn) + off) & (2**64 - 1)
            if kind == 3:
                return rd((reg(rn) + off) & (2**64 - 1), size)
            if kind == 4:
                return off & (2**64 - 1)  # sign-extended 32-bit
            if kind == 5:
                return r['consts'][off]
            raise ValueError('kind %d' % kind)

        def cmp(val, typ, want):
            mask = 0xffffffff if typ == 'i32' else 2**64 - 1
            return (val & mask) == want

        locs = r['locs']
        kinds = {1: 'Reg', 2: 'Direct', 3: 'Indirect', 4: 'Const', 5: 'ConstIdx'}
        desc = []
        bad = []
        if c['kind'] == 'statepoint':
            assert r['id'] == c['id'], 'id %#x' % r['id']
            ndeopt = locs[2][3]
            deopt = locs[3:3 + ndeopt]
            gclocs = locs[3 + ndeopt:]
            exp_d = [x for x in c['expect'] if x[0] == 'deopt']
            exp_g = {x[1]: x[3] for x in c['expect'] if x[0] == 'gc'}
            if ndeopt != len(exp_d):
                bad.append('deopt count %d' % ndeopt)
            for (k, i, typ, want), loc in zip(exp_d, deopt):
                v = ev(loc)
                desc.append('%s%d/%d' % (kinds[loc[0]], loc[2], loc[1]) if loc[0] in (1, 2, 3) else kinds[loc[0]])
                if not cmp(v, typ, want):
                    bad.append('deopt %d: %s -> %#x, want %#x' % (i, loc, v, want))
            # gc pairs: (base, derived); base must be gc 0, derived gc 0 or gc 1, both seen.
            if len(gclocs) % 2:
                bad.append('odd number of gc locations')
            seen = set()
            for j in range(0, len(gclocs) - 1, 2):
                bv, dv = ev(gclocs[j]), ev(gclocs[j + 1])
                if bv != exp_g[0] or dv not in (exp_g[0], exp_g[1]):
                    bad.append('gc pair %s %s -> %#x %#x' % (gclocs[j], gclocs[j + 1], bv, dv))
                seen.add(dv)
            if seen != {exp_g[0], exp_g[1]}:
                bad.append('gc derived values %s' % sorted(map(hex, seen)))
            desc.append('gc:' + ','.join('%s%d%+d' % (kinds[l[0]], l[2], l[3]) for l in gclocs))
        else:
            assert r['id'] == c['id'], 'id %#x' % r['id']
            exp_l = [x for x in c['expect'] if x[0] == 'live']
            if len(locs) != len(exp_l):
                bad.append('location count %d' % len(locs))
            for (k, i, typ, want), loc in zip(exp_l, locs):
                v = ev(loc)
                desc.append('%s%d/%d' % (kinds[loc[0]], loc[2], loc[1]) if loc[0] in (1, 2, 3) else kinds[loc[0]])
                if not cmp(v, typ, want):
                    bad.append('live %d: %s -> %#x, want %#x' % (i, loc, v, want))
        status = 'OK' if not bad else 'FAIL'
        print('%s %s record id=%#x at %#x (retaddr-bias %#x, bias %#x): %d locations %s' % (
            status, c['kind'], r['id'], r['addr'], ra, bias, len(locs), status))
        if verbose or bad:
            print('   ', ' '.join(desc))
        for b in bad:
            print('   ', b)
        ok = ok and not bad
    want_caps = 1 if hdr['arch'].startswith('ppc') else 2
    if len(caps) != want_caps:
        print('expected %d captures, found %d' % (want_caps, len(caps)))
        ok = False
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
