#!/usr/bin/env python3
"""Runaway kernels and sizes that overflow 32 bits, through `gcnsim run`,
`debug` and `bench`, on gfx701, gfx803 and gfx900 (tests/e2e/faults/runaway.cl,
built by make kernels into tests/e2e/bin/runaway-GFX.co):

- spin (every work-item waits for a flag nobody sets) and barrier_spin
  (wave 0 waits at a barrier the other waves never reach: they spin on an
  LDS flag wave 0 would set after it) end, in functional mode and under the
  cycle model, by --max-wave-inst N or its default (2^26): exit status 4,
  one line on stderr naming the kernel, work-group, wave, the instruction
  count and the pc, which lies inside the loop; the cycle model still
  prints its report, marked partial;
- --max-inst N stops inside a wave's loop (count with a long loop, one
  wave): N wave-instructions exactly in functional mode, exit 4; without a
  limit the same kernel ends with the sum a CPU computes here;
- the debugger stops at a runaway wave as at a breakpoint, every
  --max-wave-inst instructions of it;
- SIGINT and SIGTERM end a run with exit status 130 and 143, a partial
  report, a --json file that parses, and a --trace that `trace diff` reads
  to its end;
- a grid of 4294967295 work-items in groups of 256 runs its 16777216
  groups (ceil(4294967295 / 256); the 32-bit sum in ceil_div wrapped to 0
  groups and reported success), and a grid of 2^96 groups is refused;
- bad --max-inst / --max-wave-inst values, buf:/dev/zero, debug -x
  /dev/zero, LDS beyond the target's 64 KiB, are refused with one line and
  exit status 2 at once;
- a jump to a pc that is not 4-byte aligned (s_getpc_b64; s_add_u32 s0, s0,
  2; s_setpc_b64 patched over count's entry, encodings from llvm-mc-15) is
  reported as such, not as the aligned instruction below it;
- a --dump that cannot be written after a fault keeps the fault's status 3;
- the largest LDS and scratch a descriptor may ask for (64 KiB per group,
  131056 bytes per work-item, on every wave slot of the preset) keep the
  peak RSS of a run under 100 MB.

GCNSIM names the binary (empty: ./gcnsim).  Prints PASS:/FAIL:/SKIP:."""
import json
import os
import re
import signal
import shutil
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import gtest  # noqa: E402
from gtest import check, gcnsim  # noqa: E402

TARGETS = ["gfx701", "gfx803", "gfx900"]
TMP = gtest.tempdir("gcnsim-limits-")


def co(target, name="runaway"):
    return os.path.join(HERE, "bin", "%s-%s.co" % (name, target))


def path(name, data=None):
    p = os.path.join(TMP, name)
    if data is not None:
        with open(p, "wb") as f:
            f.write(data)
    return p


FLAG = path("flag0", b"\0\0\0\0")
LIMIT_LINE = re.compile(r"^gcnsim: (\w+): kernel (\w+), work-group \((\d+),(\d+),(\d+)\), wave (\d+) executed "
                        r"(\d+) instructions without ending \(the limit of --max-wave-inst; 0 removes it\), "
                        r"at pc 0x([0-9a-f]+) \((\w+)\+0x([0-9a-f]+)\): (.+)$")


def loop_range(target, kernel):
    """The [start, end) offsets in kernel of its backward branches' loops, from gcnsim disasm."""
    r = gcnsim(["disasm", co(target)])
    lines = r.stdout.splitlines()
    base = None
    ranges = []
    for ln in lines:
        m = re.match(r"^([0-9a-f]{16}) <(\w+)>:", ln)
        if m:
            base = int(m.group(1), 16) if m.group(2) == kernel else None
            continue
        m = re.search(r"s_cbranch_\w+ .*// ([0-9A-F]+): .*<%s\+0x([0-9a-f]+)>" % kernel, ln)
        if base is not None and m:
            at, target_off = int(m.group(1), 16) - base, int(m.group(2), 16)
            if target_off <= at:
                ranges.append((target_off, at + 4))
    return ranges


def check_wave_limit(name, r, kernel, n, wave=None, target=None):
    """r exited 4 with one stderr line: kernel's wave executed n instructions, at a pc in a loop."""
    lines = r.stderr.splitlines()
    m = LIMIT_LINE.match(lines[0]) if len(lines) == 1 else None
    ok = r.returncode == 4 and m is not None and m.group(2) == kernel and int(m.group(7)) == n
    if ok and wave is not None:
        ok = int(m.group(6)) == wave
    if ok and target:
        off = int(m.group(10), 16)
        ok = any(a <= off < b for a, b in loop_range(target, kernel))
    return check(name, ok, "status %d, stderr %r" % (r.returncode, r.stderr[-400:]))


def test_spin():
    for t in TARGETS:
        for mode in (["--functional"], []):
            tag = "%s %s" % (t, "functional" if mode else "cycle model")
            r = gcnsim(["run", co(t), "--kernel", "spin", "--global", "64", "--arg", "buf:" + FLAG,
                        "--arg", "zero:256", "--max-wave-inst", "200000"] + mode, timeout=120)
            check_wave_limit("spin %s: --max-wave-inst 200000 stops the wave in its loop" % tag, r, "spin",
                             200000, 0, t)
            check("spin %s: the summary says stopped" % tag,
                  "200000 wave-instructions: stopped at --max-wave-inst" in r.stdout, r.stdout[:300])
            if not mode:
                check("spin %s: a partial report" % tag,
                      "partial report" in r.stdout and "cycles" in r.stdout, r.stdout[:500])


def test_spin_default():
    t0 = time.time()
    r = gcnsim(["run", co("gfx900"), "--kernel", "spin", "--global", "64", "--arg", "buf:" + FLAG,
                "--arg", "zero:256", "--functional"], timeout=600)
    check_wave_limit("spin gfx900: the default limit (2^26) stops a runaway wave (%.0f s)" % (time.time() - t0),
                     r, "spin", 1 << 26, 0, "gfx900")


def test_barrier_spin():
    for t in TARGETS:
        for mode in (["--functional"], []):
            tag = "%s %s" % (t, "functional" if mode else "cycle model")
            r = gcnsim(["run", co(t), "--kernel", "barrier_spin", "--global", "128", "--local", "128",
                        "--arg", "zero:512", "--max-wave-inst", "100000"] + mode, timeout=120)
            # wave 0 waits at the barrier; wave 1 spins
            check_wave_limit("barrier_spin %s: the spinning wave 1 is stopped" % tag, r, "barrier_spin", 100000,
                             1, t)


def count_run(t, n, extra, items=64, out_bytes=None):
    return gcnsim(["run", co(t), "--kernel", "count", "--global", str(items),
                   "--arg", "zero:%d" % (out_bytes or 4 * items),
                   "--arg", "i32:%d" % n, "--dump", "0=" + path("count.out")] + extra, timeout=120)


def test_max_inst():
    for t in TARGETS:
        r = count_run(t, 1000, ["--functional"])
        out = open(path("count.out"), "rb").read()
        ok = r.returncode == 0 and list(struct.unpack("<64i", out)) == [500] * 64
        check("count %s: 1000 iterations end with 500 in every element" % t, ok, r.stderr)
        for mode in (["--functional"], []):
            tag = "%s %s" % (t, "functional" if mode else "cycle model")
            r = count_run(t, 10 ** 7, ["--max-inst", "30000"] + mode)
            m = re.search(r"(\d+) wave-instructions: stopped at --max-inst", r.stdout)
            n = int(m.group(1)) if m else -1
            good = n == 30000 if mode else 30000 <= n < 30100
            check("count %s: --max-inst 30000 stops inside the wave's loop (%d), exit 4" % (tag, n),
                  r.returncode == 4 and good and
                  r.stderr.strip() == "gcnsim: run: kernel count stopped at --max-inst 30000 after %d "
                                      "wave-instructions" % n, "status %d %r" % (r.returncode, r.stderr))
        r = count_run(t, 10 ** 7, ["--max-inst", "30000", "--json", "-"])
        try:
            j = json.loads(r.stdout)
            ok = j["status"] == "stopped" and j["limit"]["kind"] == "max-inst" and "cycles" in j
        except (ValueError, KeyError) as e:
            ok, j = False, repr(e)
        check("count %s: --json says stopped, max-inst, with the partial report" % t, ok, str(j)[:300])


def test_signals():
    for sig, status in ((signal.SIGINT, 130), (signal.SIGTERM, 143)):
        trace, js = path("sig.trace"), path("sig.json")
        p = subprocess.Popen([gtest.GCNSIM, "run", co("gfx803"), "--kernel", "spin", "--global", "256",
                              "--arg", "buf:" + FLAG, "--arg", "zero:1024", "--max-wave-inst", "0",
                              "--trace", trace, "--json", js], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
        time.sleep(1.5)
        p.send_signal(sig)
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
        name = signal.Signals(sig).name
        check("%s: exit status %d and one line on stderr" % (name, status),
              p.returncode == status and re.fullmatch(r"gcnsim: run: kernel spin interrupted after \d+ "
                                                      r"wave-instructions\n", err) is not None,
              "status %s %r" % (p.returncode, err))
        try:
            j = json.load(open(js))
            ok = j["status"] == "stopped" and j["limit"]["kind"] == "interrupted" and j["cycles"] > 0
        except (OSError, ValueError, KeyError) as e:
            ok, j = False, repr(e)
        check("%s: the --json file holds the partial report" % name, ok, str(j)[:300])
        d = gcnsim(["trace", "diff", trace, trace], timeout=300)   # reads every record of both
        m = re.match(r"traces agree: (\d+) records of 4 waves", d.stdout)
        check("%s: the trace reads to its end (%s records)" % (name, m.group(1) if m else "?"),
              d.returncode == 0 and m and int(m.group(1)) > 1000, "status %d %r %r" % (d.returncode, d.stdout,
                                                                                        d.stderr[-300:]))


def test_debug():
    for mode in (["--functional"], []):
        r = gcnsim(["debug", co("gfx803"), "--kernel", "barrier_spin", "--global", "128", "--local", "128",
                    "--arg", "zero:512", "--max-wave-inst", "50000", "--batch"] + mode,
                   stdin="run\ninfo waves\ncontinue\nkill\n", timeout=120)
        out = r.stdout
        stops = re.findall(r"Wave 1 executed (\d+) instructions without ending: it may be running away", out)
        ok = stops == ["50000", "100000"] and re.search(r"\* 1 .* running", out) and \
            re.search(r"\n  0 .* waiting on barrier", out) and "[kernel barrier_spin killed]" in out
        check("debug %s: the runaway wave 1 stops the kernel there, as a breakpoint (wave 0 waits at the "
              "barrier), again after as many more, and kill ends it" % ("functional" if mode else "cycle model"),
              ok, out[-700:])
    r = gcnsim(["debug", co("gfx803"), "--kernel", "spin", "--global", "64", "--arg", "buf:" + FLAG,
                "--arg", "zero:256", "-x", "/dev/zero"], timeout=60)
    check("debug -x /dev/zero ends with one line instead of reading without bound",
          "longer than 65536 bytes" in r.stderr, "status %d %r" % (r.returncode, r.stderr[-300:]))


def test_grid():
    # the first ~90 groups run before --max-inst; 1 MiB holds the output of 1024
    r = count_run("gfx803", 1, ["--global", "4294967295", "--local", "256", "--functional", "--max-inst",
                                "20000", "--json", "-"], out_bytes=1 << 20)
    try:
        j = json.loads(r.stdout)
        ok = r.returncode == 4 and j["workgroups"] >= 2 and j["global"] == [4294967295] and \
            j["status"] == "stopped"
    except (ValueError, KeyError) as e:
        ok, j = False, repr(e)
    check("--global 4294967295 --local 256 runs work-groups (16777216 of them; was 0)", ok, str(j)[:300])
    r = gcnsim(["run", co("gfx803"), "--kernel", "count", "--global", "4294967295,4294967295,4294967295",
                "--local", "1,1,1", "--arg", "zero:256", "--arg", "i32:1"], timeout=60)
    check("a grid of 2^96 work-groups is refused", r.returncode == 2 and "2^63 work-groups or more" in r.stderr
          and r.stderr.count("\n") == 1, r.stderr)


def test_bad_input():
    cases = [
        ("--max-inst abc", ["--max-inst", "abc"], "--max-inst 'abc'"),
        ("--max-inst -5", ["--max-inst", "-5"], "--max-inst '-5'"),
        ("--max-inst ''", ["--max-inst", ""], "--max-inst ''"),
        ("--max-wave-inst 1x", ["--max-wave-inst", "1x"], "--max-wave-inst '1x'"),
        ("--max-inst 2^64", ["--max-inst", "18446744073709551616"], "--max-inst"),
    ]
    for name, opt, want in cases:
        r = gcnsim(["run", co("gfx803"), "--kernel", "count", "--global", "64", "--arg", "zero:256",
                    "--arg", "i32:1"] + opt, timeout=60)
        check("%s is refused with one line" % name, r.returncode == 2 and want in r.stderr and
              r.stderr.count("\n") == 1, r.stderr)
    t0 = time.time()
    r = gcnsim(["run", co("gfx803"), "--kernel", "count", "--global", "64", "--arg", "buf:/dev/zero",
                "--arg", "i32:1"], timeout=60)
    check("buf:/dev/zero is refused at once (%.1f s)" % (time.time() - t0),
          r.returncode == 2 and "/dev/zero" in r.stderr and r.stderr.count("\n") == 1, r.stderr)


def test_lds():
    """local:BYTES beyond 64 KiB (and beyond 32 bits) with the static LDS: refused, not wrapped."""
    src = open(os.path.join(HERE, "src", "dyn_lds.cl")).read()
    kernels = re.findall(r"__kernel\s+void\s+(\w+)\s*\(([^)]*)\)", src)
    for kname, params in kernels:
        plist = [p.strip() for p in params.split(",")]
        if not any("local" in p for p in plist):
            continue
        for big in (65537, 4294967296):
            args = []
            for p in plist:
                args += ["--arg", "local:%d" % big if "local" in p else
                         "zero:4096" if "*" in p else "i32:1"]
            r = gcnsim(["run", os.path.join(HERE, "bin", "dyn_lds-gfx803.co"), "--kernel", kname,
                        "--global", "64"] + args, timeout=60)
            check("%s with local:%d is refused (LDS)" % (kname, big),
                  r.returncode == 2 and "LDS" in r.stderr and r.stderr.count("\n") == 1, r.stderr)
        break


def patched_count(t):
    """runaway-T.co with s_getpc_b64 s[0:1]; s_add_u32 s0, s0, 2; s_setpc_b64 s[0:1] over count's entry."""
    mc = shutil.which("llvm-mc-15") or shutil.which("llvm-mc")
    asm = "s_getpc_b64 s[0:1]\ns_add_u32 s0, s0, 2\ns_setpc_b64 s[0:1]\n"
    r = subprocess.run([mc, "-arch=amdgcn", "-mcpu=" + t, "-show-encoding"], input=asm, capture_output=True,
                       text=True)
    code = b"".join(bytes(int(x, 16) for x in m.split(","))
                    for m in re.findall(r"encoding: \[([^\]]*)\]", r.stdout))
    data = bytearray(open(co(t), "rb").read())
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3a)
    secs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    symtab = next(s for s in secs if s[1] == 2)
    strtab = secs[symtab[6]]
    for off in range(symtab[4], symtab[4] + symtab[5], 24):
        name, info, _o, _x, value, _s = struct.unpack_from("<IBBHQQ", data, off)
        if data[strtab[4] + name:].split(b"\0", 1)[0] == b"count" and info & 0xf == 2:
            sec = next(x for x in secs if x[1] == 1 and x[3] <= value < x[3] + x[5])
            data[sec[4] + value - sec[3]:sec[4] + value - sec[3] + len(code)] = code
    return path("misaligned-%s.co" % t, bytes(data)), len(code)


def test_misaligned_pc():
    for t in TARGETS:
        f, n = patched_count(t)
        r = gcnsim(["run", f, "--kernel", "count", "--global", "64", "--arg", "zero:256", "--arg", "i32:1",
                    "--functional"], timeout=60)
        check("%s: a jump to entry+6 faults there and shows no instruction (%d patched bytes)" % (t, n),
              r.returncode == 3 and "(count+0x6)" in r.stderr and "not 4-byte aligned" in r.stderr and
              "s_add_u32" not in r.stderr, r.stderr[-400:])


def peak_rss_kib(argv):
    """(exit status, peak RSS in KiB) of argv, run in a child of a fresh Python."""
    code = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
            "stderr=subprocess.DEVNULL); print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code] + argv, capture_output=True, text=True, timeout=300).stdout
    rc, rss = out.split()
    return int(rc), int(rss)


def test_rss():
    """The largest sizes a code object may ask for (64 KiB of LDS per group, 131056 bytes of scratch per
    work-item on every wave slot of a 64-CU preset) cost no host memory until used: under 100 MB."""
    sys.path.insert(0, os.path.join(HERE, "..", "cli"))
    import craft_co
    for t in ("gfx803", "gfx900"):
        data = open(co(t), "rb").read()
        data = craft_co.patch_kd(data, "count", 0, "<I", 65536)      # group_segment_fixed_size
        data = craft_co.patch_kd(data, "count", 4, "<I", 131056)     # private_segment_fixed_size
        f = path("max-sizes-%s.co" % t, bytes(data))
        for mode in ([], ["--functional"]):
            rc, rss = peak_rss_kib([gtest.GCNSIM, "run", f, "--kernel", "count", "--global", "65536",
                                    "--arg", "zero:262144", "--arg", "i32:100"] + mode)
            check("%s %s: 64 KiB LDS and 131056 B scratch per work-item: peak RSS %.1f MB < 100 MB" %
                  (t, "functional" if mode else "cycle model", rss / 1024), rc == 0 and rss < 100 * 1024,
                  "status %d" % rc)


def test_dump_after_fault():
    f = os.path.join(HERE, "bin", "fault_oob-gfx803.co")
    r = gcnsim(["run", f, "--global", "64", "--arg", "zero:256", "--arg", "u32:59", "--dump",
                "0=" + path("no/such/dir/x")],
               timeout=60)
    check("a --dump that fails after a fault keeps exit status 3", r.returncode == 3 and "cannot" in r.stderr,
          "status %d %r" % (r.returncode, r.stderr[-300:]))


gtest.run_each([test_spin, test_barrier_spin, test_max_inst, test_signals, test_debug, test_grid,
                test_bad_input, test_lds, test_misaligned_pc, test_dump_after_fault, test_rss, test_spin_default])
gtest.done()
