#!/usr/bin/env python3
"""Checks of `gcnsim run ... --trace PATH` and `gcnsim trace dump`, each
against something the test computes itself:

- the file: zcat reads it; this script walks its gzip members as trace.h
  describes them (the 'GT' extra field, kinds header/records.../index/
  footer, sizes, CRC-32 of every member via Python's zlib) and finds the
  header's fields (target, kernel, the SHA-256 of the code object as
  hashlib computes it, the options, the mode);
- the same run twice gives byte-identical files, functional and under the
  cycle model, on gfx701/gfx803/gfx900;
- tests/micro valu_chain (4 waves of 64, v3 = float(gid) then 256 x
  v_add_f32 v3, 0.5, v3, out[gid] = v3): in the dump, v1 = gid after the
  first integer add, v3 = the float bits of gid + k*0.5 after the k-th
  v_add_f32, the final store writes float(gid + 128) at out + 4*gid (out
  as the s_load record gives it), one record per wave-instruction (the
  count gcnsim run --json reports), seq numbers 0, 1, 2 ...;
- under the cycle model the same records per wave (without cycles), and
  issue <= done, issue cycles non-decreasing within a wave;
- --wave / --from / --count select the records the test picks from the
  full dump; --from through the index gives the records reading from the
  start gives, on a trace of several chunks (bitonic_step);
- flipped bytes, truncations, empty, text and foreign gzip files, a
  missing file: exit 2 and one line on stderr naming the file, never a
  crash; --trace into a missing directory: exit 2, one line; --help.

GCNSIM names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import gzip
import hashlib
import json
import os
import random
import re
import struct
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import gtest  # noqa: E402
from gtest import ROOT, check, skip  # noqa: E402

G = gtest.GCNSIM
TMP = gtest.tempdir("gcnsim-trace-")
MICRO = "tests/micro/bin/valu_chain-%s.co"
MICRO_RUN = ["--kernel", "valu_chain", "--global", "256", "--local", "256", "--arg", "zero:1024"]
BITONIC = "front/workloads/bin/bitonic-%s.co"
DEVICE = {"gfx701": "r9-290x", "gfx803": "r9-nano", "gfx900": "vega-64"}
TARGETS = ["gfx701", "gfx803", "gfx900"]
FORMAT = 2   # the file format version trace.h describes


run = gtest.gcnsim      # run(args): gcnsim ARGS in ROOT, output captured


def trace_run(co, args, path, functional=True):
    p = run(["run", co] + args + (["--functional"] if functional else []) + ["--trace", path])
    if p.returncode != 0:
        raise RuntimeError("gcnsim run %s: exit %d: %s" % (co, p.returncode, p.stderr.strip()[:300]))
    return p


# ---- the file, read independently of gcnsim -------------------------------

def members(data):
    """The gzip members of a trace as trace.h describes them: list of
    (offset, kind, version, arg, payload); raises ValueError if malformed."""
    out, off = [], 0
    while off < len(data):
        h = data[off:off + 32]
        if len(h) < 32 or h[:4] != b"\x1f\x8b\x08\x04" or h[4:8] != b"\0\0\0\0" or h[8] != 0 or h[9] != 255:
            raise ValueError("offset %d: not a trace member header" % off)
        xlen, = struct.unpack("<H", h[10:12])
        if xlen != 20 or h[12:14] != b"GT" or struct.unpack("<H", h[14:16])[0] != 16:
            raise ValueError("offset %d: no GT subfield" % off)
        kind, ver = h[16], h[17]
        csize, arg = struct.unpack("<IQ", h[20:32])
        body = data[off + 32:off + csize - 8]
        crc, isize = struct.unpack("<II", data[off + csize - 8:off + csize])
        d = zlib.decompressobj(-15)
        payload = d.decompress(body) + d.flush()
        if not d.eof or d.unused_data or zlib.crc32(payload) != crc or len(payload) != isize:
            raise ValueError("offset %d: bad deflate data or CRC" % off)
        out.append((off, kind, ver, arg, payload))
        off += csize
    return out


def varint(b, i):
    v, s = 0, 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7f) << s
        s += 7
        if not c & 0x80:
            return v, i


def parse_header(payload):
    assert payload[:8] == b"GCNTRACE"
    fmt, mode = struct.unpack("<II", payload[8:16])
    i, fields = 16, []
    for _ in range(4):
        n, i = varint(payload, i)
        fields.append(payload[i:i + n].decode())
        i += n
    sha = payload[i:i + 32]
    base, = struct.unpack("<Q", payload[i + 32:i + 40])
    return {"format": fmt, "mode": mode, "target": fields[0], "version": fields[1], "kernel": fields[2],
            "options": fields[3], "sha256": sha.hex(), "code_base": base, "rest": len(payload) - i - 40}


def test_file_layout():
    for t in TARGETS:
        co = MICRO % t
        path = os.path.join(TMP, "layout-%s.trace.gz" % t)
        trace_run(co, MICRO_RUN, path)
        z = gtest.run(["zcat", path], text=False)
        check("trace file (%s): zcat reads it (%d bytes, starting with GCNTRACE)" % (t, len(z.stdout)),
              z.returncode == 0 and z.stdout.startswith(b"GCNTRACE"), z.stderr.decode()[:200])
        data = open(path, "rb").read()
        try:
            ms = members(data)
        except ValueError as e:
            check("trace file (%s): gzip members as trace.h describes them" % t, False, str(e))
            continue
        kinds = [m[1] for m in ms]
        ok = (kinds[0] == 1 and kinds[-2:] == [3, 4] and set(kinds[1:-2]) == {2} and
              all(m[2] == FORMAT for m in ms) and ms[-1][3] == ms[-2][0] and len(ms[-1][4]) == 0 and
              len(data) - ms[-1][0] == 42)
        check("trace file (%s): header, %d record members, index, 42-byte footer pointing at the index; "
              "every CRC-32 right" % (t, len(kinds) - 3), ok, str(kinds))
        idx = ms[-2][4]
        nch, nrec = struct.unpack("<QQ", idx[8:24])
        entries = [struct.unpack("<QQI", idx[24 + 20 * i:44 + 20 * i]) for i in range(nch)]
        recs = [m for m in ms if m[1] == 2]
        ok = (idx[:8] == b"GCNTINDX" and nch == len(recs) and
              [e[0] for e in entries] == [m[0] for m in recs] and [e[1] for e in entries] == [m[3] for m in recs] and
              sum(e[2] for e in entries) == nrec)
        check("trace file (%s): the index lists every chunk's offset, first record and count (%d records)"
              % (t, nrec), ok)
        h = parse_header(ms[0][4])
        sha = hashlib.sha256(open(os.path.join(ROOT, co), "rb").read()).hexdigest()
        want_opts = " ".join([co] + MICRO_RUN + ["--functional"])
        check("trace file (%s): header: target, kernel, functional mode, SHA-256 of the code object, options "
              "without --trace" % t,
              h["target"] == t and h["kernel"] == "valu_chain" and h["mode"] == 0 and h["sha256"] == sha and
              h["options"] == want_opts and h["rest"] == 0 and h["format"] == FORMAT, str(h))
        d = run(["trace", "dump", path, "--count", "0"])
        check("trace dump (%s): the header lines show the same hash and options" % t,
              d.returncode == 0 and sha in d.stdout and ("# options: " + want_opts) in d.stdout, d.stdout[:300])


def test_deterministic():
    for t in TARGETS:
        for functional in (True, False):
            mode = "functional" if functional else "cycle model"
            a, b = os.path.join(TMP, "det-a.trace.gz"), os.path.join(TMP, "det-b.trace.gz")
            args = ["--kernel", "bitonic_step", "--global", "1024", "--local", "256", "--arg", "buf:" + keys_file(2048),
                    "--arg", "u32:10", "--arg", "u32:3", "--arg", "u32:1"]
            if not functional:
                args += ["--device", DEVICE[t]]
            trace_run(BITONIC % t, args, a, functional)
            trace_run(BITONIC % t, args, b, functional)
            da, db = open(a, "rb").read(), open(b, "rb").read()
            check("trace (%s, %s): the same bitonic_step run twice gives byte-identical traces (%d bytes)"
                  % (t, mode, len(da)), da == db)
            m1, m2 = os.path.join(TMP, "det-m1.trace.gz"), os.path.join(TMP, "det-m2.trace.gz")
            margs = MICRO_RUN + ([] if functional else ["--device", DEVICE[t]])
            trace_run(MICRO % t, margs, m1, functional)
            trace_run(MICRO % t, margs, m2, functional)
            check("trace (%s, %s): valu_chain twice, byte-identical" % (t, mode),
                  open(m1, "rb").read() == open(m2, "rb").read())


_keys = {}


def keys_file(n):
    if n not in _keys:
        rnd = random.Random(n)
        path = os.path.join(TMP, "keys-%d.bin" % n)
        with open(path, "wb") as f:
            f.write(struct.pack("<%dI" % n, *[rnd.getrandbits(32) for _ in range(n)]))
        _keys[n] = path
    return _keys[n]


# ---- dump parsing -----------------------------------------------------------

REC = re.compile(r"^\[(\d+)\] wave (\d+) \(wg (\d+),(\d+),(\d+) #(\d+)\) pc 0x([0-9a-f]+) exec 0x([0-9a-f]+): (.*)$")


def parse_dump(text):
    """Records of a dump: dicts with seq, wave, wg, idx, pc, exec, dis, and
    their writes: sregs {name: value}, vregs {n: (mask or None, [values])},
    mem [(space, addr, [values])], scc, cycles."""
    recs = []
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        m = REC.match(line)
        if m:
            recs.append({"seq": int(m[1]), "wave": int(m[2]), "wg": (int(m[3]), int(m[4]), int(m[5])),
                         "idx": int(m[6]), "pc": int(m[7], 16), "exec": int(m[8], 16), "dis": m[9],
                         "s": {}, "v": {}, "mem": [], "scc": None, "cycles": None})
            continue
        r = recs[-1]
        line = line.strip()
        if m := re.match(r"v(\d+)(?: lanes 0x([0-9a-f]+))? = \{(.*)\}$", line):
            r["v"][int(m[1])] = (int(m[2], 16) if m[2] else None, [int(x, 16) for x in m[3].split(", ")])
        elif m := re.match(r"(global|lds|scratch|gds|scalar)\[0x([0-9a-f]+)\] = \{(.*)\}$", line):
            r["mem"].append((m[1], int(m[2], 16), [int(x, 16) for x in m[3].split(", ")]))
        elif m := re.match(r"scc = (\d)$", line):
            r["scc"] = int(m[1])
        elif m := re.match(r"cycles issue (\d+) done (\d+)$", line):
            r["cycles"] = (int(m[1]), int(m[2]))
        elif m := re.match(r"(\S+) = 0x([0-9a-f]+)$", line):
            r["s"][m[1]] = int(m[2], 16)
        else:
            r.setdefault("other", []).append(line)
    return recs


def fbits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def test_valu_chain(t):
    path = os.path.join(TMP, "chain-%s.trace.gz" % t)
    trace_run(MICRO % t, MICRO_RUN, path)
    d = run(["trace", "dump", path])
    recs = parse_dump(d.stdout)
    js = run(["run", MICRO % t] + MICRO_RUN + ["--functional", "--json", "-"])
    total = json.loads(js.stdout)["instructions"]["total"]
    check("trace dump (%s): one record per wave-instruction (%d, as gcnsim run --json counts), numbered 0, 1, 2 ..."
          % (t, total), d.returncode == 0 and len(recs) == total and [r["seq"] for r in recs] == list(range(total)))
    waves = sorted({r["wave"] for r in recs})
    check("trace dump (%s): 4 waves of work-group 0 (wave = index in the group)" % t,
          waves == [0, 1, 2, 3] and all(r["wg"] == (0, 0, 0) and r["idx"] == r["wave"] for r in recs))
    check("trace dump (%s): functional mode runs each wave to its end in turn" % t,
          [r["wave"] for r in recs] == sorted(r["wave"] for r in recs))
    bad_add, bad_gid, bad_store, bad_exec = [], [], [], []
    for w in waves:
        mine = [r for r in recs if r["wave"] == w]
        gid = [64 * w + l for l in range(64)]
        bad_exec += [r["seq"] for r in mine if r["exec"] != (1 << 64) - 1]
        adds = [r for r in mine if r["dis"].startswith("v_add_f32")]
        if len(adds) != 256:
            bad_add.append((w, "count", len(adds)))
        for k, r in enumerate(adds, 1):
            want = [fbits(g + 0.5 * k) for g in gid]
            if r["v"].get(3) != (None, want):
                bad_add.append((w, k, r["seq"]))
        iadd = [r for r in mine if re.match(r"v_add_(co_u32|u32|i32)_e32 v1,", r["dis"])]
        if not iadd or iadd[0]["v"].get(1) != (None, gid):
            bad_gid.append(w)
        sload = [r for r in mine if r["dis"].startswith("s_load_dwordx2 s[4:5]")]
        out = sload[0]["s"]["s4"] | sload[0]["s"]["s5"] << 32 if sload else None
        stores = [r for r in mine if r["dis"].startswith("flat_store_dword")]
        want = [("global", out + 4 * 64 * w, [fbits(g + 128.0) for g in gid])] if out else None
        if len(stores) != 1 or stores[0]["mem"] != want:
            bad_store.append(w)
    check("trace dump (%s): EXEC is all 64 lanes in every record" % t, not bad_exec, str(bad_exec[:5]))
    check("trace dump (%s): v3 = float bits of gid + k*0.5 after the k-th v_add_f32 (256 per wave)" % t,
          not bad_add, str(bad_add[:5]))
    check("trace dump (%s): v1 = gid (64*wave + lane) after the first integer add" % t, not bad_gid, str(bad_gid))
    check("trace dump (%s): the store writes float(gid + 128) at out + 4*gid (out from the s_load record)" % t,
          not bad_store, str(bad_store))
    # the same launch under the cycle model: the same records per wave, with cycles
    tpath = os.path.join(TMP, "chain-%s-timing.trace.gz" % t)
    trace_run(MICRO % t, MICRO_RUN + ["--device", DEVICE[t]], tpath, functional=False)
    trecs = parse_dump(run(["trace", "dump", tpath]).stdout)

    def arch(rs, w):
        return [(r["pc"], r["exec"], r["dis"], r["s"], r["v"], r["mem"], r["scc"]) for r in rs if r["wave"] == w]
    check("trace dump (%s): under the cycle model every wave has the same records as in functional mode" % t,
          len(trecs) == len(recs) and all(arch(trecs, w) == arch(recs, w) for w in waves))
    cyc_ok = all(r["cycles"] and r["cycles"][0] <= r["cycles"][1] for r in trecs) and \
        all(r["cycles"] is None for r in recs)
    for w in waves:
        issue = [r["cycles"][0] for r in trecs if r["wave"] == w and r["cycles"]]
        cyc_ok = cyc_ok and issue == sorted(issue)
    check("trace dump (%s): cycles only under the cycle model; issue <= done; issue cycles rise within a wave" % t,
          cyc_ok)
    return path, recs


def test_select(path, recs):
    def dump(*a):
        p = run(["trace", "dump", path] + list(a))
        return p.returncode, parse_dump(p.stdout)
    rc, r = dump("--wave", "2")
    want = [x["seq"] for x in recs if x["wave"] == 2]
    check("trace dump --wave 2: exactly the records of wave 2 (%d)" % len(want),
          rc == 0 and [x["seq"] for x in r] == want)
    rc, r = dump("--from", "300", "--count", "7")
    check("trace dump --from 300 --count 7: records 300..306", rc == 0 and [x["seq"] for x in r] == list(range(300, 307)))
    rc, r = dump("--from", str(len(recs) - 3))
    check("trace dump --from N-3: the last 3 records", rc == 0 and [x["seq"] for x in r] == [len(recs) - 3 + i
                                                                                            for i in range(3)])
    rc, r = dump("--wave", "3", "--from", "100", "--count", "5")
    want = [x["seq"] for x in recs if x["wave"] == 3 and x["seq"] >= 100][:5]
    check("trace dump --wave 3 --from 100 --count 5: the first 5 records of wave 3 from record 100",
          rc == 0 and [x["seq"] for x in r] == want)
    rc, r = dump("--from", str(len(recs)))
    check("trace dump --from COUNT: no records, exit 0", rc == 0 and r == [])
    p = run(["trace", "dump", path, "--from", str(len(recs) + 1)])
    check("trace dump --from beyond the end: exit 2, one line", p.returncode == 2 and len(p.stderr.splitlines()) == 1,
          p.stderr)
    rc, r = dump("--wave", "9")
    check("trace dump --wave 9 (no such wave): no records, exit 0", rc == 0 and r == [])


def test_seek():
    path = os.path.join(TMP, "seek.trace.gz")
    args = ["--kernel", "bitonic_step", "--global", "262144", "--local", "256", "--arg", "buf:" + keys_file(524288),
            "--arg", "u32:18", "--arg", "u32:5", "--arg", "u32:1"]
    trace_run(BITONIC % "gfx803", args, path)
    js = run(["run", BITONIC % "gfx803"] + args + ["--functional", "--json", "-"])
    total = json.loads(js.stdout)["instructions"]["total"]
    ms = members(open(path, "rb").read())
    firsts = [m[3] for m in ms if m[1] == 2]
    full = run(["trace", "dump", path])
    blocks = re.split(r"(?m)^(?=\[)", full.stdout)[1:]
    n = len(blocks)
    check("trace (bitonic_step, 262144 work-items): %d records in %d chunks" % (n, len(firsts)),
          full.returncode == 0 and len(firsts) >= 3 and n == total)
    starts = sorted(set([0, 1, n - 1, n - 2] + [f + d for f in firsts for d in (-1, 0, 1) if 0 <= f + d < n] +
                        random.Random(5).sample(range(n), 10)))
    bad = []
    for s in starts:
        p = run(["trace", "dump", path, "--from", str(s), "--count", "3"])
        got = re.split(r"(?m)^(?=\[)", p.stdout)[1:]
        if p.returncode != 0 or got != blocks[s:s + 3]:
            bad.append(s)
    check("trace dump --from N (%d starts, around every chunk boundary): through the index, the records "
          "reading from the start gives" % len(starts), not bad, str(bad[:5]))


def test_fault():
    path = os.path.join(TMP, "fault.trace.gz")
    p = run(["run", MICRO % "gfx900", "--kernel", "valu_chain", "--global", "512", "--local", "256", "--arg",
             "zero:1024", "--functional", "--trace", path])
    d = run(["trace", "dump", path])
    recs = parse_dump(d.stdout)
    last = recs[-1] if recs else {}
    # work-group 1 writes out[256..511], beyond the 1024-byte buffer: its first wave faults at the store
    check("trace of a run that faults (exit 3): readable; its last record is wave 4's flat_store, flagged fault, "
          "with no write", p.returncode == 3 and d.returncode == 0 and last.get("wave") == 4 and
          last.get("dis", "").startswith("flat_store_dword") and last.get("other") == ["flags fault"] and
          not last["mem"] and sorted({r["wave"] for r in recs}) == [0, 1, 2, 3, 4], str(last)[:300])
    p = run(["run", MICRO % "gfx900", "--kernel", "valu_chain", "--global", "512", "--local", "256", "--arg",
             "zero:1024", "--device", "vega-64", "--trace", path])
    recs = parse_dump(run(["trace", "dump", path]).stdout)
    faults = [r for r in recs if "flags fault" in r.get("other", [])]
    prev = [r for r in recs if faults and r["wave"] == faults[0]["wave"] and r["seq"] < faults[0]["seq"]]
    check("the same under the cycle model: one record flagged fault, the store, its cycles (issue = done) no "
          "earlier than the wave's previous issue", p.returncode == 3 and len(faults) == 1 and
          faults[0]["dis"].startswith("flat_store_dword") and faults[0]["cycles"] and
          faults[0]["cycles"][0] == faults[0]["cycles"][1] and prev and
          faults[0]["cycles"][0] >= prev[-1]["cycles"][0], str(faults)[:300])


def test_atomics():
    """tests/e2e atomics_local: per work-group histograms in LDS, hist[x & 31] += 1 and hist[(x >> 5) & 31] += 2
    by ds_add_u32; in functional mode wave 0 of group 0 runs first, on a histogram it zeroed."""
    rnd = random.Random(21)
    v = [rnd.getrandbits(32) for _ in range(300)]
    vin, stats = os.path.join(TMP, "v.bin"), os.path.join(TMP, "stats.bin")
    open(vin, "wb").write(struct.pack("<300I", *v))
    open(stats, "wb").write(struct.pack("<4i", 2**31 - 1, -2**31, 0, 0))
    path = os.path.join(TMP, "atomics.trace.gz")
    for t in TARGETS:
        trace_run("tests/e2e/bin/atomics_local-%s.co" % t, ["--kernel", "atomics_local", "--global", "300", "--arg",
                  "buf:" + vin, "--arg", "zero:128", "--arg", "buf:" + stats, "--arg", "u32:300"], path)
        recs = parse_dump(run(["trace", "dump", path]).stdout)
        dup = [r["seq"] for r in recs if len({(m[0], m[1] + 4 * i) for m in r["mem"] for i in range(len(m[2]))}) !=
               sum(len(m[2]) for m in r["mem"])]
        adds = [r for r in recs if r["wave"] == 0 and r["dis"].startswith("ds_add_u32")]
        got = {}
        for space, addr, vals in adds[0]["mem"] if adds else []:
            for i, x in enumerate(vals):
                got[addr + 4 * i] = x
        lanes = v[:64]
        want1 = {4 * b: sum(1 for x in lanes if x & 31 == b) for b in range(32)}
        want2 = {4 * b: 2 * sum(1 for x in lanes if (x >> 5) & 31 == b) for b in range(32)}
        want1 = {a: c for a, c in want1.items() if c}
        want2 = {a: c for a, c in want2.items() if c}
        check("trace (%s, atomics_local): no record lists a dword twice; wave 0's first ds_add_u32 leaves, at each "
              "LDS bucket its 64 lanes hit, the count the input predicts" % t,
              not dup and adds and all(m[0] == "lds" for m in adds[0]["mem"]) and got in (want1, want2),
              "dups %s, got %s" % (dup[:3], sorted(got.items())[:6]))


def test_predicted_gemm():
    """sgemm 64x64x64: most values (f32 FMA results, LDS loads, address arithmetic) are coded as the
    predictor's (trace_pred.h); decoding them must give back what the simulator wrote: every dword of C
    in the trace's global stores equals the C buffer the same run dumps, and the file holds far less than
    the 64 raw lanes of each FMA (about 200 bytes per record without prediction)."""
    n = 64
    rnd = random.Random(64)
    a = os.path.join(TMP, "gemm-a.bin")
    open(a, "wb").write(struct.pack("<%df" % (n * n), *[rnd.uniform(-1, 1) for _ in range(n * n)]))
    path, cout = os.path.join(TMP, "gemm.trace.gz"), os.path.join(TMP, "gemm-c.bin")
    runs = [(t, True) for t in TARGETS] + [("gfx900", False)]   # and under the cycle model: waves interleave
    for t, functional in runs:
        trace_run("front/workloads/bin/gemm-%s.co" % t, ["--kernel", "sgemm", "--global", "16,16", "--local", "16,16",
                  "--arg", "buf:" + a, "--arg", "buf:" + a, "--arg", "zero:%d" % (4 * n * n), "--arg", "u32:%d" % n,
                  "--arg", "u32:%d" % n, "--arg", "u32:%d" % n, "--arg", "f32:1.5", "--arg", "f32:0",
                  "--dump", "2=" + cout], path, functional)
        recs = parse_dump(run(["trace", "dump", path]).stdout)
        mem = {}
        for r in recs:
            for space, addr, vals in r["mem"]:
                if space == "global":
                    for i, x in enumerate(vals):
                        mem[addr + 4 * i] = x
        c = struct.unpack("<%dI" % (n * n), open(cout, "rb").read())
        base = min(mem) if mem else 0
        got = [mem.get(base + 4 * i) for i in range(n * n)]
        size = os.path.getsize(path)
        check("trace (%s, sgemm 64x64x64, %s): the C its global stores hold equals the dumped C (%d of %d dwords); "
              "%.1f bytes per record" % (t, "functional" if functional else "cycle model, its 4 waves interleaved",
                                         sum(g == w for g, w in zip(got, c)), n * n, size / max(len(recs), 1)),
              len(mem) == n * n and got == list(c) and size < 40 * len(recs))


def one_error(p, path):
    lines = p.stderr.strip().splitlines()
    return p.returncode == 2 and len(lines) == 1 and path in lines[0] and "Traceback" not in p.stderr


def test_damage():
    good = os.path.join(TMP, "chain-gfx900.trace.gz")
    data = open(good, "rb").read()
    bad = os.path.join(TMP, "bad.trace.gz")
    rnd = random.Random(11)
    offsets = sorted(set([len(data) // 2, 0, 5, 17, 31, 40, len(data) - 1, len(data) - 30, len(data) - 45] +
                         rnd.sample(range(len(data)), 25)))
    # a flip must be reported, unless it hit bits that carry nothing (deflate's padding after a
    # block header): then the dump is exactly the original one
    want = run(["trace", "dump", good]).stdout
    fails, silent = [], 0
    for off in offsets:
        b = bytearray(data)
        b[off] ^= 0x5a
        open(bad, "wb").write(bytes(b))
        p = run(["trace", "dump", bad])
        if p.returncode == 0 and p.stdout == want and not p.stderr:
            silent += 1
        elif not one_error(p, bad):
            fails.append((off, p.returncode, p.stderr[:100]))
    check("trace dump: a flipped byte (%d places, the middle included): exit 2 and one line naming the file, "
          "or (%d) the very same records" % (len(offsets), silent), not fails and silent < len(offsets) // 4,
          str(fails[:3]))
    flips = [o for o in range(len(data) // 2, len(data) - 42)]
    detected = None
    for off in flips:   # the first byte from the middle on whose low bit matters
        open(bad, "wb").write(data[:off] + bytes([data[off] ^ 1]) + data[off + 1:])
        p = run(["trace", "dump", bad])
        if not (p.returncode == 0 and p.stdout == want):
            detected = (off, p)
            break
    check("trace dump: the low bit of a byte from the middle on flipped: '%s'" %
          (detected[1].stderr.strip() if detected else "never noticed"),
          detected is not None and one_error(detected[1], bad) and "offset" in detected[1].stderr)
    cuts = sorted(set([0, 1, 2, 10, 31, 32, 33, 100, len(data) // 3, len(data) // 2, len(data) - 43, len(data) - 42,
                       len(data) - 41, len(data) - 1]))
    fails = []
    for c in cuts:
        open(bad, "wb").write(data[:c])
        p = run(["trace", "dump", bad])
        if not one_error(p, bad):
            fails.append((c, p.returncode, p.stderr[:100]))
    check("trace dump: truncated at %d lengths (0 .. size-1): exit 2, one line naming the file" % len(cuts),
          not fails, str(fails[:3]))
    open(bad, "wb").write(data[:len(data) // 2])
    p = run(["trace", "dump", bad])
    check("trace dump: cut in half: '%s'" % p.stderr.strip(), one_error(p, bad) and "truncated" in p.stderr)
    open(bad, "wb").close()
    p = run(["trace", "dump", bad])
    check("trace dump: an empty file: '%s'" % p.stderr.strip(), one_error(p, bad) and "empty" in p.stderr)
    open(bad, "w").write("this is a text file, not a trace\n" * 3)
    p = run(["trace", "dump", bad])
    check("trace dump: a text file: '%s'" % p.stderr.strip(), one_error(p, bad) and "not a gzip" in p.stderr)
    with gzip.open(bad, "wb") as f:
        f.write(b"GCNTRACE but an ordinary gzip file\n" * 100)
    p = run(["trace", "dump", bad])
    check("trace dump: an ordinary gzip file: '%s'" % p.stderr.strip(), one_error(p, bad) and "trace" in p.stderr)
    missing = os.path.join(TMP, "no-such.trace.gz")
    p = run(["trace", "dump", missing])
    check("trace dump: a missing file: '%s'" % p.stderr.strip(), one_error(p, missing))
    p = run(["trace", "dump", TMP])
    check("trace dump: a directory: '%s'" % p.stderr.strip(), one_error(p, TMP))
    nodir = os.path.join(TMP, "no-dir", "x.trace.gz")
    p = run(["run", MICRO % "gfx900"] + MICRO_RUN + ["--functional", "--trace", nodir])
    check("gcnsim run --trace into a missing directory: exit 2, one line: '%s'" % p.stderr.strip(),
          one_error(p, nodir) and not os.path.exists(nodir))


def test_usage():
    p = run(["trace", "--help"])
    check("gcnsim trace --help lists dump and diff", p.returncode == 0 and "dump" in p.stdout and "diff" in p.stdout)
    p = run(["trace", "dump", "--help"])
    check("gcnsim trace dump --help", p.returncode == 0 and "--wave" in p.stdout and "--from" in p.stdout)
    p = run(["trace"])
    check("gcnsim trace without a subcommand: exit 2", p.returncode == 2)
    p = run(["trace", "undo"])
    check("gcnsim trace undo: exit 2, one line", p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1)
    for bad in (["--wave"], ["--wave", "x"], ["--count", "-1"], ["--bogus"]):
        p = run(["trace", "dump", os.path.join(TMP, "chain-gfx900.trace.gz")] + bad)
        check("gcnsim trace dump %s: exit 2, one line" % " ".join(bad),
              p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1, p.stderr)
    p = run(["trace", "dump"])
    check("gcnsim trace dump without PATH: exit 2", p.returncode == 2)
    p = run(["run", "--help"])
    check("gcnsim run --help describes --trace", p.returncode == 0 and "--trace PATH" in p.stdout)


def main():
    if not os.path.exists(G):
        skip("trace tests", "no gcnsim binary at %s" % G)
        return
    try:
        test_file_layout()
        test_deterministic()
        got = None
        for t in TARGETS:
            r = test_valu_chain(t)
            if t == "gfx900":
                got = r
        test_select(*got)
        test_seek()
        test_fault()
        test_atomics()
        test_predicted_gemm()
        test_damage()
        test_usage()
    except (RuntimeError, OSError, ValueError, KeyError, IndexError, TypeError) as e:
        check("trace tests ran to the end", False, "%s: %s" % (type(e).__name__, e))


if __name__ == "__main__":
    main()
    gtest.done()
