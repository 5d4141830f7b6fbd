#!/usr/bin/env python3
"""The code-object loader against hostile files, built here from committed
clang-built objects (tests/kernels/bin) by editing their metadata, kernel
descriptors and names (tests/cli/craft_co.py), and generated from scratch.

 1. Sizes and offsets: kernarg segment and arguments past the 64 KiB cap
    or the segment (32-bit wrap-around, 4 GiB values, uint64 values), LDS
    past the target's (gfx803 64 KiB, gfx600 32 KiB), scratch past what a
    wave can have, register counts, work-group sizes, v2 YAML and
    amd_kernel_code_t: each is exit status 2 and one stderr line naming
    the file, offset, kernel, field and value, for every command; the
    limits themselves load.
 2. Names with escape sequences, newlines, C1 controls and bytes that are
    not UTF-8 (kernel, argument, type, symbol and section names): info,
    info --json, run's kernel list, disasm and error messages print them
    escaped (\\xNN), never raw; --kernel still finds ordinary names and
    the escaped form.
 3. An object of 131072 kernels loads, and info and disasm finish, in well
    under the generous timeout (the quadratic loader took minutes).
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import craft_co as cc  # noqa: E402
import gtest  # noqa: E402
from gtest import check, skip  # noqa: E402

os.chdir(gtest.ROOT)
BIN = "tests/kernels/bin/"
V4, V3, V5, V2, GFX6 = (BIN + f for f in ("lds-gfx803.co", "lds-gfx803-v3.co", "lds-gfx803-v5.co",
                                         "lds-gfx803-v2.co", "lds-gfx600.co"))
TMP = gtest.tempdir("hostile-co-")
COMMANDS = (["info"], ["disasm"], ["run", "--kernel", "lds_reduce", "--global", "64"],
            ["debug", "--kernel", "lds_reduce", "--global", "64", "--batch"])
_n = [0]


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(data, name):
    _n[0] += 1
    path = os.path.join(TMP, "%02d-%s.co" % (_n[0], name))
    with open(path, "wb") as f:
        f.write(data)
    return path


def with_md(src, edit):
    """src's bytes with its msgpack metadata edited by edit(md) (which may return raw bytes)."""
    data = read(src)
    md = cc.metadata(data)
    raw = edit(md)
    return cc.with_metadata(data, md, raw if isinstance(raw, bytes) else None)


def kernel(md, name="lds_reduce"):
    return next(k for k in md["amdhsa.kernels"] if k[".name"] == name)


def one_error(name, data, words, commands=(["info"],)):
    """Every command exits 2 with one stderr line holding the path, an offset and every word."""
    path = write(data, name)
    for cmd in commands:
        r = gtest.gcnsim(cmd[:1] + [path] + cmd[1:], stdin="", timeout=60)
        lines = r.stderr.splitlines()
        ok = (r.returncode == 2 and len(lines) == 1 and path in lines[0] and ": offset 0x" in lines[0] and
              all(w in lines[0] for w in words) and r.stdout == "")
        check("%s: %s exits 2 with one line naming it" % (name, cmd[0]), ok,
              "rc %d stderr %r" % (r.returncode, r.stderr[:300]))


def loads(name, data):
    path = write(data, name)
    r = gtest.gcnsim(["info", path], timeout=60)
    check("%s: loads" % name, r.returncode == 0, r.stderr.strip())


# ---- 1 ------------------------------------------------------------------

def set_arg(i, **kv):
    def edit(md):
        a = kernel(md)[".args"][i]
        for k, v in kv.items():
            a["." + k] = v
    return edit


def kernarg_checks():
    one_error("arg offset+size wraps 32 bits", with_md(V4, set_arg(1, offset=4294967288, size=16)),
              ["kernel 'lds_reduce'", ".args[1] .offset 4294967288 + .size 16 runs past the kernarg segment "
               "(.kernarg_segment_size 72)"], COMMANDS)
    one_error("arg past the segment (v5)", with_md(V5, set_arg(0, offset=268)),
              [".args[0] .offset 268 + .size 8 runs past the kernarg segment (.kernarg_segment_size 272)"])
    one_error("hidden arg past the segment (v3)", with_md(V3, set_arg(8, offset=72)),
              [".args[8] .offset 72 + .size 8", "(.kernarg_segment_size 72)"])
    one_error("arg size 4 GiB - 1", with_md(V4, set_arg(0, size=0xffffffff)),
              [".args[0] .size 4294967295 is not 1 to 65536 bytes"])
    one_error("arg size 0", with_md(V4, set_arg(0, size=0)), [".args[0] .size 0 is not 1 to 65536 bytes"])

    def seg(v):
        return lambda md: kernel(md).__setitem__(".kernarg_segment_size", v)
    one_error("kernarg_segment_size 4 GiB - 1", with_md(V4, seg(0xffffffff)),
              ["kernel 'lds_reduce': .kernarg_segment_size 4294967295 is more than the 65536-byte cap"], COMMANDS)
    one_error("kernarg_segment_size 64 KiB + 1", with_md(V4, seg(65537)), [".kernarg_segment_size 65537"])
    one_error("kernarg_segment_size as uint64 2^32", with_md(V4, seg(cc.U64(1 << 32))),
              [".kernarg_segment_size = 4294967296 does not fit in 32 bits"])
    one_error("arg offset as uint64 2^32 + 8", with_md(V4, set_arg(1, offset=cc.U64((1 << 32) + 8))),
              [".offset = 4294967304 does not fit in 32 bits"])
    loads("uint64-encoded small values", with_md(V4, set_arg(1, offset=cc.U64(8), size=cc.U64(8))))
    one_error("kernarg_segment_align 3", with_md(V4, lambda md: kernel(md).__setitem__(".kernarg_segment_align", 3)),
              [".kernarg_segment_align 3 is not a power of two"])

    def no_seg(md):
        k = kernel(md)
        del k[".kernarg_segment_size"]
        k[".args"][8][".offset"] = 65532
    one_error("no kernarg_segment_size, arg past the cap", with_md(V4, no_seg),
              [".args[8] .offset 65532 + .size 8", "no .kernarg_segment_size; the cap is 65536"])
    one_error("descriptor kernarg_size 4 GiB - 1", cc.patch_kd(read(V4), "lds_reduce", 8, "<I", 0xffffffff),
              ["kernel 'lds_reduce': descriptor kernarg_size 4294967295 is more than the 65536-byte cap"], COMMANDS)
    loads("kernarg_segment_size at the cap", with_md(V4, seg(65536)))


def segment_checks():
    one_error("LDS 4 GiB - 1", cc.patch_kd(read(V4), "lds_reduce", 0, "<I", 0xffffffff),
              ["descriptor group_segment_fixed_size 4294967295 is more than the 65536 bytes of LDS a work-group "
               "can have on gfx803"], COMMANDS)
    one_error("LDS 64 KiB + 1", cc.patch_kd(read(V4), "lds_transpose", 0, "<I", 65537),
              ["kernel 'lds_transpose'", "group_segment_fixed_size 65537", "65536"])
    loads("LDS 64 KiB on gfx803", cc.patch_kd(read(V4), "lds_reduce", 0, "<I", 65536))
    one_error("gfx600 LDS 32 KiB + 1", cc.patch_kd(read(GFX6), "lds_reduce", 0, "<I", 32769),
              ["group_segment_fixed_size 32769 is more than the 32768 bytes of LDS a work-group can have on gfx600"])
    loads("gfx600 LDS 32 KiB", cc.patch_kd(read(GFX6), "lds_reduce", 0, "<I", 32768))
    one_error("scratch 131057 bytes", cc.patch_kd(read(V4), "lds_reduce", 4, "<I", 131057),
              ["descriptor private_segment_fixed_size 131057 is more than the 131056 bytes of scratch per "
               "work-item a wave can have on gfx803"], COMMANDS)
    one_error("scratch 4 GiB - 1", cc.patch_kd(read(V4), "lds_reduce", 4, "<I", 0xffffffff),
              ["private_segment_fixed_size 4294967295"])
    loads("scratch 131056 bytes", cc.patch_kd(read(V4), "lds_reduce", 4, "<I", 131056))


def target_checks():
    def setk(key, v):
        return lambda md: kernel(md).__setitem__(key, v)
    one_error("sgpr_count 200", with_md(V4, setk(".sgpr_count", 200)),
              [".sgpr_count 200 is more than the 108 SGPRs a wave can have on gfx803"])
    one_error("vgpr_count 257", with_md(V4, setk(".vgpr_count", 257)), [".vgpr_count 257 is more than the 256"])
    one_error("max_flat_workgroup_size 2048", with_md(V4, setk(".max_flat_workgroup_size", 2048)),
              [".max_flat_workgroup_size 2048 is more than the 1024"])
    one_error("reqd_workgroup_size 1024x2x1", with_md(V4, setk(".reqd_workgroup_size", [1024, 2, 1])),
              [".reqd_workgroup_size 1024,2,1 is 2048 work-items"])
    one_error("wavefront_size 32", with_md(V4, setk(".wavefront_size", 32)), [".wavefront_size 32"])
    one_error("kernel described twice", with_md(V4, lambda md: md["amdhsa.kernels"].append(kernel(md))),
              ["kernel 'lds_reduce' is described twice"])


def v2_checks():
    data = read(V2)
    text = cc.yaml_metadata(data)
    one_error("v2 KernargSegmentSize 4 GiB - 1",
              cc.with_yaml(data, text.replace(b"KernargSegmentSize: 72", b"KernargSegmentSize: 4294967295", 1)),
              ["KernargSegmentSize 4294967295 is more than the 65536-byte cap"], COMMANDS)
    one_error("v2 arg Size past the segment",
              cc.with_yaml(data, text.replace(b"Size:            8", b"Size:            80", 1)),
              ["kernel 'lds_reduce': Args[0] offset 0 + Size 80 runs past the kernarg segment (KernargSegmentSize 72)"])
    one_error("v2 Align 2^31", cc.with_yaml(data, text.replace(b"Align:           8", b"Align:           2147483648", 1)),
              ["Args[0] Align 2147483648 is not a power of two up to 65536"])
    one_error("v2 kernarg_segment_byte_size 2^40", cc.patch_sym(data, "lds_reduce", 72, "<Q", 1 << 40),
              ["amd_kernel_code_t kernarg_segment_byte_size 1099511627776 is more than the 65536-byte cap"], COMMANDS)
    one_error("v2 LDS 64 KiB + 1", cc.patch_sym(data, "lds_reduce", 64, "<I", 65537),
              ["amd_kernel_code_t workgroup_group_segment_byte_size 65537"])
    one_error("v2 wavefront_sgpr_count 0xffff", cc.patch_sym(data, "lds_reduce", 84, "<H", 0xffff),
              ["amd_kernel_code_t wavefront_sgpr_count 65535"])


# ---- 2 ------------------------------------------------------------------

EVIL = "evil\x1b[2J\nPASS: all tests passed\udcff\u009b31m"
EVIL_PRINTED = "evil\\x1b[2J\\x0aPASS: all tests passed\\xff\\xc2\\x9b31m"


def clean(b, tabs=False):
    """True if bytes b hold no control byte but newline (and tab), no DEL or C1, and are UTF-8."""
    try:
        t = b.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return not any((ord(ch) < 0x20 and ch != "\n" and not (tabs and ch == "\t")) or 0x7f <= ord(ch) <= 0x9f
                   for ch in t)


def evil_md(md):
    k = kernel(md)
    k[".name"] = EVIL
    k[".args"][0][".name"] = "a\x07b\nc"
    k[".args"][0][".type_name"] = "t\x1b]0;title\x07*"
    k[".language"] = "Open\x1bCL"


def names():
    path = write(with_md(V4, evil_md), "evil names")
    r = gtest.gcnsim(["info", path], text=False)
    out = r.stdout
    check("evil names: info runs", r.returncode == 0, r.stderr)
    check("evil names: info prints no raw control, C1 or non-UTF-8 byte", clean(out) and clean(r.stderr))
    check("evil names: info shows the escaped kernel name", EVIL_PRINTED.encode() in out, out[:200])
    check("evil names: no forged line", not any(l.startswith(b"PASS") for l in out.splitlines()))
    check("evil names: argument and type names escaped",
          b"a\\x07b\\x0ac" in out and b"t\\x1b]0;title\\x07*" in out and b"Open\\x1bCL" in out)
    r = gtest.gcnsim(["info", "--json", "-", path])
    d = json.loads(r.stdout) if r.returncode == 0 else {"kernels": []}
    check("evil names: JSON carries the escaped name",
          any(k["name"] == EVIL_PRINTED for k in d["kernels"]) and clean(r.stdout.encode()), r.stderr)
    r = gtest.gcnsim(["info", path, "--kernel", EVIL_PRINTED])
    check("evil names: --kernel finds the kernel by its escaped name", r.returncode == 0 and "kernel evil" in r.stdout,
          r.stderr)
    r = gtest.gcnsim(["info", path, "--kernel", "lds_transpose"])
    check("evil names: --kernel still finds an ordinary name", r.returncode == 0 and "kernel lds_transpose" in r.stdout)
    r = gtest.gcnsim(["run", path, "--kernel", "nosuch", "--global", "64"], text=False)
    lines = r.stderr.splitlines()
    check("evil names: run's kernel list is one escaped line",
          r.returncode == 2 and len(lines) == 1 and EVIL_PRINTED.encode() in lines[0] and clean(r.stderr), r.stderr)
    bad = with_md(V4, evil_md)
    one_error("evil name in an error", cc.patch_kd(bad, "lds_reduce", 0, "<I", 1 << 20),
              ["kernel '%s'" % EVIL_PRINTED, "group_segment_fixed_size 1048576"])


def symbol_names():
    data = cc.rename_symbol(read(V4), b"lds_reduce", b"l\x1b[2J\nPASS")
    path = write(data, "evil symbol")
    r = gtest.gcnsim(["disasm", path], text=False)
    check("evil symbol: disasm runs", r.returncode == 0, r.stderr)
    check("evil symbol: disasm prints no raw control byte", clean(r.stdout, tabs=True))
    check("evil symbol: disasm labels it escaped", b"<l\\x1b[2J\\x0aPASS>:" in r.stdout)
    r = gtest.gcnsim(["disasm", path, "--kernel", "l\\x1b[2J\\x0aPASS"], text=False)
    check("evil symbol: disasm --kernel takes the escaped name", r.returncode == 0 and b"s_endpgm" in r.stdout)
    _, hoff, _ = cc.section(read(V4), ".comment")
    data = bytearray(cc.rename_section(read(V4), b".comment", b".\x1b[1m\n\xffx"))
    data[hoff + 32:hoff + 40] = (1 << 40).to_bytes(8, "little")   # sh_size past the end of the file
    one_error("evil section name in an error", bytes(data), ["'.\\x1b[1m\\x0a\\xffx'", "run past the end"])


# ---- 3 ------------------------------------------------------------------

def many():
    n = 131072
    path = write(cc.many_kernels(n), "131072 kernels")
    for cmd, want in ((["info"], "%d kernels" % n), (["disasm"], "<k%d>:" % (n - 1))):
        out = os.path.join(TMP, "many-%s.txt" % cmd[0])
        try:
            with open(out, "wb") as fp:
                r = subprocess.run([gtest.GCNSIM] + cmd + [path], stdout=fp, stderr=subprocess.PIPE, timeout=60)
            text = read(out).decode()
            check("131072 kernels: %s finishes within 60 s" % cmd[0], r.returncode == 0 and want in text,
                  r.stderr[:200])
        except subprocess.TimeoutExpired:
            check("131072 kernels: %s finishes within 60 s" % cmd[0], False, "timed out")
        os.remove(out)
    r = gtest.gcnsim(["info", path, "--kernel", "k65536"], timeout=60)
    check("131072 kernels: --kernel finds one", r.returncode == 0 and "kernel k65536\n" in r.stdout)


if __name__ == "__main__":
    if not os.path.exists(V4) or not os.path.exists(GFX6) or not os.path.exists(V2):
        skip("hostile code objects", "the committed objects in %s are missing" % BIN)
        gtest.done()
    gtest.run_each([kernarg_checks, segment_checks, target_checks, v2_checks, names, symbol_names, many])
    gtest.done()
