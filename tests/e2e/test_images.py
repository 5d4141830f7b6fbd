#!/usr/bin/env python3
"""OpenCL images: the kernels of tests/e2e/images/images.cl (compiled by
clang-15 for gfx701, gfx803 and gfx900: tests/e2e/bin/images-GFX.co, rebuilt
by `make kernels`) run by `gcnsim run` with `--arg image:...`, under the
cycle model and with --functional; every result is compared with a
reference computed here from the OpenCL 2.0 specification (section 8.3
conversion rules: unorm8 -> float x/255, float -> unorm8 round to nearest
even with saturation, half round to nearest even; section 8.2 nearest
filtering and the address modes), bit for bit.  Also: 1D and 2D image
arrays (every slice, sampled slices rounded and clamped), linear filtering
(CLK_FILTER_LINEAR: exact at texel centres, elsewhere within a tolerance of
8-bit sub-texel weights, see near(), of an exact reference of the OpenCL
formulas), the get_image_* queries, loads outside the image, an integer
read with a linear sampler (a clear fault), image1d_buffer_t (read and
written through the buffer resource in the image object: float, unsigned
and signed formats, indices past the end) and bad --arg image: specs (one
line, exit status 2).

Prints PASS:/FAIL: lines (tests/gtest.py).  Option: -t GFX (one target).
"""
import os
import re
import random
import struct
import sys
from fractions import Fraction
from math import floor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from gtest import ROOT, check, done, gcnsim, run_each, tempdir  # noqa: E402

TARGETS = ["gfx701", "gfx803", "gfx900"]
if "-t" in sys.argv:
    TARGETS = [sys.argv[sys.argv.index("-t") + 1]]
TMP = tempdir("gcnsim-images-")

# CL enums (cl.h)
CL_R, CL_RGBA = 0x10B0, 0x10B5
CL_UNORM_INT8, CL_SIGNED_INT32, CL_UNSIGNED_INT8, CL_UNSIGNED_INT32, CL_HALF_FLOAT, CL_FLOAT = \
    0x10D2, 0x10D9, 0x10DA, 0x10DC, 0x10DD, 0x10DE
FORMATS = {  # name: (channels, struct code per channel, CL data type, CL order)
    "rgba8": (4, "B", CL_UNORM_INT8, CL_RGBA), "rgba16f": (4, "e", CL_HALF_FLOAT, CL_RGBA),
    "rgba32f": (4, "f", CL_FLOAT, CL_RGBA), "rgba32ui": (4, "I", CL_UNSIGNED_INT32, CL_RGBA),
    "rgba32i": (4, "i", CL_SIGNED_INT32, CL_RGBA), "r32f": (1, "f", CL_FLOAT, CL_R),
    "r8ui": (1, "B", CL_UNSIGNED_INT8, CL_R),
}


def f32(x):
    """x rounded to float32 (from an exact double)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def co(target):
    return os.path.join(ROOT, "tests", "e2e", "bin", "images-%s.co" % target)


def write(name, fmt, values):
    path = os.path.join(TMP, name)
    with open(path, "wb") as fp:
        fp.write(struct.pack("<%d%s" % (len(values), fmt), *values))
    return path


def read(path, fmt):
    data = open(path, "rb").read()
    return list(struct.unpack("<%d%s" % (len(data) // struct.calcsize(fmt), fmt), data))


def same(got, want):
    """Bit-exact comparison of float/int lists; the first difference."""
    if len(got) != len(want):
        return False, "%d values, expected %d" % (len(got), len(want))
    for i, (g, w) in enumerate(zip(got, want)):
        if isinstance(w, float):
            if struct.pack("<f", g) != struct.pack("<f", w):
                return False, "value %d: %r, expected %r" % (i, g, w)
        elif g != w:
            return False, "value %d: %r, expected %r" % (i, g, w)
    return True, ""


def run_kernel(target, kernel, glob, args, dumps, loc=None, functional=False):
    """gcnsim run; returns (ok, detail, {arg: path})."""
    out = {n: os.path.join(TMP, "%s-%s-%d-%d.bin" % (kernel, target, n, functional)) for n in dumps}
    argv = ["run", co(target), "--kernel", kernel, "--global", glob]
    if loc:
        argv += ["--local", loc]
    for a in args:
        argv += ["--arg", a]
    for n, p in out.items():
        argv += ["--dump", "%d=%s" % (n, p)]
    if functional:
        argv.append("--functional")
    r = gcnsim(argv)
    return r.returncode == 0, (r.stderr or r.stdout).strip()[-300:], out


def modes(target, name, kernel, glob, args, dumps, expect, loc=None):
    """Run under the cycle model and functional; expect: {arg: (fmt, values)}."""
    for functional in (False, True):
        label = "images %s %s%s" % (name, target, " functional" if functional else "")
        ok, detail, out = run_kernel(target, kernel, glob, args, dumps, loc, functional)
        if not check(label + " ran", ok, detail):
            continue
        for n, (fmt, want) in expect.items():
            good, why = same(read(out[n], fmt), want)
            check("%s: argument %d" % (label, n), good, why)


# ---- conversions (OpenCL 2.0 section 8.3) ----

def unorm8_to_f(x):
    return f32(x / 255.0)


def f_to_unorm8(f):
    if f != f or f <= 0:
        return 0
    if f >= 1:
        return 255
    return round(Fraction(f) * 255)   # round half to even


def texels(fmt, n, rnd):
    if fmt == "rgba8" or fmt == "r8ui":
        return [rnd.randrange(256 if fmt == "rgba8" else 100) for _ in range(n)]
    if fmt == "rgba16f":
        return [struct.unpack("<e", struct.pack("<e", rnd.uniform(-60, 60)))[0] for _ in range(n)]
    if fmt in ("rgba32f", "r32f"):
        return [f32(rnd.uniform(-100, 100)) for _ in range(n)]
    if fmt == "rgba32ui":
        return [rnd.randrange(1 << 32) for _ in range(n)]
    return [rnd.randrange(-(1 << 31), 1 << 31) for _ in range(n)]


def as_float4(fmt, t, i):
    """read_imagef of texel i: (r, g, b, a), missing channels 0 and alpha 1."""
    nch = FORMATS[fmt][0]
    ch = t[i * nch:(i + 1) * nch]
    if fmt == "rgba8":
        ch = [unorm8_to_f(x) for x in ch]
    return [float(x) for x in ch] + [0.0] * (3 - len(ch)) + ([1.0] if len(ch) < 4 else [])


def store_f(fmt, v):
    """write_imagef of float4 v in the format's channel values."""
    nch = FORMATS[fmt][0]
    if fmt == "rgba8":
        return [f_to_unorm8(x) for x in v[:nch]]
    if fmt == "rgba16f":
        return [struct.unpack("<e", struct.pack("<e", x))[0] for x in v[:nch]]
    return v[:nch]


# ---- tests ----

def test_scale2d():
    rnd = random.Random(1)
    for target in TARGETS:
        for fmt, (w, h), glob, loc in (("rgba8", (13, 7), "13,7", "8,4"), ("rgba32f", (13, 7), "16,8", "8,4"),
                                       ("rgba16f", (9, 5), "9,5", "4,4"), ("r32f", (20, 3), "20,3", "16,2")):
            nch, code = FORMATS[fmt][0], FORMATS[fmt][1]
            src = texels(fmt, w * h * nch, rnd)
            path = write("src-%s.bin" % fmt, code, src)
            want = []
            for i in range(w * h):
                want += store_f(fmt, [f32(f32(x * 2.0) + 0.25) for x in as_float4(fmt, src, i)])
            spec = "%s:%d,%d" % (fmt, w, h)
            modes(target, "scale2d %s %dx%d (global %s, local %s)" % (fmt, w, h, glob, loc), "scale2d", glob,
                  ["image:%s:%s" % (spec, path), "image:%s:zero" % spec, "f32:2", "f32:0.25"], [1],
                  {1: (code, want)}, loc)


def test_int_formats():
    rnd = random.Random(2)
    for target in TARGETS:
        w, h = 11, 6
        src = texels("rgba32ui", w * h * 4, rnd)
        want = []
        for y in range(h):
            for x in range(w):
                i = (y * w + x) * 4
                want += [(src[i + k] + d) & 0xffffffff for k, d in enumerate((x, y, 1, 2))]
        path = write("ui.bin", "I", src)
        modes(target, "add_ui rgba32ui", "add_ui", "11,6", ["image:rgba32ui:11,6:" + path,
              "image:rgba32ui:11,6:zero"], [1], {1: ("I", want)}, "4,4")
        src8 = texels("r8ui", w * h, rnd)
        want8 = [src8[y * w + x] + x for y in range(h) for x in range(w)]
        path8 = write("r8.bin", "B", src8)
        modes(target, "add_ui r8ui", "add_ui", "11,6", ["image:r8ui:11,6:" + path8, "image:r8ui:11,6:zero"], [1],
              {1: ("B", want8)}, "8,2")
        srci = texels("rgba32i", w * h * 4, rnd)
        wanti = [((-v * 3 + (1 << 31)) % (1 << 32)) - (1 << 31) for v in srci]
        pathi = write("i.bin", "i", srci)
        modes(target, "neg_i rgba32i", "neg_i", "11,6", ["image:rgba32i:11,6:" + pathi, "image:rgba32i:11,6:zero"],
              [1], {1: ("i", wanti)}, "8,8")


def test_1d_3d():
    rnd = random.Random(3)
    for target in TARGETS:
        w = 70
        src = texels("rgba32f", w * 4, rnd)
        want = []
        for x in range(w):
            want += src[(w - 1 - x) * 4:(w - x) * 4]
        path = write("1d.bin", "f", src)
        modes(target, "reverse1d rgba32f", "reverse1d", "70", ["image:rgba32f:70:" + path, "image:rgba32f:70:zero"],
              [1], {1: ("f", want)}, "64")
        w, h, d = 5, 3, 4
        src = texels("rgba8", w * h * d * 4, rnd)
        want = []
        for i in range(w * h * d):
            want += as_float4("rgba8", src, i)
        path = write("3d.bin", "B", src)
        modes(target, "read3d rgba8 5x3x4", "read3d", "5,3,4", ["image:rgba8:5,3,4:" + path, "zero:%d" % (16 * w * h * d)],
              [1], {1: ("f", want)}, "4,2,2")


def test_info():
    for target in TARGETS:
        for fmt in FORMATS:
            nch, code, dt, order = FORMATS[fmt]
            modes(target, "info2d %s" % fmt, "info2d", "1", ["image:%s:37,5:zero" % fmt, "zero:16"], [1],
                  {1: ("i", [37, 5, dt, order])})
        modes(target, "info3d rgba16f", "info3d", "1", ["image:rgba16f:6,9,13:zero", "zero:20"], [1],
              {1: ("i", [6, 9, 13, CL_HALF_FLOAT, CL_RGBA])})
        modes(target, "info1d r8ui", "info1d", "1", ["image:r8ui:300:zero", "zero:12"], [1],
              {1: ("i", [300, CL_UNSIGNED_INT8, CL_R])})


def test_outside():
    """Integer loads outside the image read 0 in every channel (gcnsim's documented behaviour)."""
    rnd = random.Random(4)
    w, h = 6, 5
    src = texels("rgba32f", w * h * 4, rnd)
    path = write("oob.bin", "f", src)
    coords = [(0, 0), (5, 4), (6, 0), (0, 5), (-1, 2), (3, -1), (2, 3), (1000, 1000)]
    want = []
    for x, y in coords:
        want += src[(y * w + x) * 4:(y * w + x + 1) * 4] if 0 <= x < w and 0 <= y < h else [0.0] * 4
    xy = write("xy.bin", "i", [c for p in coords for c in p])
    for target in TARGETS:
        modes(target, "load_at outside the image", "load_at", str(len(coords)),
              ["image:rgba32f:6,5:" + path, "buf:" + xy, "zero:%d" % (16 * len(coords))], [2], {2: ("f", want)})


def nearest(u, n, mode, normalized):
    """Texel index of coordinate u (OpenCL 2.0 section 8.2, nearest), None for the border colour."""
    u = Fraction(u)
    if mode == "repeat":
        s = u - floor(u)
        i = floor(s * n)
        return i - n if i > n - 1 else i
    if mode == "mirror":
        s = 2 * round(u / 2)
        s = abs(u - s)
        return min(floor(s * n), n - 1)
    t = u * n if normalized else u
    i = floor(t)
    if mode == "edge":
        return min(max(i, 0), n - 1)
    return i if 0 <= i < n else None


def test_samplers():
    rnd = random.Random(5)
    w, h = 8, 4
    src = texels("rgba32f", w * h * 4, rnd)
    path = write("samp.bin", "f", src)
    for kernel, mode, normalized in (("s_norm_edge", "edge", 1), ("s_norm_border", "border", 1),
                                     ("s_norm_repeat", "repeat", 1), ("s_norm_mirror", "mirror", 1),
                                     ("s_unnorm_edge", "edge", 0), ("s_unnorm_border", "border", 0)):
        uv = []
        for k in range(-11, 20):   # texel positions from well below to well above the image
            fx, fy = rnd.choice((0.2, 0.5, 0.7)), rnd.choice((0.3, 0.6))
            ky = k % 11 - 4
            if normalized:
                uv += [f32((k + fx) / w), f32((ky + fy) / h)]
            else:
                uv += [f32(k + fx), f32(ky + fy)]
        want = []
        for i in range(0, len(uv), 2):
            x, y = nearest(uv[i], w, mode, normalized), nearest(uv[i + 1], h, mode, normalized)
            want += [0.0] * 4 if x is None or y is None else src[(y * w + x) * 4:(y * w + x + 1) * 4]
        uvp = write("uv-%s.bin" % kernel, "f", uv)
        n = len(uv) // 2
        for target in TARGETS:
            modes(target, "sampler %s" % kernel, kernel, str(n),
                  ["image:rgba32f:8,4:" + path, "buf:" + uvp, "zero:%d" % (16 * n)], [2], {2: ("f", want)})


def slice_index(c, n):
    """The slice of sampled array coordinate c: rounded to nearest even, clamped to [0, n-1]."""
    return min(max(round(c), 0), n - 1)


def test_arrays():
    """1D and 2D image arrays: load and store on every slice, get_image_array_size,
    sampling with the slice rounded and clamped (slices outside [0, L-1] included)."""
    rnd = random.Random(6)
    w, h, nl = 5, 3, 4
    src = texels("rgba32f", w * h * nl * 4, rnd)
    want = []
    for i in range(w * h * nl):
        want += [f32(x + (i // (w * h) if k == 3 else 0)) for k, x in enumerate(src[i * 4:i * 4 + 4])]
    path = write("a2.bin", "f", src)
    w1, nl1 = 7, 5
    src1 = texels("rgba16f", w1 * nl1 * 4, rnd)
    want1 = []
    for i in range(w1 * nl1):
        want1 += store_f("rgba16f", [f32(x + (i // w1 if k == 3 else 0)) for k, x in enumerate(src1[i * 4:i * 4 + 4])])
    path1 = write("a1.bin", "e", src1)
    sw, sh, sl = 4, 3, 5
    ssrc = texels("rgba32f", sw * sh * sl * 4, rnd)
    spath = write("sa2.bin", "f", ssrc)
    coords, swant = [], []
    for k, layer in enumerate((-2.3, -0.5, 0.4, 1.5, 2.5, 3.49, 4.6, 100.0, 2.0, 0.5)):
        u, v = f32((k - 3 + 0.5) / sw), f32((k % 5 - 1 + 0.3) / sh)
        coords += [u, v, f32(layer), 0.0]
        x, y, z = nearest(u, sw, "repeat", 1), nearest(v, sh, "repeat", 1), slice_index(f32(layer), sl)
        swant += ssrc[((z * sh + y) * sw + x) * 4:((z * sh + y) * sw + x + 1) * 4]
    cpath = write("ca2.bin", "f", coords)
    coords1, swant1 = [], []
    for k, layer in enumerate((-1.0, 0.0, 0.6, 1.4, 2.5, 3.5, 7.0, 4.0)):
        x = f32(k - 1 + 0.7)
        coords1 += [x, f32(layer)]
        i, z = nearest(x, w1, "border", 0), slice_index(f32(layer), nl1)
        swant1 += [0.0] * 4 if i is None else [float(c) for c in src1[(z * w1 + i) * 4:(z * w1 + i + 1) * 4]]
    cpath1 = write("ca1.bin", "f", coords1)
    for target in TARGETS:
        modes(target, "add_layer2d rgba32f 5x3, 4 slices", "add_layer2d", "5,3,4",
              ["image:rgba32f:5,3,4:" + path, "image:rgba32f:5,3,4:zero"], [1], {1: ("f", want)}, "5,3,2")
        modes(target, "add_layer1d rgba16f 7, 5 slices", "add_layer1d", "7,5",
              ["image:rgba16f:7,5:" + path1, "image:rgba16f:7,5:zero"], [1], {1: ("e", want1)}, "4,4")
        modes(target, "info_arrays", "info_arrays", "1", ["image:rgba8:9,6:zero", "image:r32f:4,3,7:zero", "zero:24"],
              [2], {2: ("i", [9, 6, 4, 3, 7, CL_FLOAT])})
        modes(target, "s_arr2d repeat, slices rounded and clamped", "s_arr2d", "10",
              ["image:rgba32f:4,3,5:" + spath, "buf:" + cpath, "zero:160"], [2], {2: ("f", swant)})
        modes(target, "s_arr1d unnormalized border, slices rounded and clamped", "s_arr1d", "8",
              ["image:rgba16f:7,5:" + path1, "buf:" + cpath1, "zero:128"], [2], {2: ("f", swant1)})


HALF = Fraction(1, 2)


def linear_axis(c, n, mode, normalized):
    """(i0, i1, a) of CLK_FILTER_LINEAR on one axis, exactly as the OpenCL 2.0
    formulas ("Image Addressing and Filtering": clamp/none, repeat and
    mirrored repeat); an index None takes the border colour."""
    c = Fraction(c)
    if mode == "repeat":
        u = (c - floor(c)) * n
        i0 = floor(u - HALF)
        i1 = i0 + 1
        i0 = n + i0 if i0 < 0 else i0
        i1 = i1 - n if i1 > n - 1 else i1
        return i0, i1, u - HALF - floor(u - HALF)
    if mode == "mirror":
        s = abs(c - 2 * round(c / 2))
        u = s * n
        i0 = floor(u - HALF)
        return max(i0, 0), min(i0 + 1, n - 1), u - HALF - floor(u - HALF)
    u = c * n if normalized else c
    i0 = floor(u - HALF)
    a = u - HALF - i0
    if mode == "edge":
        return min(max(i0, 0), n - 1), min(max(i0 + 1, 0), n - 1), a
    return (i0 if 0 <= i0 < n else None), (i0 + 1 if 0 <= i0 + 1 < n else None), a


def linear_ref(fmt, src, size, coord, mode, normalized, layer=None):
    """read_imagef with a linear sampler, in exact arithmetic: (value, spread)
    with spread the largest difference between the footprint's texels per
    channel (for the tolerance)."""
    axes = [linear_axis(c, n, mode, normalized) for c, n in zip(coord, size)]
    total, lo, hi = [Fraction(0)] * 4, [None] * 4, [None] * 4
    for k in range(1 << len(axes)):
        wt, idx = Fraction(1), []
        for d, (i0, i1, a) in enumerate(axes):
            b = k >> d & 1
            wt *= a if b else 1 - a
            idx.append(i1 if b else i0)
        if any(i is None for i in idx):
            t = [0.0] * 4
        else:
            x, y, z = (idx + [0, 0])[:3]
            if layer is not None:
                z = layer
            t = as_float4(fmt, src, (z * size[1] + y) * size[0] + x if len(size) > 1 else x + (z or 0) * size[0])
        for ch in range(4):
            total[ch] += wt * Fraction(t[ch])
            lo[ch] = t[ch] if lo[ch] is None else min(lo[ch], t[ch])
            hi[ch] = t[ch] if hi[ch] is None else max(hi[ch], t[ch])
    return [float(v) for v in total], [h - l for h, l in zip(hi, lo)]


def near(got, want, spread, dims):
    """The tolerance of a linear sample: OpenCL does not define the precision
    of linear filtering ("Precision of Addressing and Filter Modes"); texture
    units resolve coordinates to 8 bits of sub-texel precision (the D3D10+
    requirement), so a weight may be off by 2^-9 per axis: allowed here,
    twice that, dims x spread / 256, plus f32 rounding of the sum."""
    for ch, (g, w) in enumerate(zip(got, want)):
        if abs(g - w) > dims * spread[ch] / 256 + 1e-6 * max(1.0, abs(w)):
            return False, "channel %d: %r, expected %r (spread %r)" % (ch, g, w, spread[ch])
    return True, ""


def axis_positions(n, mode, rnd):
    """Texel-space positions on an axis of n texels: centres (the result must
    be the texel exactly), between texels, outside the image."""
    centres = [i + 0.5 for i in range(-1, n + 1)]
    between = [i + rnd.choice((0.125, 0.25, 0.3, 0.6, 0.75, 0.9)) for i in range(-1, n + 1)]
    far = [-2.3, n + 1.7] + ([-n - 0.2, 2 * n + 0.4, 3 * n + 1.6] if mode in ("repeat", "mirror") else [])
    return centres, between + far


def lanes(dims, n, mode, rnd, count):
    """count coordinates in texel space: the first third at texel centres on
    every axis (exact), the rest anywhere; (positions, exact?)."""
    out = []
    for k in range(count):
        pos = []
        for d in range(dims):
            centres, others = axis_positions(n[d], mode, rnd)
            pos.append(rnd.choice(centres if k < count // 3 else centres + others))
        out.append((pos, k < count // 3))
    return out


LINEAR = [  # kernel, image type dims, mode, normalized, format, size
    ("l2_norm_edge", 2, "edge", 1, "rgba8", (5, 4)), ("l2_norm_edge", 2, "edge", 1, "rgba16f", (3, 6)),
    ("l2_norm_border", 2, "border", 1, "rgba32f", (5, 4)), ("l2_norm_border", 2, "border", 1, "rgba8", (4, 3)),
    ("l2_norm_repeat", 2, "repeat", 1, "rgba8", (5, 4)), ("l2_norm_repeat", 2, "repeat", 1, "rgba32f", (4, 4)),
    ("l2_norm_mirror", 2, "mirror", 1, "rgba32f", (5, 4)), ("l2_norm_mirror", 2, "mirror", 1, "rgba8", (3, 5)),
    ("l2_unnorm_edge", 2, "edge", 0, "rgba32f", (5, 4)), ("l2_unnorm_edge", 2, "edge", 0, "r32f", (6, 2)),
    ("l2_unnorm_border", 2, "border", 0, "rgba8", (5, 4)), ("l2_unnorm_border", 2, "border", 0, "rgba32f", (2, 3)),
    ("l1_norm_repeat", 1, "repeat", 1, "rgba32f", (6,)), ("l1_norm_repeat", 1, "repeat", 1, "rgba8", (5,)),
    ("l1_unnorm_border", 1, "border", 0, "rgba8", (6,)), ("l1_unnorm_border", 1, "border", 0, "rgba32f", (3,)),
    ("l3_norm_mirror", 3, "mirror", 1, "rgba8", (3, 4, 3)), ("l3_norm_mirror", 3, "mirror", 1, "rgba32f", (2, 3, 4)),
    ("l3_unnorm_edge", 3, "edge", 0, "rgba32f", (3, 4, 3)), ("l3_unnorm_edge", 3, "edge", 0, "rgba8", (4, 2, 2)),
]


def linear_case(kernel, dims, mode, normalized, fmt, size, rnd, layers=None):
    """One kernel on one image: (args, dumps, want, exact flags, spreads, lanes)."""
    nch, code = FORMATS[fmt][0], FORMATS[fmt][1]
    ntex = 1
    for n in size:
        ntex *= n
    src = texels(fmt, ntex * (layers or 1) * nch, rnd)
    path = write("lin-%s-%s.bin" % (kernel, fmt), code, src)
    coords, want, exact, spread = [], [], [], []
    for pos, is_centre in lanes(dims, size, mode, rnd, 30):
        c = [f32(p / n) if normalized else f32(p) for p, n in zip(pos, size)]
        layer = rnd.randrange(-1, layers + 1) if layers else None
        extra = [f32(layer)] if layers else []
        width = 1 if dims + len(extra) == 1 else 4 if dims + len(extra) >= 3 else 2
        coords += (c + extra + [0.0] * 4)[:width]
        if is_centre:   # the texel itself (nearest), exactly
            idx = [nearest(ci, n, mode, normalized) for ci, n in zip(c, size)]
            if any(i is None for i in idx):
                v = [0.0] * 4
            else:
                x, y, z = (idx + [0, 0])[:3]
                if layers:
                    z = min(max(layer, 0), layers - 1)
                v = as_float4(fmt, src, (z * (size[1] if dims > 1 else 1) + y) * size[0] + x)
            want.append(v)
            spread.append([0.0] * 4)
        else:
            lz = min(max(layer, 0), layers - 1) if layers else None
            v, sp = linear_ref(fmt, src, size, c, mode, normalized, lz)
            want.append(v)
            spread.append(sp)
        exact.append(is_centre)
    spec = ",".join(str(n) for n in size) + (",%d" % layers if layers else "")
    cpath = write("linc-%s-%s.bin" % (kernel, fmt), "f", coords)
    n = len(want)
    return ["image:%s:%s:%s" % (fmt, spec, path), "buf:" + cpath, "zero:%d" % (16 * n)], want, exact, spread


def check_linear(target, label, kernel, args, want, exact, spread, dims):
    for functional in (False, True):
        name = "images linear %s %s%s" % (label, target, " functional" if functional else "")
        ok, detail, out = run_kernel(target, kernel, str(len(want)), args, [2], None, functional)
        if not check(name + " ran", ok, detail):
            continue
        got = read(out[2], "f")
        bad = ""
        for i, w in enumerate(want):
            g = got[i * 4:i * 4 + 4]
            if exact[i]:
                good, why = same(g, w)
            else:
                good, why = near(g, w, spread[i], dims)
            if not good:
                bad = "lane %d (%s): %s" % (i, "texel centre" if exact[i] else "between", why)
                break
        check(name + ": texel centres exact, others within the tolerance", not bad, bad)


def test_linear():
    """CLK_FILTER_LINEAR on 1D, 2D, 3D images and 2D arrays, every address
    mode, normalized and not, unorm8/f16/f32, against the OpenCL formulas."""
    rnd = random.Random(7)
    cases = []
    for kernel, dims, mode, normalized, fmt, size in LINEAR:
        args, want, exact, spread = linear_case(kernel, dims, mode, normalized, fmt, size, rnd)
        cases.append(("%s %s %s" % (kernel, fmt, "x".join(map(str, size))), kernel, args, want, exact, spread, dims))
    args, want, exact, spread = linear_case("l2a_norm_border", 2, "border", 1, "rgba8", (4, 3), rnd, layers=3)
    cases.append(("l2a_norm_border rgba8 4x3, 3 slices", "l2a_norm_border", args, want, exact, spread, 2))
    for target in TARGETS:
        for label, kernel, args, want, exact, spread, dims in cases:
            check_linear(target, label, kernel, args, want, exact, spread, dims)


def test_linear_int_fault():
    uv = write("uvl.bin", "f", [0.5, 0.5])
    for target in TARGETS:
        r = gcnsim(["run", co(target), "--kernel", "li_linear", "--global", "1", "--arg", "image:rgba32ui:4,4:zero",
                    "--arg", "buf:" + uv, "--arg", "zero:16"])
        check("images read_imageui with a linear sampler faults %s" % target,
              r.returncode == 3 and "linear filtering of the integer format rgba32ui is undefined in OpenCL"
              in r.stderr, "status %d: %s" % (r.returncode, r.stderr.strip()[-300:]))


# ---- image1d_buffer_t (buffer_load/store_format through the V# in the image object) ----

def buf_oob_load(fmt):
    """read_image* of an index past the end of a buffer image: the range
    check of the V# (gfx7 index >= num_records, gfx8 index * stride + 16 >
    num_records in bytes, gfx9 with idxen index >= num_records) makes the
    load read 0, then DST_SEL applies: (0, 0, 0, 1) for the CL_R formats,
    0 in every channel for CL_RGBA."""
    return [0, 0, 0, 1] if FORMATS[fmt][0] == 1 else [0, 0, 0, 0]


def test_buffer_images():
    """image1d_buffer_t: read_imagef/write_imagef on the float formats,
    read_imageui/write_imageui and read_imagei/write_imagei on the integer
    ones, work-groups past the width idle, get_image_*."""
    rnd = random.Random(8)
    for target in TARGETS:
        for fmt, w, glob, loc in (("rgba8", 37, "40", "8"), ("rgba16f", 9, "9", "9"), ("rgba32f", 70, "128", "64"),
                                  ("r32f", 50, "64", "16")):
            nch, code = FORMATS[fmt][0], FORMATS[fmt][1]
            src = texels(fmt, w * nch, rnd)
            path = write("bsrc-%s.bin" % fmt, code, src)
            want = []
            for i in range(w):
                want += store_f(fmt, [f32(f32(x * 2.0) + 0.25) for x in as_float4(fmt, src, i)])
            modes(target, "buf_scale %s %d (global %s, local %s)" % (fmt, w, glob, loc), "buf_scale", glob,
                  ["image:%s:%d:%s" % (fmt, w, path), "image:%s:%d:zero" % (fmt, w), "f32:2", "f32:0.25"], [1],
                  {1: (code, want)}, loc)
        w = 23
        src = texels("rgba32ui", w * 4, rnd)
        want = [(src[x * 4 + k] + d) & 0xffffffff for x in range(w) for k, d in enumerate((x, 1, 2, 3))]
        path = write("bui.bin", "I", src)
        modes(target, "buf_add_ui rgba32ui 23", "buf_add_ui", "23", ["image:rgba32ui:23:" + path,
              "image:rgba32ui:23:zero"], [1], {1: ("I", want)}, "23")
        src8 = texels("r8ui", 100, rnd)   # values below 100, plus x below 100: no saturation
        path8 = write("br8.bin", "B", src8)
        modes(target, "buf_add_ui r8ui 100", "buf_add_ui", "100", ["image:r8ui:100:" + path8,
              "image:r8ui:100:zero"], [1], {1: ("B", [v + x for x, v in enumerate(src8)])}, "64")
        src8 = [(x * 37 + 200) % 256 for x in range(300)]   # plus x: up to 554, saturated to 255
        path8 = write("br8s.bin", "B", src8)
        modes(target, "buf_add_ui r8ui 300 (write_imageui saturates)", "buf_add_ui", "300",
              ["image:r8ui:300:" + path8, "image:r8ui:300:zero"], [1],
              {1: ("B", [min(v + x, 255) for x, v in enumerate(src8)])}, "64")
        srci = texels("rgba32i", 31 * 4, rnd)
        wanti = [((-v * 3 + (1 << 31)) % (1 << 32)) - (1 << 31) for v in srci]
        pathi = write("bi.bin", "i", srci)
        modes(target, "buf_neg_i rgba32i 31", "buf_neg_i", "31", ["image:rgba32i:31:" + pathi,
              "image:rgba32i:31:zero"], [1], {1: ("i", wanti)}, "31")
        for fmt in FORMATS:
            nch, code, dt, order = FORMATS[fmt]
            modes(target, "buf_info %s" % fmt, "buf_info", "1", ["image:%s:1000:zero" % fmt, "zero:12"], [1],
                  {1: ("i", [1000, dt, order])})


def test_buffer_outside():
    """Indices past the end of a buffer image (the width, beyond it, -1
    as 0xffffffff): loads read buf_oob_load(fmt), stores are dropped (the
    texels keep their zeros, and no access reaches the guard gap after the
    texels, which would fault)."""
    rnd = random.Random(9)
    w = 6
    idx = [0, 5, 6, 7, -1, 1000, 3, 1 << 20]
    ipath = write("bidx.bin", "i", idx)
    n = len(idx)
    for fmt, kernel, ocode in (("rgba32f", "buf_at", "f"), ("r32f", "buf_at", "f"), ("rgba8", "buf_at", "f"),
                               ("rgba16f", "buf_at", "f"), ("rgba32ui", "buf_at_ui", "I"),
                               ("r8ui", "buf_at_ui", "I")):
        nch, code = FORMATS[fmt][0], FORMATS[fmt][1]
        src = texels(fmt, w * nch, rnd)
        path = write("bo-%s.bin" % fmt, code, src)
        want_out, want_dst = [], [0] * (w * nch)
        for i, x in enumerate(idx):
            if 0 <= x < w:
                if ocode == "f":
                    want_out += as_float4(fmt, src, x)
                    v = store_f(fmt, [float(i), i + 0.5, float(-i), 1.0])
                else:
                    want_out += src[x * nch:(x + 1) * nch] + [0] * (3 - nch) + ([1] if nch < 4 else [])
                    v = [i, 2 * i, 3 * i, 4 * i][:nch]
                want_dst[x * nch:(x + 1) * nch] = v
            else:
                oob = buf_oob_load(fmt)
                want_out += [float(c) for c in oob] if ocode == "f" else oob
        if fmt not in ("rgba8", "r8ui"):
            want_dst = [float(v) for v in want_dst] if ocode == "f" else want_dst
        for target in TARGETS:
            modes(target, "%s %s %d, indices past the end" % (kernel, fmt, w), kernel, str(n),
                  ["image:%s:%d:%s" % (fmt, w, path), "image:%s:%d:zero" % (fmt, w), "buf:" + ipath,
                   "zero:%d" % (16 * n)], [1, 3], {1: (code, want_dst), 3: (ocode, want_out)})


def test_buffer_bad_specs():
    for spec, target, msg in (("image:r32f:4,2:zero", "gfx900", "an image1d_buffer_t has 1 dimension"),
                              ("image:rgba32f:268435456:zero", "gfx803", "beyond the buffer resource's range")):
        r = gcnsim(["run", co(target), "--kernel", "buf_info", "--global", "1", "--arg", spec, "--arg", "zero:12"])
        lines = r.stderr.strip().splitlines()
        check("images bad buffer image spec '%s' %s" % (spec, target),
              r.returncode == 2 and len(lines) == 1 and msg in lines[0], "status %d: %s" % (r.returncode, r.stderr))


def test_bad_specs():
    short = write("short.bin", "B", [0] * 10)
    cases = [
        ("image:rgba8:4,4", "expected image:FORMAT:W[,H[,D]]:PATH"),
        ("image:rgba99:4,4:zero", "unknown image format 'rgba99' (rgba8 rgba16f rgba32f rgba32ui rgba32i r32f r8ui rgba8ui "),
        ("image:rgba8:0,4:zero", "bad image size '0,4'"),
        ("image:rgba8:4,x:zero", "bad image size '4,x'"),
        ("image:rgba8:4,4:" + short, "holds 10 bytes, the image needs 64 (4x4x1 texels of 4 bytes)"),
        ("image:rgba8:4,4,2:zero", "an image2d_t has 2 dimensions, the size gives more"),
        ("image:rgba32f:16385,1:zero", "is beyond the image resource's limits"),
        ("image:rgba8:4,4:/nonexistent/x.bin", "/nonexistent/x.bin: No such file or directory"),
        ("zero:64", "is an image: give image:FORMAT:W[,H[,D]]:PATH or ...:zero, not 'zero:64'"),
    ]
    for spec, msg in cases:
        r = gcnsim(["run", co("gfx900"), "--kernel", "scale2d", "--global", "4,4", "--arg", spec, "--arg",
                    "image:rgba8:4,4:zero", "--arg", "f32:1", "--arg", "f32:0"])
        lines = r.stderr.strip().splitlines()
        check("images bad spec '%s'" % spec.replace(TMP, "TMP"),
              r.returncode == 2 and len(lines) == 1 and msg in lines[0],
              "status %d: %s" % (r.returncode, r.stderr.strip()))


def test_help():
    r = gcnsim(["run", "--help"])
    check("run --help gives image:FORMAT:W[,H[,D]]:PATH|zero and how its formats are named",
          r.returncode == 0 and "image:FORMAT:W[,H[,D]]:PATH|zero" in r.stdout and
          all(f in r.stdout for f in ["r, rg or rgba", "8 16 or 32", "sn (snorm)", "rgba8"]), r.stdout)
    # every format gcnsim knows (the unknown-format message lists them) is
    # named by that rule, and the rule's OpenCL 1.2 minimum (CL_RGBA) is there
    r = gcnsim(["run", co("gfx900"), "--kernel", "scale2d", "--global", "4,4", "--arg", "image:x:4,4:zero"])
    m = re.search(r"unknown image format 'x' \(([^)]*)\)", r.stderr)
    names = m.group(1).split() if m else []
    check("the %d image formats follow the help's naming rule" % len(names),
          len(names) == 40 and
          all(re.fullmatch(r"(r|rg|rgba)(8|16|32)(sn|ui|i|f)?|(intensity|luminance)(8|16|16f|32f)", n) for n in names) and
          all("rgba" + t in names for t in ["8", "16", "8ui", "16ui", "32ui", "8i", "16i", "32i", "16f", "32f"]),
          r.stderr)


run_each([test_help, test_scale2d, test_int_formats, test_1d_3d, test_info, test_outside, test_samplers, test_arrays,
          test_linear, test_linear_int_fault, test_buffer_images, test_buffer_outside, test_buffer_bad_specs,
          test_bad_specs])
done()
