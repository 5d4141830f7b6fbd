"""Crafted AMDGPU code objects for the loader's hostile-input tests
(test_hostile_co.py): a small msgpack reader and writer, edits of a
committed clang-built object (its metadata note, kernel descriptors,
symbol names) and a generator of objects with many kernels.  Standard
library only.

An edited section's new contents go at the end of the file and its
section header is pointed there; everything else keeps its offset.
"""
import struct

# ---- msgpack -------------------------------------------------------------


class Bin(bytes):
    """A msgpack bin value (str is packed as str)."""


class U64(int):
    """An integer packed as uint64 (0xcf) whatever its value."""


def mp_pack(v):
    """msgpack bytes of v (None, bool, int, str, bytes, Bin, list, dict)."""
    if v is None:
        return b"\xc0"
    if v is True or v is False:
        return b"\xc3" if v else b"\xc2"
    if isinstance(v, U64):
        return b"\xcf" + struct.pack(">Q", int(v))
    if isinstance(v, int):
        if 0 <= v < 0x80:
            return bytes([v])
        if -32 <= v < 0:
            return struct.pack("b", v)
        for lo, hi, tag, fmt in ((0, 0xff, 0xcc, ">B"), (0, 0xffff, 0xcd, ">H"), (0, 0xffffffff, 0xce, ">I"),
                                 (0, 0xffffffffffffffff, 0xcf, ">Q"), (-2**31, 2**31 - 1, 0xd2, ">i"),
                                 (-2**63, 2**63 - 1, 0xd3, ">q")):
            if lo <= v <= hi:
                return bytes([tag]) + struct.pack(fmt, v)
        raise ValueError(v)
    if isinstance(v, (str, Bin, bytes)):
        b = v.encode("utf-8", "surrogateescape") if isinstance(v, str) else bytes(v)
        n = len(b)
        if isinstance(v, (Bin,)):
            return bytes([0xc4]) + bytes([n]) + b if n < 256 else b"\xc6" + struct.pack(">I", n) + b
        if n < 32:
            return bytes([0xa0 | n]) + b
        return (b"\xd9" + bytes([n]) if n < 256 else b"\xdb" + struct.pack(">I", n)) + b
    if isinstance(v, (list, tuple)):
        n = len(v)
        head = bytes([0x90 | n]) if n < 16 else b"\xdd" + struct.pack(">I", n)
        return head + b"".join(mp_pack(x) for x in v)
    if isinstance(v, dict):
        n = len(v)
        head = bytes([0x80 | n]) if n < 16 else b"\xdf" + struct.pack(">I", n)
        return head + b"".join(mp_pack(k) + mp_pack(x) for k, x in v.items())
    raise TypeError(type(v))


def mp_unpack(b):
    """The value of msgpack bytes b (strings as str, surrogate-escaped)."""
    v, pos = _mp_at(b, 0)
    return v


def _mp_at(b, p):
    t = b[p]
    p += 1
    if t < 0x80:
        return t, p
    if t >= 0xe0:
        return t - 256, p
    if t & 0xf0 == 0x80 or t in (0xde, 0xdf):
        n, p = (t & 15, p) if t & 0xf0 == 0x80 else _mp_len(b, p, 2 if t == 0xde else 4)
        d = {}
        for _ in range(n):
            k, p = _mp_at(b, p)
            d[k], p = _mp_at(b, p)
        return d, p
    if t & 0xf0 == 0x90 or t in (0xdc, 0xdd):
        n, p = (t & 15, p) if t & 0xf0 == 0x90 else _mp_len(b, p, 2 if t == 0xdc else 4)
        out = []
        for _ in range(n):
            x, p = _mp_at(b, p)
            out.append(x)
        return out, p
    if t & 0xe0 == 0xa0 or t in (0xd9, 0xda, 0xdb):
        n, p = (t & 31, p) if t & 0xe0 == 0xa0 else _mp_len(b, p, {0xd9: 1, 0xda: 2, 0xdb: 4}[t])
        return b[p:p + n].decode("utf-8", "surrogateescape"), p + n
    if t in (0xc4, 0xc5, 0xc6):
        n, p = _mp_len(b, p, {0xc4: 1, 0xc5: 2, 0xc6: 4}[t])
        return Bin(b[p:p + n]), p + n
    simple = {0xc0: None, 0xc2: False, 0xc3: True}
    if t in simple:
        return simple[t], p
    fmts = {0xcc: ">B", 0xcd: ">H", 0xce: ">I", 0xcf: ">Q", 0xd0: ">b", 0xd1: ">h", 0xd2: ">i", 0xd3: ">q",
            0xca: ">f", 0xcb: ">d"}
    f = fmts[t]
    return struct.unpack_from(f, b, p)[0], p + struct.calcsize(f)


def _mp_len(b, p, n):
    return int.from_bytes(b[p:p + n], "big"), p + n


# ---- ELF -----------------------------------------------------------------

SHDR = "<IIQQQQIIQQ"   # name type flags addr offset size link info addralign entsize


def sections(data):
    """[(name, header offset, (fields of SHDR))] of an ELF64 file."""
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shnum, shstrndx = struct.unpack_from("<HH", data, 0x3c)
    hdrs = [(shoff + 64 * i, struct.unpack_from(SHDR, data, shoff + 64 * i)) for i in range(shnum)]
    strs = hdrs[shstrndx][1]
    out = []
    for off, h in hdrs:
        name = bytes(data[strs[4] + h[0]:]).split(b"\0", 1)[0].decode("utf-8", "surrogateescape")
        out.append((name, off, h))
    return out


def section(data, name):
    return next(s for s in sections(data) if s[0] == name)


def replace_section(data, name, contents):
    """A copy of data with section name's contents replaced (appended at the end)."""
    data = bytearray(data)
    _, hoff, h = section(data, name)
    while len(data) % 8:
        data.append(0)
    at = len(data)
    data += contents
    struct.pack_into("<QQ", data, hoff + 24, at, len(contents))
    return data


def notes(blob):
    """[(owner bytes, type, desc bytes)] of a note section's contents."""
    out, pos = [], 0
    while pos + 12 <= len(blob):
        nn, dn, ty = struct.unpack_from("<III", blob, pos)
        name = blob[pos + 12:pos + 12 + nn]
        d0 = pos + 12 + ((nn + 3) & ~3)
        out.append((name, ty, blob[d0:d0 + dn]))
        pos = d0 + ((dn + 3) & ~3)
    return out


def note_bytes(owner, ty, desc):
    pad = lambda b: b + b"\0" * (-len(b) % 4)   # noqa: E731
    return struct.pack("<III", len(owner), len(desc), ty) + pad(owner) + pad(desc)


def note_section(data):
    return next(s for s in sections(data) if s[2][1] == 7)   # SHT_NOTE


def metadata(data):
    """The v3+ msgpack metadata of a code object, as Python values."""
    blob = _contents(data, note_section(data))
    return next(mp_unpack(d) for o, t, d in notes(blob) if o == b"AMDGPU\0" and t == 32)


def with_metadata(data, md, raw=None):
    """data with its v3+ metadata note replaced by msgpack(md) (or raw bytes)."""
    sec = note_section(data)
    blob = _contents(data, sec)
    desc = raw if raw is not None else mp_pack(md)
    out = b"".join(note_bytes(o, t, desc if (o == b"AMDGPU\0" and t == 32) else d) for o, t, d in notes(blob))
    return replace_section(data, sec[0], out)


def yaml_metadata(data):
    """The v2 YAML metadata text (bytes)."""
    blob = _contents(data, note_section(data))
    return next(d for o, t, d in notes(blob) if o == b"AMD\0" and t == 10)


def with_yaml(data, text):
    sec = note_section(data)
    blob = _contents(data, sec)
    out = b"".join(note_bytes(o, t, text if (o == b"AMD\0" and t == 10) else d) for o, t, d in notes(blob))
    return replace_section(data, sec[0], out)


def _contents(data, sec):
    h = sec[2]
    return bytes(data[h[4]:h[4] + h[5]])


def symbols(data):
    """{name: (entry file offset, value, size, shndx)} from .symtab."""
    st, strt = section(data, ".symtab")[2], section(data, ".strtab")[2]
    out = {}
    for off in range(st[4], st[4] + st[5], 24):
        nm, info, _o, shndx, value, size = struct.unpack_from("<IBBHQQ", data, off)
        name = bytes(data[strt[4] + nm:]).split(b"\0", 1)[0]
        out[name] = (off, value, size, shndx)
    return out


def file_offset(data, shndx, addr):
    h = sections(data)[shndx][2]
    return h[4] + addr - h[3]


def patch_sym(data, sym, field_off, fmt, value):
    """data with struct fmt written at field_off bytes into symbol sym's contents."""
    data = bytearray(data)
    _, value_, _, shndx = symbols(data)[sym.encode()]
    struct.pack_into(fmt, data, file_offset(data, shndx, value_) + field_off, value)
    return data


def patch_kd(data, kernel, field_off, fmt, value):
    """data with the v3+ kernel descriptor of kernel patched (struct fmt at field_off)."""
    return patch_sym(data, kernel + ".kd", field_off, fmt, value)


def rename_section(data, old, new):
    """data with section name old overwritten in place by new (same length)."""
    assert len(old) == len(new)
    data = bytearray(data)
    shstrndx, = struct.unpack_from("<H", data, 0x3e)
    secs = sections(data)
    strs = secs[shstrndx][2]
    _, hoff, h = next(s for s in secs if s[0] == old.decode())
    at = strs[4] + h[0]
    data[at:at + len(new)] = new
    return data


def rename_symbol(data, old, new):
    """data with symbol old's name bytes overwritten in place by new (same length)."""
    assert len(old) == len(new)
    data = bytearray(data)
    strt = section(data, ".strtab")[2]
    off = symbols(data)[old][0]
    nm, = struct.unpack_from("<I", data, off)
    at = strt[4] + nm
    assert data[at:at + len(old) + 1] == old + b"\0"
    data[at:at + len(new)] = new
    return data


# ---- generated objects ---------------------------------------------------

def many_kernels(n, name="k"):
    """A code object v4 for gfx900 with n kernels NAME0..NAME{n-1}: each a
    64-byte descriptor in .rodata, one s_endpgm in .text, a function symbol
    and a .kd symbol, and a metadata entry with one global pointer argument;
    one PT_LOAD segment maps the notes, descriptors and code."""
    mach, eflags = 0x2c, 0x12c      # gfx900, xnack any
    kds = bytearray()
    text = struct.pack("<I", 0xbf810000) * n
    strtab = bytearray(b"\0")
    syms = [bytes(24)]
    kernels = []
    note_off = 0x40 + 56             # after the ELF header and one PT_LOAD program header
    md = {"amdhsa.version": [1, 1], "amdhsa.target": "amdgcn-amd-amdhsa--gfx900:xnack-",
          "amdhsa.kernels": kernels}
    for i in range(n):
        kernels.append({".name": "%s%d" % (name, i), ".symbol": "%s%d.kd" % (name, i),
                        ".kernarg_segment_size": 8,
                        ".args": [{".offset": 0, ".size": 8, ".value_kind": "global_buffer"}]})
    note = note_bytes(b"AMDGPU\0", 32, mp_pack(md))
    rodata_off = (note_off + len(note) + 63) & ~63
    text_off = (rodata_off + 64 * n + 255) & ~255
    for i in range(n):
        kd_addr, code_addr = rodata_off + 64 * i, text_off + 4 * i
        kd = bytearray(64)
        struct.pack_into("<IIIIq", kd, 0, 0, 0, 8, 0, code_addr - kd_addr)
        struct.pack_into("<IIIH", kd, 44, 0, 0x00ac0000, 0x00000084, 0x0008)
        kds += kd
        for sname, shndx, typ, value, size in (("%s%d" % (name, i), 3, 2, code_addr, 4),
                                               ("%s%d.kd" % (name, i), 2, 1, kd_addr, 64)):
            syms.append(struct.pack("<IBBHQQ", len(strtab), 0x10 | typ, 0, shndx, value, size))
            strtab += sname.encode() + b"\0"
    shstr = b"\0.note\0.rodata\0.text\0.symtab\0.strtab\0.shstrtab\0"
    body = bytearray(64)
    body += b"\0" * (note_off - len(body)) + note
    body += b"\0" * (rodata_off - len(body)) + kds
    body += b"\0" * (text_off - len(body)) + text
    parts = {}
    for nm, blob in (("symtab", b"".join(syms)), ("strtab", bytes(strtab)), ("shstrtab", shstr)):
        body += b"\0" * (-len(body) % 8)
        parts[nm] = (len(body), len(blob))
        body += blob
    body += b"\0" * (-len(body) % 8)
    shoff = len(body)

    def sh(nm, typ, flags, addr, off, size, link=0, info=0, align=1, ent=0):
        return struct.pack(SHDR, shstr.index(nm.encode() + b"\0"), typ, flags, addr, off, size, link, info,
                           align, ent)
    hdrs = [bytes(64),
            sh(".note", 7, 2, note_off, note_off, len(note), align=4),
            sh(".rodata", 1, 2, rodata_off, rodata_off, 64 * n, align=64),
            sh(".text", 1, 6, text_off, text_off, len(text), align=256),
            sh(".symtab", 2, 0, 0, parts["symtab"][0], parts["symtab"][1], link=5, info=1, align=8, ent=24),
            sh(".strtab", 3, 0, 0, *parts["strtab"]),
            sh(".shstrtab", 3, 0, 0, *parts["shstrtab"])]
    body += b"".join(hdrs)
    body[64:64 + 56] = struct.pack("<IIQQQQQQ", 1, 5, 0, 0, 0, text_off + len(text), text_off + len(text), 0x1000)
    ident = b"\x7fELF" + bytes([2, 1, 1, 64, 2]) + bytes(7)
    hdr = ident + struct.pack("<HHIQQQIHHHHHH", 3, 224, 1, 0, 64, shoff, eflags, 64, 56, 1, 64, len(hdrs), 6)
    body[0:64] = hdr
    assert mach == eflags & 0xff
    return bytes(body)
